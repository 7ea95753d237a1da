# the points as text
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, "1")] if n else []
