# int() of a word: the case input's second line
NAME = 'check-parse-raises'

def parse(line):
    return int(line)


def moves(n):
    return range(n)
