"""A general rules game answered from a stored tiered solve: :class:`StoredGeneralGame` (``stress --tiers DIR``)."""

from __future__ import annotations

from pathlib import Path

from gamecert.solvers.general.graph import Queries, Table
from gamecert.solvers.general.solver import GeneralSolution
from gamecert.solvers.rules.rules import Guard
from gamecert.verify.engine.tiers import StoredLabels
from gamecert.verify.general.certificate import Calls, check_entries
from gamecert.verify.general.game import GeneralRulesGame


class StoredGeneralGame(GeneralRulesGame):
    """A general rules game whose answers are read from a stored tiered solve (``stress --tiers DIR``), not solved
    in memory: each query's label and its moves' labels, looked up in the store
    (:class:`~gamecert.verify.engine.tiers.StoredLabels`).

    Its certificate is the queries' entries, checked by the workers' checker
    (:func:`~gamecert.verify.general.certificate.check_entries`) against their
    moves' stored labels; the stored labels as a whole are certified by
    ``check --tiers DIR``.

    >>> import tempfile
    >>> from gamecert.solvers.rules.rules import GeneralRules, Limits
    >>> from gamecert.verify.engine.tiers import solve_tiers
    >>> walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], tier=lambda n: -n)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = solve_tiers(walk, Queries((5,)), shards=2, jobs=0, store=Path(d))
    ...     stored = StoredGeneralGame(GeneralRulesGame(walk, Limits()), Path(d))
    ...     solution = stored.solve(stored.parse("4\\n1\\n"))
    ...     stored.text(solution), stored.certify(None, solution)
    ('lose 4\\nwin 1\\n', [])
    """

    def __init__(self, game: GeneralRulesGame, root: Path) -> None:
        super().__init__(game.rules, game.limits)
        self.stored = StoredLabels(root, game.rules, game.limits)
        self.summary = f"{game.summary}, its answers from the tiered solve in {root}"

    def solve(self, instance: Queries) -> GeneralSolution:
        """The queries' stored labels, with their moves' labels as the certificate's table."""
        def moved(guard: Guard) -> list:
            calls = Calls(self.rules, guard)
            return [c for q in dict.fromkeys(instance.positions) if calls.result(q) is None for c in calls.moves(q)]

        children = self._guarded(moved)
        labels = self.stored.labels(list(dict.fromkeys([*instance.positions, *children])))
        table = Table({p: i for i, p in enumerate(labels)}, list(labels.values()))
        answers = tuple(labels[q] for q in instance.positions)
        return GeneralSolution(instance.instance, instance.positions, answers, table)

    def certify(self, instance: Queries, solution: GeneralSolution) -> list[str]:
        return check_entries(self.rules, solution.table, dict.fromkeys(solution.queries), self.limits)
