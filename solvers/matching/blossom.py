"""Maximum matching and the Gallai–Edmonds decomposition of any graph.

Edmonds' blossom algorithm, compiled with numba and free of recursion; the
final alternating forest of a maximum matching is the Gallai–Edmonds
decomposition, and its node chains are the certificate's alternating paths.
Bipartite graphs are better served by :mod:`gamecert.solvers.matching.types`'s
Hopcroft–Karp route, which :func:`~gamecert.solvers.matching.gallai_edmonds.gallai_edmonds`
picks automatically.
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.errors import SolverError
from gamecert.solvers.matching import _blossom, bipartite
from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import A, AlternatingPaths, C, D, Decomposition, Matching

#: Default cap on the certificate's path nodes: beyond it the paths are
#: refused rather than exhausting memory (deeply nested blossoms can need
#: ``Θ(V^2)`` nodes for the matching found, see :func:`general_gallai_edmonds`).
MAX_PATH_NODES = 1 << 25


def _path_budget(graph: Graph) -> int:
    return 8 * (graph.n + graph.m) + 1024


def _forest(graph: Graph, materialize: bool, max_nodes: int = MAX_PATH_NODES):
    mate = bipartite.greedy_matching(graph.indptr, graph.indices)
    # Chains beyond a linear budget make the kernel move the trees' roots once.
    budget = min(max_nodes, _path_budget(graph))
    label, start, node_vertex, node_next, component, phases = _blossom.maximum_matching_forest(
        graph.indptr, graph.indices, mate, materialize, budget, max_nodes
    )
    if phases < 0:
        raise SolverError(
            f"the certificate's alternating paths need more than {max_nodes} nodes "
            f"on this graph ({graph.n} vertices, deeply nested blossoms)"
        )
    return mate, label, start, node_vertex, node_next, component


def general_maximum_matching(graph: Graph) -> Matching:
    """Find a maximum cardinality matching of any undirected graph.

    Notes
    -----
    A degree-one-first greedy matching (Karp–Sipser's first rule) seeds
    Edmonds' blossom algorithm [1]_. Each phase grows an alternating forest
    from every unmatched vertex at once, contracting blossoms with a
    union-find on their bases [2]_, and augments along every path found
    between two live trees (both trees then retire for the phase); a
    blossom-born vertex keeps only its bridge, and an augmenting path is
    expanded from bridges with an explicit stack in time linear in its
    length. Phases repeat until one finds nothing. A phase costs
    ``O(E α(V) + V)`` time; there are at most ``V/2 + 1`` phases, so
    ``O(V E α(V))`` worst case, and a handful on random graphs. ``O(V + E)``
    space, no recursion.

    References
    ----------
    .. [1] J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17,
       1965, 449–467. DOI 10.4153/CJM-1965-045-4
    .. [2] H. N. Gabow, "An efficient implementation of Edmonds' algorithm
       for maximum matching on graphs", J. ACM 23(2), 1976.
       DOI 10.1145/321941.321942

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> general_maximum_matching(graph_from_edges(5, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)])).size
    2
    """
    return Matching(_forest(graph, False)[0])


def general_gallai_edmonds(graph: Graph, max_path_nodes: int = MAX_PATH_NODES) -> Decomposition:
    """Decompose any graph into Gallai–Edmonds parts ``D``, ``A``, ``C``.

    ``D`` holds the vertices missed by some maximum matching, ``A`` their
    neighbours outside ``D``, ``C`` the rest; ``component`` numbers the
    connected components of ``G[D]``.

    Notes
    -----
    After :func:`general_maximum_matching`'s last phase, the alternating
    forest grown from all unmatched vertices finds no augmenting path. Its
    outer vertices (including those absorbed into blossoms) are exactly
    ``D``, its inner vertices ``A``, the unreached ones ``C``, and its
    top-level outer blossoms are the components of ``G[D]`` — the
    Gallai–Edmonds structure theorem [1]_, [2]_. For each outer ``v`` the
    search keeps an even alternating path to its tree's root that is simple
    in ``G`` (blossoms expanded): grown vertices share their parent's path,
    and each side of a new blossom stores one reversed copy whose suffixes
    serve every vertex on that side. That is ``O(V)`` nodes on typical
    graphs but can reach ``Θ(V^2)`` when blossoms nest far from the root; past
    ``8 (V + E)`` nodes each tree's root is moved (by flipping an even path)
    to the base of its first blossom and the paths are rebuilt, which makes a
    tower of triangles linear again, and past ``max_path_nodes`` a
    :class:`~gamecert.solvers.errors.SolverError` is raised rather than exhausting
    memory (two towers joined at the top still need ``Θ(V^2)``). Time
    ``O(V E α(V) + L)`` for ``L`` path nodes, space ``O(V + E + L)``.

    References
    ----------
    .. [1] L. Lovász, M. D. Plummer, *Matching Theory*, North-Holland 1986,
       §3.2 (the Gallai–Edmonds structure theorem).
    .. [2] J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17,
       1965, 449–467. DOI 10.4153/CJM-1965-045-4

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> dec = general_gallai_edmonds(graph_from_edges(5, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]))
    >>> dec.D.tolist(), dec.A.tolist(), dec.C.tolist(), dec.nu
    ([0, 1, 2, 4], [3], [], 2)
    """
    mate, label, start, node_vertex, node_next, component = _forest(graph, True, max_path_nodes)
    part = np.where(label == _blossom.OUTER, D, np.where(label == _blossom.INNER, A, C)).astype(np.int8)
    is_d = part == D
    start = np.where(is_d, start, -1).astype(np.int32)
    paths = AlternatingPaths(node_vertex, node_next, start)
    return Decomposition(Matching(mate), part, component, paths)
