"""The exhaustive UVG audit: geng parts, the graph6 decoder, the compiled batch search, counterexamples."""

from __future__ import annotations

import dataclasses
import random

import networkx as nx
import numpy as np

from gamecert.solvers.matching.types import D
from gamecert.verify.engine.campaign import run_campaign
from gamecert.verify.uvg import audit, exhaustive
from gamecert.verify.uvg.batch import batch_bipartite, batch_search_loses
from gamecert.verify.uvg.geng import geng_part, graph6_bits, neighbour_masks
from gamecert.verify.uvg.search import search_outcomes


def _adjacency(G: nx.Graph) -> list[list[int]]:
    return [sorted(G.neighbors(v)) for v in range(G.number_of_nodes())]


def test_campaign_counts_match_networkx_atlas_and_the_python_rule_search():
    # networkx's atlas lists every graph up to 7 vertices: an enumeration independent of geng.
    atlas = [G for G in nx.graph_atlas_g() if 1 <= G.number_of_nodes() <= 6 and nx.is_connected(G)]
    expected = {
        "graphs": len(atlas),
        "starts": sum(G.number_of_nodes() for G in atlas),
        "losing starts": sum(sum(search_outcomes(_adjacency(G)).loses) for G in atlas),
        "bipartite graphs": sum(nx.is_bipartite(G) for G in atlas),
        "disagreements": 0,
    }
    assert run_campaign(exhaustive.UvgGraphs().audit_campaign(6), jobs=0).totals == expected


def test_geng_parts_are_disjoint_and_cover_every_connected_graph_once():
    whole = sorted(geng_part(9).splitlines())
    parts = [geng_part(9, res, 16).splitlines() for res in range(16)]
    assert sorted(line for part in parts for line in part) == whole
    assert len(whole) == exhaustive.CONNECTED[9]


def test_graph6_decoder_agrees_with_networkx():
    data = geng_part(8, 1, 4, connected=False)
    masks = neighbour_masks(graph6_bits(data, 8), 8)
    for line, row in zip(data.splitlines(), masks):
        G = nx.from_graph6_bytes(line)
        assert row.tolist() == [sum(1 << w for w in G.neighbors(v)) for v in range(8)]


def test_batch_search_agrees_with_the_python_rule_search_on_random_graphs():
    rng = random.Random(15)
    for n in range(1, 12):
        graphs = [nx.gnp_random_graph(n, rng.choice([0.15, 0.3, 0.5, 0.8]), seed=rng.randrange(10**9)) for _ in range(30)]
        masks = np.array([[sum(1 << w for w in G.neighbors(v)) for v in range(n)] for G in graphs], dtype=np.int64)
        loses = batch_search_loses(masks, n)
        for G, row in zip(graphs, loses):
            assert tuple(row.tolist()) == search_outcomes(_adjacency(G)).loses
        assert batch_bipartite(masks, n).tolist() == [nx.is_bipartite(G) for G in graphs]


def test_a_wrong_fast_solver_gives_a_shrunk_reproducible_counterexample(monkeypatch):
    real = exhaustive.gallai_edmonds

    def wrong(graph):
        # Wrong on purpose: every vertex of degree 3 is put in D (the mover "loses" there).
        dec = real(graph)
        part = dec.part.copy()
        part[np.diff(graph.indptr) == 3] = D
        return dataclasses.replace(dec, part=part)

    monkeypatch.setattr(exhaustive, "gallai_edmonds", wrong)
    monkeypatch.setattr(audit, "gallai_edmonds", wrong)
    counts, found = exhaustive.audit_part({"n": 5, "res": 0, "mod": 1}, {})
    assert counts["disagreements"] > 0 and len(found) == 1
    # Shrunk from the part's second graph to the claw: its centre has degree 3 and wins.
    assert found[0] == (
        "graph 2 of `geng -cq 5` (graph6 DCw), shrunk to 4 vertices and 3 edges, start vertex 4: "
        "the fast solver says the player to move loses, the rule search says wins\n"
        "input (gamecert solve geography):\n    4 3\n    1 4\n    2 4\n    3 4\n"
    )
    assert nx.from_graph6_bytes(b"DCw").number_of_nodes() == 5


def test_an_empty_geng_part_is_a_shard_of_nothing():
    # geng's parts are uneven; this one of the connected 11-vertex graphs holds none.
    assert geng_part(11, 3072, 8192) == b""
    assert exhaustive.audit_part({"n": 11, "res": 3072, "mod": 8192}, {}) == (
        {"graphs": 0, "starts": 0, "losing starts": 0, "bipartite graphs": 0, "disagreements": 0}, []
    )


def test_every_graph_disconnected_too_matches_the_atlas():
    from gamecert.verify.engine.campaign import Campaign

    atlas = [G for G in nx.graph_atlas_g() if 1 <= G.number_of_nodes() <= 6]
    every = Campaign("every graph", exhaustive.audit_part, exhaustive.UvgGraphs().stress_shards(6), {}, "graphs")
    totals = run_campaign(every, jobs=0).totals
    assert totals == {
        "graphs": len(atlas),
        "starts": sum(G.number_of_nodes() for G in atlas),
        "losing starts": sum(sum(search_outcomes(_adjacency(G)).loses) for G in atlas),
        "bipartite graphs": sum(nx.is_bipartite(G) for G in atlas),
        "disagreements": 0,
    }


def test_random_campaign_counts_match_the_python_rule_search_on_the_same_graphs():
    count, seed = 30, 11
    graphs = [exhaustive.random_graph(seed, i) for i in range(count)]
    losing = 0
    for n, bits in graphs:
        G = nx.Graph()
        G.add_nodes_from(range(n))
        pi, pj = exhaustive.pair_index(n)
        G.add_edges_from((int(pi[k]), int(pj[k])) for k in np.flatnonzero(bits))
        losing += sum(search_outcomes(_adjacency(G)).loses)
    totals = run_campaign(exhaustive.UvgGraphs().random_campaign(count, seed), jobs=0).totals
    assert totals["graphs"] == count and totals["starts"] == sum(n for n, _ in graphs)
    assert totals["losing starts"] == losing and totals["disagreements"] == 0


def test_cli_random_audit_campaign():
    from tests.support import run, untimed

    result = run(["audit", "--game", "geography", "--random", "30", "--seed", "11", "--jobs", "0"])
    assert result.exit_code == 0, result.output
    lines = untimed(result.stdout)
    assert lines[0] == "uvg-random-campaign: 30 random graphs of 10 to 16 vertices (seed 11) agree (T)"
    assert lines[1].endswith("disagreements 0; 1 shard (0 from the store, 1 run now)")
    bad = run(["audit", "--game", "maze", "--random", "5"])
    assert bad.exit_code == 2 and "maze has no random audit campaign; choose from geography" in bad.stderr
