"""The geography stress generator: its families, reductions, shrinking, and a wrong program caught."""

from __future__ import annotations

import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.geography import parse_geography
from gamecert.verify.engine.stress import StressKind, stress
from gamecert.verify.geography import generator as geography
from gamecert.verify.registry import get_game
from tests.generator_checks import check_reductions, check_valid, shrink
from tests.support import candidate


def test_geography_edge_cases_cover_the_families():
    cases = dict(geography.edge_cases(8))
    for name in ("empty graph", "single vertex", "single edge", "path 7", "path 8", "cycle 7", "cycle 8",
                 "star 6", "complete 5", "complete bipartite 2,3", "blossom 3 with stem 2", "tower 2",
                 "isolated 8"):
        assert name in cases
    graphs = [parse_geography(text) for text in cases.values()]
    assert any(len(g.self_loops) for g in graphs) and any(len(g.duplicates) for g in graphs)
    assert parse_geography(cases["empty graph"]).n == 0
    odd = parse_geography(cases["cycle 7"])
    assert odd.n == 7 and not nx.is_bipartite(nx.Graph(odd.edges.tolist()))


def test_geography_vertex_removal_renumbers():
    # Removing vertex 2 of the path 1-2-3 leaves vertices 1, 2 and no edges;
    # removing vertex 1 leaves the edge 1-2 (old 2-3).
    out = list(geography.reductions("3 2\n1 2\n2 3\n"))
    assert "2 0\n" in out and "2 1\n1 2\n" in out
    assert all(parse_geography(t).n <= 3 for t in out)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 12))
def test_geography_reductions_hypothesis(seed, size):
    text = geography.random_case(random.Random(seed), size)
    check_valid("geography", text)
    check_reductions("geography", text)


def non_bipartite(text: str) -> bool:
    g = parse_geography(text)
    G = nx.Graph()
    G.add_nodes_from(range(g.n))
    G.add_edges_from((u, v) for u, v in g.edges.tolist() if u != v)
    return not nx.is_bipartite(G)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(3, 14))
def test_geography_shrinks_non_bipartite_to_an_odd_cycle(seed, size):
    # Removing any single edge or vertex is among the reductions, so a graph
    # that stays non-bipartite under none of them is exactly an odd cycle.
    text = geography.random_case(random.Random(seed), size)
    if not non_bipartite(text):
        return
    g = parse_geography(shrink(geography, text, non_bipartite))
    G = nx.Graph(g.edges.tolist())
    assert g.n == len(g.edges) == G.number_of_nodes() and g.n % 2 == 1
    assert nx.is_connected(G) and all(d == 2 for _, d in G.degree)


def test_stress_geography_catches_a_bipartite_only_program(tmp_path):
    # The wrong program 2-colours the graph and drops the odd edges: any odd cycle fails it.
    result = stress(get_game("geography"), candidate("geography/candidate.py", "--wrong"), count=30, seed=3,
                    max_size=8, timeout=20, out=tmp_path)
    assert result.failure is not None and result.failure.verdict.kind is StressKind.WRONG
    g = parse_geography(result.failure.shrunk.text)
    assert g.n <= 3 and len(g.edges) <= 3 and non_bipartite(result.failure.shrunk.text)
    assert (tmp_path / "geography-wrong-answer.in").read_text() == result.failure.shrunk.text
