# a move to a list
def parse(line):
    return (int(line),)


def moves(p):
    return [[p[0] - 1]] if p[0] > 0 else []
