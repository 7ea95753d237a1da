# no function named 'values': the claim is 'value'

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def positions(size):
    return [size]


def value(n):
    return n
