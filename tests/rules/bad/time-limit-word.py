# fine rules; --time-limit is not a number

def parse(line):
    return int(line)


def moves(n):
    return range(n)
