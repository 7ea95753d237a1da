"""``gamecert solve --rules FILE INPUT --stats``: what general and score games share (:class:`TurnStatistics`)."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from gamecert.solvers.rules.rules import Guard
from gamecert.solvers.turn.graph import Queries
from gamecert.verify.capabilities import Statistics
from gamecert.verify.engine.stats import Branching, Example, GameStats, Tally, certified
from gamecert.verify.turn.certificate import Calls
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
