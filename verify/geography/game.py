"""Undirected vertex geography on any graph in the registry."""

from __future__ import annotations

from gamecert.solvers.geography.solver import (
    GeographyInput,
    GeographySolution,
    format_geography_answer,
    geography_game,
    parse_geography,
)
from gamecert.verify.game import Game
from gamecert.verify.geography import generator
from gamecert.verify.uvg.adapter import decomposition_json, explain_outcomes, uvg_formulations
from gamecert.verify.uvg.audit import UVG_AUDITS
from gamecert.verify.uvg.export import geography_start


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
    from gamecert.verify.uvg.certificate import check_decomposition

    return check_decomposition(sol.graph, sol.decomposition, lambda v: str(_name(v)))


def _graph(instance: GeographyInput):
    return instance.graph()


GEOGRAPHY = Game(
    name="geography",
    generator=generator,
    summary="undirected vertex geography on any graph: who wins from each start vertex",
    parse=lambda text, source, judge_limits: parse_geography(text, source),
    solve=geography_game,
    # Random graphs of 5000 vertices and 15000 edges decompose quicker as plain
    # Python than numba loads; nested-blossom towers of that size are the
    # exception (benchmarks/limits.md).
    small=lambda graph: graph.n + len(graph.edges) <= 20_000,
    format=format_geography_answer,
    to_json=_to_json,
    answer=lambda sol: sol.decomposition.outcomes(),
    certify=_certify,
    explain=lambda instance, expected, got: explain_outcomes(lambda v: str(_name(v)), expected, got),
    formulations=uvg_formulations(_graph),
    audits=UVG_AUDITS,
    export_start=geography_start,
    contest="gamecert.verify.geography.contest:PROBLEM",
)
