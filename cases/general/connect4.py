"""Connect Four on a small board: columns of ``HEIGHT`` cells, four in a row (any direction) wins.

A position is the board as a string, column after column, ``HEIGHT`` characters each (``X``,
``O``, ``.``; a column fills from its first character); X moves first. The input line is the
board's width and height (``4 4``), giving the empty board.
"""

KIND = "general"
NAME = "connect4-case"


def parse(line):
    width, height = map(int, line.split())
    return ("." * height + "|") * width


def _lines(width, height):
    """Every four cells in a row, as string indices (a column is ``height + 1`` characters with its '|')."""
    step = height + 1
    out = []
    for x in range(width):
        for y in range(height):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(x + k * dx, y + k * dy) for k in range(4)]
                if all(0 <= cx < width and 0 <= cy < height for cx, cy in cells):
                    out.append(tuple(cx * step + cy for cx, cy in cells))
    return out


_CACHE = {}


def _shape(board):
    height = board.index("|")
    width = len(board) // (height + 1)
    found = _CACHE.get(len(board), {}).get(height)
    if found is None:
        found = _CACHE.setdefault(len(board), {})[height] = (width, height, _lines(width, height))
    return found


def result(board):
    lines = _shape(board)[2]
    for a, b, c, d in lines:
        m = board[a]
        if m != "." and m == board[b] == board[c] == board[d]:
            return "lose"
    return None if "." in board else "draw"


def moves(board):
    width, height, _ = _shape(board)
    mark = "O" if board.count("X") > board.count("O") else "X"
    out = []
    step = height + 1
    for x in range(width):
        column = board[x * step:x * step + height]
        y = column.find(".")
        if y >= 0:
            i = x * step + y
            out.append(board[:i] + mark + board[i + 1:])
    return out
