"""Stress cases for undirected vertex geography: edge families, random graphs, shrinking (:class:`GeographyStressCases`).

Every text is an edge list as :func:`gamecert.solvers.geography.solver.parse_geography`
reads it: ``n m`` then ``m`` lines ``u v`` with vertices ``1..n``. Self-loops
and repeated edges are legal input (the game ignores them), so a few cases
carry them on purpose. The size knob is the number of vertices.

A case shrinks by the measure ``n + m`` (vertices plus edge lines): every
reduction drops at least one edge line or one vertex, so repeatedly taking a
reduction ends after at most ``n + m`` steps.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from gamecert.solvers.geography.solver import parse_geography
from gamecert.verify.capabilities import StressCases
from gamecert.verify.geography.families import double_tower, flower, tower

Edges = list[tuple[int, int]]

#: Complete graphs and complete bipartite sides stop at this many vertices.
_DENSE = 40


def edge_list_text(n: int, edges: Edges) -> str:
    """Edge-list text of a graph on ``0..n-1`` (written 1-based)."""
    return f"{n} {len(edges)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges)


def _read(text: str) -> tuple[int, Edges]:
    g = parse_geography(text)
    return g.n, [(int(u), int(v)) for u, v in g.edges.tolist()]


def measure(text: str) -> int:
    """Vertices plus edge lines: what every reduction lowers."""
    n, edges = _read(text)
    return n + len(edges)


def _path(n: int) -> Edges:
    return [(i, i + 1) for i in range(n - 1)]


def _cycle(n: int) -> Edges:
    return [(i, (i + 1) % n) for i in range(n)]


def _complete(n: int) -> Edges:
    return [(u, v) for u in range(n) for v in range(u + 1, n)]


def _bipartite(a: int, b: int) -> Edges:
    return [(u, a + v) for u in range(a) for v in range(b)]


def _families(max_size: int) -> Iterator[tuple[str, int, Edges]]:
    """(name, n, edges) of every family, small members first; sizes may exceed max_size."""
    yield "empty graph", 0, []
    yield "single vertex", 1, []
    yield "single self-loop", 1, [(0, 0)]
    yield "single edge", 2, [(0, 1)]
    yield "repeated edge", 2, [(0, 1), (1, 0), (0, 1)]
    yield "edge with self-loops", 2, [(0, 0), (0, 1), (1, 1)]
    yield "two isolated vertices", 2, []
    yield "edge and isolated vertex", 3, [(1, 2)]
    yield "triangle", 3, _cycle(3)
    yield "triangle with repeats", 3, _cycle(3) + [(1, 0), (2, 2)]
    for n in sorted({3, 4, 5, 6, 7, max_size - 1, max_size}):
        if n >= 3:
            yield f"path {n}", n, _path(n)
            yield f"cycle {n}", n, _cycle(n)
            yield f"star {n}", n, [(0, i) for i in range(1, n)]
            if n <= _DENSE:
                yield f"complete {n}", n, _complete(n)
            yield f"isolated {n}", n, []
            yield f"cycle plus isolated {n}", n, _cycle(n - 1) if n >= 4 else []
    half = min(max_size, 2 * _DENSE) // 2
    for a, b in ((1, 2), (2, 2), (2, 3), (3, 3), (2, 5), (half, half + max_size % 2)):
        if a >= 1 and b >= 1:
            yield f"complete bipartite {a},{b}", a + b, _bipartite(a, b)
    # A blossom with a stem: an odd cycle hanging off a path.
    for cyc, stem in ((3, 1), (3, 2), (5, 2), (5, 3), (max_size // 2 | 1, max_size - (max_size // 2 | 1))):
        if cyc >= 3 and stem >= 0:
            edges = _cycle(cyc) + [(cyc - 1 + i, cyc + i) for i in range(stem)]
            yield f"blossom {cyc} with stem {stem}", cyc + stem, edges
    # Two triangles joined through a path: a D-component and a tail.
    yield "bowtie", 5, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2)]
    yield "two triangles and a bridge", 6, _cycle(3) + [(u + 3, v + 3) for u, v in _cycle(3)] + [(2, 3)]
    for k in (1, 2, 3, (max_size - 3) // 2):
        if k >= 1:
            n, edges = tower(k)
            yield f"tower {k}", n, edges
            n, edges = double_tower(k)
            yield f"double tower {k}", n, edges
    for petals, depth in ((2, 1), (3, 2), (2, 3)):
        n, edges = flower(petals, depth)
        yield f"flower {petals}x{depth}", n, edges
    # Several components of different kinds side by side.
    parts = [(3, _cycle(3)), (4, _path(4)), (1, []), (5, _cycle(5)), (2, [(0, 1)])]
    n, edges = 0, []
    for size, part in parts:
        edges += [(u + n, v + n) for u, v in part]
        n += size
    yield "mixed components", n, edges


def edge_cases(max_size: int) -> Iterator[tuple[str, str]]:
    """Edge-case graphs with at most ``max_size`` vertices, as (family, edge-list text).

    Empty graph, a single vertex, a single edge, self-loops and repeated
    edges, isolated vertices, paths and cycles of both parities, stars,
    complete and complete bipartite graphs, blossoms with stems, towers of
    nested blossoms, flowers and mixed components.

    Notes
    -----
    A fixed list of families; ``O(max_size^2)`` text per case (complete
    graphs), no randomness.

    >>> next(edge_cases(3))
    ('empty graph', '0 0\\n')
    """
    seen: set[str] = set()
    for name, n, edges in _families(max_size):
        if n > max_size:
            continue
        text = edge_list_text(n, edges)
        if text not in seen:
            seen.add(text)
            yield name, text


def random_case(rng: random.Random, size: int) -> str:
    """A random graph on at most ``size`` vertices, as an edge-list text.

    Half the time ``G(n, p)`` with a random ``p``, otherwise a sparse graph
    (a random forest plus a few chords, so odd cycles and blossoms appear).
    Now and then a self-loop or a repeated edge is added, and edges come in
    random order and orientation.

    Notes
    -----
    ``O(n^2)`` time for ``G(n, p)``, ``O(n)`` for sparse graphs; the text is
    a function of ``rng``'s state alone.

    >>> random_case(random.Random(1), 4) == random_case(random.Random(1), 4)
    True
    """
    n = rng.randint(1, max(1, size))
    edges: Edges = []
    if rng.random() < 0.5:
        p = rng.choice((0.1, 0.2, 0.3, 0.5, 0.8)) if n > 3 else rng.random()
        edges = [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < p]
    else:
        # A random forest: each vertex hangs off an earlier one or starts a tree.
        edges = [(rng.randrange(v), v) for v in range(1, n) if rng.random() < 0.85]
        for _ in range(rng.randint(0, max(1, n // 2))):
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v:
                edges.append((u, v))
        edges = list(dict.fromkeys((min(u, v), max(u, v)) for u, v in edges))
    if edges and rng.random() < 0.1:
        edges.append(rng.choice(edges))
    if rng.random() < 0.1:
        v = rng.randrange(n)
        edges.append((v, v))
    rng.shuffle(edges)
    edges = [(v, u) if rng.random() < 0.5 else (u, v) for u, v in edges]
    return edge_list_text(n, edges)


def _keep_vertices(edges: Edges, keep: list[int]) -> tuple[int, Edges]:
    """The subgraph on the vertices ``keep`` (increasing), renumbered ``0..len(keep)-1``."""
    new = {v: i for i, v in enumerate(keep)}
    return len(keep), [(new[u], new[v]) for u, v in edges if u in new and v in new]


def reductions(text: str) -> Iterator[str]:
    """Smaller graphs for delta debugging, coarse cuts first.

    Drop half the edge lines (each half, then each quarter, ...), then all
    isolated vertices, then half the vertices with their edges (each half,
    each quarter, ..., single vertices), then single edge lines. Remaining
    vertices are renumbered in order so that names stay ``1..n``. Each
    candidate has a smaller ``n + m`` and parses.

    Notes
    -----
    ``O(n + m)`` candidates of ``O(n + m)`` text each, produced lazily.
    The coarse-to-fine order follows delta debugging (A. Zeller, R. Hildebrandt,
    "Simplifying and isolating failure-inducing input", IEEE TSE 28(2), 2002,
    doi:10.1109/32.988498).

    >>> list(reductions("3 1\\n1 2\\n"))
    ['2 1\\n1 2\\n', '2 0\\n', '3 0\\n']
    """
    n, edges = _read(text)
    m = len(edges)
    seen: set[str] = set()

    def fresh(candidate: str) -> bool:
        if candidate in seen:
            return False
        seen.add(candidate)
        return True

    chunk = m // 2
    while chunk >= 2:
        for lo in range(0, m, chunk):
            cut = edge_list_text(n, edges[:lo] + edges[lo + chunk :])
            if fresh(cut):
                yield cut
        chunk //= 2
    touched = sorted({v for e in edges for v in e})
    if len(touched) < n:
        cut = edge_list_text(*_keep_vertices(edges, touched))  # every isolated vertex at once
        if fresh(cut):
            yield cut
    chunk = n // 2
    while chunk >= 1:
        for lo in range(0, n, chunk):
            cut = edge_list_text(*_keep_vertices(edges, [v for v in range(n) if not lo <= v < lo + chunk]))
            if fresh(cut):
                yield cut
        chunk //= 2
    for i in range(m):
        cut = edge_list_text(n, edges[:i] + edges[i + 1 :])
        if fresh(cut):
            yield cut


class GeographyStressCases(StressCases):
    """``gamecert stress geography``: the edge-case graphs, random graphs and reductions above."""

    def edge_cases(self, max_size: int) -> Iterator[tuple[str, str]]:
        return edge_cases(max_size)

    def random_case(self, rng: random.Random, size: int) -> str:
        return random_case(rng, size)

    def reductions(self, text: str) -> Iterator[str]:
        return reductions(text)
