"""A contestant of the interactive tic-tac-toe problem (`stress --rules examples/tic_tac_toe.py --interactive`):
perfect play by brute force over the board (argv[1] ``perfect``), or, with ``draws``, the role of the player
to move and then the first move that does not lose (it lets a won start slip to a draw)."""

import sys
from functools import cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
mode = sys.argv[1]


def mover(board):
    return "X" if board.count("X") == board.count("O") else "O"


def moves(board):
    return [board[:i] + mover(board) + board[i + 1 :] for i, cell in enumerate(board) if cell == "."]


@cache
def value(board):
    """1, 0 or -1: a win, a draw or a loss for the player to move."""
    other = "O" if mover(board) == "X" else "X"
    if any(board[a] == board[b] == board[c] == other for a, b, c in LINES):
        return -1
    if "." not in board:
        return 0
    return max(-value(b) for b in moves(board))


def read(line):
    return line.replace("/", "").strip() or "." * 9


board = read(input())
print("SECOND" if value(board) < 0 and mode == "perfect" else "FIRST", flush=True)
while True:
    word = input()
    if word == "END":
        break
    if word == "MOVE":
        board = read(input())
    else:  # TURN
        best = max(-value(b) for b in moves(board)) if mode == "perfect" else 0
        board = next(b for b in moves(board) if -value(b) >= best)
        print("/".join(board[i : i + 3] for i in (0, 3, 6)), flush=True)
