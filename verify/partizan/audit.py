"""Audit a setter's claim about a partizan rules game: ``gamecert audit --rules FILE --claim NAME --exhaustive N``.

A claim is a module-level function ``NAME(position)`` of the rules file that is
not one of the rules: it returns the position's value in CGSuite's notation
(``"3/4"``, ``"^*"``, ``"{1|-1}"``; compared as games, so any form of the right
value passes) or its outcome class (``"L"``, ``"R"``, ``"N"``, ``"P"``). It is
checked on every position ``positions(s)`` yields for ``s = 0..N`` against the
certified answer, the smallest counterexample reported; the run is
:class:`~gamecert.verify.rules.audit.Claims`'s, with partizan answers.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from gamecert.solvers.errors import RulesError
from gamecert.solvers.partizan.solver import partizan_game
from gamecert.solvers.rules.rules import shown_position
from gamecert.verify.errors import CertificationError
from gamecert.verify.partizan.answer import OUTCOMES, claimed, value_text
from gamecert.verify.partizan.certificate import check_partizan
from gamecert.verify.partizan.compare import Forms
from gamecert.verify.rules.audit import Claims


class PartizanClaims(Claims):
    """The claims of a partizan rules file: values in CGSuite's notation or outcome classes, on every position
    up to a size."""

    statement = "{name}(position) is the certified value (in CGSuite's notation) or outcome class (L, R, N, P) of every position"

    def certified(self, queries: list[Hashable], size: int) -> list[Any]:
        """``(form, outcome)`` of every query, the certificate checked."""
        solution = partizan_game(self.rules, queries, self.limits)
        violations = check_partizan(self.rules, claimed(solution), self.limits).violations
        if violations:
            raise CertificationError(f"the positions of sizes 0 to {size}: {violations[0]}")
        return list(zip(solution.values, solution.outcomes))

    def verdict(self, name: str, line: int, position: Hashable, said: Any, answer: Any) -> tuple[str, str] | None:
        form, outcome = answer
        if isinstance(said, str) and said.strip() in OUTCOMES:
            if said.strip() == outcome:
                return None
            return f"claims {said.strip()} ({OUTCOMES[said.strip()]})", f"the certified outcome is {outcome} ({OUTCOMES[outcome]})"
        if isinstance(said, str):
            from gamecert.solvers.partizan.notation import parse_notation

            try:
                wanted = parse_notation(said)
            except ValueError as exc:
                raise RulesError(
                    self.rules.path, line, 1,
                    f"{name}({shown_position(position)}) returned {said!r}, which is not CGSuite notation ({exc})",
                ) from None
            pool = Forms()
            if pool.equal(pool.add(wanted.plain()), pool.add(form.plain())):
                return None
            return f"claims {said.strip()}", f"the certified value is {value_text(form)} ({outcome})"
        raise RulesError(
            self.rules.path, line, 1,
            f"{name}({shown_position(position)}) returned {shown_position(repr(said))}, expected a value in CGSuite's "
            "notation (text such as '3/4' or '{1|-1}') or an outcome class ('L', 'R', 'N' or 'P')",
        )

    def sequence(self, answers: list[Any]) -> tuple[list, str]:
        """The values a periodicity line reads (each in CGSuite's notation), and what they are called."""
        return [value_text(form) for form, _ in answers], "values"
