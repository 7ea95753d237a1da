"""Pictures of a graph rules game: the uvg pictures of the graph its rules build."""

from __future__ import annotations

import dataclasses
from typing import Any

from gamecert.verify.game import Game
from gamecert.verify.graph.play import GraphRulesStarts
from gamecert.verify.uvg.game import UvgPictures


class GraphRulesPictures(UvgPictures["GraphInstance", "GraphRulesSolution", int]):
    """``gamecert show --rules FILE INPUT [--vertex LABEL]``: geography's picture, vertices named by their labels."""

    focus_option = "--vertex"

    def __init__(self, game: Game) -> None:
        super().__init__(GraphRulesStarts(game))
        self.game = game

    def draw(self, instance: Any, solution: Any, focus: int | None = None) -> str:
        from gamecert.solvers.geography.solver import GeographySolution
        from gamecert.verify.geography.show import geography_picture

        graph = dataclasses.replace(solution.graph, labels=tuple(str(x) for x in solution.labels))
        return geography_picture(GeographySolution(graph, solution.decomposition), focus, title=self.game.name)
