"""Maximum matchings and the Gallai–Edmonds decomposition, with certificates.

Bipartite graphs are handled here (a maximum matching, then one alternating
BFS); general graphs go to Edmonds' blossom algorithm in
:mod:`gamecert.solvers.matching.blossom`. Each result carries what the
certificate checker needs to prove it without trusting the solver.
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.errors import GamecertError
from gamecert.solvers.matching import _fastmatch, bipartite
from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import AlternatingPaths, Decomposition, Matching

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
    full BFS per path length (``benchmarks/maze.py``; the measured figures
    are in ``benchmarks/limits.md``).

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
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> maximum_matching(graph_from_edges(3, [(0, 1), (1, 2)])).size
    1
    """
    if graph.side is None:
        raise GamecertError("maximum_matching needs a bipartite graph (side is None)")
    if method not in METHODS:
        raise GamecertError(f"unknown matching method {method!r}; choose from {', '.join(METHODS)}")
    mate = bipartite.greedy_matching(graph.indptr, graph.indices)
    if method == "auto":
        method = "ms-bfs-graft" if 200 * np.count_nonzero(mate < 0) >= graph.n else "push-relabel"
    if method == "push-relabel":
        every = max(1, graph.n // 10)
        _fastmatch.push_relabel(graph.indptr, graph.indices, graph.side, mate, every)
    elif method == "ms-bfs-graft":
        _fastmatch.ms_bfs_graft(graph.indptr, graph.indices, graph.side, mate)
    else:
        bipartite.hopcroft_karp(graph.indptr, graph.indices, graph.side, mate)
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
    algorithm, :func:`gamecert.solvers.matching.blossom.general_gallai_edmonds`.

    References
    ----------
    .. [1] L. Lovász, M. D. Plummer, *Matching Theory*, North-Holland 1986,
       §3.2 (the Gallai–Edmonds structure theorem).

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> dec = gallai_edmonds(graph_from_edges(3, [(0, 1), (1, 2)]))
    >>> dec.D.tolist(), dec.A.tolist(), dec.C.tolist()
    ([0, 2], [1], [])
    """
    if graph.side is None:
        # Not bipartite: Edmonds' blossom algorithm (method is for bipartite graphs).
        # Imported here: bipartite inputs (every maze, every Bunny-and-Egg position) never load
        # the blossom kernels. blossom imports nothing of this module, so there is no cycle.
        from gamecert.solvers.matching import blossom

        return blossom.general_gallai_edmonds(graph)
    matching = maximum_matching(graph, method)
    part, component, parent, start = bipartite.alternating_forest(graph.indptr, graph.indices, matching.mate)
    paths = AlternatingPaths(np.arange(graph.n, dtype=np.int32), parent, start)
    return Decomposition(matching, part, component, paths)
