# NAME is a number
NAME = 42

def parse(line):
    return int(line)


def moves(n):
    return range(n)
