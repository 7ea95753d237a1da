"""Cross-checking many cases in worker processes, every step under a time limit.

A worker is a forked process that is handed case numbers and sends back, for
each step of a case (:func:`gamecert.verify.engine.crosscheck.step_names`), a note when the
step starts and then its verdict. The parent keeps the clock: a step that runs
past the time limit has its worker killed (SIGKILL — a solver deep in C code
cannot be interrupted any other way) and a fresh worker carries on with the
next step of that case. A worker that dies on its own gives an ERROR verdict
for the step it was running. Verdicts are put back in case order, so the
report does not depend on the number of workers.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from multiprocessing.connection import Connection, wait
from typing import Any

from gamecert.solvers import jit
from gamecert.verify.capabilities import StressCases
from gamecert.verify.engine.cases import CaseFile
from gamecert.verify.engine.crosscheck import (
    REQUIRED_STEPS,
    CaseReport,
    Status,
    Verdict,
    case_verdicts,
    check_case,
    error_detail,
    step_names,
)
from gamecert.verify.game import Game

Item = tuple[Game, CaseFile, Any]  # a game, a case of it, and the parsed instance


class Message(StrEnum):
    """What a worker sends its parent, each with a value."""

    START = "start"  # a step begins (value: its index)
    VERDICT = "verdict"  # a step's verdict (value: the Verdict)
    ERROR = "error"  # a bug outside any step (value: its description); the case ends
    DONE = "done"  # the case is finished (value: None)


def default_jobs() -> int:
    """One worker per CPU this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_cases(
    items: list[Item], jobs: int = 1, time_limit: float | None = None, progress: Callable[[int], None] | None = None
) -> list[CaseReport]:
    """Cross-check cases in ``jobs`` worker processes, each step stopped after ``time_limit`` seconds.

    Returns one report per item, in the order given. A formulation predicted
    to take longer than the limit is not started (``skipped``, ``predicted 40
    min > 60 s``); one stopped by the limit is ``skipped`` with the reason
    ``timed out after N s``; a
    stopped fast solver or certificate check, or a worker that dies, is an
    ERROR verdict. With one job and no limit the cases run in this process.
    ``progress(done)``, when given, is called with the number of finished
    cases whenever it grows.

    Notes
    -----
    Workers are forked (they share the parsed instances, nothing is
    pickled but verdicts) and fed one case at a time from a queue, so a slow
    case holds up one worker only. The parent waits on the workers' pipes
    and process sentinels with a timeout equal to the nearest step deadline:
    O(cases × steps) messages, one fork per worker plus one per stopped or
    dead step.

    Examples
    --------
    >>> check_cases([])
    []
    """
    if not items:
        return []
    tell = progress or (lambda done: None)
    if jobs <= 1 and not time_limit:
        reports = []
        for game, case, instance in items:
            reports.append(check_case(game, case, instance, time_limit))
            tell(len(reports))
        return reports
    return _Supervisor(items, max(1, min(jobs, len(items))), time_limit or None, tell).run()


def warm_up(items: list[Item], sizes: tuple[int, ...] = (4, 12, 40), seeds: int = 2) -> float | None:
    """Compile the fast solvers' kernels before any case is timed; the seconds it took, or None.

    Each game among ``items`` that has compiled kernels and a stress generator solves a few of its
    random cases (``sizes`` x ``seeds``) with compiled kernels, in this
    process, before the workers are forked, so no case's time includes
    numba's compilation or its loading from the disk cache. Returns None
    when nothing was compiled (kernels forced to plain Python, already
    compiled, or no game with kernels).
    """
    before = jit.compiled_signatures()
    start = time.perf_counter()
    seen: set[str] = set()
    for game, _case, _instance in items:
        if game.name in seen or not game.compiled:
            continue
        generator = game.capability(StressCases)  # built only for a compiled game (a rules file's reads it)
        if generator is None:
            continue
        seen.add(game.name)
        for size in sizes:
            for seed in range(seeds):
                try:
                    instance = game.parse(generator.random_case(random.Random(seed), size), "<warm-up>", False)
                    with jit.python_kernels(False):
                        game.solve(instance)
                except Exception:  # noqa: BLE001 - a solver fault is the cases' to report, with its own verdict
                    break
    if jit.compiled_signatures() == before:
        return None
    return time.perf_counter() - start


def _worker(items: list[Item], conn: Connection, time_limit: float | None = None) -> None:
    """Check the cases the parent sends, ``(index, first step)``, until it sends None; formulations predicted to
    take longer than ``time_limit`` are skipped unstarted."""
    try:
        while (task := conn.recv()) is not None:
            index, start = task
            game, case, instance = items[index]
            try:
                steps = case_verdicts(game, case, instance, start, lambda i: conn.send((Message.START, i)), time_limit)
                for verdict in steps:
                    conn.send((Message.VERDICT, verdict))
            except Exception as exc:  # a bug outside any step: report it, end the case
                conn.send((Message.ERROR, error_detail(exc)))
            conn.send((Message.DONE, None))
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        pass  # the parent is gone or stopping: nothing left to report


@dataclass
class _Worker:
    process: Any
    conn: Connection
    task: int | None = None  # the case being checked
    step: int | None = None  # the step running now (between "start" and its verdict)
    next_step: int = 0  # the step after the last one with a verdict
    started: float = 0.0
    dead: bool = False


class _Supervisor:
    def __init__(self, items: list[Item], jobs: int, time_limit: float | None, progress: Callable[[int], None]) -> None:
        self.items = items
        self.progress = progress
        self.jobs = jobs
        self.limit = time_limit
        self.steps = [step_names(game) for game, _case, _instance in items]
        self.verdicts: list[list[Verdict]] = [[] for _ in items]
        self.queue: deque[tuple[int, int]] = deque((i, 0) for i in range(len(items)))
        self.context = multiprocessing.get_context("fork")

    def run(self) -> list[CaseReport]:
        workers: list[_Worker] = []
        try:
            while self.queue or any(w.task is not None for w in workers):
                workers = [w for w in workers if not w.dead]
                for w in workers:
                    if w.task is None and self.queue:
                        self._assign(w)
                while self.queue and len(workers) < self.jobs:
                    workers.append(self._spawn())
                    self._assign(workers[-1])
                busy = [w for w in workers if w.task is not None]
                handles = [w.conn for w in busy] + [w.process.sentinel for w in busy]
                wait(handles, self._timeout(busy))
                for w in busy:
                    self._drain(w)
                    if not w.dead and self._overdue(w):
                        self._stop(w)
                self._tell(workers)
        finally:
            for w in workers:
                self._close(w)
        return [CaseReport(case, tuple(v)) for (_g, case, _i), v in zip(self.items, self.verdicts)]

    def _tell(self, workers: list[_Worker]) -> None:
        """Report the finished cases: neither queued nor on a worker."""
        pending = {index for index, _step in self.queue} | {w.task for w in workers if w.task is not None and not w.dead}
        self.progress(len(self.items) - len(pending))

    def _spawn(self) -> _Worker:
        parent, child = self.context.Pipe()
        process = self.context.Process(target=_worker, args=(self.items, child, self.limit), daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent)

    def _assign(self, w: _Worker) -> None:
        index, start = self.queue.popleft()
        w.task, w.step, w.next_step = index, None, start
        try:
            w.conn.send((index, start))
        except OSError:
            self._died(w)

    def _timeout(self, busy: list[_Worker]) -> float | None:
        if self.limit is None:
            return None
        deadlines = [w.started + self.limit for w in busy if w.step is not None]
        return max(0.0, min(deadlines) - time.monotonic()) if deadlines else None

    def _drain(self, w: _Worker) -> None:
        """Read every message the worker has sent; notice if it died."""
        try:
            while w.conn.poll():
                kind, value = w.conn.recv()
                if kind is Message.START:
                    w.step, w.started = value, time.monotonic()
                elif kind in (Message.VERDICT, Message.ERROR):
                    step = self._current(w)
                    if kind is Message.ERROR:
                        if step >= len(self.steps[w.task]):
                            continue
                        value = Verdict(self.steps[w.task][step], Status.ERROR, value)
                    self.verdicts[w.task].append(value)
                    w.next_step, w.step = step + 1, None
                else:  # done
                    w.task, w.step = None, None
        except (EOFError, OSError):
            self._died(w)
            return
        if w.process.exitcode is not None and not w.dead:
            self._died(w)

    @staticmethod
    def _current(w: _Worker) -> int:
        """The step the worker is on: the one it announced, else the next it will run."""
        return w.step if w.step is not None else w.next_step

    def _overdue(self, w: _Worker) -> bool:
        return self.limit is not None and w.step is not None and time.monotonic() - w.started >= self.limit

    def _stop(self, w: _Worker) -> None:
        """Kill a worker whose step ran out of time; the case goes on with its next step.

        The verdict's time is the limit itself (the step was stopped at it),
        so reports do not depend on how quickly the kill happened.
        """
        step = w.step
        self._close(w, kill=True)
        status = Status.SKIPPED if step >= REQUIRED_STEPS else Status.ERROR
        detail = f"timed out after {self.limit:g} s"
        self._give_up(w, step, Verdict(self.steps[w.task][step], status, detail, self.limit))

    def _died(self, w: _Worker) -> None:
        """A worker that died by itself: its step (if any) is an ERROR."""
        self._close(w, kill=True)
        if w.task is None:
            return
        step = self._current(w)
        if step >= len(self.steps[w.task]):
            w.task = None
            return
        code = w.process.exitcode
        name = self.steps[w.task][step]
        self._give_up(w, step, Verdict(name, Status.ERROR, f"worker process died (exit code {code}) while running {name}"))

    def _give_up(self, w: _Worker, step: int, verdict: Verdict) -> None:
        self.verdicts[w.task].append(verdict)
        # Without the fast solver there is nothing to compare with; else go on.
        if step > 0 and step + 1 < len(self.steps[w.task]):
            self.queue.appendleft((w.task, step + 1))
        w.task = w.step = None

    def _close(self, w: _Worker, kill: bool = False) -> None:
        if w.dead:
            return
        w.dead = True
        if not kill:
            try:
                w.conn.send(None)
            except OSError:
                kill = True
            else:
                w.process.join(timeout=1.0)
        if w.process.is_alive():
            w.process.kill()
        w.process.join()
        w.conn.close()
