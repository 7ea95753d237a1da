"""Undirected vertex geography on any graph in the registry."""

from __future__ import annotations

from solvers.geography import (
    GeographyInput,
    GeographySolution,
    format_geography_answer,
    geography_game,
    parse_geography,
)

from ..games import Game
from ._uvg import decomposition_json, explain_outcomes, graph_formulation


def _name(v: int) -> int:
    """Vertices are 1-based in the input and in every message."""
    return int(v) + 1


def _to_json(sol: GeographySolution) -> dict:
    inst = sol.instance
    edges = inst.edges if inst is not None else sol.graph.edges()
    loops = inst.self_loops if inst is not None else []
    dups = inst.duplicates if inst is not None else []
    return {
        "game": "geography",
        "format": inst.format if inst is not None else None,
        "vertices": sol.graph.n,
        "edges": sol.graph.m,
        "edges_given": len(edges),
        "answer": ["lose" if x else "win" for x in sol.loses.tolist()],
        "losing": [_name(v) for v in sol.decomposition.D.tolist()],
        "ignored": {
            "self_loops": [[_name(edges[i, 0]), _name(edges[i, 1])] for i in loops],
            "duplicate_edges": [[_name(edges[i, 0]), _name(edges[i, 1])] for i in dups],
            "self_loop_count": len(loops),
            "duplicate_count": len(dups),
        },
    } | decomposition_json(sol.decomposition, _name)


def _certify(instance: GeographyInput, sol: GeographySolution) -> list[str]:
    from ..certificate import check_decomposition

    return check_decomposition(sol.graph, sol.decomposition, lambda v: str(_name(v)))


def _graph(instance: GeographyInput):
    return instance.graph()


GAME = Game(
    name="geography",
    generator="verify.generators.geography",
    summary="undirected vertex geography on any graph: who wins from each start vertex",
    parse=lambda text, source, judge_limits: parse_geography(text, source),
    solve=geography_game,
    # Random graphs of 5000 vertices and 15000 edges decompose in ~0.05 s as plain
    # Python (nested-blossom towers of that size take ~2 s, compiled ~0.7 s).
    small=lambda graph: graph.n + len(graph.edges) <= 20_000,
    format=format_geography_answer,
    to_json=_to_json,
    answer=lambda sol: sol.decomposition.outcomes(),
    certify=_certify,
    explain=lambda instance, expected, got: explain_outcomes(lambda v: str(_name(v)), expected, got),
    formulations=(
        graph_formulation("ilp", "ilp_outcomes", _graph),
        graph_formulation("sat", "sat_outcomes", _graph),
        graph_formulation("search", "graph_search_outcomes", _graph),
        graph_formulation("qbf", "qbf_outcomes", _graph),
    ),
)
