# moves raises KeyboardInterrupt
def parse(line):
    return int(line)


def moves(n):
    raise KeyboardInterrupt
