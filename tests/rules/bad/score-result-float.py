# the score at the end is a fraction
KIND = "score"


def parse(line):
    return int(line)


def result(n):
    return 0.5 if n == 0 else None


def moves(n):
    return [(n - 1, 1)]
