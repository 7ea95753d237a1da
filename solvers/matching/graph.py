"""A compact undirected graph: compressed sparse rows over vertices ``0..n-1``.

Every game in gamecert reduces to questions about one of these. Adjacency is
stored once per direction (``indices[indptr[v]:indptr[v + 1]]`` are the
neighbours of ``v``); there are no self-loops and no repeated edges. ``side``
is a proper 2-colouring when the graph is known to be bipartite, else ``None``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

import numpy as np

from gamecert.solvers.errors import GamecertError
from gamecert.solvers.jit import kernel


@dataclass(frozen=True, eq=False)
class Graph:
    """An undirected simple graph in CSR form.

    Attributes
    ----------
    indptr : int64 array of length ``n + 1``
    indices : int32 array of length ``2 m``, neighbour lists, each sorted
    side : int8 array of length ``n`` with values 0/1, or ``None``
        A bipartition (every edge joins side 0 to side 1) when known.
    labels : tuple or None
        Names of the vertices (for graphs built from networkx), else ``None``.
    """

    indptr: np.ndarray
    indices: np.ndarray
    side: np.ndarray | None = None
    labels: tuple | None = None

    @property
    def n(self) -> int:
        return len(self.indptr) - 1

    @property
    def m(self) -> int:
        return len(self.indices) // 2

    def neighbors(self, v: int) -> np.ndarray:
        return self.indices[self.indptr[v] : self.indptr[v + 1]]

    def degree(self) -> np.ndarray:
        return np.diff(self.indptr)

    def edges(self) -> np.ndarray:
        """Every edge once, as rows ``(u, v)`` with ``u < v``."""
        src = np.repeat(np.arange(self.n, dtype=np.int32), self.degree())
        keep = src < self.indices
        return np.stack([src[keep], self.indices[keep]], axis=1)

    def has_edge(self, u: int, v: int) -> bool:
        nb = self.neighbors(u)
        i = np.searchsorted(nb, v)
        return bool(i < len(nb) and nb[i] == v)

    def name(self, v: int) -> Hashable:
        """The user-facing name of vertex ``v``."""
        return v if self.labels is None else self.labels[v]

    def components(self) -> tuple[list[int], list[list[int]]]:
        """Each vertex's connected component, and each component's vertices in BFS order.

        Components are numbered by their smallest vertex; ``O(V + E)``.

        >>> graph_from_edges(4, [(0, 2)]).components()
        ([0, 1, 0, 2], [[0, 2], [1], [3]])
        """
        component, _, members = self.components_and_parities()
        return component, members

    def components_and_parities(self) -> tuple[list[int], list[int], list[list[int]]]:
        """Each vertex's connected component, the parity of its BFS depth (a 2-colouring of every bipartite
        component), and each component's vertices in BFS order; ``O(V + E)``.

        >>> graph_from_edges(3, [(0, 1), (1, 2)]).components_and_parities()
        ([0, 0, 0], [0, 1, 0], [[0, 1, 2]])
        """
        indptr, indices = self.indptr.tolist(), self.indices.tolist()
        component, parity = [-1] * self.n, [0] * self.n
        members: list[list[int]] = []
        for s in range(self.n):
            if component[s] >= 0:
                continue
            c = len(members)
            component[s] = c
            queue = [s]
            for u in queue:  # grows while read: a BFS queue
                for w in indices[indptr[u] : indptr[u + 1]]:
                    if component[w] < 0:
                        component[w], parity[w] = c, 1 - parity[u]
                        queue.append(w)
            members.append(queue)
        return component, parity, members


def graph_from_edges(
    n: int, edges: Iterable[tuple[int, int]] | np.ndarray, side: np.ndarray | None = None
) -> Graph:
    """Build a :class:`Graph` on vertices ``0..n-1`` from an edge list.

    Self-loops are dropped and repeated edges kept once. When ``side`` is not
    given, a bipartition is found if one exists.

    >>> g = graph_from_edges(3, [(0, 1), (1, 2), (1, 0), (2, 2)])
    >>> g.n, g.m, g.side.tolist()
    (3, 2, [0, 1, 0])
    """
    e = np.asarray(list(edges) if not isinstance(edges, np.ndarray) else edges, dtype=np.int64)
    e = e.reshape(-1, 2)
    if n < 0:
        raise GamecertError(f"a graph needs n >= 0, got {n}")
    if len(e) and (e.min() < 0 or e.max() >= n):
        raise GamecertError(f"edge endpoint out of range 0..{n - 1}")
    e = e[e[:, 0] != e[:, 1]]
    both = np.concatenate([e, e[:, ::-1]])
    # Sorting by (u, v) groups neighbour lists and makes duplicates adjacent.
    # Sort and drop repeats by hand: much quicker than np.unique on large key arrays
    # (measurements in benchmarks/limits.md).
    key = np.sort(both[:, 0] * max(n, 1) + both[:, 1])
    key = key[np.concatenate(([True], key[1:] != key[:-1]))] if len(key) else key
    src = (key // max(n, 1)).astype(np.int64)
    dst = (key % max(n, 1)).astype(np.int32)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=indptr[1:])
    if side is None:
        side = _two_colouring(indptr, dst)
        side = None if n > 0 and side[0] < 0 else side
    return Graph(indptr, dst, side)


def graph_from_networkx(G) -> Graph:
    """Build a :class:`Graph` from a networkx graph with any hashable node labels.

    Vertices are numbered in ``G.nodes`` order; ``labels`` keeps the names.
    """
    nodes = list(G.nodes)
    index = {v: i for i, v in enumerate(nodes)}
    edges = np.array([(index[u], index[v]) for u, v in G.edges()], dtype=np.int64).reshape(-1, 2)
    g = graph_from_edges(len(nodes), edges)
    return Graph(g.indptr, g.indices, g.side, tuple(nodes))


@kernel
def _two_colouring(indptr, indices):
    """Colours 0/1 by BFS; returns ``[-1, ...]`` when an odd cycle exists."""
    n = len(indptr) - 1
    colour = np.full(n, -1, dtype=np.int8)
    queue = np.empty(n, dtype=np.int32)
    for s in range(n):
        if colour[s] >= 0:
            continue
        colour[s] = 0
        head, tail = 0, 1
        queue[0] = s
        while head < tail:
            u = queue[head]
            head += 1
            for k in range(indptr[u], indptr[u + 1]):
                w = indices[k]
                if colour[w] < 0:
                    colour[w] = 1 - colour[u]
                    queue[tail] = w
                    tail += 1
                elif colour[w] == colour[u]:
                    colour[:] = -1
                    return colour
    return colour


@kernel
def _grid_csr(free):
    """CSR of the 4-neighbour grid graph on the ``True`` cells, row-major ids.

    Neighbour order up, left, right, down keeps each list sorted by id.
    """
    rows, cols = free.shape
    vid = np.full((rows, cols), -1, dtype=np.int32)
    n = 0
    for r in range(rows):
        for c in range(cols):
            if free[r, c]:
                vid[r, c] = n
                n += 1
    indptr = np.zeros(n + 1, dtype=np.int64)
    cells = np.empty(n, dtype=np.int64)
    side = np.empty(n, dtype=np.int8)
    for r in range(rows):
        for c in range(cols):
            v = vid[r, c]
            if v < 0:
                continue
            d = 0
            if r > 0 and free[r - 1, c]:
                d += 1
            if c > 0 and free[r, c - 1]:
                d += 1
            if c + 1 < cols and free[r, c + 1]:
                d += 1
            if r + 1 < rows and free[r + 1, c]:
                d += 1
            indptr[v + 1] = indptr[v] + d
            cells[v] = r * cols + c
            side[v] = (r + c) & 1
    indices = np.empty(indptr[n], dtype=np.int32)
    for v in range(n):
        r = cells[v] // cols
        c = cells[v] % cols
        k = indptr[v]
        if r > 0 and free[r - 1, c]:
            indices[k] = vid[r - 1, c]
            k += 1
        if c > 0 and free[r, c - 1]:
            indices[k] = vid[r, c - 1]
            k += 1
        if c + 1 < cols and free[r, c + 1]:
            indices[k] = vid[r, c + 1]
            k += 1
        if r + 1 < rows and free[r + 1, c]:
            indices[k] = vid[r + 1, c]
            k += 1
    return indptr, indices, side, cells


def grid_graph(free: np.ndarray) -> tuple[Graph, np.ndarray]:
    """The 4-neighbour graph of the free cells of a board, and each vertex's cell.

    Vertices are the ``True`` cells of ``free`` in row-major order; the second
    result maps vertex ``v`` to its flat cell index ``row * cols + col``. The
    graph is bipartite by the parity of ``row + col``.

    >>> g, cells = grid_graph(np.array([[True, True], [False, True]]))
    >>> g.m, cells.tolist(), g.side.tolist()
    (2, [0, 1, 3], [0, 1, 0])
    """
    indptr, indices, side, cells = _grid_csr(np.ascontiguousarray(free, dtype=np.bool_))
    return Graph(indptr, indices, side), cells
