"""Tic-tac-toe in tiers: a 3x3 board, X moves first, three in a row wins; a full board without one is a draw.

A position is the board, nine characters row by row (``X``, ``O`` or ``.``); the player to move is
the one with fewer marks (X on a tie). Its tier is the number of marks: every move adds one, so
``gamecert solve --rules examples/tictactoe_tiers.py --tiers`` solves it tier by tier (docs/tiers.md).
"""

KIND = "general"
NAME = "tictactoe-tiers"

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def parse(line):
    board = line.strip()
    if len(board) != 9 or set(board) - set("XO."):
        raise ValueError("expected nine characters of X, O and .")
    return board


def result(board):
    for a, b, c in _LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return "lose"  # the player who just moved made a line
    return None if "." in board else "draw"


def moves(board):
    mark = "O" if board.count("X") > board.count("O") else "X"
    return [board[:i] + mark + board[i + 1:] for i in range(9) if board[i] == "."]


def tier(board):
    return 9 - board.count(".")


def format(board):
    return board


def positions(size):
    """Every board with ``size`` marks reached from the empty board."""
    level = {"........."}
    for _ in range(size):
        level = {q for p in level if result(p) is None for q in moves(p)}
    return sorted(level)
