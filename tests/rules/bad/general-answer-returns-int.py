# answer gives 1 for a win, as a number
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(outcome, number):
    return 1 if outcome == "win" else 0
