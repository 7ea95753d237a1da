# a score game whose parse fails on a word
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 1)] if n else []
