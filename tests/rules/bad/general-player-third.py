# three players take turns
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    return [n - 1] if n else []


def player(n):
    return "abc"[(3 - n) % 3]
