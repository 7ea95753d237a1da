# fine rules; --max-memory lots

def parse(line):
    return int(line)


def moves(n):
    return range(n)
