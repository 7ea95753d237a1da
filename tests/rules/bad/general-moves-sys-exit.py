# moves leaves the interpreter
import sys

KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    sys.exit(3)
