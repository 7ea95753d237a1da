# parse leaves the interpreter
import sys


def parse(line):
    sys.exit(3)


def moves(n):
    return range(n)
