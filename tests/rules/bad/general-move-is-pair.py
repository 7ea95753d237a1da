# a general game's moves carry points
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 1)] if n else []
