# moves divides by zero on the heap of 3: check stops with the rules file's line, not a verdict
NAME = 'check-moves-raises'

def parse(line):
    return int(line)


def moves(n):
    return [n // (n - 3)] if n > 0 else []
