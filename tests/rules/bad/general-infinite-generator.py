# moves never stops yielding
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    while True:
        yield n - 1
