# every move makes the heap larger: no loop, no end
def parse(line):
    return int(line)


def moves(n):
    return [n + 1]
