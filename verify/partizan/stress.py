"""Stress cases of partizan rules games: one position per input line, from the rules' ``positions(size)``.

The cases are those of impartial rules games
(:class:`~gamecert.verify.rules.stress.LineStressCases`: every position of
the small sizes, each alone, random lines, shrinking by fewer lines and
smaller positions); only a position's moves, which shrinking tries in its
place, are each player's options here.
"""

from __future__ import annotations

from gamecert.verify.game import Game
from gamecert.verify.rules.stress import STRESS_HINT, LineStressCases, PositionCatalog


class PartizanCatalog(PositionCatalog):
    """The positions of each size of a partizan rules game; a position's moves are Left's and Right's options."""

    move_functions = ("left", "right")


class PartizanStressCases(LineStressCases):
    """``gamecert stress --rules FILE``: the impartial rules' stress cases over the partizan rules' positions."""

    def __init__(self, game: Game) -> None:
        # ``game`` is a PartizanRulesGame (its rules and limits).
        self.game_name = game.name
        self.catalog = PartizanCatalog(game.rules, game.limits, hint=STRESS_HINT.format(function="positions"))
