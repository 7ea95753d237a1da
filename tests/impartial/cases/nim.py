"""Nim: heaps of counters; a move takes one or more counters from one heap.

A position is a tuple of heap sizes, one input line ``3 4 5``; its value is
the xor of the heaps (Bouton 1901). ``positions(size)``: every position of
at most three non-empty heaps holding ``size`` counters in all.
"""


def parse(line):
    return tuple(int(word) for word in line.split())


def format(position):
    return " ".join(str(h) for h in position)


def components(position):
    return list(position) if isinstance(position, tuple) else [position]


def moves(heap):
    return range(heap)


def positions(size):
    if size == 0:
        yield ()
        return
    for a in range(size, 0, -1):
        if a == size:
            yield (a,)
        for b in range(min(a, size - a), 0, -1):
            c = size - a - b
            if c == 0:
                yield (a, b)
            elif c <= b:
                yield (a, b, c)


def bouton(position):
    """Bouton's theorem: the nim value is the xor of the heaps."""
    value = 0
    for heap in position:
        value ^= heap
    return value
