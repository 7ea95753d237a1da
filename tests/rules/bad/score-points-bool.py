# True for "scored"
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, n % 2 == 1)] if n else []
