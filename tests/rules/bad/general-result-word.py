# result says 'won', not "win", "lose" or "draw"
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    return "won" if n == 0 else None


def moves(n):
    return [n - 1]
