# fine rules; --time-limit in full-width digits
NAME = 'time-limit-fullwidth'

def parse(line):
    return int(line)


def moves(n):
    return range(n)
