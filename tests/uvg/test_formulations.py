"""The independent UVG formulations (ILP, SAT, game search) on general graphs.

Expected answers on hand-built graphs come from playing the game by its rules
(worked out in the comments); random graphs check that the three formulations
agree with each other and that ν agrees with networkx.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.matching.graph import Graph, graph_from_edges
from gamecert.solvers.matching.types import Outcomes
from gamecert.verify.uvg import ilp, sat, search
from gamecert.verify.uvg.ilp import ilp_matching_number, ilp_outcomes
from gamecert.verify.uvg.sat import sat_matching_number, sat_outcomes
from gamecert.verify.uvg.search import graph_search_outcomes, maze_search_outcomes, search_outcomes

FORMULATIONS = [ilp_outcomes, sat_outcomes, graph_search_outcomes]
MATCHING_NUMBERS = [ilp_matching_number, sat_matching_number]


def make_graph(n: int, edges: list[tuple[int, int]]) -> Graph:
    if n == 0:  # built by hand: graph_from_edges(0, []) is not ours to test here
        return Graph(np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int32))
    return graph_from_edges(n, edges)


def cycle(n: int) -> list[tuple[int, int]]:
    return [(i, (i + 1) % n) for i in range(n)]


# (name, n, edges, loses by the rules, ν)
KNOWN = [
    # From an end of P3 the mover must go to the middle, the opponent takes
    # the other end, the mover is stuck. From the middle the mover goes to an
    # end and the opponent is stuck.
    ("path3", 3, [(0, 1), (1, 2)], (True, False, True), 1),
    # Odd cycle: the token walks round; after 2k moves the mover (who made
    # moves 1, 3, …, 2k-1) faces a closed cycle: the mover loses everywhere.
    ("triangle", 3, cycle(3), (True, True, True), 1),
    ("cycle5", 5, cycle(5), (True,) * 5, 2),
    ("cycle7", 7, cycle(7), (True,) * 7, 3),
    # Even cycle: the walk ends after an odd number of moves, the mover wins.
    ("cycle6", 6, cycle(6), (False,) * 6, 3),
    # Triangle 0-1-2 with pendant 3 at 2. From 2: go to 3, the opponent is
    # stuck. From 0 (or 1): 0→1, the opponent is forced to 2, then 2→3 and
    # the opponent is stuck. From 3: 3→2, the opponent goes to 0 or 1, the
    # mover takes the other one and the opponent is stuck. Mover wins everywhere.
    ("triangle+pendant", 4, cycle(3) + [(2, 3)], (False, False, False, False), 2),
    # K4: three moves are always possible, the mover makes the last one.
    ("K4", 4, [(a, b) for a in range(4) for b in range(a + 1, 4)], (False,) * 4, 2),
    # Isolated vertices: no move at all, the mover loses.
    ("empty3", 3, [], (True, True, True), 0),
    # A single edge and an isolated vertex.
    ("edge+isolated", 3, [(0, 1)], (False, False, True), 1),
    # Star K_{1,3}: from the centre go to a leaf and win; from a leaf the
    # centre is forced, then another leaf: the mover loses.
    ("star3", 4, [(0, 1), (0, 2), (0, 3)], (False, True, True, True), 1),
    ("no vertices", 0, [], (), 0),
]


@pytest.mark.parametrize("solve", FORMULATIONS)
@pytest.mark.parametrize("name, n, edges, loses, nu", KNOWN, ids=[k[0] for k in KNOWN])
def test_known_graphs(solve, name, n, edges, loses, nu):
    out = solve(make_graph(n, edges))
    assert isinstance(out, Outcomes)
    assert out.loses == loses
    assert out.nu in (None, nu)


@pytest.mark.parametrize("matching_number", MATCHING_NUMBERS)
@pytest.mark.parametrize("name, n, edges, loses, nu", KNOWN, ids=[k[0] for k in KNOWN])
def test_known_matching_numbers(matching_number, name, n, edges, loses, nu):
    assert matching_number(make_graph(n, edges)) == nu


@pytest.mark.parametrize("solve", [ilp_outcomes, sat_outcomes])
def test_nu_is_filled(solve):
    assert solve(graph_from_edges(5, cycle(5))).nu == 2


def test_search_leaves_nu_empty():
    assert graph_search_outcomes(graph_from_edges(3, [(0, 1), (1, 2)])).nu is None


def test_search_on_raw_adjacency():
    # Path 0-1-2-3: the mover wins from every vertex (perfect matching).
    assert search_outcomes([[1], [0, 2], [1, 3], [2]]).loses == (False,) * 4


def test_search_rejects_asymmetric_adjacency():
    with pytest.raises(Exception, match="symmetric"):
        search_outcomes([[1], []])


JSOI_SAMPLE = [".##", "...", "#.#"]


def test_maze_sample():
    # Free cells row-major: (1,1) (2,1) (2,2) (2,3) (3,2); AA wins from (2,3)
    # and (3,2) (judge sample), i.e. YY, moving first, loses there.
    out = maze_search_outcomes(JSOI_SAMPLE)
    assert out.losing == [3, 4]


def test_maze_matches_graph_search():
    rows = ["..#.", "....", "#..#"]
    free = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    ids = {cell: i for i, cell in enumerate(free)}
    edges = [(ids[r, c], ids[p]) for (r, c) in free for p in ((r + 1, c), (r, c + 1)) if p in ids]
    g = graph_from_edges(len(free), edges)
    assert maze_search_outcomes(rows) == graph_search_outcomes(g) == ilp_outcomes(g)


def test_maze_edge_cases():
    assert maze_search_outcomes(["#"]).loses == ()
    assert maze_search_outcomes(["."]).loses == (True,)
    assert maze_search_outcomes([".."]).loses == (False, False)


@pytest.mark.parametrize("module", [ilp, sat, search])
def test_fits(module):
    small = graph_from_edges(3, [(0, 1), (1, 2)])
    assert module.fits(small) is None
    big = graph_from_edges(1000, [(i, i + 1) for i in range(999)])
    reason = module.fits(big)
    assert isinstance(reason, str) and "1000" in reason


@st.composite
def small_graphs(draw, max_n: int = 9):
    n = draw(st.integers(1, max_n))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs))) if pairs else []
    return n, chosen


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(small_graphs())
def test_formulations_agree(case):
    n, edges = case
    g = graph_from_edges(n, edges)
    by_ilp, by_sat, by_search = ilp_outcomes(g), sat_outcomes(g), graph_search_outcomes(g)
    assert by_ilp == by_sat == by_search
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(edges)
    nu = len(nx.max_weight_matching(G, maxcardinality=True))
    assert by_ilp.nu == by_sat.nu == nu
    # A vertex of degree zero can never be left by the mover.
    for v in range(n):
        if G.degree(v) == 0:
            assert by_search.loses[v]


def networkx_outcomes(G: nx.Graph) -> tuple[bool, ...]:
    """Ground truth from the definition: v loses iff ν(G - v) = ν(G) (networkx blossom)."""
    nu = len(nx.max_weight_matching(G, maxcardinality=True))
    return tuple(
        len(nx.max_weight_matching(nx.restricted_view(G, [v], []), maxcardinality=True)) == nu for v in G
    )


@pytest.mark.parametrize("seed", range(6))
def test_medium_random_graphs(seed):
    # Sparse random graphs with several components and odd cycles, 14..20 vertices.
    n = 14 + seed
    G = nx.gnm_random_graph(n, int(1.4 * n), seed=seed)
    g = graph_from_edges(n, list(G.edges()))
    expected = networkx_outcomes(G)
    outs = [ilp_outcomes(g), sat_outcomes(g), graph_search_outcomes(g)]
    assert all(out.loses == expected for out in outs)
    assert outs[0].nu == outs[1].nu == len(nx.max_weight_matching(G, maxcardinality=True))


def test_case_writers_need_two_agreeing_formulations():
    from gamecert.solvers.errors import SolverError
    from gamecert.solvers.matching.types import Outcomes
    from gamecert.verify.uvg.adapter import agreed_outcomes

    same = Outcomes((True, False), 1)
    assert agreed_outcomes({"ilp": same, "sat": same, "search": Outcomes((True, False))}, "g") == (same, "ilp + sat + search")
    for answers, why in [
        ({"ilp": same}, "fewer than two formulations fit"),
        ({"ilp": same, "sat": Outcomes((False, False), 1)}, "formulations disagree on g"),
        ({"ilp": same, "sat": Outcomes((True, False), 2)}, "matching numbers disagree on g"),
    ]:
        with pytest.raises(SolverError, match=why):
            agreed_outcomes(answers, "g")
