# the module's own code fails
import math

SIDE = math.sqrt(-1)

def parse(line):
    return int(line)


def moves(n):
    return range(n)
