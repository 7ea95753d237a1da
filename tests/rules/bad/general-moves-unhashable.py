# the board as a list
KIND = "general"


def parse(line):
    return (int(line),)


def moves(p):
    return [[p[0] - 1]] if p[0] else []
