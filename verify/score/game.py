"""Score games written as rules files: :class:`ScoreRulesGame`.

A score game answers ``score S`` per query: the most the player to move can
guarantee, own points minus the opponent's, from there on (or the rules' own
words). The certificate is the score and rank of every position reached,
checked by calling the rules again (:mod:`gamecert.verify.score.certificate`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamecert.solvers.rules.rules import Guard, ScoreRules
from gamecert.solvers.score.solver import ScoreSolution, score_game
from gamecert.solvers.turn.graph import Queries, Table
from gamecert.solvers.turn.value import Value
from gamecert.verify.game import Capability, Formulation
from gamecert.verify.turn.game import TurnRulesGame, TurnTiers

if TYPE_CHECKING:
    from gamecert.verify.engine.tiers.store import TierLabels


class ScoreRulesGame(TurnRulesGame[ScoreSolution]):
    """A score game from a rules file: ``score S`` per query, own points minus the opponent's."""

    kind = "score"
    rules: ScoreRules

    def contest(self) -> type[Capability]:
        from gamecert.verify.score.contest import ScoreContest

        return ScoreContest

    def steps(self, moved: list) -> list[tuple[Any, int]]:
        """What ``moves`` returned: already ``(position after, the mover's points)`` pairs."""
        return [(q, points) for q, points in moved]

    def solve(self, instance: Queries) -> ScoreSolution:
        return score_game(self.rules, instance.positions, self.limits, instance.instance)

    def certify(self, instance: Queries, solution: ScoreSolution) -> list[str]:
        from gamecert.verify.score.certificate import check_score

        return check_score(self.rules, solution, self.limits)

    def _table(self, solution: ScoreSolution, show: Callable[[Any], str]) -> tuple[list, str]:
        rows = [[show(p), s, solution.ranks[p]] for p, s in solution.table.items()]
        note = (
            "table: every position reached, its score for the player to move (the best over its moves of the "
            "points plus the score reached after an extra move, minus it when the turn passes) and its rank "
            "(the longest play from it, lower after every move: play ends)"
        )
        return rows, note

    def formulations(self) -> tuple[Formulation, ...]:
        from gamecert.verify.score.formulations import score_formulations

        return score_formulations(self)

    def capability_classes(self) -> tuple[type[Capability], ...]:
        """A turn game's capabilities (:meth:`TurnRulesGame.capability_classes`), the tiered solve and the
        statistics."""
        from gamecert.verify.score.stats import ScoreStatistics

        return (*super().capability_classes(), ScoreTiers, ScoreStatistics)


class ScoreTiers(TurnTiers):
    """A score game solved tier by tier (score and rank), and answered from a stored solve
    (:class:`StoredScoreGame`).

    >>> from gamecert.solvers.rules.rules import Limits
    >>> def moves(n): return [(n - k, k) for k in (1, 2) if k <= n]
    >>> def tier(n): return -n
    >>> take = ScoreRules("take", "take.py", int, moves, tier=tier)
    >>> tiers = ScoreTiers(ScoreRulesGame(take, Limits()))
    >>> solved = tiers.solve_tiers(Queries((3, 4)), shards=2, store=None, resume=False, jobs=0, scheduler=None,
    ...                            bar=None, plan=None)
    >>> [str(v) for v in solved.solution.values]
    ['score 1', 'score 0']
    """

    def labels(self) -> TierLabels:
        from gamecert.verify.score.tiers import SCORE

        return SCORE

    def stored(self, root: Path) -> StoredScoreGame:
        return StoredScoreGame(self.game, root)


class StoredScoreGame(ScoreRulesGame):
    """A score rules game whose answers are read from a stored tiered solve (``stress --tiers DIR``): each query's
    score and rank and its moves', looked up in the store (:class:`~gamecert.verify.engine.tiers.store.StoredLabels`).

    Its certificate is the queries' entries, checked as a worker checks a shard
    (:func:`~gamecert.verify.score.certificate.check_score_entries`) against their moves' stored entries.

    >>> import tempfile
    >>> from gamecert.solvers.rules.rules import Limits
    >>> from gamecert.verify.engine.tiers.solve import solve_tiers
    >>> from gamecert.verify.score.tiers import SCORE
    >>> def moves(n): return [(n - k, k) for k in (1, 2) if k <= n]
    >>> def tier(n): return -n
    >>> take = ScoreRules("take", "take.py", int, moves, tier=tier)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = solve_tiers(take, Queries((5,)), labels=SCORE, shards=2, jobs=0, store=Path(d))
    ...     stored = StoredScoreGame(ScoreRulesGame(take, Limits()), Path(d))
    ...     solution = stored.solve(stored.parse("4\\n3\\n"))
    ...     stored.text(solution), stored.certify(None, solution)
    ('score 0\\nscore 1\\n', [])
    """

    def __init__(self, game: ScoreRulesGame, root: Path) -> None:
        from gamecert.verify.score.tiers import SCORE
        from gamecert.verify.engine.tiers.store import StoredLabels

        super().__init__(game.rules, game.limits)
        self.stored = StoredLabels(root, game.rules, game.limits, SCORE)
        self.summary = f"{game.summary}, its answers from the tiered solve in {root}"

    def solve(self, instance: Queries) -> ScoreSolution:
        """The queries' stored scores and ranks, with their moves' as the certificate's tables."""
        from gamecert.verify.turn.certificate import Calls
        with Guard(self.rules, self.limits) as guard:
            calls = Calls(self.rules, guard)
            children = [c for q in dict.fromkeys(instance.positions) if calls.result(q) is None for c, _ in calls.moves(q)]
        entries = self.stored.labels(list(dict.fromkeys([*instance.positions, *children])))
        index = {p: i for i, p in enumerate(entries)}
        table = Table(index, [value.number for value, _ in entries.values()])
        ranks = Table(index, [rank for _, rank in entries.values()])
        return ScoreSolution(instance.instance, instance.positions, tuple(entries[q][0] for q in instance.positions), table, ranks)

    def certify(self, instance: Queries, solution: ScoreSolution) -> list[str]:
        from gamecert.verify.score.certificate import check_score_entries

        entries = {p: (Value("score", s), solution.ranks[p]) for p, s in solution.table.items()}
        return check_score_entries(self.rules, entries, dict.fromkeys(solution.queries), self.limits)
