# the module's own code fails
SIZE = 10
LIMIT = SIZE // 0

def parse(line):
    return int(line)


def moves(n):
    return range(n)
