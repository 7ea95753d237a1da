# result answers a number, as in a score game
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    return 1 if n == 0 else None


def moves(n):
    return [n - 1]
