# leaves the interpreter while loading
import sys

sys.exit(3)

def parse(line):
    return int(line)


def moves(n):
    return range(n)
