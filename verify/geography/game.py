"""Undirected vertex geography on any graph: :class:`GeographyGame` and its capabilities.

Vertices are named by their labels ``1..n`` as in the input file, in every
message, answer and JSON document.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from gamecert.solvers.geography.solver import (
    GeographyInput,
    GeographySolution,
    geography_game,
    parse_geography,
    write_geography_answer,
)
from gamecert.solvers.matching.graph import Graph
from gamecert.verify.capabilities import Contest, ExportStart, InteractiveContest
from gamecert.verify.game import Capability, Write
from gamecert.verify.geography.generator import GeographyStressCases
from gamecert.verify.uvg.adapter import decomposition_json, vertex_rows
from gamecert.verify.uvg.game import UvgGame, UvgMidGame, UvgPictures, UvgStartPlay, small_graph

if TYPE_CHECKING:
    from gamecert.verify.engine.interactive import InteractiveProblem
    from gamecert.verify.engine.jsonstream import Rows
    from gamecert.verify.engine.problem import ContestProblem
    from gamecert.verify.uvg.start import UVGStart


def vertex_label(v: int) -> str:
    """Vertex ``v`` (0-based) as users name it: its label ``v + 1``.

    >>> vertex_label(0)
    '1'
    """
    return str(int(v) + 1)


def label_columns(v: np.ndarray) -> np.ndarray:
    """The JSON integers of the labels of an array of vertices: one column, ``v + 1``."""
    return (np.asarray(v, dtype=np.int64) + 1)[:, None]


class EdgeLabels:
    """A :class:`~gamecert.verify.engine.jsonstream.Rows` block: the edges ``rows[i:j]`` of ``edges`` as label pairs."""

    def __init__(self, edges: np.ndarray, rows: np.ndarray) -> None:
        self.edges = edges
        self.rows = rows

    def __call__(self, i: int, j: int) -> tuple[np.ndarray, None]:
        return self.edges[self.rows[i:j]] + 1, None


class Verdicts:
    """A :class:`~gamecert.verify.engine.jsonstream.Rows` block: ``"win"`` or ``"lose"`` for vertices ``i..j-1``."""

    def __init__(self, loses: np.ndarray) -> None:
        self.loses = loses

    def __call__(self, i: int, j: int) -> tuple[np.ndarray, np.ndarray]:
        return np.zeros((j - i, 0)), self.loses[i:j]


def _edge_rows(edges: np.ndarray, rows: np.ndarray) -> Rows:
    from gamecert.verify.engine.jsonstream import Rows

    return Rows("[%d, %d]", len(rows), EdgeLabels(edges, rows))


class GeographyGame(UvgGame[GeographyInput, GeographySolution]):
    """Undirected vertex geography: who wins from each start vertex, certified by the Gallai–Edmonds decomposition.

    Self-loops and repeated edges are legal input; the game ignores them and
    the JSON lists them.
    """

    name = "geography"
    summary = "undirected vertex geography on any graph: who wins from each start vertex"

    def parse(self, text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> GeographyInput:
        return parse_geography(text, source)

    def solve(self, instance: GeographyInput) -> GeographySolution:
        return geography_game(instance)

    def small(self, instance: GeographyInput) -> bool:
        return small_graph(instance.n, len(instance.edges))

    def write_answer(self, solution: GeographySolution, write: Write) -> None:
        write_geography_answer(solution, write)

    def describe(self, solution: GeographySolution) -> dict:
        """The verdict per vertex, the losing starts, the ignored input edges and the decomposition, by label.

        A solution without its input (solved from a networkx graph) has no format
        and no ignored edges.
        """
        from gamecert.verify.engine.jsonstream import Rows

        inst = solution.instance
        edges = inst.edges if inst is not None else solution.graph.edges()
        loops = inst.self_loops if inst is not None else np.zeros(0, dtype=np.int64)
        dups = inst.duplicates if inst is not None else np.zeros(0, dtype=np.int64)
        loses = solution.loses
        return {
            "game": "geography",
            "format": inst.format if inst is not None else None,
            "vertices": solution.graph.n,
            "edges": solution.graph.m,
            "edges_given": len(edges),
            "answer": Rows(('"win"', '"lose"'), len(loses), Verdicts(loses)),
            "losing": vertex_rows("%d", solution.decomposition.D, label_columns),
            "ignored": {
                "self_loops": _edge_rows(edges, loops),
                "duplicate_edges": _edge_rows(edges, dups),
                "self_loop_count": len(loops),
                "duplicate_count": len(dups),
            },
        } | decomposition_json(solution.decomposition, "%d", label_columns)

    def graph(self, instance: GeographyInput) -> Graph:
        return instance.graph()

    def namer(self, instance: GeographyInput) -> Callable[[int], str]:
        return vertex_label

    def capabilities(self) -> tuple[Capability, ...]:
        from gamecert.verify.uvg.audit import UvgAudits
        from gamecert.verify.uvg.exhaustive import UvgGraphs

        starts = GeographyStarts()
        return (
            GeographyStressCases(),
            UvgAudits(),
            starts,
            UvgStartPlay(starts),
            UvgMidGame(starts),
            GeographyPictures(starts),
            UvgGraphs(),
            GeographyContest(),
            GeographyInteractiveContest(),
        )


class GeographyStarts(ExportStart[GeographyInput]):
    """Start vertices named by their labels, for ``export``, ``play``, ``solve --from`` and ``show --vertex``."""

    def export_start(self, instance: GeographyInput, vertex: str | None, source: str) -> UVGStart:
        from gamecert.verify.uvg.start import geography_start  # export, play, show --vertex, solve --from only

        return geography_start(instance, vertex, source)


class GeographyPictures(UvgPictures[GeographyInput, GeographySolution, int]):
    """``gamecert show geography [--vertex V]``: parts D / A / C, the matching, one vertex's proof.

    The focus is the vertex (0-based) labelled ``V``; an unknown label raises
    ``InputError`` located in ``--vertex``.
    """

    focus_option = "--vertex"

    def draw(self, instance: GeographyInput, solution: GeographySolution, focus: int | None = None) -> str:
        from gamecert.verify.geography.show import geography_picture

        return geography_picture(solution, focus)


class GeographyContest(Contest):
    """``gamecert package geography``."""

    def problem(self) -> ContestProblem:
        from gamecert.verify.geography.contest import PROBLEM  # `gamecert package` only

        return PROBLEM


class GeographyInteractiveContest(InteractiveContest):
    """``gamecert package geography --interactive``."""

    def problem(self) -> InteractiveProblem:
        from gamecert.verify.geography.contest.interactive import PROBLEM  # `gamecert package --interactive` only

        return PROBLEM
