"""Dots and Boxes on a small board: draw lines between dots; completing a box scores it and moves again.

A rules file for gamecert (docs/rules.md), of the score kind, with extra
moves. A board of R x C boxes has (R + 1) x (C + 1) dots. A and B take turns
(A first) drawing one undrawn line between two neighbouring dots. A player
who completes one or two boxes with a line scores them and must move again;
otherwise the turn passes. The game ends when every line is drawn. The
answer is the score for the player to move: own boxes minus the opponent's,
from here on, with best play on both sides.

One input line is one position: the size ``RxC`` in boxes (R + C at most 5:
``1x1``, ``1x2``, ``2x2``, ``2x3``), optionally followed by the
player to move and the lines drawn, one ``0`` or ``1`` per line (the
horizontal lines row by row, then the vertical ones row by row):
``1x1 A 0000``. A 1 x 1 box answers ``score -1``: its four lines are drawn
in turn and the second player draws the last one.

A position is ``(rows, columns, mover, lines)``; ``player`` names its
mover, so a move that completes a box (and keeps the mover) is an extra
move.

    gamecert solve --rules examples/dots_and_boxes.py INPUT
"""

from functools import cache

KIND = "score"

OTHER = {"A": "B", "B": "A"}


def parse(line):
    """The position of one input line, e.g. ``"1x1 A 0000"`` or ``"2x2"`` (the empty board, A to move)."""
    words = line.split()
    try:
        rows, columns = (int(n) for n in words[0].lower().split("x"))
    except (ValueError, IndexError):
        raise ValueError(f"expected the board size as RxC boxes (2x2), got {line!r}") from None
    if not (1 <= rows and 1 <= columns and rows + columns <= 5):
        raise ValueError(f"expected R and C at least 1, R + C at most 5, got {words[0]}")
    count = len(_boxes(rows, columns)[1])
    mover, lines = words[1:] if len(words) == 3 else ("A", "0" * count)
    if len(words) not in (1, 3) or mover not in OTHER or len(lines) != count or set(lines) - {"0", "1"}:
        raise ValueError(f"expected RxC, or RxC then A or B and {count} digits 0 or 1 (the lines drawn), got {line!r}")
    return (rows, columns, mover, lines)


@cache
def _boxes(rows, columns):
    """The four lines of each box, and for each line the boxes it borders (lines numbered as the input's)."""
    vertical = (rows + 1) * columns
    sides = [
        (r * columns + c, (r + 1) * columns + c, vertical + r * (columns + 1) + c, vertical + r * (columns + 1) + c + 1)
        for r in range(rows)
        for c in range(columns)
    ]
    borders = [[] for _ in range(vertical + rows * (columns + 1))]
    for box, lines in enumerate(sides):
        for line in lines:
            borders[line].append(box)
    return tuple(sides), tuple(tuple(b) for b in borders)


def moves(position):
    """Draw one undrawn line: ``(the new position, the boxes it completes)``; no box completed passes the turn."""
    rows, columns, mover, lines = position
    sides, borders = _boxes(rows, columns)
    for i, drawn in enumerate(lines):
        if drawn == "0":
            after = lines[:i] + "1" + lines[i + 1 :]
            boxes = sum(all(after[s] == "1" for s in sides[box]) for box in borders[i])
            yield (rows, columns, mover if boxes else OTHER[mover], after), boxes


def tier(position):
    """The number of lines drawn: every move draws one."""
    return position[3].count("1")


def player(position):
    """``A`` or ``B``: a move that completes a box keeps the mover (an extra move)."""
    return position[2]


def positions(size):
    """Every position of a 1 x 2 board with ``size`` of its 7 lines drawn, either player to move."""
    drawn = (f"{mask:07b}" for mask in range(1 << 7))
    return [(1, 2, mover, lines) for lines in drawn if lines.count("1") == size for mover in ("A", "B")]


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    rows, columns, mover, lines = position
    return f"{rows}x{columns} {mover} {lines}"
