# a score game whose module code fails
KIND = "score"
POINTS = {"a": 1}["b"]


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 1)] if n else []
