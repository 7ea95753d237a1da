"""Stress-testing a contestant of an interactive problem against gamecert's jury: ``gamecert stress --interactive``.

:func:`interactive_stress` draws the cases of a plain stress run
(:func:`~gamecert.verify.engine.stress.stress_cases`: the game's edge cases,
then random cases of growing size, the same for the same seed), makes each an
interactive problem's test (:meth:`~gamecert.verify.engine.interactive.JuryProblem.stress_test`:
the same position, a start drawn from it), and plays the contestant against
the problem's jury (:meth:`~gamecert.verify.engine.interactive.JuryProblem.jury`),
which speaks the interactor's protocol and plays the certified strategy.

Every run is contained like a plain stress candidate's
(:func:`~gamecert.verify.engine.contain.run_interactive`, in the sandbox):
the verdicts are a judge's, the contained ones first (process, time, output
and memory limits, run-time error), then the jury's: accepted when the
contestant won (or kept a draw nobody can win), else a wrong answer with the
jury's reason. The first failure of a random case is shrunk by size (the
smallest size whose case fails the same way) and saved with the transcript
of the protocol.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Iterator
from pathlib import Path

from gamecert.solvers.errors import GamecertError
from gamecert.verify.capabilities import InteractiveContest, StressCases
from gamecert.verify.engine.contain import Limits, Stop, run_interactive
from gamecert.verify.engine.interactive import Judged, JuryProblem, Talk
from gamecert.verify.engine.sandbox import DEFAULT_FILE_SIZE, DEFAULT_PROCESSES, Sandbox
from gamecert.verify.engine.stress import (
    DEFAULT_MEMORY,
    MIN_OUTPUT,
    SAVED_OUTPUT,
    TIME_SHRINK_LIMITS,
    Failure,
    RunVerdict,
    ScheduledCase,
    StressKind,
    StressProgress,
    StressResult,
    contained_verdict,
    shrink_case,
    split_candidate,
    stress_cases,
)
from gamecert.verify.errors import CandidateError, PackageError, StressInternalError
from gamecert.verify.game import Game

#: The most characters of one protocol line, and the most lines, kept in a transcript (the cuts are marked).
TRANSCRIPT_LINE = 1000
TRANSCRIPT_LINES = 20_000
#: The first line of a saved transcript.
TRANSCRIPT_HEAD = "# gamecert stress --interactive: the jury's lines (>) and the contestant's (<), in order"


def interactive_problem(game: Game) -> JuryProblem:
    """The interactive problem of ``game`` that a stress run plays; :class:`PackageError` when there is none
    or when the game has no case generator to draw its starts from."""
    contest = game.capability(InteractiveContest)
    if contest is None:
        raise PackageError(f"{game.name} has no interactive problem")
    if game.capability(StressCases) is None:
        raise PackageError(
            f"{game.name} has no case generator to draw starts from (a rules file needs positions(size) and one "
            "position per input line)"
        )
    return contest.problem()


def _recorded(talk: Talk, transcript: list[str]) -> Generator[bytes, bytes | None, Judged]:
    """``talk`` in bytes, as :func:`~gamecert.verify.engine.contain.run_interactive` talks, each line it writes
    (``> ``) and hears (``< ``) appended to ``transcript``."""
    said = next(talk)
    while True:
        for line in said.splitlines():
            _record(transcript, "> ", line)
        heard = yield said.encode()
        text = None if heard is None else heard.decode("utf-8", "replace")
        if text is not None:
            _record(transcript, "< ", text)
        try:
            said = talk.send(text)
        except StopIteration as stop:
            return stop.value


def _record(transcript: list[str], mark: str, line: str) -> None:
    """``line`` added to ``transcript`` after ``mark``, within :data:`TRANSCRIPT_LINE` and :data:`TRANSCRIPT_LINES`."""
    if len(transcript) < TRANSCRIPT_LINES:
        transcript.append(mark + (line if len(line) <= TRANSCRIPT_LINE else f"{line[:TRANSCRIPT_LINE]}... ({len(line)} characters)"))
    elif len(transcript) == TRANSCRIPT_LINES:
        transcript.append(f"# ... (the transcript is cut here, at {TRANSCRIPT_LINES:,} lines)")


class Contestant:
    """The contestant's games against the jury of ``problem`` under ``limits``, in ``sandbox``."""

    def __init__(self, game: Game, problem: JuryProblem, argv: list[str], limits: Limits, sandbox: Sandbox | None) -> None:
        self.game, self.problem, self.argv, self.limits, self.sandbox = game, problem, argv, limits, sandbox
        #: The transcript of each test played (since the caller last cleared them), by its text.
        self.transcripts: dict[str, list[str]] = {}

    def verdict(self, test: str) -> tuple[str, RunVerdict]:
        """The test's certified ``.ans`` and the contestant's verdict on it (its transcript kept)."""
        jury = self.problem.jury(self.game, test)
        transcript = self.transcripts[test] = [TRANSCRIPT_HEAD]
        try:
            run, judged = run_interactive(self.argv, _recorded(jury.talk, transcript), self.limits, self.sandbox)
        except OSError as exc:
            raise CandidateError(f"cannot start {self.argv[0]!r}: {exc.strerror or exc}") from None
        run = run.prefix(SAVED_OUTPUT)
        verdict = contained_verdict(run, self.limits)
        if verdict is None:
            if judged is None:
                raise StressInternalError("the jury ended without a verdict")
            verdict = RunVerdict(StressKind.PASS if judged.accepted else StressKind.WRONG, judged.reason, run)
        for line in judged.last.splitlines() if judged is not None else ():
            _record(transcript, "> ", line)
        ended = {Stop.JURY: "the jury stopped the program", Stop.TIME: "stopped at the time limit",
                 Stop.OUTPUT: "stopped at the output limit"}.get(run.stopped, f"exit status {run.returncode}")
        transcript.append(f"# {verdict.kind}: {verdict.detail or 'won'} ({ended}, {run.seconds:.2f} s)")
        return jury.answer, verdict


def interactive_stress(
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
    shrink_seconds: float = 60.0,
    progress: StressProgress | None = None,
) -> StressResult:
    """Stress-test ``candidate``, a contestant of ``game``'s interactive problem, against gamecert's jury.

    ``candidate`` is a command line (split like a shell would, run without
    one). Case ``k`` of the plain stress schedule of ``count``, ``seed`` and
    ``max_size`` becomes a test with a start drawn by its own generator
    (seeded by ``(seed, k)``); a case without a start (no free cell, no
    vertex) is skipped and counted. On the first failure, a random case is
    shrunk by size, and the files are saved in ``out``: ``NAME.in`` (the
    test), ``NAME.ans`` (its certified role or value), ``NAME.transcript``
    (the protocol lines and the verdict) and ``NAME.orig.in`` (the first
    failing test); ``NAME`` defaults to ``GAME-interactive-VERDICT``.

    The limits are the plain stress run's (``output_limit`` defaults to
    :data:`~gamecert.verify.engine.stress.MIN_OUTPUT`), each its own verdict.

    Raises :class:`PackageError` for a game without an interactive problem
    or case generator, :class:`CandidateError` when the command cannot start.

    Notes
    -----
    ``count`` games, each costing the candidate's run, the jury's certified
    strategy (one engine verdict per move) and the start's verdict.
    Shrinking runs the random cases of sizes ``1 .. s - 1`` of the failing
    case (drawn like it), smallest first, and keeps the first that fails the
    same way: at most ``s - 1`` runs, ``shrink_seconds`` seconds, and
    :data:`~gamecert.verify.engine.stress.TIME_SHRINK_LIMITS` time limits for
    a time-limit failure.

    >>> import sys, tempfile
    >>> from gamecert.verify.registry import get_game
    >>> quits = f"{sys.executable} -c 'print(\\"FIRST\\")'"  # from the one free cell, FIRST cannot move
    >>> with tempfile.TemporaryDirectory() as out:
    ...     interactive_stress(get_game("maze"), quits, count=1, out=out).failure.verdict.detail
    'took FIRST, which loses from this start (SECOND wins); it cannot move after 0 moves'
    """
    problem = interactive_problem(game)
    generator = game.capability(StressCases)
    if count < 1 or max_size < 1 or timeout <= 0:
        raise GamecertError("count and max_size must be at least 1 and timeout positive")
    limits = Limits(timeout, output_limit or MIN_OUTPUT, memory_limit, max_processes, file_limit)
    contestant = Contestant(game, problem, split_candidate(candidate), limits, sandbox)
    what = f"{game.name} --interactive"
    passed = skipped = 0
    for case in stress_cases(generator, count, seed, max_size):
        test = problem.stress_test(case.text, random.Random(f"gamecert stress --interactive {seed} {case.number}"))
        if test is None:
            skipped += 1
            continue
        contestant.transcripts.clear()  # only this case's and its reductions' are ever saved
        # The jury's kernels run as plain Python where the game's solve would (no numba start-up on small cases).
        with game.kernels(game.parse(case.text, f"generated case {case.number} ({case.family})", True)):
            answer, verdict = contestant.verdict(test)
            if verdict.kind is not StressKind.PASS:
                smaller = _smaller_sizes(problem, generator, seed, case, test)
                seconds = min(shrink_seconds, TIME_SHRINK_LIMITS * timeout) if verdict.run.stopped is Stop.TIME else shrink_seconds
                shrunk = shrink_case(
                    test, answer, verdict, contestant.verdict, smaller, max_tries=max(1, (case.size or 1) - 1),
                    max_seconds=seconds, progress=progress,
                )
        if verdict.kind is not StressKind.PASS:
            files = _save(Path(out), name or f"{game.name}-interactive-{verdict.kind.slug}", test, shrunk.text,
                          shrunk.answer, contestant.transcripts[shrunk.text])
            return StressResult(what, seed, count, passed, Failure(case, verdict, shrunk, files), skipped)
        passed += 1
        if progress is not None:
            progress("cases", passed + skipped, count)
    return StressResult(what, seed, count, passed, None, skipped)


def _smaller_sizes(
    problem: JuryProblem, generator: StressCases, seed: int, case: ScheduledCase, test: str
) -> Callable[[str], Iterator[str]]:
    """The reductions of a failing random case: the tests of the random cases of each smaller size, drawn
    like it, smallest first, each size once (an edge case has none)."""
    sizes = {test: case.size or 1}
    tried: set[int] = set()

    def smaller(text: str) -> Iterator[str]:
        for size in range(1, sizes.get(text, 1)):
            if size in tried:
                continue
            tried.add(size)
            key = f"gamecert stress --interactive {seed} {case.number} size {size}"
            found = problem.stress_test(generator.random_case(random.Random(key), size), random.Random(key))
            if found is not None and found not in sizes:
                sizes[found] = size
                yield found

    return smaller


def _save(out: Path, name: str, first: str, test: str, answer: str, transcript: list[str]) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    files = {key: out / f"{name}.{key}" for key in ("in", "ans", "transcript", "orig.in")}
    files["in"].write_text(test)
    files["ans"].write_text(answer)
    files["transcript"].write_text("".join(line + "\n" for line in transcript))
    files["orig.in"].write_text(first)
    return files
