# half a point per counter
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 0.5)] if n else []
