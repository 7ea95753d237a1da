# the generator fails after one move
def parse(line):
    return int(line)


def moves(n):
    yield n - 1
    raise ValueError(f'no second move from {n}')
