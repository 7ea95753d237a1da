# moves raises SystemExit with a message
def parse(line):
    return int(line)


def moves(n):
    raise SystemExit('giving up')
