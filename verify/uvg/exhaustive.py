"""The UVG theorem on every connected graph up to ``n`` vertices, as a campaign of geng parts.

The claim: the player to move from ``v`` loses iff some maximum matching
avoids ``v``. One shard is one ``geng -c n res/mod`` part; it decodes the
part in bulk (:mod:`gamecert.verify.uvg.geng`), decides every start of every
graph by the compiled rule search
(:func:`gamecert.verify.uvg.batch.batch_search_loses`) and by the fast solver
``gamecert solve geography`` runs (Gallai–Edmonds on the disjoint union of
the part's bipartite graphs, and on that of the others), and compares them.

Connected graphs suffice: the token never leaves its component, and the
maximum matchings of a graph are the unions of maximum matchings of its
components, so both sides of the claim at ``v`` depend only on ``v``'s
component. Every graph on at most ``n`` vertices has components that are
connected graphs on at most ``n`` vertices, so the connected ones cover all
(273,193 connected graphs up to 9 vertices stand for all 288,266).

A disagreement is shrunk (edges, then vertices, removed while the two sides
still disagree) and reported as ``gamecert solve geography`` input with the
geng command of its part.

:class:`UvgGraphs` offers the campaigns to the commands: this audit, the
same theorem on random graphs of a seed (shard function
:func:`audit_random`), and every graph (connected or not) as judge input
for exhaustive stress runs.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

import numpy as np

from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.graph import graph_from_edges
from gamecert.solvers.matching.types import D
from gamecert.verify.capabilities import ExhaustiveAudit, ExhaustiveStress, RandomAudit
from gamecert.verify.geography.generator import edge_list_text
from gamecert.verify.uvg.audit import UVG_CLAIM, fast_losing
from gamecert.verify.uvg.batch import batch_bipartite, batch_search_loses
from gamecert.verify.uvg.geng import geng_args, geng_part, geng_path, graph6_bits, neighbour_masks, pair_index
from gamecert.verify.uvg.search import search_outcomes

if TYPE_CHECKING:
    from gamecert.verify.engine.campaign import Campaign, Shard
    from gamecert.verify.engine.sizes import SizeCost

#: geng parts per vertex count: about 10^4 to 10^5 graphs (a second or less) per shard.
PARTS = {8: 4, 9: 16, 10: 256, 11: 8192, 12: 2**20}

#: Connected graphs on n vertices (OEIS A001349): what ``geng -c n`` writes.
CONNECTED = {
    1: 1, 2: 1, 3: 2, 4: 6, 5: 21, 6: 112, 7: 853, 8: 11117, 9: 261080, 10: 11716571, 11: 1006700565,
    12: 164059830476,
}
#: Graphs on n vertices (OEIS A000088): what ``geng n`` writes.
GRAPHS = {
    1: 1, 2: 2, 3: 4, 4: 11, 5: 34, 6: 156, 7: 1044, 8: 12346, 9: 274668, 10: 12005168, 11: 1018997864,
    12: 165091172592,
}

#: Seconds per connected graph of the audit, one core (``benchmarks/campaign_sizes.py --measure``;
#: small n are mostly geng's start, n >= 10 a sample of parts).
AUDIT_SECONDS = {1: 6.1e-3, 4: 6.1e-3, 5: 9.2e-5, 6: 1.5e-5, 7: 7.3e-6, 8: 6.1e-6, 9: 2.0e-5, 10: 3.2e-5, 11: 8.4e-5}
#: Seconds per graph of the certified answers of an exhaustive stress run, one core (the same benchmark).
STRESS_SECONDS = {3: 7.6e-4, 4: 5.6e-4, 5: 5.6e-4, 6: 4.8e-4, 7: 8.7e-4, 8: 5.3e-4}
#: Seconds per random graph of :func:`audit_random`, one core (the same benchmark).
RANDOM_SECONDS = 3.4e-4


def graph_count(n: int, connected: bool) -> tuple[int, bool]:
    """The number of (connected) graphs on ``n`` vertices up to isomorphism, and whether it is exact.

    Past the tables (OEIS A001349, A000088) it is estimated as ``2^(n(n-1)/2) / n!``,
    the labelled graphs over the relabellings: almost every graph on many vertices is
    connected and has no symmetry, so both counts approach it (within 7% at n = 12).

    >>> graph_count(12, True), graph_count(13, True)
    ((164059830476, True), (48535481831642, False))
    """
    table = CONNECTED if connected else GRAPHS
    if n in table:
        return table[n], True
    return (1 << (n * (n - 1) // 2)) // math.factorial(n), False

NAME = "uvg-exhaustive"


def parts(n: int) -> int:
    """How many geng parts the graphs on ``n`` vertices are split into.

    >>> [parts(n) for n in (5, 9, 10)]
    [1, 16, 256]
    """
    return PARTS.get(n, 1) if n <= max(PARTS) else PARTS[max(PARTS)]


CLAIM = UVG_CLAIM


def fast_loses(bits: np.ndarray, nbrs: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """``loses`` per graph and start by the fast solver, and which graphs are bipartite.

    One Gallai–Edmonds decomposition of the disjoint union of the bipartite
    graphs (the bipartite route) and one of the others (the blossom route):
    the decomposition of a disjoint union is the union of the
    decompositions, so each graph's slice of ``part == D`` is its answer.
    """
    count = bits.shape[0]
    loses = np.zeros((count, n), dtype=bool)
    bipartite = batch_bipartite(nbrs, n)
    pi, pj = pair_index(n)
    for want in (True, False):
        members = np.flatnonzero(bipartite == want)
        if members.size == 0:
            continue
        g, k = np.nonzero(bits[members])
        offset = g.astype(np.int64) * n
        edges = np.stack([pi[k] + offset, pj[k] + offset], axis=1)
        union = graph_from_edges(members.size * n, edges)
        if (union.side is not None) != want:
            raise RuntimeError("the union of bipartite graphs lost its bipartition")
        loses[members] = (gallai_edmonds(union).part == D).reshape(members.size, n)
    return loses, bipartite


def _disagree(n: int, edges: list[tuple[int, int]]) -> int | None:
    """A start vertex where the fast solver and the rule search differ on one graph, or None."""
    adjacency: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        adjacency[u].append(v)
        adjacency[v].append(u)
    rules = search_outcomes(adjacency).loses
    (fast,) = fast_losing([(n, edges)])
    return next((v for v in range(n) if fast[v] != rules[v]), None)


def shrink_graph(n: int, edges: list[tuple[int, int]]) -> tuple[int, list[tuple[int, int]]]:
    """A smaller graph on which the two sides still disagree: drop edges, then vertices, greedily.

    Each step removes one edge, or one vertex (relabelling the others), and
    keeps the result only when :func:`_disagree` still finds a vertex, so
    the result is minimal for single removals.
    """
    changed = True
    while changed:
        changed = False
        for e in list(edges):
            smaller = [f for f in edges if f != e]
            if _disagree(n, smaller) is not None:
                edges, changed = smaller, True
                break
        if changed or n == 1:
            continue
        for x in range(n):
            smaller = [(u - (u > x), v - (v > x)) for u, v in edges if x not in (u, v)]
            if _disagree(n - 1, smaller) is not None:
                n, edges, changed = n - 1, smaller, True
                break
    return n, edges


def _word(loses: bool) -> str:
    return "loses" if loses else "wins"


def counterexample(
    n: int, res: int, mod: int, index: int, graph6: str, edges: list[tuple[int, int]], connected: bool = True
) -> str:
    """The report of a disagreement found on graph ``index`` of a geng part, shrunk, with how to reproduce it."""
    head = f"graph {index + 1} of `geng {' '.join(geng_args(n, res, mod, connected))}` (graph6 {graph6})"
    return disagreement(head, n, edges)


def disagreement(head: str, n: int, edges: list[tuple[int, int]]) -> str:
    """A disagreement on the graph ``head`` names, shrunk by :func:`shrink_graph`, as
    ``gamecert solve geography`` input."""
    small_n, small = shrink_graph(n, edges)
    v = _disagree(small_n, small)
    adjacency: list[list[int]] = [[] for _ in range(small_n)]
    for a, b in small:
        adjacency[a].append(b)
        adjacency[b].append(a)
    rules = search_outcomes(adjacency).loses[v] if v is not None else None
    if v is None:  # the batch and the single-graph routes disagree with each other
        return f"{head}: the batch comparison disagrees, but the graph alone agrees\n"
    return (
        f"{head}, shrunk to {small_n} vertices and {len(small)} edges, start vertex {v + 1}: "
        f"the fast solver says the player to move {_word(not rules)}, the rule search says {_word(rules)}\n"
        f"input (gamecert solve geography):\n"
        + "".join(f"    {row}\n" for row in edge_list_text(small_n, small).splitlines())
    )


def compare(bits: np.ndarray, n: int, counts: dict[str, int]) -> np.ndarray:
    """Decide a batch of graphs on ``n`` vertices (:func:`graph6_bits` rows) both ways; add to
    ``counts`` and return the indices of the graphs where the two sides differ."""
    nbrs = neighbour_masks(bits, n)
    rules = batch_search_loses(nbrs, n)
    fast, bipartite = fast_loses(bits, nbrs, n)
    bad = np.flatnonzero((rules != fast).any(axis=1))
    counts["graphs"] += int(bits.shape[0])
    counts["starts"] += int(bits.shape[0]) * n
    counts["losing starts"] += int(rules.sum())
    counts["bipartite graphs"] += int(bipartite.sum())
    counts["disagreements"] += int(bad.size)
    return bad


def audit_part(params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
    """Audit the UVG theorem on one geng part: counts, and the first disagreement shrunk.

    Counts: ``graphs``, ``starts`` (graph, start vertex) pairs, ``losing
    starts`` (the rule search's), ``bipartite graphs``, ``disagreements``
    (graphs with a start where the sides differ).

    >>> audit_part({"n": 4, "res": 0, "mod": 1}, {})
    ({'graphs': 6, 'starts': 24, 'losing starts': 3, 'bipartite graphs': 3, 'disagreements': 0}, [])
    """
    n, res, mod = int(params["n"]), int(params["res"]), int(params["mod"])
    connected = bool(params.get("connected", True))  # False: every graph (a benchmark's cross-check)
    data = geng_part(n, res, mod, connected)
    bits = graph6_bits(data, n)
    counts = dict.fromkeys(("graphs", "starts", "losing starts", "bipartite graphs", "disagreements"), 0)
    bad = compare(bits, n, counts)
    found = []
    if bad.size:
        i = int(bad[0])
        width = 1 + (n * (n - 1) // 2 + 5) // 6
        graph6 = data[i * (width + 1) : i * (width + 1) + width].decode()
        pi, pj = pair_index(n)
        edges = [(int(pi[k]), int(pj[k])) for k in np.flatnonzero(bits[i])]
        found.append(counterexample(n, res, mod, i, graph6, edges, connected))
    return counts, found


# ---------------------------------------------------------------------------
# Random graphs as a campaign: `gamecert audit --game geography --random COUNT --seed S`

#: Vertex counts and edge densities of the random graphs; graph ``i`` of seed ``s`` draws its
#: size, density and edges from a generator seeded by ``(s, i)``.
RANDOM_N = (10, 16)
DENSITIES = (0.1, 0.15, 0.2, 0.3, 0.45, 0.6, 0.8)
RANDOM_CHUNK = 2000


def random_graph(seed: int, index: int) -> tuple[int, np.ndarray]:
    """Random graph ``index`` of ``seed``: its vertex count and its graph6-order edge bits.

    >>> n, bits = random_graph(0, 0); n, bits.shape == (n * (n - 1) // 2,)
    (15, True)
    """
    rng = np.random.default_rng([seed, index])
    n = int(rng.integers(RANDOM_N[0], RANDOM_N[1] + 1))
    p = float(rng.choice(DENSITIES))
    return n, (rng.random(n * (n - 1) // 2) < p).astype(np.uint8)


def audit_random(params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
    """Audit the UVG theorem on random graphs ``lo..hi-1`` of a seed, batched by vertex count.

    >>> audit_random({"lo": 0, "hi": 3}, {"seed": 0})[0]["graphs"]
    3
    """
    seed = int(options["seed"])
    by_n: dict[int, list[tuple[int, np.ndarray]]] = {}
    for index in range(int(params["lo"]), int(params["hi"])):
        n, bits = random_graph(seed, index)
        by_n.setdefault(n, []).append((index, bits))
    counts = dict.fromkeys(("graphs", "starts", "losing starts", "bipartite graphs", "disagreements"), 0)
    found: list[str] = []
    for n, graphs in sorted(by_n.items()):
        bits = np.stack([b for _, b in graphs])
        bad = compare(bits, n, counts)
        if bad.size and not found:
            index = graphs[int(bad[0])][0]
            pi, pj = pair_index(n)
            edges = [(int(pi[k]), int(pj[k])) for k in np.flatnonzero(bits[int(bad[0])])]
            found.append(disagreement(f"random graph {index} of seed {seed} ({n} vertices)", n, edges))
    return counts, found


class UvgGraphs(ExhaustiveAudit, RandomAudit, ExhaustiveStress):
    """The UVG theorem on every connected graph up to ``N`` vertices (``gamecert audit --game
    geography --exhaustive N``), on random graphs of a seed (``--random COUNT --seed S``), and
    every graph up to ``N`` vertices as judge input (``gamecert stress geography --exhaustive N``)."""

    size = "vertices"
    claim = CLAIM
    counted = "connected graphs"
    stress_unit = "graphs"

    def audit_size(self, n: int) -> SizeCost:
        """The connected graphs on exactly ``n`` vertices and their cost.

        >>> UvgGraphs().audit_size(9).cases
        261080
        """
        from gamecert.verify.engine.sizes import size_cost

        return size_cost(*graph_count(n, connected=True), AUDIT_SECONDS, n)

    def stress_size(self, n: int) -> SizeCost:
        """Every graph on exactly ``n`` vertices (disconnected ones too) and its certified answer's cost."""
        from gamecert.verify.engine.sizes import size_cost

        return size_cost(*graph_count(n, connected=False), STRESS_SECONDS, n)

    def random_cost(self) -> float:
        return RANDOM_SECONDS

    def audit_name(self) -> str:
        return NAME

    def audit_campaign(self, max_n: int) -> Campaign:
        """Every connected graph on 1 to ``max_n`` vertices, one shard per geng part.

        >>> [s.key for s in UvgGraphs().audit_campaign(8).shards][-2:]
        ['n8-2of4', 'n8-3of4']
        """
        from gamecert.verify.engine.campaign import Campaign, Shard

        geng_path()  # a missing geng is reported here, before any shard is sent anywhere
        shards = tuple(
            Shard(f"n{n}-{res}of{parts(n)}", {"n": n, "res": res, "mod": parts(n)})
            for n in range(1, max_n + 1)
            for res in range(parts(n))
        )
        return Campaign(f"{NAME} up to {max_n} vertices", audit_part, shards, {}, "graphs")

    def audit_covered(self, max_n: int) -> str:
        return f"connected graphs up to {max_n} vertices (nauty's geng)"

    def random_name(self) -> str:
        return "uvg-random-campaign"

    def random_campaign(self, count: int, seed: int) -> Campaign:
        """``count`` random graphs of :data:`RANDOM_N` vertices, in shards of :data:`RANDOM_CHUNK` indices.

        >>> [s.key for s in UvgGraphs().random_campaign(4500, 7).shards]
        ['graphs0-1999', 'graphs2000-3999', 'graphs4000-4499']
        """
        from gamecert.verify.engine.campaign import Campaign, Shard

        shards = tuple(
            Shard(f"graphs{lo}-{min(count, lo + RANDOM_CHUNK) - 1}", {"lo": lo, "hi": min(count, lo + RANDOM_CHUNK)})
            for lo in range(0, count, RANDOM_CHUNK)
        )
        return Campaign(f"{self.random_name()} seed {seed}", audit_random, shards, {"seed": seed}, "graphs")

    def random_covered(self, count: int, seed: int) -> str:
        return f"random graphs of {RANDOM_N[0]} to {RANDOM_N[1]} vertices (seed {seed})"

    def stress_shards(self, max_n: int) -> tuple[Shard, ...]:
        """Every graph (disconnected ones too: a program can fail on them) on 1 to ``max_n`` vertices, by geng part."""
        from gamecert.verify.engine.campaign import Shard

        geng_path()
        return tuple(
            Shard(f"all-n{n}-{res}of{parts(n)}", {"n": n, "res": res, "mod": parts(n), "connected": False})
            for n in range(1, max_n + 1)
            for res in range(parts(n))
        )

    def stress_covered(self, max_n: int) -> str:
        return f"graphs up to {max_n} vertices (nauty's geng)"

    def stress_cases(self, params: Mapping) -> Iterator[tuple[str, str]]:
        """The graphs of one geng part as ``(label, edge-list input)``.

        >>> [label for label, _ in UvgGraphs().stress_cases({"n": 3, "res": 0, "mod": 1, "connected": False})]
        ['graph 1 of `geng -q 3`', 'graph 2 of `geng -q 3`', 'graph 3 of `geng -q 3`', 'graph 4 of `geng -q 3`']
        """
        n, res, mod = int(params["n"]), int(params["res"]), int(params["mod"])
        connected = bool(params.get("connected", True))
        bits = graph6_bits(geng_part(n, res, mod, connected), n)
        command = " ".join(geng_args(n, res, mod, connected))
        pi, pj = pair_index(n)
        for i, row in enumerate(bits):
            edges = [(int(pi[k]), int(pj[k])) for k in np.flatnonzero(row)]
            yield f"graph {i + 1} of `geng {command}`", edge_list_text(n, edges)
