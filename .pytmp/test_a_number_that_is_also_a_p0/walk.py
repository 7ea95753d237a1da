KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    return [n - k for k in (1, 2) if k <= n]
