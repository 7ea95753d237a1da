"""Maximum matchings and the Gallai–Edmonds decomposition, with certificates.

The answer to undirected vertex geography is read off the decomposition: the
player to move from ``v`` loses iff ``v`` is in ``D`` (some maximum matching
misses ``v``). Each result carries what :mod:`verify.certificate` needs to
prove it without trusting the solver.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from . import _bipartite
from .errors import GamecertError
from .graph import Graph

#: Codes of the Gallai–Edmonds parts in :attr:`Decomposition.part`.
D, A, C = 0, 1, 2


@dataclass(frozen=True, eq=False)
class Matching:
    """A matching as a symmetric ``mate`` array (``-1`` = unmatched)."""

    mate: np.ndarray

    @property
    def size(self) -> int:
        return int(np.count_nonzero(self.mate >= 0)) // 2

    def pairs(self) -> np.ndarray:
        """The matched edges as rows ``(u, v)`` with ``u < v``."""
        u = np.flatnonzero(self.mate > np.arange(len(self.mate)))
        return np.stack([u, self.mate[u]], axis=1)


@dataclass(frozen=True, eq=False)
class AlternatingPaths:
    """Even alternating paths from unmatched vertices, stored as a forest of nodes.

    Node ``k`` stands on vertex ``node_vertex[k]``; its successor toward the
    path's unmatched end is ``node_next[k]`` (``-1`` at that end). The path of
    a vertex ``v`` starts at node ``start[v]`` (``-1`` when ``v`` has none).
    Paths that share their tail share nodes; in bipartite graphs node ``k`` is
    vertex ``k`` and the nodes form the alternating BFS forest.
    """

    node_vertex: np.ndarray
    node_next: np.ndarray
    start: np.ndarray

    def path(self, v: int) -> list[int]:
        """The vertices of ``v``'s path, from ``v`` to the unmatched vertex."""
        out = []
        k = int(self.start[v])
        while k >= 0:
            out.append(int(self.node_vertex[k]))
            k = int(self.node_next[k])
        return out


@dataclass(frozen=True, eq=False)
class Decomposition:
    """The Gallai–Edmonds decomposition of a graph with its certificate.

    Attributes
    ----------
    matching : a maximum matching
    part : int8 array, ``D`` (0), ``A`` (1) or ``C`` (2) per vertex
    component : int32 array, the index of the ``D``-component holding each
        ``D`` vertex, ``-1`` for vertices of ``A`` and ``C``
    paths : for every ``D`` vertex an even alternating path from an
        unmatched vertex (flipping it gives a maximum matching missing it)
    """

    matching: Matching
    part: np.ndarray
    component: np.ndarray
    paths: AlternatingPaths

    @property
    def D(self) -> np.ndarray:
        return np.flatnonzero(self.part == D)

    @property
    def A(self) -> np.ndarray:
        return np.flatnonzero(self.part == A)

    @property
    def C(self) -> np.ndarray:
        return np.flatnonzero(self.part == C)

    @property
    def nu(self) -> int:
        return self.matching.size

    def outcomes(self) -> Outcomes:
        return Outcomes(tuple(bool(x) for x in self.part == D), self.nu)


@dataclass(frozen=True)
class Outcomes:
    """Who wins undirected vertex geography from each start vertex.

    ``loses[v]`` is True when the player to move with the token on ``v`` has
    no winning strategy. Every formulation in :mod:`verify` returns this type,
    so a cross-check is an equality. ``nu``, the matching number, is filled in
    by formulations that compute it and is left out of the equality.
    """

    loses: tuple[bool, ...]
    nu: int | None = field(default=None, compare=False)

    @property
    def losing(self) -> list[int]:
        return [v for v, x in enumerate(self.loses) if x]


#: Maximum matching algorithms for bipartite graphs; the first is the default.
METHODS = ("auto", "push-relabel", "ms-bfs-graft", "hopcroft-karp")


def maximum_matching(graph: Graph, method: str = "auto") -> Matching:
    """Find a maximum cardinality matching of a bipartite graph.

    Parameters
    ----------
    graph : Graph with a bipartition ``side``
    method : one of :data:`METHODS`: ``"auto"`` (default), ``"push-relabel"``,
        ``"ms-bfs-graft"`` or ``"hopcroft-karp"``

    Returns
    -------
    Matching

    Notes
    -----
    Every method starts from a degree-one-first greedy matching (Karp–Sipser's
    first rule, exact) and augments it; none recurses, all use ``O(V)`` extra
    space.

    The default, ``"auto"``, runs ``"ms-bfs-graft"`` when at least 0.5% of
    the vertices are still free after the greedy start, else
    ``"push-relabel"``: the crossover measured on random mazes (push–relabel
    wins up to wall density about 0.08, tree grafting above). Both are
    ``O(V E)`` in the worst case and beat Hopcroft–Karp on mazes, where the
    last augmenting paths are hundreds of edges long and Hopcroft–Karp pays a
    full BFS per path length (14-27x faster on 1000x1000 mazes at wall
    density 0.1-0.3; ``benchmarks/maze.py``).

    ``"push-relabel"`` is PR-FIFO-fair of Kaya, Langguth, Manne and Uçar
    [1]_: a free column takes its neighbour row of least label (a double
    push that frees the row's old mate), the row is relabelled to the second
    least label plus two, free columns wait in a FIFO queue, and every
    ``V/10`` pushes a global relabelling (a BFS from the free rows) makes the
    labels exact distances and retires for good the free columns that reach
    no free row. A row's label only grows and stays below ``V + 2``: at most
    ``O(V^2)`` pushes, ``O(V E)`` time.

    ``"ms-bfs-graft"`` [2]_ grows alternating BFS trees from all free columns
    at once; a tree stops when it reaches a free row. After augmenting those
    trees it releases only their vertices and grafts them onto the trees that
    survive, so a phase does not redo the search of the last one. A phase
    without augmentation proves the matching maximum (the surviving trees are
    Hungarian trees). Every phase augments at least once: ``O(V E)`` time.

    ``"hopcroft-karp"`` [3]_ layers the graph by shortest augmenting distance
    and augments along vertex-disjoint shortest paths, ``O(E sqrt(V))``.

    References
    ----------
    .. [1] K. Kaya, J. Langguth, F. Manne, B. Uçar, "Push-relabel based
       algorithms for the maximum transversal problem", Computers &
       Operations Research 40(5), 2013. DOI 10.1016/j.cor.2012.12.009
    .. [2] A. Azad, A. Buluç, A. Pothen, "Computing maximum cardinality
       matchings in parallel on bipartite graphs via tree-grafting", IEEE
       Trans. Parallel Distrib. Syst. 28(1), 2017.
       DOI 10.1109/TPDS.2016.2546258
    .. [3] J. E. Hopcroft, R. M. Karp, "An n^{5/2} algorithm for maximum
       matchings in bipartite graphs", SIAM J. Comput. 2(4), 1973.
       DOI 10.1137/0202019

    Examples
    --------
    >>> from solvers.graph import graph_from_edges
    >>> maximum_matching(graph_from_edges(3, [(0, 1), (1, 2)])).size
    1
    """
    if graph.side is None:
        raise GamecertError("maximum_matching needs a bipartite graph (side is None)")
    if method not in METHODS:
        raise GamecertError(f"unknown matching method {method!r}; choose from {', '.join(METHODS)}")
    from . import _fastmatch

    mate = _bipartite.greedy_matching(graph.indptr, graph.indices)
    if method == "auto":
        method = "ms-bfs-graft" if 200 * np.count_nonzero(mate < 0) >= graph.n else "push-relabel"
    if method == "push-relabel":
        every = max(1, graph.n // 10)
        _fastmatch.push_relabel(graph.indptr, graph.indices, graph.side, mate, every)
    elif method == "ms-bfs-graft":
        _fastmatch.ms_bfs_graft(graph.indptr, graph.indices, graph.side, mate)
    else:
        _bipartite.hopcroft_karp(graph.indptr, graph.indices, graph.side, mate)
    return Matching(mate)


def gallai_edmonds(graph: Graph, method: str = "auto") -> Decomposition:
    """Decompose a graph into Gallai–Edmonds parts ``D``, ``A``, ``C``.

    ``D`` holds the vertices missed by some maximum matching, ``A`` their
    neighbours outside ``D``, ``C`` the rest.

    Notes
    -----
    After a maximum matching (:func:`maximum_matching`), one alternating BFS
    from all unmatched vertices at once labels vertices even or odd; in a
    bipartite graph the even ones are exactly ``D`` and the odd ones ``A``
    [1]_. The BFS parents are the certificate's alternating paths. ``O(V + E)``
    time and space beyond the matching. Each ``D`` vertex is its own
    ``D``-component (the only factor-critical bipartite graph is ``K_1``).
    Graphs without a bipartition (``side`` is None) go to Edmonds' blossom
    algorithm, :func:`solvers.blossom.general_gallai_edmonds`.

    References
    ----------
    .. [1] L. Lovász, M. D. Plummer, *Matching Theory*, North-Holland 1986,
       §3.2 (the Gallai–Edmonds structure theorem).

    Examples
    --------
    >>> from solvers.graph import graph_from_edges
    >>> dec = gallai_edmonds(graph_from_edges(3, [(0, 1), (1, 2)]))
    >>> dec.D.tolist(), dec.A.tolist(), dec.C.tolist()
    ([0, 2], [1], [])
    """
    if graph.side is None:
        # Not bipartite: Edmonds' blossom algorithm (method is for bipartite graphs).
        from .blossom import general_gallai_edmonds

        return general_gallai_edmonds(graph)
    matching = maximum_matching(graph, method)
    part, component, parent, start = _bipartite.alternating_forest(graph.indptr, graph.indices, matching.mate)
    paths = AlternatingPaths(np.arange(graph.n, dtype=np.int32), parent, start)
    return Decomposition(matching, part, component, paths)
