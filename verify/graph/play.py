"""Play and named start vertices of a graph rules game: vertices named by the labels its rules' ``graph`` gives."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from gamecert.solvers.errors import RulesError
from gamecert.verify.capabilities import ExportStart
from gamecert.verify.game import Game
from gamecert.verify.uvg.game import UvgMidGame, UvgStartPlay
from gamecert.verify.uvg.start import VERTEX_SOURCE, UVGStart


class GraphRulesStarts(ExportStart["GraphInstance"]):
    """Start vertices named by their labels as the rules' ``graph`` gives them (``str`` of each); the game is a
    :class:`~gamecert.verify.graph.game.GraphRulesGame`, its instances
    :class:`~gamecert.verify.graph.game.GraphInstance` s."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def export_start(self, instance: Any, vertex: str | None, source: str) -> UVGStart:
        g = instance.graph
        about = (f"game: {self.game.name} (rules file {self.game.rules.path}), input {source}, {g.n} vertices, {g.m} edges",)
        start = LabelledStart(g, None, about, names=tuple(str(x) for x in instance.labels))
        if vertex is None:
            return start
        text = vertex.strip()
        if text not in start.names:
            raise RulesError(VERTEX_SOURCE, 1, 1, f"expected a vertex label of the graph, got {json.dumps(vertex)}")
        v = start.names.index(text)
        return LabelledStart(g, v, about + (f"vertex: {text}; the token starts there and counts as visited",), names=start.names)


class GraphRulesPlay(UvgStartPlay["GraphInstance"]):
    """``gamecert play --rules FILE INPUT --start LABEL``: from a start vertex named by its label."""

    def __init__(self, game: Game) -> None:
        super().__init__(GraphRulesStarts(game))


class GraphRulesMidGame(UvgMidGame["GraphInstance"]):
    """``gamecert solve --rules FILE INPUT --from LABEL --visited TRAIL``: vertices named by their labels."""

    def __init__(self, game: Game) -> None:
        super().__init__(GraphRulesStarts(game))


@dataclass(frozen=True)
class LabelledStart(UVGStart):
    """A start vertex named by the rules' labels; identifiers in LP/MPS files use the vertex number."""

    names: tuple[str, ...] = field(kw_only=True, default=())

    def label(self, u: int) -> str:
        return self.names[int(u)]
