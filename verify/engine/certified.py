"""Certified answers: the fast solver's judge output, given only with its certificate checked.

One place for what ``check``, ``stress`` and ``package`` (and the audits that
certify) all do with an instance: solve it with the fast solver (plain-Python
kernels for a small instance), write the judge answer, and check the
solution's certificate with the game's checker, which trusts nothing the
solver computed. :func:`certified_answer` does it in one call;
:class:`Certification` is the same two steps one at a time, for ``check``,
which times and limits each step on its own.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from gamecert.verify.errors import CertificateRejected
from gamecert.verify.game import Game

I = TypeVar("I")
S = TypeVar("S")


@dataclass(frozen=True)
class CertifiedAnswer(Generic[S]):
    """A judge answer whose certificate holds: the solution, its judge output, and the two steps' times."""

    solution: S
    text: str
    solve_seconds: float
    certify_seconds: float


class Certification(Generic[I, S]):
    """One instance's answer, certified in two steps: :meth:`solve`, then :meth:`certify`."""

    def __init__(self, game: Game[I, S], instance: I) -> None:
        self.game = game
        self.instance = instance
        self.solution: S | None = None
        self.solve_seconds = 0.0
        self.certify_seconds = 0.0

    def solve(self) -> S:
        """The fast solver's solution (its kernels as plain Python when the instance is small)."""
        start = time.perf_counter()
        self.solution = self.game.fast_solve(self.instance)
        self.solve_seconds = time.perf_counter() - start
        return self.solution

    def text(self) -> str:
        """The solution's judge output."""
        with self.game.kernels(self.instance):
            return self.game.format(self._solved())

    def certify(self) -> list[str]:
        """The certificate's violations (empty when it holds)."""
        start = time.perf_counter()
        violations = self.game.certify(self.instance, self._solved())
        self.certify_seconds = time.perf_counter() - start
        return violations

    def _solved(self) -> Any:
        return self.solve() if self.solution is None else self.solution


def certified_answer(game: Game[I, S], instance: I, what: str = "the input") -> CertifiedAnswer[S]:
    """The fast solver's judge answer to ``instance``, its certificate checked.

    Raises :class:`~gamecert.verify.errors.CertificateRejected` (naming
    ``what`` and the first violation) when the certificate does not hold:
    gamecert's own fault, whatever the input.

    >>> from gamecert.verify.registry import get_game
    >>> g = get_game("cutting")
    >>> certified_answer(g, g.parse("2 2\\n4 2\\n")).text
    'LOSE\\nWIN\\n'
    """
    steps = Certification(game, instance)
    text = steps.text()
    violations = steps.certify()
    if violations:
        raise CertificateRejected(what, violations[0])
    return CertifiedAnswer(steps.solution, text, steps.solve_seconds, steps.certify_seconds)
