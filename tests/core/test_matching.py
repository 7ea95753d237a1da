"""Maximum bipartite matching: every method against networkx on mazes and random graphs."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.errors import GamecertError
from gamecert.solvers.matching import _fastmatch, bipartite
from gamecert.solvers.matching.gallai_edmonds import METHODS, gallai_edmonds, maximum_matching
from gamecert.solvers.matching.graph import Graph, graph_from_edges, grid_graph


def networkx_nu(graph: Graph) -> int:
    G = nx.Graph()
    G.add_nodes_from(range(graph.n))
    G.add_edges_from(graph.edges().tolist())
    top = [v for v in range(graph.n) if graph.side[v] == 0]
    return len(nx.bipartite.hopcroft_karp_matching(G, top_nodes=top)) // 2


def assert_valid_matching(graph: Graph, mate: np.ndarray) -> None:
    assert mate.dtype == np.int32
    assert mate.shape == (graph.n,)
    matched = np.flatnonzero(mate >= 0)
    assert np.all(mate[matched] < graph.n)
    assert np.array_equal(mate[mate[matched]], matched), "mate is not symmetric"
    for u in matched.tolist():
        assert graph.has_edge(u, int(mate[u])), f"{u}-{mate[u]} is not an edge"


def random_maze(rows: int, cols: int, density: float, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).random((rows, cols)) >= density


def random_bipartite(left: int, right: int, p: float, seed: int) -> Graph:
    rng = np.random.default_rng(seed)
    adj = rng.random((left, right)) < p
    u, v = np.nonzero(adj)
    side = np.r_[np.zeros(left, np.int8), np.ones(right, np.int8)]
    return graph_from_edges(left + right, np.stack([u, v + left], axis=1), side)


MAZES = [
    pytest.param(rows, cols, density, seed, id=f"{rows}x{cols}-d{density}-s{seed}")
    for rows, cols in [(1, 1), (1, 17), (9, 1), (7, 8), (30, 30), (60, 60), (45, 60)]
    for density in [0.0, 0.1, 0.3, 0.5]
    for seed in [0, 1]
]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("rows, cols, density, seed", MAZES)
def test_maze_matching_is_maximum(method, rows, cols, density, seed):
    graph, _ = grid_graph(random_maze(rows, cols, density, seed))
    matching = maximum_matching(graph, method)
    assert_valid_matching(graph, matching.mate)
    assert matching.size == networkx_nu(graph)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(
    "left, right, p, seed",
    [(0, 0, 0.5, 0), (5, 0, 0.5, 0), (1, 1, 1.0, 0), (10, 12, 0.2, 1), (40, 35, 0.05, 2), (120, 100, 0.02, 3), (80, 80, 0.3, 4)],
)
def test_random_bipartite_matching_is_maximum(method, left, right, p, seed):
    graph = random_bipartite(left, right, p, seed)
    matching = maximum_matching(graph, method)
    assert_valid_matching(graph, matching.mate)
    assert matching.size == networkx_nu(graph)


# The kernels also augment from any valid matching: starting from nothing or
# from a poor maximal matching makes them find long augmenting paths even on
# graphs where the greedy start is already maximum.
KERNELS = {
    "push-relabel": lambda g, mate: _fastmatch.push_relabel(g.indptr, g.indices, g.side, mate, max(1, g.n // 10)),
    "push-relabel-rare-relabel": lambda g, mate: _fastmatch.push_relabel(g.indptr, g.indices, g.side, mate, 10**9),
    "push-relabel-every-push": lambda g, mate: _fastmatch.push_relabel(g.indptr, g.indices, g.side, mate, 1),
    "ms-bfs-graft": lambda g, mate: _fastmatch.ms_bfs_graft(g.indptr, g.indices, g.side, mate),
    "hopcroft-karp": lambda g, mate: bipartite.hopcroft_karp(g.indptr, g.indices, g.side, mate),
}


def poor_maximal_matching(graph: Graph, seed: int) -> np.ndarray:
    """A maximal matching picked in random edge order (no degree-one rule)."""
    mate = np.full(graph.n, -1, dtype=np.int32)
    edges = graph.edges()
    for u, v in edges[np.random.default_rng(seed).permutation(len(edges))].tolist():
        if mate[u] < 0 and mate[v] < 0:
            mate[u], mate[v] = v, u
    return mate


@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize("start", ["empty", "poor-maximal"])
@pytest.mark.parametrize("density, seed", [(0.0, 0), (0.1, 1), (0.2, 2), (0.3, 3), (0.4, 4)])
def test_kernels_augment_any_start(kernel, start, density, seed):
    graph, _ = grid_graph(random_maze(40, 50, density, seed))
    mate = np.full(graph.n, -1, np.int32) if start == "empty" else poor_maximal_matching(graph, seed)
    before = np.count_nonzero(mate >= 0) // 2
    KERNELS[kernel](graph, mate)
    assert_valid_matching(graph, mate)
    nu = networkx_nu(graph)
    assert np.count_nonzero(mate >= 0) // 2 == nu
    if start == "empty" and graph.m > 0:
        assert before < nu


@pytest.mark.parametrize("kernel", KERNELS)
def test_kernels_on_long_corridor_with_bad_start(kernel):
    # A path 0-1-...-(2k-1) matched on the "wrong" edges (1,2), (3,4), ...
    # leaves both ends free: the only augmenting path is the whole corridor.
    k = 500
    n = 2 * k
    graph = graph_from_edges(n, [(i, i + 1) for i in range(n - 1)])
    mate = np.full(n, -1, np.int32)
    for i in range(1, n - 1, 2):
        mate[i], mate[i + 1] = i + 1, i
    KERNELS[kernel](graph, mate)
    assert_valid_matching(graph, mate)
    assert np.all(mate >= 0)


@pytest.mark.parametrize("density, seed", [(0.1, 5), (0.25, 6), (0.4, 7)])
def test_gallai_edmonds_parts_agree_across_methods(density, seed):
    # D, A, C do not depend on which maximum matching is found.
    graph, _ = grid_graph(random_maze(50, 50, density, seed))
    parts = {method: gallai_edmonds(graph, method).part for method in METHODS}
    first = parts[METHODS[0]]
    for method, part in parts.items():
        assert np.array_equal(part, first), method


def test_unknown_method_is_refused():
    graph, _ = grid_graph(np.ones((2, 2), bool))
    with pytest.raises(GamecertError, match="unknown matching method"):
        maximum_matching(graph, "simplex")


@st.composite
def small_bipartite(draw):
    left = draw(st.integers(0, 7))
    right = draw(st.integers(0, 7))
    pairs = [(u, left + v) for u in range(left) for v in range(right)]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    side = np.r_[np.zeros(left, np.int8), np.ones(right, np.int8)]
    return graph_from_edges(left + right, np.array(edges, dtype=np.int64).reshape(-1, 2), side)


def brute_force_nu(graph: Graph) -> int:
    """Matching number by trying every subset of edges (tiny graphs only)."""
    edges = graph.edges().tolist()
    best = 0
    stack = [(0, 0, 0)]  # (next edge, used-vertex mask, size)
    while stack:
        i, used, size = stack.pop()
        best = max(best, size)
        if i == len(edges) or size + (len(edges) - i) <= best:
            continue
        u, v = edges[i]
        stack.append((i + 1, used, size))
        if not used >> u & 1 and not used >> v & 1:
            stack.append((i + 1, used | 1 << u | 1 << v, size + 1))
    return best


@settings(max_examples=150, deadline=None)
@given(small_bipartite(), st.sampled_from(list(KERNELS)), st.integers(0, 3))
def test_small_graphs_against_brute_force(graph, kernel, seed):
    nu = brute_force_nu(graph)
    for method in METHODS:
        matching = maximum_matching(graph, method)
        assert_valid_matching(graph, matching.mate)
        assert matching.size == nu
    mate = poor_maximal_matching(graph, seed)
    KERNELS[kernel](graph, mate)
    assert_valid_matching(graph, mate)
    assert np.count_nonzero(mate >= 0) // 2 == nu
