# a list is unhashable
def parse(line):
    return [int(x) for x in line.split()]


def moves(p):
    return []
