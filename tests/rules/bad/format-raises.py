# format fails on 0

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def format(n):
    return 'heap of ' + str(10 // n)
