# moves recurses without end
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    return moves(n + 1)
