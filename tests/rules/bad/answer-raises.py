# answer reads a missing key
WORDS = {True: 'First'}

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(win, value):
    return WORDS[win]
