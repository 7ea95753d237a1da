# KIND names no kind
KIND = "generl"


def parse(line):
    return int(line)


def moves(n):
    return range(n)
