"""Nim: heaps of counters; a move takes one or more counters from one heap.

A rules file for gamecert (docs/rules.md). One input line is one position:
the heap sizes, e.g. ``3 4 5``. The player who takes the last counter wins
(normal play), so a heap of ``n`` has nim value ``n`` and a position's value
is the xor of its heaps (Sprague–Grundy): ``3 4 5`` answers ``win 2``.

    gamecert solve --rules examples/nim.py INPUT
"""


def parse(line):
    """The heaps of one input line, e.g. ``"3 4 5"`` -> ``(3, 4, 5)``; an empty line is no heap."""
    heaps = []
    for word in line.split():
        if not word.isdigit():
            raise ValueError(f"expected heap sizes (whole numbers 0 or more), got {word!r}")
        heaps.append(int(word))
    return _position(heaps)


def _position(heaps):
    # A position is a sorted tuple of its non-empty heaps: equal positions compare (and hash) equal.
    return tuple(sorted(h for h in heaps if h > 0))


def moves(position):
    """Take 1..n counters from one heap of n (equal heaps give equal moves: each is tried once)."""
    for i, n in enumerate(position):
        if i > 0 and position[i - 1] == n:
            continue
        rest = position[:i] + position[i + 1 :]
        for left in range(n):
            yield _position(rest + (left,))


def components(position):
    """Each heap is a game of its own: the position is the sum of its heaps."""
    return [(n,) for n in position]


def positions(size):
    """The one position of size ``size``: a single heap of that many counters."""
    return [_position((size,))]


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    return " ".join(str(n) for n in position)
