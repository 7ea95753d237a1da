# player knows heaps up to 2 only
KIND = "score"
PLAYERS = {0: "a", 1: "b", 2: "a"}


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 1)] if n else []


def player(n):
    return PLAYERS[n]
