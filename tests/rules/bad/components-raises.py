# components indexes past the end
def parse(line):
    return tuple(int(x) for x in line.split())


def moves(p):
    return []


def components(p):
    return [p[5]]
