# a helper divides by zero at 2
def parse(line):
    return int(line)


def allowed(m):
    return 10 // (m - 2) != 0


def moves(n):
    return [m for m in range(n) if allowed(m)]
