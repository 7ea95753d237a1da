"""What the certificate checkers of general and score games share: the rules called again (:class:`Calls`).

Each kind's checker (:mod:`gamecert.verify.general.certificate`,
:mod:`gamecert.verify.score.certificate`) reads every entry of the
certificate's table and calls ``result``, ``moves`` and ``player`` again
through :class:`Calls`, listing at most :data:`MAX_VIOLATIONS` violations.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from gamecert.solvers.rules.rules import Guard, TurnRules

#: At most this many violations are listed.
MAX_VIOLATIONS = 20


class Calls:
    """The rules' ``result``, ``moves`` and ``player`` called again, under a guard (inside its block).

    ``player`` is asked once per position and remembered; without it the
    turn passes with every move.
    """

    def __init__(self, rules: TurnRules, guard: Guard) -> None:
        self.rules = rules
        self.guard = guard
        self._players: dict[Hashable, Any] = {}

    def result(self, position: Hashable) -> Any:
        if self.rules.result is None:
            return None
        self.guard.doing = ("result", position)
        return self.rules.result(position)

    def moves(self, position: Hashable) -> list:
        self.guard.doing = ("moves", position)
        return list(self.rules.moves(position))

    def same(self, position: Hashable, other: Hashable) -> bool:
        """Whether the same player is to move at both positions (a move between them is an extra move)."""
        return self.rules.player is not None and self.player(position) == self.player(other)

    def player(self, position: Hashable) -> Any:
        found = self._players.get(position, self)
        if found is self:
            self.guard.doing = ("player", position)
            found = self._players[position] = self.rules.player(position)
        return found

    def show(self, position: Any) -> str:
        return self.rules.show(position, self.guard)
