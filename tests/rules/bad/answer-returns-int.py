# answer returns the value, not text

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(win, value):
    return value
