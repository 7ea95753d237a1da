# a general game that leaves the interpreter while loading
import sys

KIND = "general"
sys.exit("not today")


def parse(line):
    return int(line)


def moves(n):
    return range(n)
