"""A token on a path: vertices 1 to n in a row, the token moves to an unvisited neighbour (undirected vertex
geography on a path). Input: one line, ``n``."""


def parse(text):
    return int(text)


def format(n):
    return f"{n}\n"


def graph(n):
    return range(1, n + 1), [(v, v + 1) for v in range(1, n)]


def instances(size):
    return [size]
