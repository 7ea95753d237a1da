"""Kayles: rows of pins; a move knocks down one pin or two adjacent pins.

A rules file for gamecert (docs/rules.md). One input line is one position:
the lengths of its rows of pins, e.g. ``5`` or ``3 4``. Knocking pins out of
the middle of a row leaves two rows, which are independent games: a position
is the sum of its rows (``components``), and its nim value the xor of theirs.
The player who knocks down the last pin wins (normal play).

Kayles is the octal game 0.77; its values (OEIS A002186) are periodic with
period 12 from n = 71 on (docs/rules.md gives the published form, and
tests/impartial/test_examples.py checks the values below against it).

    gamecert solve --rules examples/kayles.py INPUT
"""


def parse(line):
    """The rows of one input line, e.g. ``"3 4"`` -> ``(3, 4)``; an empty line is no row."""
    rows = []
    for word in line.split():
        if not word.isdigit():
            raise ValueError(f"expected row lengths (whole numbers 0 or more), got {word!r}")
        rows.append(int(word))
    return _position(rows)


def _position(rows):
    # A sorted tuple of the non-empty rows: the same rows in any order are the same position.
    return tuple(sorted(r for r in rows if r > 0))


def moves(position):
    """Knock down 1 or 2 adjacent pins of one row of n, leaving rows of ``left`` and ``n - take - left``."""
    for i, n in enumerate(position):
        if i > 0 and position[i - 1] == n:
            continue  # an equal row gives the same moves
        rest = position[:i] + position[i + 1 :]
        for take in (1, 2):
            # left <= right: a move and its mirror image leave the same rows.
            for left in range((n - take) // 2 + 1):
                yield _position(rest + (left, n - take - left))


def components(position):
    """Each row is a game of its own."""
    return [(n,) for n in position]


def positions(size):
    """The one position of size ``size``: a single row of that many pins."""
    return [_position((size,))]


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    return " ".join(str(n) for n in position)
