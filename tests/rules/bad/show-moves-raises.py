# moves fails on 1, while the picture is drawn
def parse(line):
    return int(line)


def moves(n):
    return range(n) if n != 1 else [None + 1]
