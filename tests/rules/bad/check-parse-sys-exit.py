# parse calls sys.exit on the case input's first line
import sys


def parse(line):
    sys.exit('bad line')


def moves(n):
    return range(n)
