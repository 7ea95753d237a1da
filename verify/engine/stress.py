"""Stress-testing another program against gamecert's certified answers.

:func:`stress` runs a candidate program on generated cases of one game (the
game's edge-case families first, then random cases of growing size), judges
its output token by token against gamecert's own answer, whose certificate is
checked on every case, and on the first failure shrinks the case by delta
debugging to a small one that still fails the same way and saves it.

Every run of the candidate is contained like a judge's
(:mod:`gamecert.verify.engine.contain`): a wall-clock limit that kills its
process group, an output limit and a memory limit, each its own verdict
(:class:`StressKind`, in judges' words); in a sandbox
(:mod:`gamecert.verify.engine.sandbox`) also a process cap, no network, a
scratch folder and a file size limit.

The engine knows a game only through its :class:`~gamecert.verify.game.Game` core
(parse, and the certified answer of :mod:`gamecert.verify.engine.certified`) and
its :class:`~gamecert.verify.capabilities.StressCases` capability (``edge_cases``,
``random_case``, ``reductions``). It never prints: progress goes through a callback.
"""

from __future__ import annotations

import random
import re
import shlex
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

from gamecert.solvers.errors import GamecertError, InputError
from gamecert.solvers.textinput import format_bytes
from gamecert.verify.capabilities import StressCases
from gamecert.verify.engine.certified import certified_answer
from gamecert.verify.engine.contain import MAX_OUTPUT, Limits, Stop, run_contained
from gamecert.verify.engine.contain import Contained as Run
from gamecert.verify.engine.sandbox import DEFAULT_FILE_SIZE, DEFAULT_PROCESSES, Sandbox
from gamecert.verify.errors import CandidateError, CertificateRejected, StressInternalError
from gamecert.verify.game import Game


class StressKind(StrEnum):
    """The verdict on one run of the candidate, in judges' words; everything but ``PASS`` is a failure.

    >>> StressKind.TIME.slug
    'time-limit-exceeded'
    """

    PASS = "accepted"
    WRONG = "wrong answer"
    NO_OUTPUT = "no output"
    RUNTIME = "run-time error"
    TIME = "time limit exceeded"
    MEMORY = "memory limit exceeded"
    PROCESSES = "process limit exceeded"
    OUTPUT = "output limit exceeded"

    @property
    def slug(self) -> str:
        """The verdict in a file name."""
        return self.value.replace(" ", "-")


#: The failures, in the order summaries list them.
FAILURES = tuple(kind for kind in StressKind if kind is not StressKind.PASS)
#: The candidate's memory limit unless told (address space, as judges without control groups set it).
DEFAULT_MEMORY = 2**30
#: The default output limit: this many times the certified answer's size, at least :data:`MIN_OUTPUT`.
OUTPUT_FACTOR = 16
MIN_OUTPUT = 2**20
#: The most of the candidate's output a saved ``.out`` file holds (the cut is marked in the file).
SAVED_OUTPUT = 2**20
#: A time-limit failure is shrunk for at most this many time limits (each reduction that
#: still fails costs a whole time limit; the bound keeps the run within a few limits).
TIME_SHRINK_LIMITS = 4

#: ``progress(stage, done, total)``: stage ``"cases"`` (cases run of ``count``)
#: or ``"shrink"`` (candidate runs while shrinking, of the run bound).
StressProgress = Callable[[str, int, int], None]

_STDERR_TAIL = 5
_SHOW = 40
_TOKEN = re.compile(rb"\S+")


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
    """Case ``number`` (1-based) of a run's schedule: its family, its judge input and, for a random case, its size."""

    number: int
    family: str
    text: str
    size: int | None = None


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
    """A stress run: ``passed`` cases passed; ``failure`` is the first failure, if any; ``skipped`` cases
    had nothing to run on (an interactive stress run's case without a start)."""

    game: str
    seed: int
    count: int
    passed: int
    failure: Failure | None
    skipped: int = 0

    def summary(self) -> str:
        """One line for people (the CLI's output)."""
        if self.failure is None:
            cases = "case" if self.passed == 1 else "cases"
            skipped = f", {self.skipped} without a start" if self.skipped else ""
            return f"stress {self.game}: {self.passed} {cases} passed{skipped} (seed {self.seed})"
        f, s = self.failure, self.failure.shrunk
        steps = f"{s.steps} step" + ("" if s.steps == 1 else "s")
        bound = f" (stopped by the {s.stopped})" if s.stopped else ""
        how = f"shrunk in {steps}{bound} to {show_case(s.text)}" if s.steps else f"already minimal{bound}: {show_case(s.text)}"
        return (
            f"stress {self.game}: {f.verdict.kind} on case {f.case.number} of {self.count} "
            f"({f.case.family}; seed {self.seed}), {how}: {f.files['in']} ({s.verdict.detail})"
        )


def show_case(text: str) -> str:
    """A short case inline as ``[line / line]``, a long one by its line count."""
    lines = text.rstrip("\n").split("\n")
    inline = " / ".join(line.rstrip() for line in lines)
    return f"[{inline}]" if len(inline) <= 60 else f"{len(lines)} lines"


def _show_token(token: bytes) -> str:
    s = token[: 4 * _SHOW + 4].decode("utf-8", "replace")  # a huge token is never decoded whole
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


def output_limit(answer: str, limit: int | None = None) -> int:
    """The output limit of a run whose certified answer is ``answer``: ``limit`` when given, else
    :data:`OUTPUT_FACTOR` times the answer's size, at least :data:`MIN_OUTPUT`, at most
    :data:`~gamecert.verify.engine.contain.MAX_OUTPUT`.

    >>> output_limit("WIN\\n"), output_limit("1" * 10**7)
    (1048576, 67108864)
    """
    if limit is not None:
        return limit
    return min(MAX_OUTPUT, max(MIN_OUTPUT, OUTPUT_FACTOR * len(answer.encode())))


def run_candidate(argv: list[str], text: str, limits: Limits | float, sandbox: Sandbox | None = None) -> Run:
    """Run ``argv`` (no shell) with ``text`` on stdin, contained by ``limits``
    (:func:`~gamecert.verify.engine.contain.run_contained`; a number: seconds, with no other limit),
    isolated by ``sandbox`` when given.

    Raises :class:`CandidateError` when the program cannot be started.

    >>> import sys
    >>> run_candidate([sys.executable, "-c", "print(input()[::-1])"], "abc\\n", 10).stdout
    b'cba\\n'
    """
    if not isinstance(limits, Limits):
        limits = Limits(float(limits))
    try:
        return run_contained(argv, text.encode(), limits, sandbox=sandbox)
    except OSError as exc:
        raise CandidateError(f"cannot start {argv[0]!r}: {exc.strerror or exc}") from None


def judge(expected: str, run: Run, limits: Limits | float) -> RunVerdict:
    """Compare a run with the expected answer the way a judge does: tokens, whitespace-insensitive.

    A failed run that met the process cap comes first, then a limit the run was stopped at (time,
    then output), then memory, then any other failure (non-zero exit or a signal; a write past the
    file size limit is named), then no output, then a wrong answer. The output is read token by
    token up to the first difference (its memory is the run's own).

    >>> judge("WIN\\n2 3\\n", Run(0, b"WIN 2\\n4\\n", b"", 0.1), 10).detail
    "token 3 at output line 2: expected '3', got '4'"
    """
    if not isinstance(limits, Limits):
        limits = Limits(float(limits))
    failed = contained_verdict(run, limits)
    if failed is not None:
        return failed
    want = expected.encode().split()
    got = _TOKEN.finditer(run.stdout)
    i = -1
    for i, token in enumerate(got):
        # Lengths first: a huge token is never copied out of the output.
        if i < len(want) and token.end() - token.start() == len(want[i]) and want[i] == token.group():
            continue
        line = run.stdout.count(b"\n", 0, token.start()) + 1
        wanted = _show_token(want[i]) if i < len(want) else "end of output"
        detail = f"token {i + 1} at output line {line}: expected {wanted}, got {_show_token(run.stdout[token.start() : min(token.end(), token.start() + 4 * _SHOW + 4)])}"
        return RunVerdict(StressKind.WRONG, detail, run, i + 1)
    if i == -1 and want:
        return RunVerdict(StressKind.NO_OUTPUT, "exit code 0 and not one token on standard output", run)
    if i + 1 < len(want):
        return RunVerdict(StressKind.WRONG, f"token {i + 2}: expected {_show_token(want[i + 1])}, output ended", run, i + 2)
    return RunVerdict(StressKind.PASS, "", run)


def contained_verdict(run: Run, limits: Limits) -> RunVerdict | None:
    """The verdict of a run that failed by itself or at a limit, ``None`` for one that ended well (exit 0, or
    stopped by an interactive problem's jury, whose verdict it is): :func:`judge`'s first verdicts.

    A failed run that met the process cap comes first, then a limit the run was stopped at (time,
    then output), then memory, then any other failure (non-zero exit or a signal; a write past the
    file size limit is named).

    >>> contained_verdict(Run(None, b"", b"", 2.0, Stop.TIME), Limits(2)).detail
    'no answer within the 2 s time limit'
    """
    if run.stopped is Stop.JURY or (run.stopped is None and run.returncode == 0):
        return None
    if run.process_capped:
        then = contained_verdict(replace(run, process_capped=False), limits)
        return RunVerdict(StressKind.PROCESSES, f"{limits.processes}-process limit reached (then: {then.detail})", run)
    if run.stopped is Stop.TIME:
        return RunVerdict(StressKind.TIME, f"no answer within the {limits.seconds:g} s time limit", run)
    if run.stopped is Stop.OUTPUT:
        return RunVerdict(StressKind.OUTPUT, f"more than {format_bytes(limits.output)} of output, the output limit", run)
    if run.returncode != 0:
        if run.returncode is not None and run.returncode < 0:
            try:
                status = f"killed by {signal.Signals(-run.returncode).name}"
            except ValueError:
                status = f"killed by signal {-run.returncode}"
        else:
            status = f"exit code {run.returncode}"
        tail = _stderr_tail(run.stderr)
        if limits.file_size is not None and run.file_too_large():
            status = f"a write passed the {format_bytes(limits.file_size)} file size limit ({status})"
        if run.out_of_memory(limits.memory):
            if run.oom_killed:
                status += " from the OOM killer"
            status = f"{format_bytes(limits.memory)} memory limit reached (peak {format_bytes(run.peak_memory)}; {status})"
            return RunVerdict(StressKind.MEMORY, f"{status}: {tail[-1]}" if tail else status, run)
        return RunVerdict(StressKind.RUNTIME, f"{status}: {tail[-1]}" if tail else status, run)
    return None


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
        yield ScheduledCase(n, f"random, size {size}", generator.random_case(rng, size), size)


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


class Trial:
    """The candidate run on cases under one set of limits and judged against certified answers
    (a plain stress run and every campaign shard use one).

    ``output`` is the output limit in bytes (``None``: :func:`output_limit` of each answer),
    ``memory`` the memory limit (``None``: none), ``processes`` the process cap and ``file_size``
    the file size limit; ``sandbox`` isolates each run (``None``: limits only).
    """

    def __init__(
        self, game: Game, argv: list[str], seconds: float, output: int | None = None, memory: int | None = DEFAULT_MEMORY,
        processes: int | None = DEFAULT_PROCESSES, file_size: int | None = DEFAULT_FILE_SIZE, sandbox: Sandbox | None = None,
    ) -> None:
        self.referee = Referee(game)
        self.argv = argv
        self.seconds = seconds
        self.output = output
        self.memory = memory
        self.processes = processes
        self.file_size = file_size
        self.sandbox = sandbox

    def limits(self, answer: str) -> Limits:
        """The limits of a run whose certified answer is ``answer``."""
        return Limits(self.seconds, output_limit(answer, self.output), self.memory, self.processes, self.file_size)

    def verdict(self, text: str, answer: str) -> RunVerdict:
        """The candidate's verdict on ``text``, whose certified answer is ``answer``; the run keeps
        the first :data:`SAVED_OUTPUT` bytes of its output (all that is ever saved or shown)."""
        limits = self.limits(answer)
        verdict = judge(answer, run_candidate(self.argv, text, limits, self.sandbox), limits)
        return replace(verdict, run=verdict.run.prefix(SAVED_OUTPUT))

    def check(self, text: str) -> tuple[str, RunVerdict] | None:
        """A reduction's certified answer and verdict, ``None`` when it does not parse (for :func:`shrink_case`)."""
        answer = self.referee.answer(text, "a reduction of the failing case", generated=False)
        if answer is None:
            return None
        return answer, self.verdict(text, answer)

    def shrink(
        self, text: str, answer: str, verdict: RunVerdict, reductions: Callable[[str], Iterator[str]], *,
        max_tries: int = 2000, max_seconds: float = 60.0, progress: StressProgress | None = None,
    ) -> Shrunk:
        """:func:`shrink_case` with this trial's runs; a time-limit failure for at most
        :data:`TIME_SHRINK_LIMITS` time limits (also a failure of another kind stopped at the time limit).

        A smaller case that still times out is worth having (a loop on one
        shape, a start-up slow on its own), but every reduction that still
        fails costs a whole time limit; the coarse cuts come first, so a few
        limits' worth of runs take most of the size away. Output- and
        memory-limit failures end at their limit, as cheap as any run.
        """
        if verdict.run.stopped is Stop.TIME:  # a time-limit failure, or a process-limit one that ran out of time
            max_seconds = min(max_seconds, TIME_SHRINK_LIMITS * self.seconds)
        return shrink_case(
            text, answer, verdict, self.check, reductions, max_tries=max_tries, max_seconds=max_seconds, progress=progress
        )


def stress(
    game: Game,
    candidate: str,
    *,
    count: int = 200,
    seed: int = 1,
    max_size: int = 10,
    timeout: float = 10.0,
    output_limit: int | None = None,
    memory_limit: int | None = DEFAULT_MEMORY,
    max_processes: int | None = DEFAULT_PROCESSES,
    file_limit: int | None = DEFAULT_FILE_SIZE,
    sandbox: Sandbox | None = None,
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
    (the case as generated, its output cut at :data:`SAVED_OUTPUT` bytes);
    ``NAME`` defaults to ``GAME-VERDICT``.

    Every run is contained (:mod:`gamecert.verify.engine.contain`): ``timeout``
    seconds of wall clock, ``output_limit`` bytes of output (default
    :func:`output_limit` of the case's answer), ``memory_limit`` bytes of
    memory, ``max_processes`` tasks, ``file_limit`` bytes per file; each limit
    is its own verdict (:class:`StressKind`). ``sandbox`` isolates each run
    (:mod:`gamecert.verify.engine.sandbox`); the command line always gives one.

    Raises :class:`CandidateError` when the command is empty, malformed or
    cannot be started, :class:`StressInternalError` when gamecert's own side
    fails (never blamed on the candidate).

    Notes
    -----
    ``count`` cases, the generator's edge cases first; each costs one
    candidate run plus the game's fast solve and certificate check.
    Shrinking is greedy delta debugging (:func:`shrink_case`), at most
    ``shrink_tries`` runs and ``shrink_seconds`` seconds, a time-limit failure
    at most :data:`TIME_SHRINK_LIMITS` time limits.

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
    trial = Trial(game, split_candidate(candidate), timeout, output_limit, memory_limit, max_processes, file_limit, sandbox)
    passed = 0
    for case in stress_cases(generator, count, seed, max_size):
        answer = trial.referee.answer(case.text, f"generated case {case.number} ({case.family})", generated=True)
        verdict = trial.verdict(case.text, answer)
        if verdict.kind is not StressKind.PASS:
            shrunk = trial.shrink(
                case.text, answer, verdict, generator.reductions,
                max_tries=shrink_tries, max_seconds=shrink_seconds, progress=progress,
            )
            files = _save(Path(out), name or f"{game.name}-{verdict.kind.slug}", case, shrunk)
            return StressResult(game.name, seed, count, passed, Failure(case, verdict, shrunk, files))
        passed += 1
        if progress is not None:
            progress("cases", passed, count)
    return StressResult(game.name, seed, count, passed, None)


def saved_output(run: Run, bound: int = SAVED_OUTPUT) -> bytes:
    """The run's output as saved: at most ``bound`` bytes, a cut marked at its end.

    >>> saved_output(Run(0, b"y\\n" * 100, b"", 0), 64)
    b'y\\ny\\ny\\ny\\ny\\ny\\ny\\ny\\ny\\n[gamecert: output cut here: 200 bytes in all]\\n'
    """
    out = run.stdout
    more = "more than " if run.stopped is Stop.OUTPUT else ""
    if run.output_size <= bound and not more:
        return out
    mark = f"\n[gamecert: output cut here: {more}{run.output_size} bytes in all]\n".encode()
    return out[: max(0, bound - len(mark))] + mark


def _save(out: Path, name: str, case: ScheduledCase, shrunk: Shrunk) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    files = {key: out / f"{name}.{key}" for key in ("in", "ans", "out", "orig.in")}
    files["in"].write_text(shrunk.text)
    files["ans"].write_text(shrunk.answer)
    files["out"].write_bytes(saved_output(shrunk.verdict.run))
    files["orig.in"].write_text(case.text)
    return files
