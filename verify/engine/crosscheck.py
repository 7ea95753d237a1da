"""Running every formulation on a case and comparing the answers.

For each case: the fast solver's judge output against the case's expected
output (a case without one: the fast solver's answer, compared with the
formulations' only), the certificate checker on the fast solution, and every independent
formulation that fits, compared by equality with the fast answer. These are
the case's steps (:func:`step_names`); :mod:`gamecert.verify.engine.parallel` runs them in
worker processes, each under a time limit.

Limits are time: a formulation is skipped before it starts only when it
cannot run at all (:meth:`~gamecert.verify.game.Formulation.fits`) or when its
predicted time (:meth:`~gamecert.verify.game.Formulation.predict`, a measured
rate times the encoding's size) exceeds the time limit (:func:`too_slow`);
one that runs past the limit anyway is stopped by the runner.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from gamecert.solvers.errors import GamecertError, InputError
from gamecert.verify.engine.cases import CaseFile
from gamecert.verify.engine.certified import Certification
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.game import Formulation, Game


class Status(StrEnum):
    """A step's outcome on one case; the lower-case ones are not failures."""

    OK = "ok"  # the fast solver's output is the expected one
    SOLVED = "solved"  # the fast solver answered a case with no expected answer: the formulations are the check
    VALID = "valid"  # the certificate checks
    AGREE = "agree"  # a formulation gives the fast answer
    SKIPPED = "skipped"  # a formulation does not fit the case, or ran past its limit
    WRONG = "WRONG"
    INVALID = "INVALID"
    DIFFER = "DIFFER"
    ERROR = "ERROR"
    BAD_INPUT = "BAD-INPUT"  # the case itself is bad input: a rules file's code failed while solving it

    @property
    def failed(self) -> bool:
        return self not in (Status.OK, Status.SOLVED, Status.VALID, Status.AGREE, Status.SKIPPED)


@dataclass(frozen=True)
class Verdict:
    """One formulation's outcome on one case.

    ``answers`` holds the two answers as text when they differ: the expected
    output and the fast solver's (WRONG), or the fast answer and the
    formulation's (DIFFER); the HTML report shows them side by side.
    """

    formulation: str
    status: Status
    detail: str = ""
    seconds: float = 0.0
    answers: tuple[str, str] | None = None

    @property
    def failed(self) -> bool:
        return self.status.failed


@dataclass(frozen=True)
class CaseReport:
    case: CaseFile
    verdicts: tuple[Verdict, ...]

    @property
    def failed(self) -> bool:
        return any(v.failed for v in self.verdicts)


def _timed(fn, *args):
    t0 = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - t0


def error_detail(exc: BaseException) -> str:
    if isinstance(exc, GamecertError):
        return f"{type(exc).__name__}: {exc}"
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return f"internal error {type(exc).__name__}: {exc} ({frame.filename}:{frame.lineno})"


#: The fast step's detail on a case without an expected answer.
NO_EXPECTED = "no expected answer"

#: Steps before the formulations (fast solver, certificate): stopping one of
#: them is a failure, not a skip.
REQUIRED_STEPS = 2


def step_names(game: Game) -> tuple[str, ...]:
    """The steps of one case's cross-check, in order: fast solver, certificate, each formulation."""
    return ("fast", "certificate", *(f.name for f in game.formulations()))


def duration(seconds: float) -> str:
    """A duration for people, in the largest unit that keeps it at least 2.

    >>> duration(0.25), duration(60), duration(2400), duration(7200), duration(4e5), duration(1e12), duration(float("inf"))
    ('0.25 s', '60 s', '40 min', '2 h', '5 days', '3.2e+04 years', 'forever')
    """
    if seconds != seconds or seconds == float("inf"):
        return "forever"
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= 2 * size:
            value = seconds / size
            return f"{value:.2g} {unit}" if value >= 1000 else f"{value:.0f} {unit}"
    return f"{seconds:.2g} s" if seconds < 10 else f"{seconds:.0f} s"


def too_slow(formulation: Formulation, instance, time_limit: float | None) -> str | None:
    """Why ``formulation`` is skipped on ``instance`` under ``time_limit`` seconds (None or 0: no limit), or None.

    The reason is its prediction against the limit, "predicted 40 min > 60 s";
    a formulation that predicts nothing (cheap or unknown) is never skipped here.
    """
    if not time_limit:
        return None
    predicted = formulation.predict(instance)
    if predicted is None or predicted <= time_limit:
        return None
    return f"predicted {duration(predicted)} > {duration(time_limit)}"


def check_case(game: Game, case: CaseFile, instance, time_limit: float | None = None) -> CaseReport:
    """Cross-check one parsed case; never raises for a formulation's failure.

    ``time_limit`` skips the formulations predicted to take longer (:func:`too_slow`); this function stops nothing.
    """
    return CaseReport(case, tuple(case_verdicts(game, case, instance, time_limit=time_limit)))


def case_verdicts(
    game: Game,
    case: CaseFile,
    instance,
    start: int = 0,
    starting: Callable[[int], None] | None = None,
    time_limit: float | None = None,
) -> Iterator[Verdict]:
    """Cross-check one parsed case: one verdict per step of :func:`step_names`, from step ``start``.

    ``starting(i)`` is called just before step ``i`` runs (the parallel runner
    keeps each step's clock by it). A formulation that does not fit, or whose
    predicted time exceeds ``time_limit`` seconds (:func:`too_slow`), is
    skipped with the reason. A step that raises gives an ERROR verdict;
    a failure of the fast solver ends the case, as nothing is left to compare
    with. Resuming at ``start > 0`` (after a step was stopped) re-runs the
    fast solver silently, as the later steps need its solution.
    """
    announce = starting or (lambda i: None)
    names = step_names(game)
    steps = Certification(game, instance)
    if start == 0:
        announce(0)
    try:
        solution, secs = _timed(steps.solve)
    except InputError as exc:  # the case's own fault (a rules file's code failed on it): bad input, not a finding
        yield Verdict(names[start], Status.BAD_INPUT, str(exc))
        return
    except Exception as exc:  # a crash of the fast solver is a finding, not a stop
        detail = error_detail(exc) if start == 0 else f"the fast solver failed when re-run: {error_detail(exc)}"
        yield Verdict(names[start], Status.ERROR, detail)
        return
    if start == 0:
        try:
            output = steps.text()
        except Exception as exc:
            yield Verdict("fast", Status.ERROR, f"formatting the answer: {error_detail(exc)}", secs)
        else:
            if case.expected is None:
                yield Verdict("fast", Status.SOLVED, NO_EXPECTED, secs)
            elif output == case.expected:
                yield Verdict("fast", Status.OK, "", secs)
            else:
                yield Verdict("fast", Status.WRONG, _output_difference(case.expected, output), secs, (case.expected, output))
    if start <= 1:
        announce(1)
        try:
            violations, secs = _timed(steps.certify)
            if violations:
                yield Verdict("certificate", Status.INVALID, violations[0], secs)
            else:
                yield Verdict("certificate", Status.VALID, "", secs)
        except Exception as exc:
            yield Verdict("certificate", Status.ERROR, error_detail(exc))
    try:
        reference, unreadable = game.answer(solution), ""
    except Exception as exc:
        reference, unreadable = None, f"reading the fast answer: {error_detail(exc)}"
    for i, f in enumerate(game.formulations(), start=REQUIRED_STEPS):
        if i < start:
            continue
        announce(i)
        if unreadable:
            yield Verdict(f.name, Status.ERROR, unreadable)
            continue
        try:
            reason = f.fits(instance) or too_slow(f, instance, time_limit)
            if reason is not None:
                yield Verdict(f.name, Status.SKIPPED, reason)
                continue
            answer, secs = _timed(f.run, instance)
            difference = None if answer == reference else game.explain(instance, reference, answer)
        except TimeLimitError as exc:  # the formulation's own limit: no witness, not a failure
            yield Verdict(f.name, Status.SKIPPED, str(exc))
            continue
        except Exception as exc:
            yield Verdict(f.name, Status.ERROR, error_detail(exc))
            continue
        if difference is None:
            yield Verdict(f.name, Status.AGREE, "", secs)
        else:
            yield Verdict(f.name, Status.DIFFER, difference, secs, (_answer_text(reference), _answer_text(answer)))


def _answer_text(answer, limit: int = 4000) -> str:
    """An answer as text for people, cut at ``limit`` characters.

    >>> _answer_text((True, False))
    '(True, False)'
    """
    text = str(answer)
    return text if len(text) <= limit else text[:limit] + f" ... ({len(text) - limit} more characters)"


def _output_difference(expected: str, got: str) -> str:
    exp, out = expected.splitlines(), got.splitlines()
    for i, (a, b) in enumerate(zip(exp, out)):
        if a != b:
            return f"output line {i + 1} is {b!r}, expected {a!r}"
    if len(exp) != len(out):
        return f"output has {len(out)} lines, expected {len(exp)}"
    return "output differs in line endings or trailing whitespace"
