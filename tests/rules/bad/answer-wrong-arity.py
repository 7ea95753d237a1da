# answer takes one argument, not (win, value)

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(win):
    return 'yes'
