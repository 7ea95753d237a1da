"""``gamecert solve --rules FILE INPUT --stats`` for impartial games: positions by nim value
(:class:`ImpartialStatistics`)."""

from __future__ import annotations

from typing import Any

from gamecert.solvers.impartial.solver import shown_whole
from gamecert.solvers.rules.positions import Sum
from gamecert.solvers.rules.rules import Guard
from gamecert.verify.capabilities import Statistics
from gamecert.verify.engine.stats import Branching, Example, GameStats, Tally, certified


class ImpartialStatistics(Statistics[list]):
    """Normal play: every component position of the certificate by outcome and nim value (the value of a sum is
    the xor of its components'), the largest nim value. Misère play: every whole-sum position searched, won or
    lost. The moves from each are asked of the rules again, as the certificate checker asks them.

    >>> from gamecert.solvers.rules.rules import ImpartialRules, Limits
    >>> from gamecert.verify.impartial.game import ImpartialRulesGame
    >>> def moves(n): return [n - k for k in (1, 2) if k <= n]
    >>> take = ImpartialRulesGame(ImpartialRules("take", "take.py", int, moves), Limits())
    >>> stats = ImpartialStatistics(take).analyze(take.parse("4\\n"))
    >>> stats.counts, stats.examples[0].value, stats.branching
    ((('lose', 0, 2), ('win', 1, 2), ('win', 2, 1)), '2', 1.75)
    """

    def __init__(self, game: Any) -> None:
        self.game = game

    def analyze(self, instance: list) -> GameStats:
        solution = certified(self.game, instance)
        rules = self.game.rules

        def degree(position: Any, guard: Guard) -> int:
            parts = [c for c, _ in position.counts] if isinstance(position, Sum) else [position]
            total = 0
            for c in parts:
                guard.doing = ("moves", c)
                total += len(list(rules.moves(c)))
            return total

        def summary(guard: Guard) -> GameStats:
            tally, branching = Tally(), Branching()
            for position, entry in solution.table.items():
                if solution.misere:
                    tally.count("win" if entry else "lose", None, position)
                else:
                    tally.count("win" if entry else "lose", entry, position)
                branching.add(degree(position, guard))
            largest = None if solution.misere else tally.extreme("win", max)
            examples = () if largest is None else (Example("largest nim value", str(largest[0]), shown_whole(rules, largest[1], guard)),)
            measure, about = ("outcome", "whole-sum positions") if solution.misere else ("nim value", "component positions")
            if solution.misere and rules.components is None:
                about = "positions"
            return GameStats(
                self.game.name, "impartial", len(solution.queries), measure, ("win", "lose"), tally.counts(("win", "lose")),
                examples, branching.moves, branching.movers, branching.most, about,
            )

        with Guard(self.game.rules, self.game.limits) as guard:
            return summary(guard)
