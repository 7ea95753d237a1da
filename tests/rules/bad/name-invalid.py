# NAME has a space and a '!'
NAME = 'my game!'

def parse(line):
    return int(line)


def moves(n):
    return range(n)
