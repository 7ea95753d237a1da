"""Grundy's game: heaps of counters; a move splits one heap into two heaps of different sizes.

A rules file for gamecert (docs/rules.md). One input line is one position:
the heap sizes, e.g. ``7`` or ``3 5``. Heaps of 1 and 2 cannot be split
(``2`` would give two equal heaps), so they are dead. The player who makes
the last split wins (normal play); the position is the sum of its heaps.

Its values are OEIS A002188; no period is known (docs/rules.md says which
published values tests/impartial/test_examples.py checks).

    gamecert solve --rules examples/grundys_game.py INPUT
"""

NAME = "grundys-game"


def parse(line):
    """The heaps of one input line, e.g. ``"3 5"`` -> ``(3, 5)``; an empty line is no heap."""
    heaps = []
    for word in line.split():
        if not word.isdigit():
            raise ValueError(f"expected heap sizes (whole numbers 0 or more), got {word!r}")
        heaps.append(int(word))
    return _position(heaps)


def _position(heaps):
    # A sorted tuple of the non-empty heaps.
    return tuple(sorted(h for h in heaps if h > 0))


def moves(position):
    """Split one heap of n into ``a`` and ``n - a`` with ``1 <= a < n - a``."""
    for i, n in enumerate(position):
        if i > 0 and position[i - 1] == n:
            continue
        rest = position[:i] + position[i + 1 :]
        for a in range(1, (n + 1) // 2):  # a < n - a, i.e. a <= (n - 1) // 2
            yield _position(rest + (a, n - a))


def components(position):
    """Each heap is a game of its own."""
    return [(n,) for n in position]


def positions(size):
    """The one position of size ``size``: a single heap of that many counters."""
    return [_position((size,))]


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    return " ".join(str(n) for n in position)
