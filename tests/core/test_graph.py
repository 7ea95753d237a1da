"""The compact graph type and its constructors."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from gamecert.solvers.errors import GamecertError
from gamecert.solvers.matching.graph import graph_from_edges, graph_from_networkx, grid_graph


def test_empty_graph():
    g = graph_from_edges(0, [])
    assert (g.n, g.m, len(g.side)) == (0, 0, 0)


def test_self_loops_dropped_and_repeats_kept_once():
    g = graph_from_edges(4, [(0, 1), (1, 0), (0, 1), (2, 2), (2, 3)])
    assert g.m == 2
    assert g.edges().tolist() == [[0, 1], [2, 3]]
    assert [g.neighbors(v).tolist() for v in range(4)] == [[1], [0], [3], [2]]


def test_odd_cycle_has_no_bipartition():
    assert graph_from_edges(3, [(0, 1), (1, 2), (2, 0)]).side is None
    side = graph_from_edges(4, [(0, 1), (1, 2), (2, 3), (3, 0)]).side
    assert side.tolist() == [0, 1, 0, 1]


def test_endpoint_out_of_range():
    with pytest.raises(GamecertError, match="out of range"):
        graph_from_edges(2, [(0, 2)])


def test_networkx_labels_are_kept():
    G = nx.Graph([("a", ("b", 1)), (("b", 1), 3.5)])
    g = graph_from_networkx(G)
    assert g.labels == ("a", ("b", 1), 3.5)
    assert g.m == 2 and g.has_edge(0, 1) and g.has_edge(1, 2) and not g.has_edge(0, 2)


def test_grid_graph_matches_networkx_grid():
    rng = np.random.default_rng(5)
    free = rng.random((17, 23)) > 0.3
    g, cells = grid_graph(free)
    G = nx.grid_2d_graph(17, 23)
    G.remove_nodes_from([(r, c) for r in range(17) for c in range(23) if not free[r, c]])
    ours = {tuple(sorted((divmod(int(cells[u]), 23), divmod(int(cells[v]), 23)))) for u, v in g.edges().tolist()}
    assert ours == {tuple(sorted(e)) for e in G.edges()}
    assert all(g.side[v] == sum(divmod(int(cells[v]), 23)) % 2 for v in range(g.n))
