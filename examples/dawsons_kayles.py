"""Dawson's Kayles: rows of pins; a move knocks down exactly two adjacent pins.

A rules file for gamecert (docs/rules.md). One input line is one position:
the lengths of its rows, e.g. ``7`` or ``2 5``. A move takes two adjacent
pins of one row, leaving at most two shorter rows; a lone pin can never be
taken. The player who makes the last move wins (normal play); the position
is the sum of its rows.

This is the octal game 0.07. Its value at a row of n pins is OEIS A002187
at n - 1 (A002187 lists Dawson's Chess, octal 0.137, one pin shorter),
periodic with period 34 apart from a few exceptions (docs/rules.md).

    gamecert solve --rules examples/dawsons_kayles.py INPUT
"""

NAME = "dawsons-kayles"


def parse(line):
    """The rows of one input line, e.g. ``"2 5"`` -> ``(2, 5)``; an empty line is no row."""
    rows = []
    for word in line.split():
        if not word.isdigit():
            raise ValueError(f"expected row lengths (whole numbers 0 or more), got {word!r}")
        rows.append(int(word))
    return _position(rows)


def _position(rows):
    # A sorted tuple of the non-empty rows.
    return tuple(sorted(r for r in rows if r > 0))


def moves(position):
    """Take two adjacent pins of one row of n >= 2, leaving rows of ``left`` and ``n - 2 - left``."""
    for i, n in enumerate(position):
        if n < 2 or (i > 0 and position[i - 1] == n):
            continue  # a lone pin has no move; an equal row gives the same moves
        rest = position[:i] + position[i + 1 :]
        for left in range((n - 2) // 2 + 1):
            yield _position(rest + (left, n - 2 - left))


def components(position):
    """Each row is a game of its own."""
    return [(n,) for n in position]


def positions(size):
    """The one position of size ``size``: a single row of that many pins."""
    return [_position((size,))]


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    return " ".join(str(n) for n in position)
