# parse is a number
parse = 3


def moves(n):
    return range(n)
