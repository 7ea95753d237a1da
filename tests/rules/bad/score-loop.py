# a score game whose play need not end
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [((n + 1) % 3, 1)]
