# the rules are fine; the input is not UTF-8

def parse(line):
    return int(line)


def moves(n):
    return range(n)
