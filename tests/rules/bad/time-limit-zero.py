# fine rules; --time-limit 0

def parse(line):
    return int(line)


def moves(n):
    return range(n)
