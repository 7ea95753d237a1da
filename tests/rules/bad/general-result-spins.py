# result spins for ever on the empty heap
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    while n == 0:
        pass
    return None


def moves(n):
    return [n - 1]
