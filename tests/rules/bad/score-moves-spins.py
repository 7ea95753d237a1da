# moves spins for ever
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    while n >= 0:
        n += 1
    return []
