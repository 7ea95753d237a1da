"""``gamecert solve --rules FILE INPUT --stats`` for general games: positions by outcome and remoteness
(:class:`GeneralStatistics`), and what score games share with them (:class:`TurnStatistics`)."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from gamecert.solvers.turn.graph import Queries
from gamecert.solvers.turn.value import OUTCOMES
from gamecert.solvers.rules.rules import Guard
from gamecert.verify.capabilities import Statistics
from gamecert.verify.engine.stats import Branching, Example, GameStats, Tally, certified
from gamecert.verify.general.certificate import Calls
from gamecert.verify.turn.strategy import TurnGame


class TurnStatistics(Statistics[Queries]):
    """A general or score game's statistics: every entry of its certified table counted, the rules' ``moves`` asked
    again for each position that ``result`` leaves open (as the certificate checker asks them)."""

    #: What the rows count, and the outcomes (the columns).
    measure: str
    outcomes: tuple[str, ...]

    def __init__(self, game: TurnGame) -> None:
        self.game = game

    def analyze(self, instance: Queries) -> GameStats:
        solution = certified(self.game, instance)

        def summary(guard: Guard) -> GameStats:
            calls, tally, branching = Calls(self.game.rules, guard), Tally(), Branching()
            for position, entry in solution.table.items():
                self.count(tally, solution, position, entry)
                branching.add(0 if calls.result(position) is not None else len(calls.moves(position)))
            examples = tuple(
                Example(what, value, calls.show(position)) for what, value, position in self.extremes(tally, solution)
            )
            return GameStats(
                self.game.name, self.game.kind, len(solution.queries), self.measure, self.outcomes,
                tally.counts(self.outcomes), examples, branching.moves, branching.movers, branching.most,
            )

        with Guard(self.game.rules, self.game.limits) as guard:
            return summary(guard)

    @abstractmethod
    def count(self, tally: Tally, solution: Any, position: Any, entry: Any) -> None:
        """Count one entry of the certificate's table."""

    @abstractmethod
    def extremes(self, tally: Tally, solution: Any) -> list[tuple[str, str, Any]]:
        """``(what, value, position)`` for each extreme the kind reports."""


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
