"""Tic-tac-toe: X and O take turns marking an empty cell of a 3 x 3 board; three in a row wins.

A rules file for gamecert (docs/rules.md), of the general kind: the answer is
win, lose or draw for the player to move. X moves first, so the player to
move is read off the board (X when both have marked as many cells). The
player who completes a row, column or diagonal of their own mark wins at
once; a full board with no such line is a draw.

One input line is one board: nine cells in reading order, ``X``, ``O`` or
``.`` (empty), optionally in rows split by ``/`` (``X.O/.X./..O``); an empty
line is the empty board. From the empty board 5,478 positions are reachable
(the game stops at a win), and with best play the game is a draw: the empty
line answers ``draw``.

    gamecert solve --rules examples/tic_tac_toe.py INPUT
"""

KIND = "general"

#: The eight lines of three cells (cells numbered 0..8 in reading order).
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def parse(line):
    """The board of one input line, as a string of nine cells, e.g. ``"X.O/.X./..O"`` -> ``"X.O.X...O"``."""
    board = line.replace("/", "").strip() or "." * 9
    if len(board) != 9 or set(board) - set("XO."):
        raise ValueError(f"expected nine cells of X, O and . (rows may be split by /), got {line!r}")
    if board.count("X") - board.count("O") not in (0, 1):
        raise ValueError(f"expected as many X as O, or one X more (X moves first), got {line!r}")
    if _lined(board, _mover(board)):
        raise ValueError(f"the player to move, {_mover(board)}, already has three in a row in {line!r}")
    return board


def _mover(board):
    return "X" if board.count("X") == board.count("O") else "O"


def _lined(board, mark):
    return any(board[a] == board[b] == board[c] == mark for a, b, c in LINES)


def result(board):
    """Lost for the player to move when the opponent has three in a row; a draw when the board is full."""
    if _lined(board, "O" if _mover(board) == "X" else "X"):
        return "lose"
    if "." not in board:
        return "draw"
    return None


def moves(board):
    """Mark one empty cell."""
    mark = _mover(board)
    for i, cell in enumerate(board):
        if cell == ".":
            yield board[:i] + mark + board[i + 1 :]


def tier(board):
    """The number of marks: every move adds one (a tiered solve takes the boards by it)."""
    return 9 - board.count(".")


def positions(size):
    """Every board reachable from the empty one with ``size`` marks on it."""
    level = {"." * 9}
    for _ in range(size):
        level = {moved for board in level if result(board) is None for moved in moves(board)}
    return sorted(level)


def format(board):
    """The board as an input line, rows split by ``/`` (``parse`` reads it back)."""
    return "/".join(board[i : i + 3] for i in (0, 3, 6))
