"""The UVG theorem audits: every small graph and random ones, and a wrong claim caught and reproduced."""

from __future__ import annotations

import dataclasses
import itertools
import math

import numpy as np

from gamecert.solvers.geography import parse_geography
from gamecert.solvers.matching import blossom
from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.types import A, D
from gamecert.verify.uvg import audit
from gamecert.verify.uvg.search import search_outcomes
from tests.support import after, run, untimed


def test_uvg_exhaustive_covers_every_labelled_graph():
    result = audit.uvg_exhaustive(max_n=5)
    assert result.ok, result.counterexample
    assert result.cases == sum(2 ** math.comb(n, 2) for n in range(1, 6)) == 1099
    assert result.line().startswith("uvg-exhaustive: 1,099 graphs up to 5 vertices agree (")


def test_labelled_graphs_are_distinct_and_complete():
    seen = {frozenset(e) for e in audit.labelled_graphs(4)}
    assert len(seen) == 2**6
    assert frozenset(itertools.combinations(range(4), 2)) in seen


def test_uvg_random_counts_and_seed():
    a, b = audit.uvg_random(60, seed=3), audit.uvg_random(60, seed=3)
    assert a.ok and a.cases == 60 and a.line().split(" (seed")[0] == b.line().split(" (seed")[0]
    graphs = audit.random_graphs(60, 7, 12, seed=3)
    assert graphs == audit.random_graphs(60, 7, 12, seed=3) != audit.random_graphs(60, 7, 12, seed=4)
    assert all(7 <= n <= 12 for n, _ in graphs)


def test_both_fast_routes_are_exercised(monkeypatch):
    # The bipartite graphs go through the bipartite route in one union, the
    # others through the blossom route in another; each graph gets its own answer.
    real, sizes = blossom.general_gallai_edmonds, []

    def spy(graph, *args, **kwargs):
        sizes.append(graph.n)
        return real(graph, *args, **kwargs)

    monkeypatch.setattr(blossom, "general_gallai_edmonds", spy)
    graphs = [(3, [(0, 1), (1, 2)]), (3, [(0, 1), (1, 2), (2, 0)]), (1, []), (5, [(0, 1), (1, 2), (2, 0), (2, 3)])]
    assert audit.fast_losing(graphs) == [
        (True, False, True),
        (True, True, True),
        (True,),
        (False, False, False, False, True),
    ]
    assert sizes == [3 + 5]  # one blossom call, on the two non-bipartite graphs
    assert audit.uvg_agreement(graphs) == (4, None)


def _forget_blossoms(real):
    """A plausible wrong claim: "odd components are winning" — every vertex of a
    D-component of 3 or more vertices (a blossom) is moved to A."""

    def wrong(graph, *args, **kwargs):
        dec = real(graph, *args, **kwargs)
        comp = dec.component
        sizes = np.bincount(comp[comp >= 0], minlength=1)
        part = dec.part.copy()
        part[(comp >= 0) & (sizes[np.maximum(comp, 0)] >= 3)] = A
        return dataclasses.replace(dec, part=part)

    return wrong


def test_uvg_wrong_claim_is_caught_and_reproduces(monkeypatch):
    monkeypatch.setattr(blossom, "general_gallai_edmonds", _forget_blossoms(blossom.general_gallai_edmonds))
    result = audit.uvg_exhaustive(max_n=4)
    assert not result.ok
    # The first graph with a blossom, in enumeration order: the triangle.
    assert result.cases == 1 + 2 + 8
    assert "start vertex 1: the fast solver says the player to move wins, the rule search says loses" in (
        result.counterexample
    )
    instance = parse_geography(after("input (gamecert solve geography):", result.counterexample))
    assert (instance.n, instance.edges.tolist()) == (3, [[0, 1], [0, 2], [1, 2]])
    graph = instance.graph()
    fast = (gallai_edmonds(graph).part == D).tolist()
    rules = search_outcomes([graph.neighbors(v).tolist() for v in range(graph.n)]).loses
    assert fast[0] is False and rules[0] is True


def test_cli_wrong_claim_exits_3_with_the_counterexample(monkeypatch):
    monkeypatch.setattr(blossom, "general_gallai_edmonds", _forget_blossoms(blossom.general_gallai_edmonds))
    result = run(["audit", "--quick", "--game", "geography"])
    assert result.exit_code == 3
    lines = untimed(result.stdout)
    assert lines[0] == "uvg-exhaustive: FAILED at case 11 of graphs up to 5 vertices (T)"
    assert lines[1] == f"  claim: {audit.UVG_CLAIM}"
    assert lines[2].startswith("  counterexample: a graph of 3 vertices and 3 edges, start vertex 1: ")
    assert lines[3:8] == ["  input (gamecert solve geography):", "      3 3", "      1 2", "      1 3", "      2 3"]
    assert lines[8].startswith("uvg-random: FAILED at case ")
    assert result.stderr == "2 audits failed: uvg-exhaustive, uvg-random\n"
    # The printed input reproduces through `gamecert solve` (still the wrong solver).
    solved = run(["solve", "geography"], input="3 3\n1 2\n1 3\n2 3\n")
    assert solved.stdout == "1 win\n2 win\n3 win\n"
    assert search_outcomes([[1, 2], [0, 2], [0, 1]]).loses == (True, True, True)
