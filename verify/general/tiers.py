"""A general game's labels in a tiered solve (verify/engine/tiers): outcome and remoteness."""


from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from gamecert.solvers.general.solver import GeneralSolution
from gamecert.solvers.general.tiers import DRAW, retrograde, values
from gamecert.solvers.rules.rules import Limits, TurnRules
from gamecert.solvers.turn.graph import Queries, Table
from gamecert.solvers.turn.value import Value
from gamecert.verify.engine.tiers.store import TierLabels


class GeneralLabels(TierLabels):
    """A general game's labels: outcome (:data:`~gamecert.solvers.general.tiers.WIN`, ``LOSE``, ``DRAW``) and
    remoteness (-1 for a draw); the entries are :class:`~gamecert.solvers.turn.value.Value` s."""

    dtype = np.int8

    def label(self, ends, heads, targets, points, extra, first_of, second_of):
        outcome, remoteness = retrograde(ends, heads, targets, extra, first_of, second_of)
        return outcome, remoteness, []

    def entries(self, first: np.ndarray, second: np.ndarray) -> list:
        return values(first, second)

    def coded(self, first: np.ndarray, second: np.ndarray) -> list:
        """``remoteness << 2 | outcome``, a draw :data:`~gamecert.verify.general.certificate.DRAW_CODE`: what
        :func:`~gamecert.verify.general.certificate.check_codes` reads (the outcomes are its codes)."""
        return np.where(first == DRAW, DRAW, (second.astype(np.int64) << 2) | first).tolist()

    def value(self, entry: Value) -> Value:
        return entry

    def check(self, rules: TurnRules, table: Mapping, positions: Sequence, limits: Limits) -> list[str]:
        from gamecert.verify.general.certificate import check_codes

        return check_codes(rules, table, positions, limits)

    def solution(self, queries: Queries, answers: tuple[Value, ...]) -> GeneralSolution:
        return GeneralSolution(queries.instance, queries.positions, answers, Table({}, []))

    def counts(self, first: np.ndarray, second: np.ndarray) -> dict[str, int]:
        return {"draws": int(np.count_nonzero(first == DRAW))}


#: A general game's labels.
GENERAL = GeneralLabels()
