# result answers True for "the game is over"
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    return n == 0


def moves(n):
    return [n - 1]
