# misere is a word
misere = 'yes'

def parse(line):
    return int(line)


def moves(n):
    return range(n)
