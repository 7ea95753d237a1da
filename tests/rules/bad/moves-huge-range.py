# moves returns 10**12 moves
def parse(line):
    return int(line)


def moves(n):
    return range(10**12)
