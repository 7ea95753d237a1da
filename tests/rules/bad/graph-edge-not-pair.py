# an edge of three vertices

def parse(text):
    return int(text)


def graph(n):
    return list(range(n)), [(0, 1, 2)]
