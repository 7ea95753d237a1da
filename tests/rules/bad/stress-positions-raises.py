# positions divides by zero at size 2

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def positions(size):
    return [size // (size - 2)]
