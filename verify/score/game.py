"""Score games written as rules files: :class:`ScoreRulesGame`.

A score game answers ``score S`` per query: the most the player to move can
guarantee, own points minus the opponent's, from there on (or the rules' own
words). The certificate is the score and rank of every position reached,
checked by calling the rules again (:mod:`gamecert.verify.score.certificate`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamecert.solvers.general.graph import Queries
from gamecert.solvers.rules.rules import ScoreRules
from gamecert.solvers.score.solver import ScoreSolution, score_game
from gamecert.verify.game import Formulation
from gamecert.verify.general.game import TurnRulesGame


class ScoreRulesGame(TurnRulesGame[ScoreSolution]):
    """A score game from a rules file: ``score S`` per query, own points minus the opponent's."""

    kind = "score"
    rules: ScoreRules

    def contest_problem(self) -> type:
        from gamecert.verify.rules.contest import ScoreRulesProblem

        return ScoreRulesProblem

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
