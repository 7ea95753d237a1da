# moves forgets to return
def parse(line):
    return int(line)


def moves(n):
    [n - 1]
