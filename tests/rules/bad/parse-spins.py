# parse spins for ever
def parse(line):
    while True:
        pass


def moves(n):
    return range(n)
