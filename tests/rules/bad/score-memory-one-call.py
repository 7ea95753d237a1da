# one call of moves builds a huge list
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    rows = []
    while True:
        rows.append([n] * 1_000_000)
