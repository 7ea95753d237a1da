"""The routes built for judge sizes: the warm-started LP, König SAT and CP-SAT, against the fast solver.

Each is compared with the fast solver on hypothesis-drawn graphs and boards
(bipartite ones for the LP and König SAT, any graph for CP-SAT), and on the
hand-checked graphs of ``test_formulations``.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.matching.graph import graph_from_edges
from gamecert.verify.geography.game import GeographyGame
from gamecert.verify.maze.game import MazeGame
from gamecert.verify.uvg.cpsat import cpsat_outcomes
from gamecert.verify.uvg.konig import konig_avoidable, konig_outcomes
from gamecert.verify.uvg.lp import bipartition, lp_avoidable, lp_outcomes

from .test_formulations import KNOWN, make_graph

BIPARTITE_ROUTES = [lp_outcomes, konig_outcomes]
GEOGRAPHY = GeographyGame()
MAZE = MazeGame()


def geography_text(n: int, edges: list[tuple[int, int]]) -> str:
    return f"{n} {len(edges)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges)


def fast_outcomes(n: int, edges: list[tuple[int, int]]):
    instance = GEOGRAPHY.parse(geography_text(n, edges), "<test>", False)
    return GEOGRAPHY.answer(GEOGRAPHY.solve(instance)), GEOGRAPHY.graph(instance)


@pytest.mark.parametrize("name, n, edges, loses, nu", [k for k in KNOWN if k[1] > 0], ids=[k[0] for k in KNOWN if k[1] > 0])
def test_known_graphs(name, n, edges, loses, nu):
    g = make_graph(n, edges)
    routes = [cpsat_outcomes] + (BIPARTITE_ROUTES if bipartition(g) is not None else [])
    for route in routes:
        out = route(g)
        assert (out.loses, out.nu) == (loses, nu), route.__name__


@pytest.mark.parametrize("route", BIPARTITE_ROUTES + [lp_avoidable, konig_avoidable])
def test_odd_cycles_are_refused(route):
    triangle = graph_from_edges(3, [(0, 1), (1, 2), (2, 0)])
    with pytest.raises(ValueError, match="odd cycle"):
        route(triangle) if route in BIPARTITE_ROUTES else route(triangle, 0)


@st.composite
def bipartite_graphs(draw, max_side: int = 7):
    a, b = draw(st.integers(1, max_side)), draw(st.integers(0, max_side))
    pairs = [(u, a + v) for u in range(a) for v in range(b)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs))) if pairs else []
    order = draw(st.permutations(range(a + b)))  # sides interleaved, not 0..a-1 then a..
    return a + b, [(order[u], order[v]) for u, v in chosen]


@st.composite
def any_graphs(draw, max_n: int = 10):
    n = draw(st.integers(1, max_n))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    return n, (draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs))) if pairs else [])


@st.composite
def boards(draw, max_side: int = 7):
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    free = draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))
    lines = ["".join("." if free[r * cols + c] else "#" for c in range(cols)) for r in range(rows)]
    return f"{rows} {cols}\n" + "\n".join(lines) + "\n"


@settings(max_examples=120, deadline=None)
@given(bipartite_graphs())
def test_lp_and_konig_equal_the_solver_on_bipartite_graphs(case):
    n, edges = case
    fast, g = fast_outcomes(n, edges)
    for route in BIPARTITE_ROUTES:
        out = route(g)
        assert out.loses == fast.loses, route.__name__
        assert out.nu == len(nx.bipartite.hopcroft_karp_matching(_nx(n, edges), top_nodes=_side0(g))) // 2


@settings(max_examples=60, deadline=None)
@given(bipartite_graphs(max_side=5), st.data())
def test_one_vertex_questions_equal_the_solver(case, data):
    n, edges = case
    fast, g = fast_outcomes(n, edges)
    v = data.draw(st.integers(0, n - 1))
    assert lp_avoidable(g, v)[1] == konig_avoidable(g, v)[1] == fast.loses[v]


@settings(max_examples=80, deadline=None)
@given(any_graphs())
def test_cpsat_equals_the_solver_on_any_graph(case):
    n, edges = case
    fast, g = fast_outcomes(n, edges)
    out = cpsat_outcomes(g)
    assert out.loses == fast.loses
    assert out.nu == len(nx.max_weight_matching(_nx(n, edges), maxcardinality=True))


@settings(max_examples=60, deadline=None)
@given(boards())
def test_routes_equal_the_solver_on_mazes(text):
    maze = MAZE.parse(text, "<test>", False)
    fast = MAZE.answer(MAZE.solve(maze))
    for f in MAZE.formulations():
        if f.name in ("lp", "sat-konig", "cpsat"):
            assert f.fits(maze) is None  # a grid is bipartite
            assert f.run(maze).loses == fast.loses, f.name


def test_predictions_grow_with_the_board_and_no_route_is_refused_for_its_size():
    small = MAZE.parse("3 3\n...\n.#.\n...\n", "<test>")
    big = MAZE.parse("60 60\n" + "\n".join("." * 60 for _ in range(60)) + "\n", "<test>", False)
    for f in MAZE.formulations():
        assert f.fits(big) is None, f.name
        assert f.predict(big) > f.predict(small), f.name
    by_name = {f.name: f.predict(big) for f in MAZE.formulations()}
    # The exponential routes are predicted far past any time limit on 3,600 cells, the polynomial ones are not.
    assert min(by_name["search"], by_name["qbf"]) > 1e6 > 600 > max(by_name["lp"], by_name["sat-konig"])


def _nx(n: int, edges: list[tuple[int, int]]) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    return g


def _side0(g) -> list[int]:
    side = bipartition(g)
    return [v for v in range(g.n) if side[v] == 0]


def test_bipartition_is_proper():
    g = graph_from_edges(6, [(0, 3), (3, 1), (1, 4), (4, 2), (2, 5)])
    side = bipartition(g)
    assert side is not None and all(side[u] != side[v] for u, v in g.edges().tolist())
    assert np.array_equal(np.sort(side), [0, 0, 0, 1, 1, 1])
