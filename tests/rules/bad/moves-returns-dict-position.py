# a move to a dict (misere)
misere = True


def parse(line):
    return int(line)


def moves(n):
    return [{'heap': n - 1}] if n else []
