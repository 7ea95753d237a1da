# a helper recurses without end
def parse(line):
    return int(line)


def depth(n):
    return depth(n + 1) + 1


def moves(n):
    return [depth(n)]
