"""``gamecert solve --rules FILE INPUT --stats`` for partizan games: positions by outcome class
(:class:`PartizanStatistics`)."""

from __future__ import annotations

from typing import Any

from gamecert.solvers.partizan.engine import outcome
from gamecert.solvers.rules.rules import Guard
from gamecert.verify.capabilities import Statistics
from gamecert.verify.engine.stats import Branching, Example, GameStats, Tally, certified

#: The outcome classes, and what each means.
CLASSES = {"L": "Left wins", "R": "Right wins", "N": "the first player wins", "P": "the second player wins"}


class PartizanStatistics(Statistics[list]):
    """Every component position of the certificate by the outcome class of its canonical form, one position of
    each class; the branching factor counts Left's and Right's moves together.

    >>> from gamecert.solvers.rules.rules import Limits, PartizanRules
    >>> from gamecert.verify.partizan.game import PartizanRulesGame
    >>> def left(n): return [n - 1] if n else []
    >>> def right(n): return [n - 2] if n > 1 else []
    >>> heap = PartizanRulesGame(PartizanRules("heap", "heap.py", int, left, right), Limits())
    >>> stats = PartizanStatistics(heap).analyze(heap.parse("3\\n"))
    >>> stats.counts, stats.moves
    ((('L', None, 1), ('N', None, 1), ('P', None, 2)), 5)
    """

    def __init__(self, game: Any) -> None:
        self.game = game

    def analyze(self, instance: list) -> GameStats:
        solution = certified(self.game, instance)
        rules = self.game.rules

        def summary(guard: Guard) -> GameStats:
            tally, branching = Tally(), Branching()
            for position, form in solution.table.items():
                tally.count(outcome(form), None, position)
                guard.doing = ("left", position)
                moves = len(list(rules.left(position)))
                guard.doing = ("right", position)
                branching.add(moves + len(list(rules.right(position))))
            counts = tally.counts(CLASSES)
            firsts = {o: tally.first(o) for o, _, _ in counts}
            examples = tuple(Example(o, CLASSES[o], rules.show(p, guard)) for o, p in firsts.items())
            return GameStats(
                self.game.name, "partizan", len(solution.queries), "outcome class", tuple(CLASSES), counts, examples,
                branching.moves, branching.movers, branching.most, "component positions",
            )

        with Guard(self.game.rules, self.game.limits) as guard:
            return summary(guard)
