# answer returns two lines

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(win, value):
    return f'{win}\n{value}'
