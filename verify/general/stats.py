"""``gamecert solve --rules FILE INPUT --stats`` for general games: positions by outcome and remoteness
(:class:`GeneralStatistics`)."""

from __future__ import annotations

from typing import Any

from gamecert.solvers.turn.value import OUTCOMES
from gamecert.verify.engine.stats import Tally
from gamecert.verify.turn.stats import TurnStatistics


class GeneralStatistics(TurnStatistics):
    """Positions by outcome (win, lose, draw) and remoteness; the longest win and the longest loss.

    >>> from gamecert.solvers.rules.rules import GeneralRules, Limits
    >>> from gamecert.verify.general.game import GeneralRulesGame
    >>> def moves(n): return [n - 1] if n else []
    >>> walk = GeneralRulesGame(GeneralRules("walk", "walk.py", int, moves), Limits())
    >>> stats = GeneralStatistics(walk).analyze(walk.parse("3\\n"))
    >>> stats.counts, stats.branching
    ((('lose', 0, 1), ('win', 1, 1), ('lose', 2, 1), ('win', 3, 1)), 1.0)
    """

    measure = "remoteness"
    outcomes = OUTCOMES

    def count(self, tally: Tally, solution: Any, position: Any, entry: Any) -> None:
        tally.count(entry.outcome, entry.number, position)

    def extremes(self, tally: Tally, solution: Any) -> list[tuple[str, str, Any]]:
        found = []
        for what, outcome in (("longest win", "win"), ("longest loss", "lose")):
            extreme = tally.extreme(outcome, max)
            if extreme is not None:
                found.append((what, f"{outcome} {extreme[0]}", extreme[1]))
        return found
