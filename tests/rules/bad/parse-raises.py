# int() of a word: the input's second line

def parse(line):
    return int(line)


def moves(n):
    return range(n)
