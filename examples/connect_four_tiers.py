"""Connect Four on a board of any size, in tiers: four in a row (across, up, or diagonal) wins.

The input line is the board's width and height (``5 4``), meaning the empty board, or a board as
``format`` writes it. A position is the board as text, column after column, each column ``height``
characters from the bottom (``X``, ``O`` or ``.``) and a ``|``; X moves first, so the player to move is the one with fewer pieces. A full
board without four in a row is a draw. The tier is the number of pieces: every move adds one, so
``gamecert solve --rules examples/connect_four_tiers.py --tiers`` solves one tier after another
(docs/tiers.md); Connect Four 5x4 has 3,945,711 positions and is a draw.
"""

KIND = "general"
NAME = "connect-four-tiers"

#: (width, height) -> (the index of each column's first cell, every four cells in a row as indices)
_BOARDS = {}


def parse(line):
    line = line.strip()
    if "|" in line:  # a board, as format() writes it
        columns = line.split("|")
        if columns[-1] or len({len(c) for c in columns[:-1]}) != 1 or set(line) - set("XO.|"):
            raise ValueError("expected columns of X, O and . of one height, each ended by |")
        return line
    width, height = (int(x) for x in line.split())
    if not (1 <= width <= 9 and 1 <= height <= 9):
        raise ValueError("expected a width and a height from 1 to 9")
    return ("." * height + "|") * width


def _board(position):
    """The board's shape from its text: each column is its cells and a '|'."""
    height = position.index("|")
    width = len(position) // (height + 1)
    found = _BOARDS.get((width, height))
    if found is None:
        step = height + 1
        rows = []
        for x in range(width):
            for y in range(height):
                for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    if 0 <= x + 3 * dx < width and 0 <= y + 3 * dy < height:
                        rows.append(tuple((x + k * dx) * step + y + k * dy for k in range(4)))
        found = _BOARDS[(width, height)] = (tuple(range(0, width * step, step)), height, tuple(rows))
    return found


def result(position):
    _, _, rows = _board(position)
    for a, b, c, d in rows:
        mark = position[a]
        if mark != "." and mark == position[b] == position[c] == position[d]:
            return "lose"  # the player who just moved completed four
    return None if "." in position else "draw"


def moves(position):
    columns, height, _ = _board(position)
    mark = "O" if position.count("X") > position.count("O") else "X"
    out = []
    for start in columns:
        free = position.find(".", start, start + height)
        if free >= 0:
            out.append(position[:free] + mark + position[free + 1:])
    return out


def tier(position):
    return position.count("X") + position.count("O")


def format(position):
    return position


def positions(size):
    """Every position after ``size`` moves on the 4x4 board."""
    level = {parse("4 4")}
    for _ in range(size):
        level = {q for p in level if result(p) is None for q in moves(p)}
    return sorted(level)
