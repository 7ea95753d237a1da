# a general game without moves
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    return "lose" if n == 0 else None
