"""A portfolio of QBF solvers: one prenex CNF, several of pyqbf's solvers, each in its own killable process.

A QBF question (a game's "the player to move wins within ``k`` moves") is
only as trustworthy as the solver that answers it, and solvers differ wildly
in speed from one formula to the next. :func:`solve_portfolio` hands the same
formula to several solvers (DepQBF, CAQE, RAReQS by default; QFun and Qute
on request), each in a forked child with its own wall-clock limit, and
returns one :class:`QbfRun` per solver: its verdict (``"true"``,
``"false"``, ``"timeout"``, ``"error"``, or ``"stopped"`` when a race was
already decided), its seconds (wall clock and the child's CPU time) and,
where the solver can give it, the assignment of the formula's outermost
existential block. :func:`agreed_verdict` turns the runs into one answer and
raises :class:`~gamecert.verify.errors.QbfDisagreementError` when one
solver says true and another false: that is a bug in a solver or in the
encoding, never a property of the input.

Solvers and what they give (pyqbf's names):

* ``depqbf``: search-based (QCDCL); the only one here whose outermost ∃
  block assignment pyqbf exposes (``Solver.get_model``);
* ``caqe``: clausal abstraction (CEGAR), run through QuAPI;
* ``rareqs``: recursive abstraction refinement (CEGAR);
* ``qfun``, ``qute``: a learning-based CEGAR solver and a dependency-learning
  QCDCL solver.

``preprocess=True`` runs Bloqqer first (blocked-clause and literal
elimination, variable expansion); Bloqqer may decide the formula by itself.
It may eliminate variables of the outermost block, so a preprocessed run
never reports a model; and where it expands a universal variable, pyqbf
hands back a prefix that leaves the new variables unquantified, so such a
run is an ``"error"`` (:func:`~gamecert.verify.engine.qbf_server.malformed`), never a verdict.

Each run is a child made by ``os.fork`` in a process group of its own (a
solver run through QuAPI starts a process of its own; killing the group ends
it too). The child writes one JSON line into a pipe; the parent waits with
``select`` until each child's deadline and kills the group past it. Where
``fork`` is missing the runs happen here, one after the other, without a time
limit. A large process (past :data:`LAUNCHER_RSS`) that has made
:data:`LAUNCHER_AFTER` runs starts the small resident launcher of
:mod:`~gamecert.verify.engine.qbf_server` and has it fork the later runs
(the same child, the same pipe and process group): a fork of a process that
has loaded OR-Tools and numba costs far more than a small formula's run.

>>> from pyqbf.formula import PCNF
>>> f = PCNF(from_clauses=[[1, 2], [-1, -2]]); _ = f.forall(1).exists(2)
>>> agreed_verdict(solve_portfolio(f, ("depqbf", "rareqs"), time_limit=30))
True
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import json
import os
import pickle
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pyqbf.formula import PCNF

from gamecert.solvers.errors import GamecertError
from gamecert.verify.engine import qbf_server
from gamecert.verify.engine.qbf_server import HEADER, run_child, solve_here
from gamecert.verify.errors import QbfDisagreementError

#: Every solver :func:`solve_qbf` accepts (pyqbf's names).
QBF_SOLVERS = ("depqbf", "caqe", "rareqs", "qfun", "qute")
#: The default portfolio.
PORTFOLIO = ("depqbf", "caqe", "rareqs")
#: Solvers whose outermost ∃ block assignment pyqbf can read back.
MODEL_SOLVERS = ("depqbf",)
#: The verdicts a :class:`QbfRun` can carry.
VERDICTS = ("true", "false", "timeout", "error", "stopped")


@dataclass(frozen=True)
class QbfRun:
    """One solver's run on one formula.

    ``verdict`` is one of :data:`VERDICTS`; ``seconds`` the wall-clock time
    from the child's start to its answer (or to its kill); ``cpu`` the
    child's own CPU seconds (user + system; None when it gave no answer);
    ``model`` the outermost existential block's literals when the verdict is
    true, a model was asked for and the solver gives one (None otherwise;
    empty when the outermost block is universal); ``message`` says why a run
    is an error or a timeout.
    """

    solver: str
    preprocess: bool
    verdict: str
    seconds: float
    cpu: float | None = None
    model: tuple[int, ...] | None = None
    message: str = ""

    @property
    def answer(self) -> bool | None:
        """True or False for a decided run, None otherwise."""
        return {"true": True, "false": False}.get(self.verdict)

    @property
    def label(self) -> str:
        """The solver's name, with ``+bloqqer`` when preprocessed."""
        return self.solver + ("+bloqqer" if self.preprocess else "")


def as_pcnf(formula: PCNF | str) -> PCNF:
    """``formula`` as a pyqbf PCNF: a PCNF is returned as is, a string is read as QDIMACS text.

    >>> as_pcnf("p cnf 2 2\\na 1 0\\ne 2 0\\n1 2 0\\n-1 -2 0\\n").prefix
    [-1, 2]
    """
    if isinstance(formula, PCNF):
        return formula
    if isinstance(formula, str):
        return PCNF(from_string=formula)
    raise GamecertError(f"a QBF is a pyqbf PCNF or QDIMACS text, not {type(formula).__name__}")


def _check_solvers(solvers: Sequence[str]) -> None:
    for name in solvers:
        if name not in QBF_SOLVERS:
            raise GamecertError(f"unknown QBF solver {name!r}; choose from {', '.join(QBF_SOLVERS)}")
    if not solvers:
        raise GamecertError("a QBF portfolio needs at least one solver")


def _run(reply: dict, solver: str, preprocess: bool, seconds: float) -> QbfRun:
    model = reply.get("model")
    return QbfRun(
        solver=solver,
        preprocess=preprocess,
        verdict=reply["verdict"],
        seconds=seconds,
        cpu=reply.get("cpu"),
        model=None if model is None else tuple(model),
        message=reply.get("message", ""),
    )


def solve_qbf(
    formula: PCNF | str,
    solver: str = "depqbf",
    time_limit: float | None = None,
    preprocess: bool = False,
    model: bool = False,
) -> QbfRun:
    """Decide one prenex CNF with one solver, in a killable child process.

    Parameters
    ----------
    formula : a pyqbf PCNF or QDIMACS text
    solver : one of :data:`QBF_SOLVERS`
    time_limit : wall-clock seconds before the run is killed (``"timeout"``); None: no limit
    preprocess : run Bloqqer first
    model : read back the outermost ∃ block's assignment when true (:data:`MODEL_SOLVERS` only)

    Examples
    --------
    >>> from pyqbf.formula import PCNF
    >>> f = PCNF(from_clauses=[[1, 2], [1, -2]]); _ = f.exists(1).forall(2)
    >>> run = solve_qbf(f, "depqbf", time_limit=30, model=True)
    >>> run.verdict, run.model
    ('true', (1,))
    """
    return solve_portfolio(formula, (solver,), time_limit, preprocess, model)[0]


def solve_portfolio(
    formula: PCNF | str,
    solvers: Sequence[str] = PORTFOLIO,
    time_limit: float | None = 60.0,
    preprocess: bool = False,
    model: bool = False,
    race: bool = False,
) -> tuple[QbfRun, ...]:
    """Decide one prenex CNF with several solvers at once, each in its own process under ``time_limit``.

    Returns one :class:`QbfRun` per solver, in the order of ``solvers``.
    With ``race`` the first decided run stops the others (their verdict is
    ``"stopped"``). No exception for a solver's fault: a crash or a missing
    answer is an ``"error"`` run; use :func:`agreed_verdict` to combine.

    Notes
    -----
    All children start together (on a machine with fewer cores than solvers
    they share them, so a run's wall-clock seconds include waiting; ``cpu``
    does not). A child is killed with its process group at its deadline.
    """
    _check_solvers(solvers)
    formula = as_pcnf(formula)
    if not hasattr(os, "fork"):
        runs = []
        for name in solvers:
            start = time.perf_counter()
            try:
                reply = solve_here(formula, name, preprocess, model, MODEL_SOLVERS)
            except Exception as exc:  # noqa: BLE001 - a solver's fault becomes an "error" run
                reply = {"verdict": "error", "message": str(exc)}
            runs.append(_run(reply, name, preprocess, time.perf_counter() - start))
        return tuple(runs)
    # Imported here, before the children fork: each child would otherwise import them again (most of a small solve).
    importlib.import_module("pyqbf.solvers")
    if preprocess:
        importlib.import_module("pyqbf.process")
    sys.stdout.flush()
    sys.stderr.flush()
    launcher = _Launcher.get()
    children: dict[int, tuple[int, int, float]] = {}  # read end -> (index, pid, start)
    ours: set[int] = set()  # the pids forked here (the launcher reaps the others)
    for index, name in enumerate(solvers):
        read_end, write_end = os.pipe()
        pid = launcher.start(write_end, (formula, name, preprocess, model, MODEL_SOLVERS)) if launcher else None
        if pid is None:
            pid = os.fork()
            if pid == 0:  # the child: one JSON line, then exit; never returns
                with contextlib.suppress(OSError):
                    os.close(read_end)
                    os.setpgid(0, 0)
                run_child(write_end, formula, name, preprocess, model, MODEL_SOLVERS)
            ours.add(pid)
            with contextlib.suppress(OSError):
                os.setpgid(pid, pid)  # also set here, so a kill before the child ran finds the group
        os.close(write_end)
        children[read_end] = (index, pid, time.perf_counter())
    runs: list[QbfRun | None] = [None] * len(solvers)
    buffers: dict[int, bytes] = {fd: b"" for fd in children}

    def finish(fd: int, reply: dict) -> str:
        index, pid, start = children.pop(fd)
        seconds = time.perf_counter() - start
        if reply["verdict"] in ("timeout", "stopped"):
            _kill(pid)
        os.close(fd)
        if pid in ours:
            _, status = os.waitpid(pid, 0)
            died = f"wait status {status}"
        else:
            died = "run by the launcher"
        if reply["verdict"] == "error" and not reply.get("message"):
            reply["message"] = f"{solvers[index]} died without an answer ({died})"
        runs[index] = _run(reply, solvers[index], preprocess, seconds)
        return solvers[index]

    try:
        while children:
            now = time.perf_counter()
            if time_limit is not None:
                for fd, (_, _, start) in list(children.items()):
                    if now - start >= time_limit:
                        finish(fd, {"verdict": "timeout", "message": f"past the time limit of {time_limit:g} s"})
                if not children:
                    break
                wait = max(0.0, min(start + time_limit for _, _, start in children.values()) - now)
            else:
                wait = None
            ready, _, _ = select.select(list(children), [], [], wait)
            for fd in ready:
                if fd not in children:  # already stopped by a race
                    continue
                chunk = os.read(fd, 1 << 16)
                buffers[fd] += chunk
                if chunk and not buffers[fd].endswith(b"\n"):
                    continue
                try:
                    reply = json.loads(buffers[fd]) if chunk else {"verdict": "error"}
                except ValueError:
                    reply = {"verdict": "error", "message": "unreadable reply"}
                first = finish(fd, reply)
                if race and reply["verdict"] in ("true", "false"):
                    for other in list(children):
                        finish(other, {"verdict": "stopped", "message": f"{first} answered first"})
    finally:
        for fd in list(children):  # only on an exception here (KeyboardInterrupt): leave no child behind
            _, pid, _ = children.pop(fd)
            _kill(pid)
            os.close(fd)
            if pid in ours:
                os.waitpid(pid, 0)
    return tuple(runs)  # type: ignore[arg-type]


def _kill(pid: int) -> None:
    """Kill the child ``pid`` and its process group (the solver QuAPI started, if any)."""
    for target in (-pid, pid):
        try:
            os.kill(target, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


#: Portfolio calls whose runs a process forks itself before it looks at starting a launcher, and between looks.
LAUNCHER_AFTER = 16
#: Resident bytes past which a process's own fork costs more than a run by the launcher (whose process is
#: about 25 MiB: in a process of that size a run forked by itself costs 5 ms, by a launcher 7 ms;
#: in one of 155 MiB, as ``gamecert check`` is with OR-Tools and numba loaded, 16 ms against 6 ms).
LAUNCHER_RSS = 64 << 20
#: Seconds a request may wait on the launcher before it counts as a fault (it forks at once when well).
LAUNCHER_PATIENCE = 60.0


def _resident_bytes() -> int:
    """This process's resident set in bytes (0 where ``/proc`` does not say)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


class _Launcher:
    """This process's connection to its :mod:`~gamecert.verify.engine.qbf_server` (one per process, made on
    demand; a forked child makes its own; threads take turns). A fault of the launcher's turns it off for
    good: the runs are forked here again."""

    _lock = threading.Lock()
    _mine: _Launcher | None = None
    _runs = 0
    _owner = 0
    _broken = False

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        with theirs:
            self.process = subprocess.Popen(
                [sys.executable, "-I", str(Path(qbf_server.__file__)), str(theirs.fileno())],
                pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        ours.settimeout(LAUNCHER_PATIENCE)
        self.sock = ours
        atexit.register(self.close)

    @classmethod
    def get(cls) -> _Launcher | None:
        """The launcher to fork this process's next run, or None to fork it here."""
        if cls._owner != os.getpid():  # a fork of the process that made it: start afresh
            cls._lock = threading.Lock()
            cls._mine, cls._runs, cls._owner, cls._broken = None, 0, os.getpid(), False
        with cls._lock:
            cls._runs += 1
            if (
                cls._mine is None and not cls._broken and cls._runs % LAUNCHER_AFTER == 0
                and sys.executable and _resident_bytes() > LAUNCHER_RSS
            ):
                try:
                    cls._mine = cls()
                except OSError:
                    cls._broken = True
            return cls._mine

    def start(self, write_end: int, request: tuple) -> int | None:
        """Have the launcher fork the run ``request`` writing to ``write_end``: its pid, or None."""
        body = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        with self._lock:
            return self._exchange(write_end, body)

    def _exchange(self, write_end: int, body: bytes) -> int | None:
        try:
            socket.send_fds(self.sock, [HEADER.pack(len(body))], [write_end])
            self.sock.sendall(body)
            reply = b""
            while len(reply) < HEADER.size:
                chunk = self.sock.recv(HEADER.size - len(reply))
                if not chunk:
                    raise OSError("the QBF launcher closed its socket")
                reply += chunk
        except OSError:
            self.close()
            type(self)._mine, type(self)._broken = None, True
            return None
        return HEADER.unpack(reply)[0]

    def close(self) -> None:
        """Close the socket and reap the launcher (it kills and reaps the runs it still has)."""
        if self.sock.fileno() < 0:
            return
        self.sock.close()
        if self.process.pid and os.getpid() == type(self)._owner:
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def stop_launcher() -> None:
    """End this process's launcher, if it has one, and reap it: from then on the CPU time of every run it
    forked counts in this process's ``RUSAGE_CHILDREN``, as a run forked here does once reaped (a
    benchmark reads it there). The next runs are forked here until a new launcher pays off."""
    if _Launcher._owner != os.getpid():
        return
    with _Launcher._lock:
        if _Launcher._mine is not None:
            _Launcher._mine.close()
            _Launcher._mine, _Launcher._runs = None, 0


def agreed_verdict(runs: Sequence[QbfRun], what: str = "the formula") -> bool | None:
    """The portfolio's answer: True/False when the decided runs agree, None when none decided.

    Raises
    ------
    QbfDisagreementError
        when one run says true and another false (a solver's or the encoding's bug).

    >>> agreed_verdict([QbfRun("depqbf", False, "true", 0.1), QbfRun("caqe", False, "timeout", 9.0)])
    True
    >>> agreed_verdict([QbfRun("depqbf", False, "true", 0.1), QbfRun("caqe", False, "false", 0.2)])
    Traceback (most recent call last):
    ...
    gamecert.verify.errors.QbfDisagreementError: QBF solvers disagree on the formula: depqbf says true, caqe says false
    """
    decided = [r for r in runs if r.answer is not None]
    if not decided:
        return None
    if len({r.answer for r in decided}) > 1:
        says = ", ".join(f"{r.label} says {r.verdict}" for r in decided)
        raise QbfDisagreementError(f"QBF solvers disagree on {what}: {says}")
    return decided[0].answer


def first_model(runs: Sequence[QbfRun]) -> tuple[int, ...] | None:
    """The outermost ∃ block assignment of the first true run that carries one, or None.

    >>> first_model([QbfRun("caqe", False, "true", 0.1), QbfRun("depqbf", False, "true", 0.2, model=(1, -2))])
    (1, -2)
    """
    return next((r.model for r in runs if r.verdict == "true" and r.model is not None), None)
