# every position holds 2 MB
class Heap(tuple):
    def __repr__(self):
        return 'Heap(...)'


def parse(line):
    return Heap((int(line), b''))


def moves(p):
    return [Heap((p[0] + 1, b'x' * (2_000_000 + p[0])))]
