# answer takes the outcome only, not (outcome, number)
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(outcome):
    return outcome.upper()
