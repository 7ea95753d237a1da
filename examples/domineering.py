"""Domineering by turns: Vertical and Horizontal take turns placing dominoes on a board; who cannot place loses.

A rules file for gamecert (docs/rules.md), of the general kind: the two
players have different moves. Vertical places a domino on two empty cells one
above the other, Horizontal on two empty cells side by side; the player to
move who has no place left loses. Whose turn it is decides the moves, so it is
part of the position: the same board with the other player to move is another
position (a solver that keyed positions by the board alone would mix them up).

One input line is one position: who moves, ``V`` or ``H``, then the board's
rows split by ``/``, ``.`` empty and ``#`` covered (``V ../..``). The answer
is for the player to move: a 2 x 2 board is won by whoever starts (one
domino leaves the opponent no place), ``win 1``.

    gamecert solve --rules examples/domineering.py INPUT
"""

KIND = "general"

#: Each player's domino: the step from its first cell to its second (row, column).
STEP = {"V": (1, 0), "H": (0, 1)}
OTHER = {"V": "H", "H": "V"}


def parse(line):
    """The position ``(mover, rows)`` of one input line, e.g. ``"V ../.."`` -> ``("V", ("..", ".."))``."""
    words = line.split()
    if len(words) != 2 or words[0] not in STEP:
        raise ValueError(f"expected V or H (who moves) and the board's rows split by /, got {line!r}")
    rows = tuple(words[1].split("/"))
    if any(len(row) != len(rows[0]) or set(row) - set(".#") for row in rows):
        raise ValueError(f"expected rows of equal length of . and #, got {words[1]!r}")
    return (words[0], rows)


def moves(position):
    """Place the mover's domino on two empty cells; then the other player moves."""
    mover, rows = position
    dr, dc = STEP[mover]
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell == "." and r + dr < len(rows) and c + dc < len(row) and rows[r + dr][c + dc] == ".":
                yield (OTHER[mover], _covered(rows, [(r, c), (r + dr, c + dc)]))


def _covered(rows, cells):
    grid = [list(row) for row in rows]
    for r, c in cells:
        grid[r][c] = "#"
    return tuple("".join(row) for row in grid)


def tier(position):
    """The number of covered cells: every move covers two more."""
    return sum(row.count("#") for row in position[1])


def positions(size):
    """Every empty board of ``size`` cells (each shape rows x columns), with either player to move."""
    return [
        (mover, ("." * (size // rows),) * rows)
        for rows in range(1, size + 1)
        if size % rows == 0
        for mover in ("V", "H")
    ]


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    mover, rows = position
    return f"{mover} {'/'.join(rows)}"
