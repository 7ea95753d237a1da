"""Dodgem (Colin Vout's game) on a 3 x 3 board: each side races its two cars across the board and off it.

A rules file for gamecert (docs/rules.md), of the general kind, loopy: cars
move sideways as well as forwards, so play can repeat, and a repetition
without end is a draw. Blue's cars start on the left edge (the top two
cells), Red's on the bottom edge (the right two cells); the bottom-left
corner is empty. Blue moves a car one cell right, up or down; Red one cell
up, left or right; always onto an empty cell. A car leaves the board only
forwards: Blue's off the right edge, Red's off the top edge. The first
player with no car left on the board wins, and a player left with no move
wins too (so a player must leave the opponent a move). Blue moves first.
Winning Ways (Berlekamp, Conway and Guy) reports the 3 x 3 game a win for
the first player.

One input line is one position: the board's three rows from the top
(``B`` Blue's car, ``R`` Red's, ``.`` empty), split by ``/``, then the player
to move: ``B../B../.RR B`` is the start (an empty line too). A position is
``(board, mover)``, the board nine characters row by row.

    gamecert solve --rules examples/dodgem.py INPUT
"""

KIND = "general"

#: The start: Blue's cars on the left edge, Red's on the bottom edge, Blue to move.
START = ("B..B...RR", "B")
#: Each side's steps as (row, column) changes, the forward one first.
STEPS = {"B": ((0, 1), (-1, 0), (1, 0)), "R": ((-1, 0), (0, -1), (0, 1))}
OTHER = {"B": "R", "R": "B"}


def parse(line):
    """The position of one input line, e.g. ``"B../B../.RR B"``; an empty line is the start."""
    words = line.split()
    if not words:
        return START
    if len(words) != 2 or words[1] not in OTHER:
        raise ValueError(f"expected the three rows split by / and then B or R (the player to move), got {line!r}")
    board = words[0].replace("/", "")
    if len(board) != 9 or set(board) - set("BR."):
        raise ValueError(f"expected nine cells of B, R and . (rows split by /), got {words[0]!r}")
    if board.count("B") > 2 or board.count("R") > 2:
        raise ValueError(f"expected at most two cars of each side, got {words[0]!r}")
    return (board, words[1])


def _steps(board, mover):
    """Every move of ``mover``: the board after it."""
    out = []
    for cell, car in enumerate(board):
        if car != mover:
            continue
        row, column = divmod(cell, 3)
        for dr, dc in STEPS[mover]:
            r, c = row + dr, column + dc
            if (mover == "B" and c == 3) or (mover == "R" and r == -1):  # off the board, forwards
                out.append(board[:cell] + "." + board[cell + 1 :])
            elif 0 <= r < 3 and 0 <= c < 3 and board[3 * r + c] == ".":
                after = board[:cell] + "." + board[cell + 1 :]
                out.append(after[: 3 * r + c] + mover + after[3 * r + c + 1 :])
    return out


def result(position):
    """``lose`` when the opponent has taken its last car off; ``win`` when the mover is left with no move."""
    board, mover = position
    if OTHER[mover] not in board:
        return "lose"
    if not _steps(board, mover):
        return "win"
    return None


def moves(position):
    """Move one car one cell (or off the board, forwards); the turn passes."""
    board, mover = position
    return [(after, OTHER[mover]) for after in _steps(board, mover)]


def player(position):
    """``B`` or ``R``."""
    return position[1]


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    board, mover = position
    return f"{board[:3]}/{board[3:6]}/{board[6:]} {mover}"
