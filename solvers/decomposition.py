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


METHODS = ("hopcroft-karp",)


def maximum_matching(graph: Graph, method: str = "hopcroft-karp") -> Matching:
    """Find a maximum cardinality matching of a bipartite graph.

    Parameters
    ----------
    graph : Graph with a bipartition ``side``
    method : ``"hopcroft-karp"``

    Returns
    -------
    Matching

    Notes
    -----
    A degree-one-first greedy pass (Karp–Sipser's first rule) seeds
    Hopcroft–Karp [1]_: phases of one BFS layering by shortest augmenting
    distance and vertex-disjoint depth-first augmentations along the layers,
    ``O(E sqrt(V))`` time, ``O(V)`` extra space, no recursion.

    References
    ----------
    .. [1] J. E. Hopcroft, R. M. Karp, "An n^{5/2} algorithm for maximum
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
    mate = _bipartite.greedy_matching(graph.indptr, graph.indices)
    _bipartite.hopcroft_karp(graph.indptr, graph.indices, graph.side, mate)
    return Matching(mate)


def gallai_edmonds(graph: Graph, method: str = "hopcroft-karp") -> Decomposition:
    """Decompose a bipartite graph into Gallai–Edmonds parts ``D``, ``A``, ``C``.

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
    matching = maximum_matching(graph, method)
    level, parent = _bipartite.alternating_forest(graph.indptr, graph.indices, matching.mate)
    part = np.where(level == 0, D, np.where(level == 1, A, C)).astype(np.int8)
    is_d = part == D
    component = np.full(graph.n, -1, dtype=np.int32)
    component[is_d] = np.arange(int(is_d.sum()), dtype=np.int32)
    vertices = np.arange(graph.n, dtype=np.int32)
    start = np.where(is_d, vertices, -1).astype(np.int32)
    paths = AlternatingPaths(vertices, parent, start)
    return Decomposition(matching, part, component, paths)
