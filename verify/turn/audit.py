"""Audit a setter's claim about a general or score game: ``gamecert audit --rules FILE --claim NAME --exhaustive N``.

A claim is a module-level function ``NAME(position)`` of the rules file that
is not one of the rules. For a general game it returns the outcome for the
player to move (``"win"``, ``"lose"`` or ``"draw"``), the outcome with its
remoteness (``("win", 3)``), or a winner (``True`` when the player to move
wins); for a score game the score (an ``int``) or a winner (``True`` when the
player to move ends ahead). :class:`TurnClaims` checks it on every position
``positions(s)`` yields for ``s = 0..N`` against the certified answer.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable
from typing import Any

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import shown_position
from gamecert.solvers.turn.graph import Queries
from gamecert.solvers.turn.value import OUTCOMES, Value
from gamecert.verify.errors import CertificationError
from gamecert.verify.rules.audit import Claims


class TurnClaims(Claims):
    """The claims of a general or score rules file, each checked on every position up to a size."""

    statement = "{name}(position) is the certified outcome, (outcome, remoteness), score or winner of every position"

    def certified(self, queries: list[Hashable], size: int) -> list[Value]:
        """The certified value of each query: the solver's, its certificate checked."""
        instance = Queries(tuple(queries))
        solution = self.game.solve(instance)
        violations = self.game.certify(instance, solution)
        if violations:
            raise CertificationError(f"the positions of sizes 0 to {size}: {violations[0]}")
        return list(solution.values)

    def sequence(self, answers: list[Value]) -> tuple[list, str]:
        return [str(v) for v in answers], "values"

    def verdict(self, name: str, line: int, position: Hashable, said: Any, answer: Value) -> tuple[str, str] | None:
        """None when the claim's answer ``said`` is the certified ``answer``, else ``(what it claims, the certified answer)``."""
        certified = f"the certified value is {answer}"
        if isinstance(said, bool):
            wins = answer.outcome == "win" or (answer.outcome == "score" and (answer.number or 0) > 0)
            if said == wins:
                return None
            return f"claims the player to move {'wins' if said else 'does not win'}", certified
        if answer.outcome == "score":
            if isinstance(said, numbers.Integral):
                return None if int(said) == answer.number else (f"claims {int(said)}", certified)
            expected = "a score (int) or a winner (bool: True when the player to move ends ahead)"
        else:
            if isinstance(said, str) and said in OUTCOMES:
                return None if said == answer.outcome else (f"claims {said}", certified)
            if isinstance(said, tuple) and len(said) == 2 and said[0] in OUTCOMES:
                claimed = Value(said[0], said[1])
                return None if claimed == answer else (f"claims {claimed}", certified)
            expected = '"win", "lose" or "draw", a pair such as ("win", 3), or a winner (bool)'
        raise RulesError(
            self.rules.path, line, 1, f"{name}({shown_position(position)}) returned {shown_position(repr(said))}, expected {expected}"
        )
