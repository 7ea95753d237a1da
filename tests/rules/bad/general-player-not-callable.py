# player is a name, not a function
KIND = "general"
player = "Alice"


def parse(line):
    return int(line)


def moves(n):
    return range(n)
