"""Audit the UVG theorem against the literal rules: every small graph, and random ones.

The fast side is the Gallai–Edmonds route ``gamecert solve geography`` runs
(:func:`gamecert.solvers.matching.gallai_edmonds.gallai_edmonds`: "the player to
move from ``v`` loses iff some maximum matching avoids ``v``"); the other side
is :func:`gamecert.verify.uvg.search.search_outcomes`, a rule search that knows
nothing of matchings. A counterexample carries the graph as
``gamecert solve geography`` input.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Iterator

import numpy as np

from gamecert.solvers.errors import GamecertError
from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.graph import graph_from_edges
from gamecert.solvers.matching.types import D
from gamecert.verify.capabilities import Audit, AuditResult, Audits
from gamecert.verify.geography.generator import edge_list_text
from gamecert.verify.uvg.search import search_outcomes


def _indent(text: str) -> str:
    return "".join(f"    {row}\n" for row in text.splitlines())


UVG_CLAIM = (
    "the player to move from v loses iff some maximum matching avoids v "
    "(fast solver: Gallai-Edmonds; reference: rule search)"
)

#: Edge densities drawn for random graphs.
_DENSITIES = (0.1, 0.15, 0.2, 0.3, 0.45, 0.6, 0.8)

Edges = list[tuple[int, int]]


def _neighbour_masks(n: int, edges: Edges) -> list[int]:
    nbr = [0] * n
    for u, v in edges:
        nbr[u] |= 1 << v
        nbr[v] |= 1 << u
    return nbr


def _is_bipartite(nbr: list[int]) -> bool:
    """Two-colour by bitmask BFS; False on the first edge inside one colour class."""
    colour = [-1] * len(nbr)
    for s in range(len(nbr)):
        if colour[s] >= 0:
            continue
        colour[s] = 0
        stack = [s]
        while stack:
            u = stack.pop()
            rest = nbr[u]
            while rest:
                low = rest & -rest
                w = low.bit_length() - 1
                rest ^= low
                if colour[w] < 0:
                    colour[w] = 1 - colour[u]
                    stack.append(w)
                elif colour[w] == colour[u]:
                    return False
    return True


def fast_losing(graphs: list[tuple[int, Edges]]) -> list[tuple[bool, ...]]:
    """``loses`` per graph, from two decompositions: one of the disjoint union
    of the bipartite graphs (the bipartite route) and one of the others (the
    blossom route). The decomposition of a disjoint union is the union of the
    decompositions, so each graph's slice is its own answer."""
    out: list[tuple[bool, ...] | None] = [None] * len(graphs)
    groups: dict[bool, list[int]] = {True: [], False: []}
    for i, (n, edges) in enumerate(graphs):
        groups[_is_bipartite(_neighbour_masks(n, edges))].append(i)
    for bipartite, members in groups.items():
        if not members:
            continue
        offsets = np.cumsum([0] + [graphs[i][0] for i in members])
        rows = [np.asarray(graphs[i][1], dtype=np.int64).reshape(-1, 2) + off for i, off in zip(members, offsets)]
        union = graph_from_edges(int(offsets[-1]), np.concatenate(rows))
        if (union.side is not None) != bipartite:
            raise GamecertError("internal: the union of bipartite graphs lost its bipartition")
        loses = (gallai_edmonds(union).part == D).tolist()
        for i, lo, hi in zip(members, offsets[:-1].tolist(), offsets[1:].tolist()):
            out[i] = tuple(loses[lo:hi])
    return out  # type: ignore[return-value]


def _word(loses: bool) -> str:
    return "loses" if loses else "wins"


def _uvg_counterexample(n: int, edges: Edges, v: int, fast: bool, rules: bool) -> str:
    alone = (gallai_edmonds(graph_from_edges(n, edges)).part == D).tolist()[v]
    where = "" if alone == fast else f" (on this graph alone it says {_word(alone)}: the union changed the answer)"
    return (
        f"a graph of {n} vertices and {len(edges)} edges, start vertex {v + 1}: "
        f"the fast solver says the player to move {_word(fast)}{where}, the rule search says {_word(rules)}\n"
        f"input (gamecert solve geography):\n{_indent(edge_list_text(n, edges))}"
    )


def uvg_agreement(graphs: Iterable[tuple[int, Edges]]) -> tuple[int, str | None]:
    """Compare the fast UVG solver with the rule search on many graphs.

    Returns the number of graphs checked (up to and including a failing one)
    and the first counterexample, or ``None``.

    >>> uvg_agreement([(3, [(0, 1), (1, 2)]), (3, [(0, 1), (1, 2), (2, 0)])])
    (2, None)
    """
    graphs = list(graphs)
    fast = fast_losing(graphs)
    for i, (n, edges) in enumerate(graphs):
        adjacency: list[list[int]] = [[] for _ in range(n)]
        for u, v in edges:
            adjacency[u].append(v)
            adjacency[v].append(u)
        rules = search_outcomes(adjacency).loses
        if fast[i] != rules:
            v = next(v for v in range(n) if fast[i][v] != rules[v])
            return i + 1, _uvg_counterexample(n, edges, v, fast[i][v], rules[v])
    return len(graphs), None


def labelled_graphs(n: int) -> Iterator[Edges]:
    """Every labelled simple graph on vertices ``0..n-1``, by edge bitmask over the sorted pairs.

    >>> [len(e) for e in labelled_graphs(3)]
    [0, 1, 1, 2, 1, 2, 2, 3]
    """
    pairs = list(itertools.combinations(range(n), 2))
    for mask in range(1 << len(pairs)):
        yield [p for b, p in enumerate(pairs) if mask >> b & 1]


def uvg_exhaustive(max_n: int = 6) -> AuditResult:
    """Audit the UVG theorem on every labelled graph with 1 to ``max_n`` vertices.

    Notes
    -----
    ``sum_n 2^C(n,2)`` graphs (33,867 up to 6 vertices). The fast side
    decomposes two disjoint unions (bipartite graphs, the rest) once each,
    ``O(V E)`` on the union; the rule search decides each graph from every
    start, exponential in ``n`` but quick at ``n = 6`` (see ``benchmarks/limits.md``).

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge
       geography", Theoret. Comput. Sci. 112(2), 1993, 371–381 (the
       matching criterion audited here).

    >>> uvg_exhaustive(3).line().split(" (")[0]
    'uvg-exhaustive: 11 graphs up to 3 vertices agree'
    """
    t0 = time.perf_counter()
    graphs = [(n, edges) for n in range(1, max_n + 1) for edges in labelled_graphs(n)]
    cases, bad = uvg_agreement(graphs)
    return AuditResult(
        "uvg-exhaustive", UVG_CLAIM, cases, time.perf_counter() - t0, bad, f"graphs up to {max_n} vertices"
    )


def random_graphs(count: int, min_n: int, max_n: int, seed: int) -> list[tuple[int, Edges]]:
    """``count`` random graphs: ``n`` uniform in ``min_n..max_n``, G(n, p) with ``p`` drawn per graph.

    >>> [n for n, _ in random_graphs(3, 7, 12, seed=0)]
    [12, 11, 7]
    """
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        n = int(rng.integers(min_n, max_n + 1))
        p = float(rng.choice(_DENSITIES))
        pairs = list(itertools.combinations(range(n), 2))
        keep = rng.random(len(pairs)) < p
        out.append((n, [e for e, k in zip(pairs, keep.tolist()) if k]))
    return out


def uvg_random(count: int = 2000, min_n: int = 7, max_n: int = 12, seed: int = 0) -> AuditResult:
    """Audit the UVG theorem on ``count`` random graphs of ``min_n`` to ``max_n`` vertices.

    Notes
    -----
    Graphs from :func:`random_graphs` (seeded); compared as in
    :func:`uvg_exhaustive`. The rule search dominates, exponential in the
    number of vertices (see ``benchmarks/limits.md``).

    >>> uvg_random(5, 4, 6, seed=1).cases
    5
    """
    t0 = time.perf_counter()
    cases, bad = uvg_agreement(random_graphs(count, min_n, max_n, seed))
    covered = f"random graphs of {min_n} to {max_n} vertices (seed {seed})"
    return AuditResult("uvg-random", UVG_CLAIM, cases, time.perf_counter() - t0, bad, covered)


#: The audits of ``gamecert audit --game geography`` (and their ``--quick`` sizes).
UVG_AUDITS = (
    Audit("uvg-exhaustive", uvg_exhaustive, {"max_n": 5}),
    Audit("uvg-random", uvg_random, {"count": 100, "min_n": 7, "max_n": 12}, seeded=True),
)


class UvgAudits(Audits):
    """``gamecert audit --game geography``: :data:`UVG_AUDITS`."""

    def audits(self) -> tuple[Audit, ...]:
        return UVG_AUDITS
