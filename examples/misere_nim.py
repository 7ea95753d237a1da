"""Misère Nim: Nim where the player who takes the last counter LOSES.

A rules file for gamecert (docs/rules.md). One input line is one position:
the heap sizes, e.g. ``1 1 1``. ``misere = True`` tells gamecert that the
player who makes the last move loses: no xor rule holds, so gamecert searches
each whole position (a multiset of heaps) and answers ``win`` or ``lose``.

The answer has a closed form: the player to move loses iff either every
heap has at most one counter and their number is odd, or some heap has two or
more and the xor of the heaps is 0. So ``1 1 1`` is ``lose``, ``2 2`` is
``lose``, ``1 1`` and ``3`` are ``win``.

    gamecert solve --rules examples/misere_nim.py INPUT
"""

misere = True


def parse(line):
    """The heaps of one input line, e.g. ``"1 2 3"`` -> ``(1, 2, 3)``; an empty line is no heap."""
    heaps = []
    for word in line.split():
        if not word.isdigit():
            raise ValueError(f"expected heap sizes (whole numbers 0 or more), got {word!r}")
        heaps.append(int(word))
    return _position(heaps)


def _position(heaps):
    # A sorted tuple of the non-empty heaps: the same multiset is the same position.
    return tuple(sorted(h for h in heaps if h > 0))


def moves(position):
    """Take 1..n counters from one heap of n. The empty position has no move: its mover WINS (misère)."""
    for i, n in enumerate(position):
        if i > 0 and position[i - 1] == n:
            continue
        rest = position[:i] + position[i + 1 :]
        for left in range(n):
            yield _position(rest + (left,))


def components(position):
    """The heaps; under misère play gamecert keeps the whole multiset and never xors them."""
    return [(n,) for n in position]


def positions(size):
    """Every position of ``size`` counters in all: the partitions of ``size`` into heaps."""
    out, stack = [], [((), size, size)]  # (heaps so far, counters left, largest heap allowed)
    while stack:
        heaps, left, largest = stack.pop()
        if left == 0:
            out.append(_position(heaps))
            continue
        for h in range(min(left, largest), 0, -1):
            stack.append((heaps + (h,), left - h, h))
    return sorted(out)


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    return " ".join(str(n) for n in position)
