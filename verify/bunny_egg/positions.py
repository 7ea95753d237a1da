"""The graph of every position of a Bunny-and-Egg record, built from the board as it stands.

The position graphs here are built from the *current* board (the cells the
mover and the opponent could still enter, by colour and parity), not from the
initial board with deletions as :mod:`gamecert.solvers.bunny_egg` does; the
ILP route, the networkx route and the certificate check all read them.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from gamecert.solvers.bunny_egg import BunnyEgg
from gamecert.solvers.matching.graph import Graph, graph_from_edges
from gamecert.verify.bunny_egg.search import EMPTY, PIECE


def position_cells(game: BunnyEgg) -> Iterator[tuple[np.ndarray, int]]:
    """For each position: which cells the token may still enter (an ``n × m`` mask) and the token's flat cell.

    Read from the board as it stands: the empty cell, the cells at odd
    distance holding the mover's colour and the cells at even distance
    holding the opponent's.
    """
    n, m = game.shape
    board = game.board.copy()
    moves = game.moves.tolist()
    rr, cc = np.indices((n, m))
    for t in range(len(moves) + 1):
        turn = t % 2
        er, ec = (int(x) for x in np.argwhere(board == EMPTY)[0])
        odd = ((rr + cc + er + ec) & 1) == 1
        yield (board == EMPTY) | (odd & (board == PIECE[turn])) | (~odd & (board == PIECE[1 - turn])), er * m + ec
        if t < len(moves):
            r, c = moves[t]
            board[er, ec], board[r, c] = board[r, c], EMPTY


def board_edges(n: int, m: int) -> list[tuple[int, int]]:
    """The pairs of side-adjacent cells of an ``n × m`` board, as flat cells ``(a, b)``, ``a < b``.

    >>> board_edges(2, 2)
    [(0, 1), (2, 3), (0, 2), (1, 3)]
    """
    across = [(r * m + c, r * m + c + 1) for r in range(n) for c in range(m - 1)]
    down = [(r * m + c, (r + 1) * m + c) for r in range(n - 1) for c in range(m)]
    return across + down


def position_graphs(game: BunnyEgg) -> Iterator[tuple[Graph, int, np.ndarray]]:
    """For each position: its graph, the token's vertex, and each vertex's flat cell.

    Built from the board as it stands (:func:`position_cells`): exactly the
    cells the token may still enter, joined when side-adjacent.
    """
    n, m = game.shape
    for keep, token in position_cells(game):
        er, ec = divmod(token, m)
        rr, cc = np.indices((n, m))
        odd = ((rr + cc + er + ec) & 1) == 1
        cells = np.flatnonzero(keep.ravel())
        index = np.full(n * m, -1, dtype=np.int64)
        index[cells] = np.arange(len(cells))
        ids = index.reshape(n, m)
        across = (ids[:, :-1] >= 0) & (ids[:, 1:] >= 0)
        down = (ids[:-1, :] >= 0) & (ids[1:, :] >= 0)
        edges = np.concatenate(
            [
                np.stack([ids[:, :-1][across], ids[:, 1:][across]], axis=1),
                np.stack([ids[:-1, :][down], ids[1:, :][down]], axis=1),
            ]
        )
        graph = graph_from_edges(len(cells), edges, side=odd.ravel()[cells].astype(np.int8))
        yield graph, int(index[er * m + ec]), cells
