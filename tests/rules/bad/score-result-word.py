# a score game's result says "win"
KIND = "score"


def parse(line):
    return int(line)


def result(n):
    return "win" if n == 0 else None


def moves(n):
    return [(n - 1, 1)]
