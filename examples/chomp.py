"""Chomp on small boards: eat a square and everything above and to the right; the poisoned square loses.

A rules file for gamecert (docs/rules.md). The board is a chocolate bar whose
bottom-left square is poisoned. A move picks a remaining square and eats it
together with every square above it and to its right (weakly: same row to
the right, same column upwards, and everything in between). Whoever eats the
poisoned square loses.

One input line is one position: the row lengths from the bottom row (the
poisoned square's) upwards, never increasing: ``4 4 4`` is the 3 x 4 bar,
``2 1`` an L of three squares. Every position eaten this way keeps that
shape (a Young diagram), so a position is a tuple of row lengths.

Normal play: the player with no move loses. Here the moves are the squares
other than the poison, and the position with only the poison left has no
move: its player must eat the poison, and loses. Eating the poison while
other squares remain loses at once, so it never wins: a player who can win
does so with another square, and one who cannot loses either way. Leaving
that move out changes no position's outcome.
So ``win`` / ``lose`` are exactly Chomp's outcomes (and the nim values are
those of this normal-play form). The bar is not a sum of independent games:
no ``components``.

Two checks by hand: every rectangle but ``1`` is a first-player win
(strategy stealing), and an L with arms of equal length (``n 1 1 ... 1``
with n - 1 ones) is lost for the player to move (mirror the opponent).

    gamecert solve --rules examples/chomp.py INPUT
"""


def parse(line):
    """Row lengths, bottom row first, e.g. ``"3 3 1"``; at least one row, none longer than the one below."""
    rows = []
    for word in line.split():
        if not word.isdigit() or int(word) == 0:
            raise ValueError(f"expected row lengths (whole numbers 1 or more), got {word!r}")
        rows.append(int(word))
    if not rows:
        raise ValueError("expected at least one row (the bottom row holds the poisoned square)")
    for i in range(1, len(rows)):
        if rows[i] > rows[i - 1]:
            raise ValueError(f"expected rows no longer than the row below, got {rows[i]} above {rows[i - 1]}")
    return tuple(rows)


def moves(position):
    """Eat square (row r, column c) and every square at rows >= r and columns >= c; never the poison (0, 0)."""
    for r, length in enumerate(position):
        for c in range(length):
            if r == 0 and c == 0:
                continue  # the poisoned square is not a move (see the module's docstring)
            # Rows below r keep their length; rows r and up are cut to c squares; empty rows vanish.
            eaten = position[:r] + tuple(min(x, c) for x in position[r:])
            yield tuple(x for x in eaten if x > 0)


def positions(size):
    """Every board of ``size`` squares: the partitions of ``size`` (rows never longer than the row below)."""
    out, stack = [], [((), size, size)]  # (rows so far, squares left, longest row allowed)
    while stack:
        rows, left, longest = stack.pop()
        if left == 0:
            if rows:
                out.append(rows)
            continue
        for length in range(min(left, longest), 0, -1):
            stack.append((rows + (length,), left - length, length))
    return sorted(out)


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    return " ".join(str(n) for n in position)
