# misere: 4 -> 3 -> 4
misere = True


def parse(line):
    return int(line)


def moves(n):
    return [7 - n]
