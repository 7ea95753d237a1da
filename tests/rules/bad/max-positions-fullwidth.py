# fine rules; --max-positions in full-width digits
NAME = 'max-positions-fullwidth'

def parse(line):
    return int(line)


def moves(n):
    return range(n)
