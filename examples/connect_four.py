"""Connect Four on a small board: drop discs into columns; four of your own in a line wins.

A rules file for gamecert (docs/rules.md), of the general kind. The board
stands upright, ``W`` columns wide and ``H`` rows high; X and O take turns
(X first) dropping a disc of their own into a column that is not full, where
it falls to the lowest empty cell. Whoever makes a line of four of their
own discs, across, up or diagonally, wins at once; a full board with no such
line is a draw.

One input line is one position: the board size ``WxH`` (``4x4``, ``5x4``;
from 4 to 9 columns, 4 to 9 rows), then either the moves so far as column
numbers from 1 (``4x4 2213``; none: the empty board) or the board itself,
the columns bottom up split by ``/`` (``4x4 XO../X.../..../....``, the form
``format`` writes). The player to move is read off the board (X when both
have dropped as many discs).

On 4 x 4, 161,029 positions are reachable from the empty board (the game
stops at a win) and the empty board is a draw.

    gamecert solve --rules examples/connect_four.py INPUT
"""

from functools import cache

KIND = "general"


def parse(line):
    """A position ``(W, H, cells)``: ``cells`` lists the W x H cells column by column, each bottom up."""
    size, *rest = line.split() or [""]
    try:
        width, height = (int(n) for n in size.lower().split("x"))
    except ValueError:
        raise ValueError(f"expected the board size as WxH (4x4, 5x4), got {size!r}") from None
    if not (4 <= width <= 9 and 4 <= height <= 9):
        raise ValueError(f"expected from 4 to 9 columns and rows, got {size}")
    if len(rest) > 1:
        raise ValueError(f"expected the size and then one word (the moves or the board), got {line!r}")
    word = rest[0] if rest else ""
    if word.isdigit():
        position = (width, height, "." * (width * height))
        for number, column in enumerate(word, 1):
            if result(position) is not None:
                raise ValueError(f"move {number}: the game is over already")
            dropped = _drop(position, int(column) - 1)
            if dropped is None:
                raise ValueError(f"move {number}: expected a column from 1 to {width} that is not full, got {column}")
            position = dropped
        return position
    return _board(width, height, word)


def _board(width, height, word):
    columns = word.split("/") if word else ["." * height] * width
    if len(columns) != width or any(len(c) != height or set(c) - set("XO.") for c in columns):
        raise ValueError(f"expected {width} columns of {height} cells of X, O and ., split by /, got {word!r}")
    if any(".X" in c or ".O" in c for c in columns):
        raise ValueError(f"expected every disc to rest on the bottom or on a disc, got {word!r}")
    cells = "".join(columns)
    if cells.count("X") - cells.count("O") not in (0, 1):
        raise ValueError(f"expected as many X as O, or one X more (X moves first), got {word!r}")
    if _four((width, height, cells), _mover(cells)):
        raise ValueError(f"the player to move, {_mover(cells)}, already has four in a line in {word!r}")
    return (width, height, cells)


def _mover(cells):
    return "X" if cells.count("X") == cells.count("O") else "O"


@cache
def _lines(width, height):
    """Every line of four cells on the board, as indices into ``cells``."""
    found = []
    for c in range(width):
        for r in range(height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if 0 <= c + 3 * dc < width and 0 <= r + 3 * dr < height:
                    found.append(tuple((c + k * dc) * height + r + k * dr for k in range(4)))
    return tuple(found)


def _four(position, mark):
    width, height, cells = position
    return any(cells[a] == cells[b] == cells[c] == cells[d] == mark for a, b, c, d in _lines(width, height))


def result(position):
    """Lost for the player to move when the opponent has four in a line; a draw when the board is full."""
    cells = position[2]
    if _four(position, "O" if _mover(cells) == "X" else "X"):
        return "lose"
    if "." not in cells:
        return "draw"
    return None


def _drop(position, column):
    width, height, cells = position
    top = cells.find(".", column * height, (column + 1) * height)
    if not 0 <= column < width or top < 0:
        return None
    return (width, height, cells[:top] + _mover(cells) + cells[top + 1 :])


def moves(position):
    """Drop a disc into each column that is not full."""
    width, height, cells = position
    mark = _mover(cells)
    for bottom in range(0, width * height, height):
        top = cells.find(".", bottom, bottom + height)
        if top >= 0:
            yield (width, height, cells[:top] + mark + cells[top + 1 :])


def tier(position):
    """The number of discs: every move adds one (a tiered solve takes the positions by it)."""
    return len(position[2]) - position[2].count(".")


def positions(size):
    """Every 4 x 4 position reachable from the empty board with ``size`` discs on it."""
    level = {parse("4x4")}
    for _ in range(size):
        level = {moved for position in level if result(position) is None for moved in moves(position)}
    return sorted(level)


def format(position):
    """The position as an input line, its columns bottom up split by ``/`` (``parse`` reads it back)."""
    width, height, cells = position
    return f"{width}x{height} " + "/".join(cells[c * height : (c + 1) * height] for c in range(width))
