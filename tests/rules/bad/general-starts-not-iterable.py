# starts gives a count, not the starts
KIND = "general"


def parse(text):
    return int(text)


def starts(n):
    return n


def moves(n):
    return range(n)
