# a loop, and format fails while the loop is shown
def parse(line):
    return int(line)


def moves(n):
    return [n]


def format(n):
    raise RuntimeError('no format')
