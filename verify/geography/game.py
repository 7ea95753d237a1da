"""Undirected vertex geography on any graph in the registry."""

from __future__ import annotations

from types import ModuleType

import numpy as np

from gamecert.solvers.geography.solver import (
    GeographyInput,
    GeographySolution,
    format_geography_answer,
    geography_game,
    parse_geography,
    write_geography_answer,
)
from gamecert.verify.game import Exhaustive, Game, Pictures
from gamecert.verify.geography import generator
from gamecert.verify.uvg.adapter import (
    decomposition_json,
    decomposition_json_stream,
    explain_outcomes,
    uvg_formulations,
    uvg_play,
)
from gamecert.verify.uvg.audit import UVG_AUDITS


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


def _json_stream(sol: GeographySolution) -> dict:
    """:func:`_to_json` with its arrays streamed (same bytes through :func:`~gamecert.verify.engine.jsonstream.write_json`)."""
    from gamecert.verify.engine.jsonstream import Rows

    inst = sol.instance
    edges = inst.edges if inst is not None else sol.graph.edges()
    loops = inst.self_loops if inst is not None else np.zeros(0, dtype=np.int64)
    dups = inst.duplicates if inst is not None else np.zeros(0, dtype=np.int64)
    loses = sol.loses
    d = sol.decomposition.D

    def columns(v: np.ndarray) -> np.ndarray:
        return (np.asarray(v, dtype=np.int64) + 1)[:, None]

    def edge_rows(rows: np.ndarray) -> Rows:
        return Rows("[%d, %d]", len(rows), lambda i, j: (edges[rows[i:j]] + 1, None))

    return {
        "game": "geography",
        "format": inst.format if inst is not None else None,
        "vertices": sol.graph.n,
        "edges": sol.graph.m,
        "edges_given": len(edges),
        "answer": Rows(('"win"', '"lose"'), len(loses), lambda i, j: (np.zeros((j - i, 0)), loses[i:j])),
        "losing": Rows("%d", len(d), lambda i, j: (columns(d[i:j]), None)),
        "ignored": {
            "self_loops": edge_rows(loops),
            "duplicate_edges": edge_rows(dups),
            "self_loop_count": len(loops),
            "duplicate_count": len(dups),
        },
    } | decomposition_json_stream(sol.decomposition, "%d", columns)


def _certify(instance: GeographyInput, sol: GeographySolution) -> list[str]:
    from gamecert.verify.uvg.certificate import check_decomposition

    return check_decomposition(sol.graph, sol.decomposition, lambda v: str(_name(v)))


def _export_start(instance: GeographyInput, vertex: str | None, source: str):
    from gamecert.verify.uvg.export import geography_start  # loaded by `gamecert export` only

    return geography_start(instance, vertex, source)


def _graph(instance: GeographyInput):
    return instance.graph()


def _picture(instance: GeographyInput, sol: GeographySolution, vertex: str | None) -> str:
    from gamecert.verify.geography.show import picture

    return picture(instance, sol, vertex)


_PLAY, _SOLVE_FROM = uvg_play(_export_start)


def _exhaustive_family() -> ModuleType:
    from gamecert.verify.uvg import exhaustive  # campaigns only: not loaded by `gamecert solve`

    return exhaustive


def _contest_problem():
    from gamecert.verify.geography.contest import PROBLEM  # `gamecert package` only

    return PROBLEM


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
    write_answer=write_geography_answer,
    to_json=_to_json,
    json_stream=_json_stream,
    answer=lambda sol: sol.decomposition.outcomes(),
    certify=_certify,
    explain=lambda instance, expected, got: explain_outcomes(lambda v: str(_name(v)), expected, got),
    formulations=uvg_formulations(_graph),
    audits=UVG_AUDITS,
    export_start=_export_start,
    pictures=Pictures(_picture, focus="--vertex"),
    play=_PLAY,
    solve_from=_SOLVE_FROM,
    exhaustive=Exhaustive(_exhaustive_family, "vertices", stress=True),
    contest=_contest_problem,
)
