"""Stress-testing another program against gamecert's certified answers.

:func:`stress` runs a candidate program on generated cases of one game (the
game's edge-case families first, then random cases of growing size), judges
its output token by token against gamecert's own answer, whose certificate is
checked on every case, and on the first failure shrinks the case by delta
debugging to a small one that still fails the same way and saves it.

The engine knows a game only through its :class:`~gamecert.verify.game.Game` core
(parse, and the certified answer of :mod:`gamecert.verify.engine.certified`) and
its :class:`~gamecert.verify.capabilities.StressCases` capability (``edge_cases``,
``random_case``, ``reductions``). It never prints: progress goes through a callback.
"""

from __future__ import annotations

import os
import random
import re
import shlex
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from gamecert.solvers.errors import GamecertError, InputError
from gamecert.verify.capabilities import StressCases
from gamecert.verify.engine.certified import certified_answer
from gamecert.verify.errors import CandidateError, CertificateRejected, StressInternalError
from gamecert.verify.game import Game


class StressKind(StrEnum):
    """The verdict on one run of the candidate; everything but ``PASS`` is a failure."""

    PASS = "PASS"
    WRONG = "WRONG"
    CRASH = "CRASH"
    TIMEOUT = "TIMEOUT"

#: ``progress(stage, done, total)``: stage ``"cases"`` (cases run of ``count``)
#: or ``"shrink"`` (candidate runs while shrinking, of the run bound).
StressProgress = Callable[[str, int, int], None]

_STDERR_TAIL = 5
_SHOW = 40
_TOKEN = re.compile(rb"\S+")


@dataclass(frozen=True)
class Run:
    """One run of the candidate: ``returncode`` is ``None`` when it was killed at the time limit."""

    returncode: int | None
    stdout: bytes
    stderr: bytes
    seconds: float


@dataclass(frozen=True)
class RunVerdict:
    """How a run compares with the certified answer.

    ``kind`` is a :class:`StressKind`; ``detail`` says
    where (the first differing token, the exit status and stderr tail, the
    limit); ``token`` is the 1-based index of the first differing token of a
    ``WRONG`` answer.
    """

    kind: StressKind
    detail: str
    run: Run
    token: int | None = None


@dataclass(frozen=True)
class ScheduledCase:
    """Case ``number`` (1-based) of a run's schedule: its family and its judge input."""

    number: int
    family: str
    text: str


@dataclass(frozen=True)
class Shrunk:
    """The end of shrinking: the smallest failing case found and what it took.

    ``steps`` reductions were taken, ``tries`` candidate runs spent;
    ``stopped`` names the bound that ended shrinking early, else ``None``
    (no reduction of ``text`` fails the same way).
    """

    text: str
    answer: str
    verdict: RunVerdict
    steps: int
    tries: int
    stopped: str | None


@dataclass(frozen=True)
class Failure:
    """The first failing case, its shrunk form and the files written for it."""

    case: ScheduledCase
    verdict: RunVerdict
    shrunk: Shrunk
    files: dict[str, Path]


@dataclass(frozen=True)
class StressResult:
    """A stress run: ``passed`` cases passed; ``failure`` is the first failure, if any."""

    game: str
    seed: int
    count: int
    passed: int
    failure: Failure | None

    def summary(self) -> str:
        """One line for people (the CLI's output)."""
        if self.failure is None:
            cases = "case" if self.passed == 1 else "cases"
            return f"stress {self.game}: {self.passed} {cases} passed (seed {self.seed})"
        f, s = self.failure, self.failure.shrunk
        steps = f"{s.steps} step" + ("" if s.steps == 1 else "s")
        bound = f" (stopped by the {s.stopped})" if s.stopped else ""
        how = f"shrunk in {steps}{bound} to {_show_case(s.text)}" if s.steps else f"already minimal{bound}: {_show_case(s.text)}"
        return (
            f"stress {self.game}: {f.verdict.kind} on case {f.case.number} of {self.count} "
            f"({f.case.family}; seed {self.seed}), {how}: {f.files['in']} ({s.verdict.detail})"
        )


def _show_case(text: str) -> str:
    """A short case inline as ``[line / line]``, a long one by its line count."""
    lines = text.rstrip("\n").split("\n")
    inline = " / ".join(line.rstrip() for line in lines)
    return f"[{inline}]" if len(inline) <= 60 else f"{len(lines)} lines"


def _show_token(token: bytes) -> str:
    s = token.decode("utf-8", "replace")
    return repr(s if len(s) <= _SHOW else s[:_SHOW] + "...")


def split_candidate(candidate: str) -> list[str]:
    """The candidate command split like a shell would (run without one); raises
    :class:`CandidateError` when it is empty or malformed.

    >>> split_candidate("python3 'my prog.py' --fast")
    ['python3', 'my prog.py', '--fast']
    """
    try:
        argv = shlex.split(candidate)
    except ValueError as exc:
        raise CandidateError(f"cannot read the command {candidate!r}: {exc}") from None
    if not argv:
        raise CandidateError("the candidate command is empty")
    return argv


def run_candidate(argv: list[str], text: str, timeout: float) -> Run:
    """Run ``argv`` (no shell) with ``text`` on stdin, killing its process group after ``timeout`` s.

    Raises :class:`CandidateError` when the program cannot be started.

    >>> import sys
    >>> run_candidate([sys.executable, "-c", "print(input()[::-1])"], "abc\\n", 10).stdout
    b'cba\\n'
    """
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
        )
    except OSError as exc:
        raise CandidateError(f"cannot start {argv[0]!r}: {exc.strerror or exc}") from None
    try:
        out, err = proc.communicate(text.encode(), timeout=timeout)
        return Run(proc.returncode, out, err, time.monotonic() - start)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        out, err = proc.communicate()
        return Run(None, out, err, time.monotonic() - start)
    except BaseException:  # Ctrl-C and the like: leave no candidate behind
        _kill_group(proc)
        proc.wait()
        raise


def _kill_group(proc: subprocess.Popen) -> None:
    """Kill the candidate's process group: it leads its own session, so this also
    ends its children, which would otherwise keep the pipes open."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def judge(expected: str, run: Run, timeout: float) -> RunVerdict:
    """Compare a run with the expected answer the way a judge does: tokens, whitespace-insensitive.

    A time-out beats a crash (non-zero exit or a signal), which beats a wrong answer.

    >>> judge("WIN\\n2 3\\n", Run(0, b"WIN 2\\n4\\n", b"", 0.1), 10).detail
    "token 3 at output line 2: expected '3', got '4'"
    """
    if run.returncode is None:
        return RunVerdict(StressKind.TIMEOUT, f"no answer within the {timeout:g} s time limit", run)
    if run.returncode != 0:
        if run.returncode < 0:
            try:
                status = f"killed by {signal.Signals(-run.returncode).name}"
            except ValueError:
                status = f"killed by signal {-run.returncode}"
        else:
            status = f"exit code {run.returncode}"
        tail = _stderr_tail(run.stderr)
        return RunVerdict(StressKind.CRASH, f"{status}: {tail[-1]}" if tail else status, run)
    want = expected.encode().split()
    got = list(_TOKEN.finditer(run.stdout))
    for i in range(max(len(want), len(got))):
        if i < len(want) and i < len(got) and want[i] == got[i].group():
            continue
        if i < len(got):
            line = run.stdout.count(b"\n", 0, got[i].start()) + 1
            where = f"token {i + 1} at output line {line}"
            wanted = _show_token(want[i]) if i < len(want) else "end of output"
            return RunVerdict(StressKind.WRONG, f"{where}: expected {wanted}, got {_show_token(got[i].group())}", run, i + 1)
        return RunVerdict(StressKind.WRONG, f"token {i + 1}: expected {_show_token(want[i])}, output ended", run, i + 1)
    return RunVerdict(StressKind.PASS, "", run)


def _stderr_tail(stderr: bytes) -> list[str]:
    lines = [line.strip() for line in stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    return [line if len(line) <= 200 else line[:200] + "..." for line in lines[-_STDERR_TAIL:]]


class Referee:
    """Certified answers for a stress run (:func:`~gamecert.verify.engine.certified.certified_answer`,
    judge limits on); a generated case that does not parse, or an answer whose certificate fails,
    is gamecert's fault (:class:`StressInternalError`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._answers: dict[str, str | None] = {}

    def answer(self, text: str, what: str, generated: bool) -> str | None:
        """The certified judge output for ``text``; ``None`` when a reduction does not parse."""
        if text in self._answers:
            return self._answers[text]
        try:
            instance = self.game.parse(text, "<case>", True)
        except InputError as exc:
            if generated:
                raise StressInternalError(f"{what} does not parse: {exc}") from None
            self._answers[text] = None
            return None
        try:
            answer = certified_answer(self.game, instance, what).text
        except CertificateRejected as exc:
            raise StressInternalError(str(exc)) from None
        if not generated:  # shrinking may meet a text again; the schedule never does
            self._answers[text] = answer
        return answer


def stress_cases(
    generator: StressCases, count: int, seed: int, max_size: int, numbers: range | None = None
) -> Iterator[ScheduledCase]:
    """The schedule of a run: edge-case families first, then random cases of growing size.

    Random case ``k`` draws from its own generator seeded by ``(seed, k)``, so
    the same seed gives the same cases in the same order. ``numbers`` keeps
    only the cases with those numbers (a campaign's shard), without drawing
    the others.
    """
    n = 0
    for family, text in generator.edge_cases(max_size):
        if n == count:
            return
        n += 1
        if numbers is None or n in numbers:
            yield ScheduledCase(n, f"edge: {family}", text)
    randoms = count - n
    for i in range(randoms):
        size = 1 + i * max_size // randoms
        n += 1
        if numbers is not None and n not in numbers:
            continue
        rng = random.Random(f"gamecert stress {seed} {n}")
        yield ScheduledCase(n, f"random, size {size}", generator.random_case(rng, size))


def shrink_case(
    text: str,
    answer: str,
    verdict: RunVerdict,
    check: Callable[[str], tuple[str, RunVerdict] | None],
    reductions: Callable[[str], Iterator[str]],
    *,
    max_tries: int = 2000,
    max_seconds: float = 60.0,
    progress: StressProgress | None = None,
) -> Shrunk:
    """Shrink a failing case: take the first reduction that fails the same way, until none does.

    ``text`` failed with ``verdict`` against the certified ``answer``;
    ``check(text)`` is the certified answer and the candidate's verdict, or
    ``None`` for a reduction that does not parse (skipped).

    Notes
    -----
    Greedy delta debugging (Zeller and Hildebrandt, "Simplifying and
    isolating failure-inducing input", IEEE TSE 28(2), 2002,
    doi:10.1109/32.988498) over the generator's reductions, coarse cuts
    first. Each step strictly lowers the generator's well-founded measure, so
    it terminates; ``max_tries`` candidate runs and ``max_seconds`` bound it.
    """
    kind = verdict.kind
    steps = tries = 0
    deadline = time.monotonic() + max_seconds
    stopped = None
    while stopped is None:
        for smaller in reductions(text):
            if tries >= max_tries:
                stopped = f"{max_tries}-run bound"
                break
            if time.monotonic() >= deadline:
                stopped = f"{max_seconds:g} s bound"
                break
            checked = check(smaller)
            if checked is None:
                continue
            tries += 1
            if progress is not None:
                progress("shrink", tries, max_tries)
            got_answer, got = checked
            if got.kind == kind:
                text, answer, verdict = smaller, got_answer, got
                steps += 1
                break
        else:
            break
    return Shrunk(text, answer, verdict, steps, tries, stopped)


def stress(
    game: Game,
    candidate: str,
    *,
    count: int = 200,
    seed: int = 1,
    max_size: int = 10,
    timeout: float = 10.0,
    out: Path | str = ".",
    name: str | None = None,
    shrink_tries: int = 2000,
    shrink_seconds: float = 60.0,
    progress: StressProgress | None = None,
) -> StressResult:
    """Stress-test the program ``candidate`` on generated cases of ``game`` against certified answers.

    ``candidate`` is a command line, split like a shell would (``shlex``) but
    run without one. On the first failing case the case is shrunk and saved
    in ``out`` as ``NAME.in`` (shrunk case), ``NAME.ans`` (its certified
    answer), ``NAME.out`` (the candidate's output on it) and ``NAME.orig.in``
    (the case as generated); ``NAME`` defaults to ``GAME-KIND``.

    Raises :class:`CandidateError` when the command is empty, malformed or
    cannot be started, :class:`StressInternalError` when gamecert's own side
    fails (never blamed on the candidate).

    Notes
    -----
    ``count`` cases, the generator's edge cases first; each costs one
    candidate run plus the game's fast solve and certificate check.
    Shrinking is greedy delta debugging (:func:`shrink_case`), at most
    ``shrink_tries`` runs and ``shrink_seconds`` seconds.

    Examples
    --------
    >>> import sys
    >>> from gamecert.verify.registry import get_game
    >>> echo = f"{sys.executable} -c 'print(\\"Bob\\")'"
    >>> stress(get_game("split"), echo, count=1).summary()
    'stress split: 1 case passed (seed 1)'
    """
    generator = game.capability(StressCases)
    if generator is None:
        raise GamecertError(f"{game.name} has no case generator")
    if count < 1 or max_size < 1 or timeout <= 0:
        raise GamecertError("count and max_size must be at least 1 and timeout positive")
    argv = split_candidate(candidate)
    referee = Referee(game)

    def check(text: str) -> tuple[str, RunVerdict] | None:
        answer = referee.answer(text, "a reduction of the failing case", generated=False)
        if answer is None:
            return None
        return answer, judge(answer, run_candidate(argv, text, timeout), timeout)

    passed = 0
    for case in stress_cases(generator, count, seed, max_size):
        answer = referee.answer(case.text, f"generated case {case.number} ({case.family})", generated=True)
        verdict = judge(answer, run_candidate(argv, case.text, timeout), timeout)
        if verdict.kind is not StressKind.PASS:
            shrunk = shrink_case(
                case.text, answer, verdict, check, generator.reductions,
                max_tries=shrink_tries, max_seconds=shrink_seconds, progress=progress,
            )
            files = _save(Path(out), name or f"{game.name}-{verdict.kind.lower()}", case, shrunk)
            return StressResult(game.name, seed, count, passed, Failure(case, verdict, shrunk, files))
        passed += 1
        if progress is not None:
            progress("cases", passed, count)
    return StressResult(game.name, seed, count, passed, None)


def _save(out: Path, name: str, case: ScheduledCase, shrunk: Shrunk) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    files = {key: out / f"{name}.{key}" for key in ("in", "ans", "out", "orig.in")}
    files["in"].write_text(shrunk.text)
    files["ans"].write_text(shrunk.answer)
    files["out"].write_bytes(shrunk.verdict.run.stdout)
    files["orig.in"].write_text(case.text)
    return files
