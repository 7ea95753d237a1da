"""The QBF portfolio's resident launcher: a small process that forks the solver runs.

A run of :func:`gamecert.verify.engine.qbf.solve_portfolio` is a forked child,
and forking a process that has loaded OR-Tools, numba and a game's tables
costs far more than the run of a small formula (the kernel copies the
parent's page tables; most of it is system time). A process that asks many
small questions (``gamecert check`` on a game with many queries) starts this
file once, as ``python -I qbf_server.py FD``, and has it fork the runs
instead: it imports pyqbf's solvers and nothing of gamecert, so its forks
are cheap. It also holds the one copy of the code a run executes
(:func:`solve_here`), imported from here by the portfolio for the runs it
forks itself.

Requests come over the Unix stream socket ``FD``: an 8-byte length, then a
pickled ``(formula, solver, preprocess, model, model_solvers)`` (the
arguments of :func:`solve_here`), with one file descriptor
attached to the length (the write end of the run's pipe). The launcher
forks a child in a process group of its own and replies with the child's
pid (8 bytes) once the group exists, so the portfolio can kill it at once;
the child writes its one JSON line into the pipe, as a child of the
portfolio would. Children die with the launcher, and it with the process
that started it (``PR_SET_PDEATHSIG``); it ends when the socket closes,
after killing and reaping the runs still going, so that their CPU time is
counted in its own and, once reaped, in its parent's.
"""

from __future__ import annotations

import ctypes
import importlib
import json
import os
import pickle
import resource
import signal
import socket
import struct
import sys

_PR_SET_PDEATHSIG = 1
#: A request's or a reply's length header.
HEADER = struct.Struct("<Q")


def solve_here(formula, solver: str, preprocess: bool, model: bool, model_solvers) -> dict:
    """Solve a pyqbf PCNF with one solver in this process: the reply a run sends (verdict, model or message)."""
    from pyqbf.solvers import Solver

    if preprocess:
        from pyqbf.process import Bloqqer

        reduced = Bloqqer().preprocess(formula.copy())
        if isinstance(reduced, bool):
            return {"verdict": "true" if reduced else "false", "model": None}
        fault = malformed(reduced)
        if fault:
            return {"verdict": "error", "message": f"Bloqqer's output (through pyqbf) is malformed: {fault}"}
        formula = reduced
    # Solve
    with Solver(name=solver, bootstrap_with=formula) as s:
        result = s.solve()
        assignment = None
        if result is True and model and not preprocess and solver in model_solvers:
            assignment = [int(x) for x in s.get_model()]
    if result is not True and result is not False:
        return {"verdict": "error", "message": f"{solver} gave no answer ({result!r})"}
    return {"verdict": "true" if result else "false", "model": assignment}


def malformed(formula) -> str | None:
    """What makes ``formula`` no prenex CNF a solver may be given (a variable of a clause left
    unquantified, a 0 in the prefix, a variable past ``nv``), or None.

    Bloqqer's variable expansion adds variables, which pyqbf's wrapper leaves
    out of the prefix (they come back as zeros and ``nv`` is not raised); a
    solver then reads them as outermost existentials, which can turn a false
    formula true or a true one false. Such a run is an ``"error"``.

    >>> from pyqbf.formula import PCNF
    >>> f = PCNF(from_clauses=[[1, 2]]); _ = f.forall(1)
    >>> malformed(f)
    '1 variables of clauses unquantified (2)'
    """
    prefix = [abs(v) for v in formula.prefix]
    if 0 in prefix:
        return "0 in the prefix"
    quantified = set(prefix)
    used = {abs(lit) for clause in formula.clauses for lit in clause}
    free = sorted(used - quantified)
    if free:
        shown = ", ".join(map(str, free[:5])) + (", ..." if len(free) > 5 else "")
        return f"{len(free)} variables of clauses unquantified ({shown})"
    if used and max(used) > formula.nv:
        return f"variable {max(used)} past nv = {formula.nv}"
    return None


def cpu_seconds() -> float:
    """This process's CPU seconds (user + system), its reaped children's included."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime + children.ru_utime + children.ru_stime


def run_child(write_end: int, formula, solver: str, preprocess: bool, model: bool, model_solvers) -> None:
    """The body of a forked run: solve, write the one JSON line, and leave the process (never returns)."""
    code = 0
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        try:
            reply = solve_here(formula, solver, preprocess, model, model_solvers)
        except Exception as exc:  # noqa: BLE001 - reported to the portfolio
            reply = {"verdict": "error", "message": f"{solver}: {exc}"[:500]}
        reply["cpu"] = cpu_seconds()
        os.write(write_end, (json.dumps(reply) + "\n").encode())
    except BaseException:  # noqa: BLE001 - the portfolio sees no answer: an error run
        code = 1
    finally:
        os._exit(code)


def _die_with_parent() -> None:
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _receive(sock: socket.socket, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _reap(children: set[int], block: bool = False) -> None:
    for pid in list(children):
        try:
            done, _ = os.waitpid(pid, 0 if block else os.WNOHANG)
        except ChildProcessError:
            done = pid
        if done:
            children.discard(pid)


def serve(sock: socket.socket) -> None:
    """Fork one run per request until the socket closes; then kill and reap the runs left."""
    children: set[int] = set()
    try:
        while True:
            _reap(children)
            header, fds, _, _ = socket.recv_fds(sock, HEADER.size, 1)
            rest = _receive(sock, HEADER.size - len(header)) if header else None
            if rest is None:
                break
            body = _receive(sock, HEADER.unpack(header + rest)[0])
            if body is None or len(fds) != 1:
                break
            formula, solver, preprocess, model, model_solvers = pickle.loads(body)
            pid = os.fork()
            if pid == 0:  # never returns, whatever happens before the run
                try:
                    os.setpgid(0, 0)
                    _die_with_parent()
                    sock.close()
                finally:
                    run_child(fds[0], formula, solver, preprocess, model, model_solvers)
            os.close(fds[0])
            try:
                os.setpgid(pid, pid)
            except OSError:
                pass
            children.add(pid)
            sock.sendall(HEADER.pack(pid))
    finally:
        for pid in children:
            for target in (-pid, pid):
                try:
                    os.kill(target, signal.SIGKILL)
                except OSError:
                    pass
        _reap(children, block=True)


def main(argv: list[str]) -> int:
    _die_with_parent()
    if os.getppid() == 1:  # the starter is already gone
        return 0
    importlib.import_module("pyqbf.solvers")  # once, before the forks (it imports Bloqqer's module too)
    serve(socket.socket(fileno=int(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
