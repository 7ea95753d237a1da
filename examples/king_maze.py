"""A king's maze: a token moves like a chess king between free cells and never returns to a visited cell.

A rules file for gamecert (docs/rules.md), of the token-on-a-graph kind:
``parse`` reads a whole input and ``graph`` turns it into a graph, on which
the game is undirected vertex geography. The token starts on a free cell
(which counts as visited); the players take turns moving it one king step
(to one of the up to 8 surrounding cells) onto a free, unvisited cell; the
player who cannot move loses.

The input is a board of ``.`` (free) and ``#`` (wall), one row per line,
all rows the same length; blank lines are ignored. The free cell in row r,
column c (both from 1) is the vertex labelled ``rRcC`` (``r1c2``: row 1,
column 2). The answer is one line per free cell, in reading order: ``rRcC win`` if the
player to move with the token there wins, else ``rRcC lose``.

King steps make triangles (two cells side by side and one diagonal to both),
so the graph is not bipartite, unlike the maze game's 4-neighbour grid:
gamecert decides it through the Gallai–Edmonds decomposition all the same.

    gamecert solve --rules examples/king_maze.py BOARD
"""

NAME = "king-maze"

#: The 8 king steps (row change, column change).
STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def parse(text):
    """The board's rows as a tuple of strings of ``.`` and ``#``."""
    rows = tuple(line.strip() for line in text.splitlines() if line.strip())
    for number, row in enumerate(rows, 1):
        bad = set(row) - {".", "#"}
        if bad:
            raise ValueError(f"row {number}: expected only '.' and '#', got {min(bad)!r}")
        if len(row) != len(rows[0]):
            raise ValueError(f"row {number}: expected {len(rows[0])} cells like the first row, got {len(row)}")
    return rows


def _label(r, c):
    return f"r{r + 1}c{c + 1}"


def graph(board):
    """Vertices: the free cells in reading order; edges: pairs of free cells one king step apart."""
    free = [(r, c) for r, row in enumerate(board) for c, cell in enumerate(row) if cell == "."]
    is_free = set(free)
    edges = []
    for r, c in free:
        for dr, dc in STEPS:
            other = (r + dr, c + dc)
            if other in is_free and (r, c) < other:  # each pair once
                edges.append((_label(r, c), _label(*other)))
    return [_label(r, c) for r, c in free], edges


def instances(size):
    """Every board of ``size`` cells: each shape rows x columns = size, each pattern of walls."""
    for rows in range(1, size + 1):
        if size % rows:
            continue
        columns = size // rows
        for mask in range(1 << size):
            cells = "".join("#" if mask >> i & 1 else "." for i in range(size))
            yield tuple(cells[r * columns : (r + 1) * columns] for r in range(rows))


def format(board):
    """The board as input text (``parse`` reads it back); ``gamecert stress`` writes its cases with it."""
    return "".join(row + "\n" for row in board)
