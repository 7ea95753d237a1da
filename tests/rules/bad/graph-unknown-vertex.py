# an edge to vertex n

def parse(text):
    return int(text)


def graph(n):
    return list(range(n)), [(i, i + 1) for i in range(n)]
