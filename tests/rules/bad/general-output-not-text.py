# output returns the answers themselves
KIND = "general"


def parse(text):
    return int(text)


def starts(n):
    return range(n)


def moves(n):
    return range(n)


def output(n, answers):
    return answers
