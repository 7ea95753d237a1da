"""Undirected vertex geography on any graph: Edmonds' blossom algorithm, the
Gallai–Edmonds certificate, parsing, and agreement with independent formulations."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from gamecert.solvers.errors import InputError, SolverError
from gamecert.solvers.geography.solver import (
    format_geography_answer,
    geography_game,
    geography_networkx,
    parse_geography,
)
from gamecert.solvers.matching import _blossom
from gamecert.solvers.matching.blossom import general_gallai_edmonds, general_maximum_matching
from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.graph import graph_from_edges, graph_from_networkx
from gamecert.solvers.matching.types import D
from gamecert.verify.geography.families import double_tower, flower, tower
from gamecert.verify.uvg import ilp, sat
from gamecert.verify.uvg.certificate import check_decomposition
from gamecert.verify.uvg.search import graph_search_outcomes
from tests.support import run

# ---------------------------------------------------------------------------
# Independent references


def networkx_losing(G: nx.Graph) -> list[bool]:
    """v loses iff deleting v keeps the matching number (networkx's blossom code)."""
    nodes = list(G.nodes)
    nu = len(nx.max_weight_matching(G, maxcardinality=True))
    out = []
    for v in nodes:
        H = G.subgraph([w for w in nodes if w != v])
        out.append(len(nx.max_weight_matching(H, maxcardinality=True)) == nu)
    return out


def to_nx(n: int, edges) -> nx.Graph:
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from((u, v) for u, v in edges if u != v)
    return G


@njit(cache=True)
def _rule_losing_all_graphs(n, pairs):
    """For every labelled graph on n vertices (edge bitmask over ``pairs``), which
    start vertices lose, by dynamic programming over (token, visited set) from
    the rules alone: the mover at (v, S) wins iff some unvisited neighbour w
    leaves the opponent losing at (w, S + w). Returns a (graphs, n) bool array."""
    e = len(pairs)
    graphs = 1 << e
    full = 1 << n
    out = np.zeros((graphs, n), dtype=np.bool_)
    adj = np.zeros(n, dtype=np.int64)
    win = np.zeros((full, n), dtype=np.bool_)
    for g in range(graphs):
        for v in range(n):
            adj[v] = 0
        for b in range(e):
            if (g >> b) & 1:
                adj[pairs[b, 0]] |= 1 << pairs[b, 1]
                adj[pairs[b, 1]] |= 1 << pairs[b, 0]
        # Larger visited sets first: every move adds a vertex.
        for s in range(full - 1, 0, -1):
            for v in range(n):
                if not (s >> v) & 1:
                    continue
                moves = adj[v] & ~s
                w_ = False
                for w in range(n):
                    if (moves >> w) & 1 and not win[s | (1 << w), w]:
                        w_ = True
                        break
                win[s, v] = w_
        for v in range(n):
            out[g, v] = not win[1 << v, v]
    return out


def all_graphs_union(n: int):
    """The disjoint union of all 2^(n choose 2) labelled graphs on n vertices."""
    pairs = np.array(list(itertools.combinations(range(n), 2)), dtype=np.int64).reshape(-1, 2)
    graphs = 1 << len(pairs)
    ids = np.arange(graphs, dtype=np.int64)
    chunks = []
    for b, (u, v) in enumerate(pairs.tolist()):
        has = ids[(ids >> b) & 1 == 1]
        chunks.append(np.stack([has * n + u, has * n + v], axis=1))
    edges = np.concatenate(chunks) if chunks else np.zeros((0, 2), dtype=np.int64)
    return pairs, graphs, graph_from_edges(graphs * n, edges)


# ---------------------------------------------------------------------------
# Exhaustive: every labelled graph up to 6 vertices


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_every_labelled_graph_matches_rule_search(n):
    # One call decomposes the disjoint union of all graphs on n vertices (the
    # decomposition of a union is the union of decompositions), and a compiled
    # rule-only DP decides each graph separately.
    pairs, graphs, union = all_graphs_union(n)
    dec = general_gallai_edmonds(union)
    assert check_decomposition(union, dec) == []
    expected = _rule_losing_all_graphs(n, pairs)
    got = (dec.part == D).reshape(graphs, n)
    bad = np.flatnonzero((got != expected).any(axis=1))
    assert bad.size == 0, f"graph mask {bad[0]} on {n} vertices: fast {got[bad[0]]}, rules {expected[bad[0]]}"


def test_rule_dp_agrees_with_search_module_on_samples():
    # The compiled DP above is itself checked against gamecert.verify.uvg.search on a sample.
    n = 5
    pairs = np.array(list(itertools.combinations(range(n), 2)), dtype=np.int64)
    table = _rule_losing_all_graphs(n, pairs)
    rng = np.random.default_rng(0)
    for g in rng.integers(0, 1 << len(pairs), 40).tolist():
        edges = [tuple(p) for b, p in enumerate(pairs.tolist()) if (g >> b) & 1]
        assert list(graph_search_outcomes(graph_from_edges(n, edges)).loses) == table[g].tolist()


# ---------------------------------------------------------------------------
# Random general graphs: every formulation agrees, every certificate is valid


@st.composite
def small_graphs(draw, max_n=10):
    n = draw(st.integers(1, max_n))
    pairs = list(itertools.combinations(range(n), 2))
    p = draw(st.sampled_from([0.15, 0.3, 0.5, 0.8]))
    mask = draw(st.lists(st.floats(0, 1), min_size=len(pairs), max_size=len(pairs)))
    return n, [e for e, x in zip(pairs, mask) if x < p]


FORMULATIONS = [
    ("search", graph_search_outcomes),
    ("ilp", ilp.ilp_outcomes),
    ("sat", sat.sat_outcomes),
]


@pytest.mark.parametrize("name, formulation", FORMULATIONS, ids=[f[0] for f in FORMULATIONS])
@settings(max_examples=60, deadline=None)
@given(graph=small_graphs())
def test_random_graphs_fast_equals_formulation(name, formulation, graph):
    n, edges = graph
    g = graph_from_edges(n, edges)
    dec = gallai_edmonds(g)
    assert check_decomposition(g, dec) == []
    other = formulation(g)
    assert dec.outcomes() == other
    if other.nu is not None:
        assert other.nu == dec.nu


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(graph=small_graphs(max_n=13))
def test_random_graphs_against_networkx(graph):
    n, edges = graph
    g = graph_from_edges(n, edges)
    dec = general_gallai_edmonds(g)
    G = to_nx(n, edges)
    assert dec.nu == len(nx.max_weight_matching(G, maxcardinality=True))
    assert (dec.part == D).tolist() == networkx_losing(G)
    assert check_decomposition(g, dec) == []
    assert general_maximum_matching(g).size == dec.nu


# ---------------------------------------------------------------------------
# The augmentation code: start from bad matchings instead of the greedy one


@pytest.mark.parametrize("store_paths", [False, True])
@pytest.mark.parametrize("start", ["empty", "random-maximal"])
def test_augmentations_from_poor_starting_matchings(start, store_paths):
    rng = np.random.default_rng(5)
    for _ in range(150):
        n = int(rng.integers(2, 18))
        p = float(rng.choice([0.15, 0.3, 0.6]))
        edges = [e for e in itertools.combinations(range(n), 2) if rng.random() < p]
        g = graph_from_edges(n, edges)
        mate = np.full(n, -1, dtype=np.int32)
        if start == "random-maximal":
            for v in rng.permutation(n).tolist():
                free = [w for w in g.neighbors(v).tolist() if mate[w] < 0]
                if mate[v] < 0 and free:
                    w = free[int(rng.integers(len(free)))]
                    mate[v], mate[w] = w, v
        _blossom.maximum_matching_forest(g.indptr, g.indices, mate, store_paths, 1 << 20, 1 << 20)
        for v in range(n):
            if mate[v] >= 0:
                assert mate[mate[v]] == v and g.has_edge(v, int(mate[v]))
        assert np.count_nonzero(mate >= 0) // 2 == len(nx.max_weight_matching(to_nx(n, edges), maxcardinality=True))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(graph=small_graphs(max_n=14))
def test_moving_the_roots_keeps_certificates_valid(graph, monkeypatch_budget):
    # With no path budget at all, every decomposition moves its trees' roots
    # to their first blossom's base before storing paths.
    n, edges = graph
    g = graph_from_edges(n, edges)
    dec = general_gallai_edmonds(g)
    assert check_decomposition(g, dec) == []
    assert (dec.part == D).tolist() == networkx_losing(to_nx(n, edges))


@pytest.fixture(scope="module")
def monkeypatch_budget():
    from gamecert.solvers.matching import blossom

    saved = blossom._path_budget
    blossom._path_budget = lambda graph: 0
    yield
    blossom._path_budget = saved


# ---------------------------------------------------------------------------
# Adversarial and named families


FAMILIES = {
    "odd cycle 9": (9, [(i, (i + 1) % 9) for i in range(9)]),
    "even cycle 10": (10, [(i, (i + 1) % 10) for i in range(10)]),
    "K7": (7, list(itertools.combinations(range(7), 2))),
    "K8": (8, list(itertools.combinations(range(8), 2))),
    "petersen": (10, list(nx.petersen_graph().edges())),
    "tower 40": tower(40),
    "double tower 2 x 20": double_tower(20),
    "flower 5x4": flower(5, 4),
    "path 31": (31, [(i, i + 1) for i in range(30)]),
    "star 9": (10, [(0, i) for i in range(1, 10)]),
    "two triangles and a bridge path": (8, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 5)]),
    "isolated vertices": (5, [(1, 2)]),
    "triangles on a hub": (
        10,
        [(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 4), (7, 8), (8, 9), (9, 7), (0, 1), (0, 4), (0, 7)],
    ),
}


@pytest.mark.parametrize("name", list(FAMILIES))
def test_families_against_networkx(name):
    n, edges = FAMILIES[name]
    g = graph_from_edges(n, edges)
    dec = gallai_edmonds(g)
    assert check_decomposition(g, dec) == []
    assert (dec.part == D).tolist() == networkx_losing(to_nx(n, edges))


def test_components_of_d_are_the_odd_components():
    # Hub 0 joined to three triangles: removing 0 leaves three odd components,
    # so one of them stays unmatched and all nine triangle vertices are in D.
    n, edges = FAMILIES["triangles on a hub"]
    dec = general_gallai_edmonds(graph_from_edges(n, edges))
    assert dec.A.tolist() == [0]
    assert np.bincount(dec.component[dec.component >= 0]).tolist() == [3, 3, 3]


@pytest.mark.slow
def test_long_odd_cycle_and_nested_tower_are_certified():
    for n, edges in [(2001, [(i, (i + 1) % 2001) for i in range(2001)]), tower(300)]:
        g = graph_from_edges(n, edges)
        dec = general_gallai_edmonds(g)
        assert check_decomposition(g, dec) == []
        assert len(dec.D) == n  # factor-critical: an odd cycle, an ear decomposition


def test_moving_the_root_keeps_tower_paths_linear():
    # Greedy leaves the tower's top vertex unmatched; paths from there would
    # need about V^2 / 4 nodes, from the bottom blossom's base about 2 V.
    n, edges = tower(300)
    dec = general_gallai_edmonds(graph_from_edges(n, edges))
    assert len(dec.paths.node_vertex) <= 2 * n + 10


def test_path_node_cap_raises_instead_of_exhausting_memory():
    n, edges = tower(200)
    g = graph_from_edges(n, edges)
    with pytest.raises(SolverError, match="alternating paths need more than 300 nodes"):
        general_gallai_edmonds(g, max_path_nodes=300)
    assert general_maximum_matching(g).size == n // 2


def test_random_sparse_graph_certificate():
    rng = np.random.default_rng(1)
    n = 1001
    g = graph_from_edges(n, rng.integers(0, n, size=(3 * n, 2)))
    dec = general_gallai_edmonds(g)
    assert check_decomposition(g, dec) == []
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(g.edges().tolist())
    assert dec.nu == len(nx.max_weight_matching(G, maxcardinality=True))


def test_bipartite_graphs_take_the_bipartite_route():
    g = graph_from_edges(4, [(0, 1), (1, 2), (2, 3)])
    assert g.side is not None
    dec = gallai_edmonds(g)
    assert dec.paths.node_vertex.tolist() == [0, 1, 2, 3]  # the bipartite BFS forest
    assert check_decomposition(g, dec) == []
    assert (dec.part == general_gallai_edmonds(g).part).all()


# ---------------------------------------------------------------------------
# Parsing, output, networkx entry point


def solve_text(text: str) -> str:
    return format_geography_answer(geography_game(parse_geography(text)))


def test_triangle_with_pendant_by_hand():
    # From 5 (isolated) the mover is stuck; on the triangle 1-2-3 with pendant
    # 3-4, the mover from 1 goes to 2 and wins (then 3, then 4 is forced).
    assert solve_text("5 4\n1 2\n2 3\n3 1\n3 4\n") == "1 win\n2 win\n3 win\n4 win\n5 lose\n"


def test_edge_list_and_dimacs_agree():
    text = "6 7\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n6 4\n"
    dimacs = "c two triangles\np edge 6 7\n" + "".join(f"e {line}\n" for line in text.splitlines()[1:])
    assert parse_geography(dimacs).format == "dimacs"
    assert solve_text(text) == solve_text(dimacs)


def test_self_loops_and_repeats_are_ignored_and_reported():
    inst = parse_geography("3 5\n1 2\n2 2\n2 1\n1 2\n2 3\n")
    assert inst.self_loops.tolist() == [1]
    assert inst.duplicates.tolist() == [2, 3]
    assert solve_text(inst.text()) == solve_text("3 2\n1 2\n2 3\n")


def test_empty_graph():
    assert solve_text("3 0\n") == "1 lose\n2 lose\n3 lose\n"


def test_networkx_entry_point_with_labels():
    G = nx.MultiGraph()
    G.add_edges_from([("a", "b"), ("b", "c"), ("c", "a"), ("a", "b"), ("c", "c"), ("c", ("d", 1))])
    G.add_node(frozenset())
    sol = geography_networkx(G)
    assert sol.outcome() == dict(zip(G.nodes, ["win" if not x else "lose" for x in networkx_losing(nx.Graph(G))]))
    assert check_decomposition(graph_from_networkx(G), sol.decomposition) == []


BAD = [
    ("", "<stdin>:1:1: expected the graph size 'n m' (or a DIMACS 'p edge n m' line)"),
    ("3\n", "<stdin>:1:2: expected the number of edges m after n"),
    ("3 x\n", "<stdin>:1:3: expected the number of edges m (an integer), got 'x'"),
    ("3 2\n1 2\n", "<stdin>:2:4: expected 2 edges, found 1 (edge 2 is incomplete)"),
    ("3 1\n1 4\n", "<stdin>:2:3: expected an endpoint of edge 1 in 1..3, got 4"),
    ("3 1\n0 1\n", "<stdin>:2:1: expected an endpoint of edge 1 in 1..3, got 0"),
    ("3 1\n1 2.0\n", "<stdin>:2:3: expected an endpoint of edge 1 (an integer), got '2.0'"),
    ("3 1\n1 2\n2 3\n", "<stdin>:3:1: expected end of input after 1 edges, got '2'"),
    ("3 1\n1 2 junk\n", "<stdin>:2:5: expected end of input after 1 edges, got 'junk'"),
    ("p edge 3 2\ne 1 2\n", "<stdin>:2:6: expected 2 edges as the 'p' line on line 1 says, found 1"),
    ("p edge 3 1\ne 1 2\ne 2 3\n", "<stdin>:3:1: expected 1 edges as the 'p' line on line 1 says, found more"),
    ("p edge 3 1\ne 1 9\n", "<stdin>:2:5: expected a vertex in 1..3, got 9"),
    ("e 1 2\n", "<stdin>:1:1: expected the problem line 'p edge n m' before the first edge"),
    ("c x\np edge 3 1\nq 1 2\n", "<stdin>:3:1: expected a DIMACS line 'c', 'p' or 'e', got 'q'"),
    ("p edge 3 1\ne 1\n", "<stdin>:2:4: expected an edge 'e u v'"),
    ("p edge 3 x\n", "<stdin>:1:10: expected the number of edges m (an integer), got 'x'"),
    ("c only a comment\n", "<stdin>:1:17: expected the problem line 'p edge n m' (or 'p col n m')"),
    (
        "3 1\n1 99999999999999999999999\n",
        "<stdin>:2:3: expected an endpoint of edge 1 in 1..3, got 99999999999999999999999",
    ),
    (
        "999999999999 0\n",
        "<stdin>:1:1: expected the number of vertices n in 0..100000000, got 999999999999 (gamecert's limit)",
    ),
    ("3 99999999999999\n1 2\n", "<stdin>:2:4: expected 99999999999999 edges, found 1 (edge 2 is incomplete)"),
]


@pytest.mark.parametrize("text, message", BAD)
def test_bad_input_names_line_and_column(text, message):
    with pytest.raises(InputError) as err:
        parse_geography(text)
    assert str(err.value) == message


@pytest.mark.slow
def test_cli_solve_and_bad_input(tmp_path):
    good = tmp_path / "g.txt"
    good.write_text("3 3\n1 2\n2 3\n3 3\n")
    result = run(["solve", "geography", str(good)])
    assert (result.exit_code, result.stdout) == (0, "1 lose\n2 win\n3 lose\n")
    bad = tmp_path / "bad.txt"
    bad.write_text("3 1\n1 4\n")
    result = run(["solve", "geography", str(bad)])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [f"error: {bad}:2:3: expected an endpoint of edge 1 in 1..3, got 4"]


def test_cli_json_reports_ignored_edges_and_certificate(tmp_path):
    import json

    f = tmp_path / "g.txt"
    f.write_text("4 5\n1 2\n2 3\n3 1\n1 1\n2 1\n")
    result = run(["solve", "geography", "--json", str(f)])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["nu"] == 1
    assert data["answer"] == ["lose", "lose", "lose", "lose"]
    assert data["ignored"]["self_loops"] == [[1, 1]]
    assert data["ignored"]["duplicate_edges"] == [[2, 1]]
    assert data["decomposition"]["components"] == [[1, 2, 3], [4]]
