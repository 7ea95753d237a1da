# an impartial game (no KIND) whose play need not end
def parse(line):
    return int(line)


def moves(n):
    return [(n + 1) % 3]
