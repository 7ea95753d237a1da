# the claim divides by zero

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def positions(size):
    return [size]


def value(n):
    return 10 // (n - n)
