# moves calls sys.exit(3)
import sys


def parse(line):
    return int(line)


def moves(n):
    if n == 1:
        sys.exit(3)
    return range(n)
