"""The claims of an impartial rules file: each checked against the certified nim value or winner."""

from __future__ import annotations

import numbers
from collections.abc import Hashable
from typing import Any

from gamecert.solvers.errors import RulesError
from gamecert.solvers.impartial.solver import impartial_game
from gamecert.solvers.rules.rules import shown_position
from gamecert.verify.errors import CertificationError
from gamecert.verify.rules.audit import Claims


class ImpartialClaims(Claims):
    """The claims of an impartial rules file (``gamecert audit --rules FILE --claim NAME --exhaustive N``)."""

    #: What every claim is checked to say, in the audit's line.
    statement = "{name}(position) is the certified nim value (int) or winner (bool) of every position"

    def certified(self, queries: list[Hashable], size: int) -> list[tuple[bool, int | None]]:
        """The certified answer to each query, ``(win, value)``: the solver's, its certificate checked."""
        from gamecert.verify.impartial.certificate import check_impartial

        solution = impartial_game(self.rules, queries, self.limits)
        violations = check_impartial(self.rules, solution, self.limits)
        if violations:
            raise CertificationError(f"the positions of sizes 0 to {size}: {violations[0]}")
        return list(zip(solution.wins, solution.values))

    def sequence(self, answers: list[tuple[bool, int | None]]) -> tuple[list, str]:
        """The values a periodicity line reads, and what they are called."""
        if self.rules.misere:
            return [w for w, _ in answers], "outcomes"
        return [v for _, v in answers], "nim values"

    def verdict(self, name: str, line: int, position: Hashable, said: Any, answer: tuple[bool, int | None]) -> tuple[str, str] | None:
        """None when the claim's answer ``said`` is the certified one, else ``(what it claims, the certified answer)``."""
        win, value = answer
        if isinstance(said, bool):
            if said == win:
                return None
            outcome = "the player to move wins" if win else "the player to move loses"
            certified = outcome if value is None else f"{outcome} (certified value {value})"
            return f"claims the player to move {'wins' if said else 'loses'}", certified
        if isinstance(said, numbers.Integral):
            if value is None:
                raise RulesError(
                    self.rules.path, line, 1,
                    f"{name}({shown_position(position)}) returned {said!r}: under misère play there are no nim values, "
                    "a claim returns True (the player to move wins) or False",
                )
            if int(said) == value:
                return None
            return f"claims {int(said)}", f"the certified value is {value}"
        raise RulesError(
            self.rules.path, line, 1,
            f"{name}({shown_position(position)}) returned {shown_position(repr(said))}, expected a nim value (int) "
            "or a winner (bool: True when the player to move wins)",
        )
