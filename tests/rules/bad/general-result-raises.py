# result fails on the empty heap
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    return None if n else 1 // n


def moves(n):
    return [n - 1]
