"""General games written as rules files: :class:`GeneralRulesGame`.

A general game answers one line per query: ``win N`` or ``lose N`` (the
remoteness) or ``draw``, for the player to move, or the rules' own words
(``answer``, or ``output`` for a whole input, with ``starts``). The
certificate is the value of every position reached, checked by calling the
rules again (:mod:`gamecert.verify.general.certificate`). What it shares with
score games is :class:`~gamecert.verify.turn.game.TurnRulesGame`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamecert.solvers.general.solver import GeneralSolution, general_game
from gamecert.solvers.rules.rules import GeneralRules, Guard
from gamecert.solvers.turn.graph import Queries, Table
from gamecert.verify.game import Capability, Formulation
from gamecert.verify.turn.game import TurnRulesGame, TurnTiers

if TYPE_CHECKING:
    from gamecert.verify.engine.tiers.store import TierLabels


class GeneralRulesGame(TurnRulesGame[GeneralSolution]):
    """A general game from a rules file: ``win N``, ``lose N`` or ``draw`` per query (N the remoteness)."""

    kind = "general"
    rules: GeneralRules

    def contest(self) -> type[Capability]:
        from gamecert.verify.general.contest import GeneralContest

        return GeneralContest

    def solve(self, instance: Queries) -> GeneralSolution:
        return general_game(self.rules, instance.positions, self.limits, instance.instance)

    def certify(self, instance: Queries, solution: GeneralSolution) -> list[str]:
        from gamecert.verify.general.certificate import check_general

        return check_general(self.rules, solution, self.limits)

    def _table(self, solution: GeneralSolution, show: Callable[[Any], str]) -> tuple[list, str]:
        rows = [[show(p), str(v)] for p, v in solution.table.items()]
        note = (
            "table: every position reached and its value for the player to move: win N (a move to a position lost "
            "for its mover in N-1, or won in N-1 after an extra move), lose N (every move to a position won for "
            "its mover within N-1, or lost after an extra move), or draw (no winning move, a move to a draw)"
        )
        return rows, note

    def capability_classes(self) -> tuple[type[Capability], ...]:
        """A turn game's capabilities (:meth:`TurnRulesGame.capability_classes`), the interactive problem, the
        tiered solve and the statistics."""
        from gamecert.verify.general.contest.interactive import GeneralInteractiveContest
        from gamecert.verify.general.stats import GeneralStatistics

        return (*super().capability_classes(), GeneralInteractiveContest, GeneralTiers, GeneralStatistics)

    def formulations(self) -> tuple[Formulation, ...]:
        from gamecert.verify.general.formulations import general_formulations

        return general_formulations(self)


class GeneralTiers(TurnTiers):
    """A general game solved tier by tier (outcome and remoteness), and answered from a stored solve
    (:class:`StoredGeneralGame`).

    >>> from gamecert.solvers.rules.rules import GeneralRules, Limits
    >>> def moves(n): return [n - 1] if n else []
    >>> def tier(n): return -n
    >>> walk = GeneralTiers(GeneralRulesGame(GeneralRules("walk", "walk.py", int, moves, tier=tier), Limits()))
    >>> solved = walk.solve_tiers(Queries((3,)), shards=2, store=None, resume=False, jobs=0, scheduler=None, bar=None,
    ...                           plan=None)
    >>> walk.missing(), [str(v) for v in solved.solution.values]
    (None, ['win 3'])
    """

    def labels(self) -> TierLabels:
        from gamecert.verify.general.tiers import GENERAL

        return GENERAL

    def stored(self, root: Path) -> StoredGeneralGame:
        return StoredGeneralGame(self.game, root)


class StoredGeneralGame(GeneralRulesGame):
    """A general rules game whose answers are read from a stored tiered solve (``stress --tiers DIR``), not solved
    in memory: each query's label and its moves' labels, looked up in the store
    (:class:`~gamecert.verify.engine.tiers.store.StoredLabels`).

    Its certificate is the queries' entries, checked by the workers' checker
    (:func:`~gamecert.verify.general.certificate.check_entries`) against their
    moves' stored labels; the stored labels as a whole are certified by
    ``check --tiers DIR``.

    >>> import tempfile
    >>> from gamecert.solvers.rules.rules import GeneralRules, Limits
    >>> from gamecert.verify.engine.tiers.solve import solve_tiers
    >>> from gamecert.verify.general.tiers import GENERAL
    >>> def moves(n): return [n - 1] if n else []
    >>> def tier(n): return -n
    >>> walk = GeneralRules("walk", "walk.py", int, moves, tier=tier)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = solve_tiers(walk, Queries((5,)), labels=GENERAL, shards=2, jobs=0, store=Path(d))
    ...     stored = StoredGeneralGame(GeneralRulesGame(walk, Limits()), Path(d))
    ...     solution = stored.solve(stored.parse("4\\n1\\n"))
    ...     stored.text(solution), stored.certify(None, solution)
    ('lose 4\\nwin 1\\n', [])
    """

    def __init__(self, game: GeneralRulesGame, root: Path) -> None:
        from gamecert.verify.engine.tiers.store import StoredLabels
        from gamecert.verify.general.tiers import GENERAL

        super().__init__(game.rules, game.limits)
        self.stored = StoredLabels(root, game.rules, game.limits, GENERAL)
        self.summary = f"{game.summary}, its answers from the tiered solve in {root}"

    def solve(self, instance: Queries) -> GeneralSolution:
        """The queries' stored labels, with their moves' labels as the certificate's table."""
        from gamecert.verify.turn.certificate import Calls
        with Guard(self.rules, self.limits) as guard:
            calls = Calls(self.rules, guard)
            children = [c for q in dict.fromkeys(instance.positions) if calls.result(q) is None for c in calls.moves(q)]
        labels = self.stored.labels(list(dict.fromkeys([*instance.positions, *children])))
        table = Table({p: i for i, p in enumerate(labels)}, list(labels.values()))
        answers = tuple(labels[q] for q in instance.positions)
        return GeneralSolution(instance.instance, instance.positions, answers, table)

    def certify(self, instance: Queries, solution: GeneralSolution) -> list[str]:
        from gamecert.verify.general.certificate import check_entries

        return check_entries(self.rules, solution.table, dict.fromkeys(solution.queries), self.limits)
