# moves returns a count
def parse(line):
    return int(line)


def moves(n):
    return n - 1
