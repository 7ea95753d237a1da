# moves fails on heap 1
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 10 // (n - 1))] if n else []
