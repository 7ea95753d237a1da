"""A start vertex of undirected vertex geography, named the way users name vertices.

``gamecert export``, ``play``, ``solve --from`` and ``show --cell/--vertex``
all read a start vertex from text: a maze cell ``ROW,COL`` (1-based), or a
geography label ``1..n`` as in the file. :func:`maze_start` and
:func:`geography_start` read it and return a :class:`UVGStart`: the graph,
the vertex, and how to name vertices in messages and in exported files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from gamecert.solvers.errors import InputError
from gamecert.solvers.matching.graph import Graph, grid_graph
from gamecert.solvers.textinput import shown

if TYPE_CHECKING:
    from gamecert.solvers.geography.solver import GeographyInput
    from gamecert.solvers.maze.solver import Maze

#: Where --vertex problems are reported (like ``--position``).
VERTEX_SOURCE = "--vertex"

_CELL = re.compile(r"\s*([0-9]{1,18})\s*,\s*([0-9]{1,18})\s*", re.ASCII)
_LABEL = re.compile(r"\s*([0-9]{1,18})\s*", re.ASCII)


@dataclass(frozen=True)
class UVGStart:
    """A start vertex of undirected vertex geography and how the user names vertices.

    Vertices are named by their labels ``1..n`` as in a graph file;
    :class:`CellStart` names maze cells instead. :meth:`label` names a vertex
    in comments and messages (``3``, ``(1,2)``), :meth:`ident` inside LP/MPS
    identifiers (``3``, ``r1c2``). ``about`` are comment lines (without a
    comment marker) describing the game and vertex. ``vertex`` is None for
    the ``--nu-bound`` files, which ask about no vertex.
    """

    graph: Graph
    vertex: int | None
    about: tuple[str, ...]
    player: str = "the player to move"

    def label(self, u: int) -> str:
        """Vertex ``u`` as users name it: its label ``u + 1``."""
        return str(int(u) + 1)

    def ident(self, u: int) -> str:
        """Vertex ``u`` inside an identifier of an LP/MPS file."""
        return str(int(u) + 1)


@dataclass(frozen=True)
class CellStart(UVGStart):
    """A start cell of the maze game: vertices are the free cells, ``cells[u]`` the
    row-major index of vertex ``u``'s cell on a board ``cols`` wide."""

    cells: np.ndarray = field(kw_only=True)
    cols: int = field(kw_only=True)

    def cell(self, u: int) -> tuple[int, int]:
        """Vertex ``u``'s cell as 1-based ``(row, col)``."""
        r, c = divmod(int(self.cells[u]), self.cols)
        return r + 1, c + 1

    def label(self, u: int) -> str:
        return "({},{})".format(*self.cell(u))

    def ident(self, u: int) -> str:
        return "r{}c{}".format(*self.cell(u))


def maze_start(maze: Maze, vertex: str | None, source: str) -> CellStart:
    """The maze game's grid graph with the start cell ``vertex`` (``"ROW,COL"``, 1-based).

    A malformed value, a cell off the board or a wall raises
    :class:`~gamecert.solvers.errors.InputError` located in the ``--vertex`` value.

    >>> from gamecert.solvers.maze.solver import parse_maze
    >>> s = maze_start(parse_maze("1 3\\n.#.\\n"), "1,3", "m.txt")
    >>> s.vertex, s.label(s.vertex), s.ident(0)
    (1, '(1,3)', 'r1c1')
    """
    rows, cols = maze.shape
    graph, cells = grid_graph(maze.free)
    about = (
        f"game: maze (JSOI2009), board {source}, {rows}x{cols}, "
        f"{graph.n} free cells = vertices, {graph.m} edges between neighbouring free cells",
    )
    start = CellStart(graph, None, about, "the player to move (YY)", cells=cells, cols=cols)
    if vertex is None:
        return start
    found = _CELL.fullmatch(vertex)
    if found is None:
        raise InputError(VERTEX_SOURCE, 1, 1, f"expected ROW,COL (1-based row and column of a free cell), got {shown(vertex.encode())}")
    (r, rcol), (c, ccol) = ((int(found.group(i)), found.start(i) + 1) for i in (1, 2))
    if not 1 <= r <= rows:
        raise InputError(VERTEX_SOURCE, 1, rcol, f"expected a row in 1..{rows}, got {r}")
    if not 1 <= c <= cols:
        raise InputError(VERTEX_SOURCE, 1, ccol, f"expected a column in 1..{cols}, got {c}")
    if not maze.free[r - 1, c - 1]:
        raise InputError(
            VERTEX_SOURCE, 1, 1, f"expected a free cell '.', but {r},{c} is '#' ({source}:{r + 1}:{c})"
        )
    v = int(np.searchsorted(cells, (r - 1) * cols + (c - 1)))
    return replace(
        start,
        vertex=v,
        about=about
        + (
            f"vertex: cell ({r},{c}) (row {r}, column {c}); AA puts the token there and YY moves first, "
            "so the player to move is YY and AA wins exactly when YY loses",
        ),
    )


def geography_start(instance: GeographyInput, vertex: str | None, source: str) -> UVGStart:
    """The geography graph with the start vertex ``vertex`` (its label ``1..n`` as in the file).

    An unknown label raises :class:`~gamecert.solvers.errors.InputError` located in
    the ``--vertex`` value.

    >>> from gamecert.solvers.geography.solver import parse_geography
    >>> s = geography_start(parse_geography("3 2\\n1 2\\n2 3\\n"), "2", "g.txt")
    >>> s.vertex, s.label(s.vertex)
    (1, '2')
    """
    n = instance.n
    graph = instance.graph()
    ignored = len(instance.self_loops) + len(instance.duplicates)
    note = f" ({ignored} self-loops or repeated edges ignored)" if ignored else ""
    about = (f"game: undirected vertex geography, graph {source}, {graph.n} vertices, {graph.m} edges{note}",)
    start = UVGStart(graph, None, about)
    if vertex is None:
        return start
    found = _LABEL.fullmatch(vertex)
    if n == 0:
        raise InputError(VERTEX_SOURCE, 1, 1, f"expected a vertex, but the graph in {source} has no vertices")
    if found is None or not 1 <= int(found.group(1)) <= n:
        raise InputError(VERTEX_SOURCE, 1, 1, f"expected a vertex label in 1..{n}, got {shown(vertex.encode())}")
    v = int(found.group(1)) - 1
    return replace(
        start,
        vertex=v,
        about=about + (f"vertex: {v + 1} (the label in the file); the token starts there and counts as visited",),
    )
