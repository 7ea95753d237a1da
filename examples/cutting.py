"""The Cutting Game (POJ 2311) written as rules.

A rules file for gamecert (docs/rules.md). A sheet of W x H grid paper; a
move cuts one piece into two along a grid line; whoever first cuts out a
1 x 1 piece WINS. ``gamecert solve --rules examples/cutting.py INPUT``
prints exactly what the built-in ``gamecert solve cutting INPUT`` prints:
``WIN`` if the player to move wins, else ``LOSE``.

This is the Split Game with one rule changed, and the answers differ. Its
normal-play form (the built-in rule ``CUTTING`` in
gamecert.solvers.cutting.rules) rests on a lemma: nobody ever leaves a piece
with a side of length 1, because the opponent would cut a 1 x 1 off it and
win at once. So every piece keeps both sides at least 2, a side of length n
is cut only at 2 .. n - 2, and the player with no such cut loses (the
2 x 2, 2 x 3 and 3 x 3 pieces: every cut of them leaves a side 1). A piece is
``(a, b)`` with ``a <= b``; a position is the sorted tuple of its pieces.

One input line is one sheet ``W H`` with both sides at least 2 (the judge's
format); more pairs on a line are a position of several pieces.

    gamecert solve --rules examples/cutting.py INPUT
"""

NAME = "cutting-rules"


def parse(line):
    """``"W H"`` (or several pairs): the pieces, both sides at least 2."""
    words = line.split()
    if not words or len(words) % 2 or not all(w.isdigit() for w in words):
        raise ValueError("expected the sides W H of a sheet (whole numbers), or several pairs")
    sides = [int(w) for w in words]
    if min(sides) < 2:
        raise ValueError(f"expected sides of at least 2, got {min(sides)}")
    return _position(zip(sides[::2], sides[1::2]))


def _position(pieces):
    # Each piece with its shorter side first; the pieces sorted.
    return tuple(sorted((min(a, b), max(a, b)) for a, b in pieces))


def moves(position):
    """Cut one piece across either side, leaving both parts at least 2 wide."""
    for i, (a, b) in enumerate(position):
        if i > 0 and position[i - 1] == (a, b):
            continue
        rest = list(position[:i] + position[i + 1 :])
        for k in range(2, a - 1):  # parts k and a - k, both >= 2
            yield _position(rest + [(k, b), (a - k, b)])
        for k in range(2, b - 1):
            yield _position(rest + [(a, k), (a, b - k)])


def components(position):
    """Each piece is a game of its own."""
    return [(piece,) for piece in position]


def positions(size):
    """Every single piece whose longer side is ``size`` (both sides at least 2)."""
    return [_position([(a, size)]) for a in range(2, size + 1)] if size >= 2 else []


def answer(win, value):
    """The judge's words."""
    return "WIN" if win else "LOSE"


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    return " ".join(f"{a} {b}" for a, b in position)
