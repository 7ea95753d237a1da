"""Othello (Reversi) on a 4 x 4 board: place a disc that flanks a line of the opponent's, and flip them.

A rules file for gamecert (docs/rules.md), of the score kind, with passes.
Black (``X``) and White (``O``) take turns placing a disc of their colour on
an empty cell so that, along at least one of the eight directions, it and
another disc of theirs enclose an unbroken line of the opponent's discs;
every line so enclosed turns to the mover's colour. A player with no such
placement passes (the turn goes over, the board unchanged); when neither
can place, the game ends. The answer is the score for the player to move:
own discs minus the opponent's at the end, with best play on both sides
(moves score nothing; ``result`` gives the difference at the end). The start
has the four centre cells ``OX/XO`` and Black to move.

One input line is one position: the four rows from the top (``X``, ``O``,
``.``), split by ``/``, then the player to move: ``..../.OX./.XO./.... X``
is the start (an empty line too). A position is ``(board, mover)``, the
board sixteen characters row by row.

    gamecert solve --rules examples/othello4.py INPUT
"""

KIND = "score"

START = ("....." + "OX" + ".." + "XO" + ".....", "X")
OTHER = {"X": "O", "O": "X"}
#: The eight directions as (row, column) steps.
DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def parse(line):
    """The position of one input line, e.g. ``"..../.OX./.XO./.... X"``; an empty line is the start."""
    words = line.split()
    if not words:
        return START
    if len(words) != 2 or words[1] not in OTHER:
        raise ValueError(f"expected the four rows split by / and then X or O (the player to move), got {line!r}")
    board = words[0].replace("/", "")
    if len(board) != 16 or set(board) - set("XO."):
        raise ValueError(f"expected sixteen cells of X, O and . (rows split by /), got {words[0]!r}")
    return (board, words[1])


def _placements(board, mover):
    """Every legal placement of ``mover``: the board after it, its lines flipped."""
    other = OTHER[mover]
    out = []
    for cell in range(16):
        if board[cell] != ".":
            continue
        row, column = divmod(cell, 4)
        flips = []
        for dr, dc in DIRECTIONS:
            r, c, line = row + dr, column + dc, []
            while 0 <= r < 4 and 0 <= c < 4 and board[4 * r + c] == other:
                line.append(4 * r + c)
                r, c = r + dr, c + dc
            if line and 0 <= r < 4 and 0 <= c < 4 and board[4 * r + c] == mover:
                flips += line
        if flips:
            cells = list(board)
            for f in [cell, *flips]:
                cells[f] = mover
            out.append("".join(cells))
    return out


def result(position):
    """Where neither player can place: the mover's discs minus the opponent's."""
    board, mover = position
    if _placements(board, mover) or _placements(board, OTHER[mover]):
        return None
    return board.count(mover) - board.count(OTHER[mover])


def moves(position):
    """Each placement (scoring 0), or a pass when there is none."""
    board, mover = position
    after = _placements(board, mover)
    return [((b, OTHER[mover]), 0) for b in after] or [((board, OTHER[mover]), 0)]


def player(position):
    """``X`` or ``O``."""
    return position[1]


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    board, mover = position
    return "/".join(board[i : i + 4] for i in range(0, 16, 4)) + f" {mover}"
