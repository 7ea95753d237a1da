# moves forgets to return
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    [n - 1]
