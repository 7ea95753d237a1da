"""The Split Game (2020 ICPC Jiangxi Provincial, problem J) written as rules.

A rules file for gamecert (docs/rules.md). A sheet of N x M grid paper; a
move cuts one piece into two along a grid line; whoever cuts out a 1 x 1
piece loses. ``gamecert solve split`` is the built-in solver; this file is
the same game as rules, and ``gamecert solve --rules examples/split.py
INPUT`` prints exactly what ``gamecert solve split INPUT`` prints:
``Alice`` if the player to move wins, else ``Bob``.

Normal-play form (as the built-in rule ``SPLIT`` in
gamecert.solvers.cutting.rules): a cut that leaves a 1 x 1 piece is never
available, and the player with no available cut loses. (Cutting out a 1 x 1
loses at once, so it never wins; leaving it out changes no outcome.) A
piece is ``(a, b)`` with ``a <= b`` (turning a piece over changes nothing);
a position is the sorted tuple of its pieces, the sum of independent games.

One input line is one sheet ``N M`` (the judge's format); more pairs on a
line, ``N M N M ...``, are a position of several pieces.

    gamecert solve --rules examples/split.py INPUT
"""

NAME = "split-rules"


def parse(line):
    """``"N M"`` (or several pairs): the pieces, each at least 1 x 1 and not 1 x 1 itself."""
    words = line.split()
    if not words or len(words) % 2 or not all(w.isdigit() for w in words):
        raise ValueError("expected the sides N M of a sheet (whole numbers), or several pairs")
    sides = [int(w) for w in words]
    pieces = list(zip(sides[::2], sides[1::2]))
    for a, b in pieces:
        if a < 1 or b < 1 or a * b == 1:
            raise ValueError(f"expected a sheet with sides at least 1 and larger than 1x1, got {a} {b}")
    return _position(pieces)


def _position(pieces):
    # Each piece with its shorter side first; the pieces sorted: a multiset of pieces.
    return tuple(sorted((min(a, b), max(a, b)) for a, b in pieces))


def _cuts(side, other):
    """Where a side of length ``side`` can be cut (at k: parts k and side - k) when the other side is ``other``."""
    low = 2 if other == 1 else 1  # a 1-wide strip may not be cut 1 from an end: that leaves a 1 x 1
    return range(low, side - low + 1)


def moves(position):
    """Cut one piece across either side, leaving no 1 x 1 piece."""
    for i, (a, b) in enumerate(position):
        if i > 0 and position[i - 1] == (a, b):
            continue
        rest = list(position[:i] + position[i + 1 :])
        for k in _cuts(a, b):
            yield _position(rest + [(k, b), (a - k, b)])
        for k in _cuts(b, a):
            yield _position(rest + [(a, k), (a, b - k)])


def components(position):
    """Each piece is a game of its own."""
    return [(piece,) for piece in position]


def positions(size):
    """Every single piece whose longer side is ``size`` (with the sizes up to N: every piece up to N x N)."""
    return [_position([(a, size)]) for a in range(1, size + 1) if a * size > 1]


def answer(win, value):
    """The judge's words: the first player is Alice."""
    return "Alice" if win else "Bob"


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    return " ".join(f"{a} {b}" for a, b in position)
