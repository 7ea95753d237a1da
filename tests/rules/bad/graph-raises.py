# graph reads a missing key
BOARDS = {1: 'a'}

def parse(text):
    return int(text)


def graph(n):
    return list(BOARDS[n]), []
