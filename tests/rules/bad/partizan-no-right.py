# a partizan game with Left's options only
KIND = "partizan"


def parse(line):
    return int(line)


def left(n):
    return range(n)
