# (a, b) splits into a and b; a move from 2 gives (1, 2)
def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, n)] if n > 1 else []


def components(p):
    return p if isinstance(p, tuple) else (p,)
