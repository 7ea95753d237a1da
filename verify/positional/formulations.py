"""The formulations ``check`` runs beside a claiming game's explicit route: :class:`PositionalQbfFormulation`."""

from __future__ import annotations

from typing import Any

from gamecert.solvers.positional.explicit import EXPLICIT_MAX_EMPTY
from gamecert.verify.positional.qbf import QBF_SOLVERS, QBF_TIME_LIMIT, qbf_value
from gamecert.verify.rules.formulation import RulesFormulation

#: Most empty cells the QBF formulation of ``check`` takes (the explicit route's limit: both must fit).
QBF_CHECK_MAX_EMPTY = EXPLICIT_MAX_EMPTY
#: The solvers that answer every formula of ``check``, side by side (RAReQS is left out: it ran past a minute
#: on tic-tac-toe's depth-9 formula, which DepQBF and CAQE decide in a second).
CHECK_SOLVERS = QBF_SOLVERS[:2]


class PositionalQbfFormulation(RulesFormulation[tuple, tuple, Any]):
    """The QBF route (every solver of the portfolio answering every formula) on boards the explicit route also takes
    (each query's board read from the rules under the game's guard, :meth:`PositionalRulesGame.board`)."""

    name = "qbf"

    def fits(self, instance: tuple) -> str | None:
        for p in instance:
            e = len(self.game.board(p).empty)
            if e > QBF_CHECK_MAX_EMPTY:
                return f"{e} empty cells > {QBF_CHECK_MAX_EMPTY} (the explicit route's limit)"
        return None

    def run(self, instance: tuple) -> tuple:
        return tuple(qbf_value(self.game.board(p), CHECK_SOLVERS, QBF_TIME_LIMIT, race=False).value for p in instance)
