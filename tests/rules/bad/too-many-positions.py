# Nim 1000 has 1001 positions

def parse(line):
    return int(line)


def moves(n):
    return range(n)
