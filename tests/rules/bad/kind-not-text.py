# KIND is a number
KIND = 3


def parse(line):
    return int(line)


def moves(n):
    return range(n)
