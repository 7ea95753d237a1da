"""Tic-tac-toe: a 3x3 board, X moves first, three in a row wins; a full board without one is a draw.

A position is the board, nine characters row by row (``X``, ``O`` or ``.``); the player to move is
the one with fewer marks (X on a tie).
"""

KIND = "general"
NAME = "tictactoe-case"

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def parse(line):
    return line.strip()


def result(board):
    for a, b, c in _LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return "lose"  # the player who just moved made a line
    return None if "." in board else "draw"


def moves(board):
    mark = "O" if board.count("X") > board.count("O") else "X"
    return [board[:i] + mark + board[i + 1:] for i in range(9) if board[i] == "."]
