"""A score game's labels in a tiered solve (verify/engine/tiers): score and rank."""


from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from gamecert.solvers.rules.rules import Limits, TurnRules
from gamecert.solvers.turn.graph import Queries, Table
from gamecert.solvers.turn.value import Value
from gamecert.verify.engine.tiers.store import TierLabels


class ScoreLabels(TierLabels):
    """A score game's labels: the score and the rank (the longest play); the entries are ``(Value, rank)``."""

    loop = "a position is reachable from itself, so play need not end; a score game must end"

    def label(self, ends, heads, targets, points, extra, first_of, second_of):
        from gamecert.solvers.score.tiers import score_retrograde

        return score_retrograde(ends, heads, targets, points, extra, first_of, second_of)

    def entries(self, first: np.ndarray, second: np.ndarray) -> list:
        return [(Value("score", s), r) for s, r in zip(first.tolist(), second.tolist())]

    def value(self, entry: tuple[Value, int]) -> Value:
        return entry[0]

    def check(self, rules: TurnRules, table: Mapping, positions: Sequence, limits: Limits) -> list[str]:
        from gamecert.verify.score.certificate import check_score_entries

        return check_score_entries(rules, table, positions, limits)

    def solution(self, queries: Queries, answers: tuple[Value, ...]) -> Any:
        from gamecert.solvers.score.solver import ScoreSolution

        return ScoreSolution(queries.instance, queries.positions, answers, Table({}, []), Table({}, []))


#: A score game's labels.
SCORE = ScoreLabels()
