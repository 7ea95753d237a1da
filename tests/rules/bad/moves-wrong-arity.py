# moves takes two arguments
def parse(line):
    return int(line)


def moves(n, k):
    return range(n)
