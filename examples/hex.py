"""Hex: X and O take turns claiming an empty cell of an N x N rhombus of hexagons; X wins by joining
the top row to the bottom row with its cells, O by joining the left column to the right column.

A rules file for gamecert (docs/rules.md), of the positional kind, with its
winning sets given as ``links``: the cells, the edges between neighbouring
hexagons, and each player's two sides. X moves first. A Hex board never ends
in a draw, and the first player wins every empty board (the strategy-stealing
argument): the empty 5x5 board answers ``win N``.

One input line is one position: ``N``, then optionally the board, its rows
split by ``/``, cells ``X``, ``O`` or ``.``: ``4`` is the empty 4x4 board,
``3 .X./.../...`` a 3x3 board with one X. Cell (r, c) touches (r, c±1),
(r±1, c) and (r-1, c+1), (r+1, c-1).

    gamecert solve --rules examples/hex.py INPUT
"""

import itertools

KIND = "positional"
NAME = "hex"


def parse(line):
    """``(n, cells)``: cells in reading order as one string of ``X``, ``O`` and ``.``."""
    words = line.split()
    if len(words) not in (1, 2) or not words[0].isdigit() or not 1 <= int(words[0]) <= 7:
        raise ValueError(f"expected the board size N (1..7) and optionally its rows split by '/', got {line!r}")
    n = int(words[0])
    rows = words[1].split("/") if len(words) == 2 else ["." * n] * n
    if len(rows) != n or any(len(r) != n for r in rows) or set("".join(rows)) - set("XO."):
        raise ValueError(f"expected {n} rows of {n} cells of X, O and ., got {line!r}")
    cells = "".join(rows)
    if cells.count("X") - cells.count("O") not in (0, 1):
        raise ValueError(f"expected as many X as O, or one X more (X moves first), got {line!r}")
    return (n, cells)


def _mover(position):
    cells = position[1]
    return "X" if cells.count("X") == cells.count("O") else "O"


def board(position):
    """Every cell as (row, column); the cells of the player to move; the opponent's."""
    n, cells = position
    names = [(r, c) for r in range(n) for c in range(n)]
    me = _mover(position)
    them = "O" if me == "X" else "X"
    return names, [p for p, x in zip(names, cells) if x == me], [p for p, x in zip(names, cells) if x == them]


def links(position):
    """The edges between neighbouring hexagons; the player to move's two sides; the opponent's."""
    n = position[0]
    edges = []
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (1, -1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    edges.append(((r, c), (r + dr, c + dc)))
    top_bottom = ([(0, c) for c in range(n)], [(n - 1, c) for c in range(n)])
    left_right = ([(r, 0) for r in range(n)], [(r, n - 1) for r in range(n)])
    if _mover(position) == "X":
        return edges, top_bottom, left_right
    return edges, left_right, top_bottom


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    n, cells = position
    return f"{n} " + "/".join(cells[i : i + n] for i in range(0, n * n, n))


def positions(size):
    """Every 3x3 board with ``size`` cells claimed, X first (some already won: ``win 0`` or ``lose 0``)."""
    out = []
    for xs in itertools.combinations(range(9), (size + 1) // 2):
        rest = [i for i in range(9) if i not in xs]
        for os_ in itertools.combinations(rest, size // 2):
            cells = "".join("X" if i in xs else "O" if i in os_ else "." for i in range(9))
            out.append((3, cells))
    return out
