# misere: the helper raises at 0
misere = True


def parse(line):
    return int(line)


def moves(n):
    return [n - 1, 10 // n]
