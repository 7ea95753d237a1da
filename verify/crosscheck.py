"""Running every formulation on a case and comparing the answers.

For each case: the fast solver's judge output against the case's expected
output, the certificate checker on the fast solution, and every independent
formulation that fits, compared by equality with the fast answer.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass

from solvers.errors import GamecertError

from .cases import Case
from .games import Game

OK_STATUSES = ("ok", "valid", "agree", "skipped")


@dataclass(frozen=True)
class Verdict:
    """One formulation's outcome on one case."""

    formulation: str
    status: str  # ok | valid | agree | skipped | WRONG | INVALID | DIFFER | ERROR
    detail: str = ""
    seconds: float = 0.0

    @property
    def failed(self) -> bool:
        return self.status not in OK_STATUSES


@dataclass(frozen=True)
class CaseReport:
    case: Case
    verdicts: tuple[Verdict, ...]

    @property
    def failed(self) -> bool:
        return any(v.failed for v in self.verdicts)


def _timed(fn, *args):
    t0 = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - t0


def _error_detail(exc: BaseException) -> str:
    if isinstance(exc, GamecertError):
        return f"{type(exc).__name__}: {exc}"
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return f"internal error {type(exc).__name__}: {exc} ({frame.filename}:{frame.lineno})"


def check_case(game: Game, case: Case, instance) -> CaseReport:
    """Cross-check one parsed case; never raises for a formulation's failure."""
    verdicts = []
    try:
        solution, secs = _timed(game.solve, instance)
    except Exception as exc:  # a crash of the fast solver is a finding, not a stop
        return CaseReport(case, (Verdict("fast", "ERROR", _error_detail(exc)),))
    output = game.format(solution)
    if output == case.expected:
        verdicts.append(Verdict("fast", "ok", "", secs))
    else:
        verdicts.append(Verdict("fast", "WRONG", _output_difference(case.expected, output), secs))
    try:
        violations, secs = _timed(game.certify, instance, solution)
        if violations:
            verdicts.append(Verdict("certificate", "INVALID", violations[0], secs))
        else:
            verdicts.append(Verdict("certificate", "valid", "", secs))
    except Exception as exc:
        verdicts.append(Verdict("certificate", "ERROR", _error_detail(exc)))
    reference = game.answer(solution)
    for f in game.formulations:
        try:
            reason = f.fits(instance)
            if reason is not None:
                verdicts.append(Verdict(f.name, "skipped", reason))
                continue
            answer, secs = _timed(f.run, instance)
        except Exception as exc:
            verdicts.append(Verdict(f.name, "ERROR", _error_detail(exc)))
            continue
        if answer == reference:
            verdicts.append(Verdict(f.name, "agree", "", secs))
        else:
            verdicts.append(Verdict(f.name, "DIFFER", game.explain(instance, reference, answer), secs))
    return CaseReport(case, tuple(verdicts))


def _output_difference(expected: str, got: str) -> str:
    exp, out = expected.splitlines(), got.splitlines()
    for i, (a, b) in enumerate(zip(exp, out)):
        if a != b:
            return f"output line {i + 1} is {b!r}, expected {a!r}"
    if len(exp) != len(out):
        return f"output has {len(out)} lines, expected {len(exp)}"
    return "output differs in line endings or trailing whitespace"
