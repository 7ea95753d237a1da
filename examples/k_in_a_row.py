"""k-in-a-row (tic-tac-toe and its kin): X and O take turns claiming an empty cell of a W x H board;
the first to hold K cells in a row, a column or a diagonal wins; a full board with no such line is a draw.

A rules file for gamecert (docs/rules.md), of the positional kind: the kind
knows the play (claim an empty cell, stop at a winning set) and asks this
file only for the board and the winning sets (``lines``). X moves first, so
the player to move is X when both hold as many cells.

One input line is one position: ``WxH K``, then optionally the board, its
rows split by ``/``, cells ``X``, ``O`` or ``.`` (empty): ``3x3 3`` is
tic-tac-toe's empty board, ``3x3 3 X.O/.X./..O`` a board with five marks.

    gamecert solve --rules examples/k_in_a_row.py INPUT
"""

KIND = "positional"
NAME = "k-in-a-row"


def parse(line):
    """``(width, height, k, cells)``: cells in reading order as one string of ``X``, ``O`` and ``.``."""
    words = line.split()
    if len(words) not in (2, 3) or "x" not in words[0]:
        raise ValueError(f"expected 'WxH K' and optionally the board's rows split by '/', got {line!r}")
    try:
        width, height = (int(w) for w in words[0].split("x"))
        k = int(words[1])
    except ValueError:
        raise ValueError(f"expected whole numbers in 'WxH K', got {line!r}") from None
    if not (1 <= width <= 8 and 1 <= height <= 8 and 1 <= k <= max(width, height)):
        raise ValueError(f"expected 1 <= W, H <= 8 and 1 <= K <= max(W, H), got {line!r}")
    rows = words[2].split("/") if len(words) == 3 else ["." * width] * height
    if len(rows) != height or any(len(r) != width for r in rows) or set("".join(rows)) - set("XO."):
        raise ValueError(f"expected {height} rows of {width} cells of X, O and ., got {line!r}")
    cells = "".join(rows)
    if cells.count("X") - cells.count("O") not in (0, 1):
        raise ValueError(f"expected as many X as O, or one X more (X moves first), got {line!r}")
    return (width, height, k, cells)


def _mover(position):
    cells = position[3]
    return "X" if cells.count("X") == cells.count("O") else "O"


def board(position):
    """Every cell as (row, column); the cells of the player to move; the opponent's."""
    width, height, _, cells = position
    names = [(r, c) for r in range(height) for c in range(width)]
    me = _mover(position)
    them = "O" if me == "X" else "X"
    return names, [n for n, x in zip(names, cells) if x == me], [n for n, x in zip(names, cells) if x == them]


def lines(position):
    """The K-cell rows, columns and diagonals: the same winning sets for both players."""
    width, height, k, _ = position
    out = []
    for r in range(height):
        for c in range(width):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                line = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= a < height and 0 <= b < width for a, b in line):
                    out.append(line)
    return out, out


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    width, height, k, cells = position
    return f"{width}x{height} {k} " + "/".join(cells[i : i + width] for i in range(0, len(cells), width))


def positions(size):
    """Every tic-tac-toe board (3x3, three in a row) with ``size`` marks that play can reach."""
    level = {"." * 9}
    for _ in range(size):
        level = {
            b[:i] + ("X" if b.count("X") == b.count("O") else "O") + b[i + 1 :]
            for b in level
            if not _won(b)
            for i, x in enumerate(b)
            if x == "."
        }
    return sorted((3, 3, 3, b) for b in level)


def _won(cells):
    rows = lines((3, 3, 3, cells))[0]
    return any(all(cells[3 * r + c] == mark for r, c in line) for line in rows for mark in "XO")
