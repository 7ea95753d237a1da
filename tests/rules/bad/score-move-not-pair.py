# a score game's moves without points
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return range(n)
