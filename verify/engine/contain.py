"""Running a program that may be hostile, contained the way a judge contains a submission.

:func:`run_contained` is the one place where gamecert runs a program it does
not trust: a ``gamecert stress`` candidate (plain runs and campaign shards)
and problemtools' ``verifyproblem`` under ``gamecert package --verify``;
:func:`run_interactive`, the same run talking with a jury, runs an
interactive problem's contestant (``gamecert stress --interactive``).

The program leads its own session and process group. Its limits hold
whatever it and its descendants do:

* **time** (wall clock): at the deadline the whole process group is killed
  (SIGKILL) and reading stops, even if a descendant that left the group
  (``setsid``) still holds the output pipe; such holders are found by the
  pipe's inode under ``/proc`` and killed too. gamecert never waits for a
  pipe to close past the deadline.
* **output**: standard output is read as it comes into a buffer of at most
  the limit; one byte more and the group is killed. gamecert's own memory is
  bounded by the limit whatever the program writes; standard error keeps
  only its last :data:`STDERR_TAIL` bytes.
* **memory**: the program's address space (``RLIMIT_AS``, inherited by its
  descendants), the limit judges without control groups use (problemtools
  sets the same). The kernel refuses the allocation that would pass it; how
  the program then fails is its own affair, so :meth:`Contained.out_of_memory`
  reads the evidence (see there). In a sandbox, also the run's memory cgroup:
  the program and its descendants together.
* **processes** and **files** (:attr:`Limits.processes`,
  :attr:`Limits.file_size`): given a :class:`~gamecert.verify.engine.sandbox.Sandbox`,
  the program runs in its own cgroups, network namespace and scratch folder
  (:mod:`gamecert.verify.engine.sandbox`); a file write past the file size
  (``RLIMIT_FSIZE``) fails (``SIGXFSZ``, or ``EFBIG`` where the signal is ignored).

Standard input is written as the program reads it (never blocking on a
program that reads nothing), and the program and every process left in its
group (and its cgroup) are killed when the run ends, however it ends.
"""

from __future__ import annotations

import os
import re
import resource
import select
import selectors
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from gamecert.solvers.textinput import format_bytes
from gamecert.verify.engine import sandbox as box
from gamecert.verify.errors import StressInternalError

#: Bytes of standard error kept (its end: where the error message is).
STDERR_TAIL = 64 * 2**10
#: The largest output limit: the most gamecert ever holds of one run's output.
MAX_OUTPUT = 64 * 2**20

#: Seconds between samples of the program's address space.
SAMPLE = 0.02
#: Seconds the output pipes may stay open once the program and its process group are gone.
GRACE = 0.05

_CHUNK = 64 * 2**10
#: The most processes of a run whose address space is sampled.
_SAMPLED = 16
#: Messages of a refused allocation: Python's MemoryError, C++'s std::bad_alloc, C's strerror(ENOMEM), Rust's and Java's.
_TOO_LARGE = re.compile(rb"File too large|EFBIG")
_OUT_OF_MEMORY = re.compile(rb"MemoryError|bad_alloc|Cannot allocate memory|out of memory|memory allocation of \d+ bytes failed|OutOfMemoryError")
#: What a jury (:func:`run_interactive`) returns.
T = TypeVar("T")


class Stop(StrEnum):
    """The limit at which the runner stopped the program (it did not end by itself)."""

    TIME = "time"
    OUTPUT = "output"
    #: :func:`run_interactive`: the jury's side of the conversation ended (its verdict given) before the program's output did.
    JURY = "jury"


@dataclass(frozen=True)
class Limits:
    """A run's limits: ``seconds`` of wall clock, ``output`` bytes of standard output,
    ``memory`` bytes (address space per process, and in a sandbox a cgroup's for all of them together;
    ``None``: no memory limit), ``processes``
    tasks at once (a pids cgroup's, in a sandbox), ``file_size`` bytes per file written (``None``: none)."""

    seconds: float
    output: int = MAX_OUTPUT
    memory: int | None = None
    processes: int | None = None
    file_size: int | None = None


@dataclass(frozen=True)
class Contained:
    """One contained run.

    ``returncode`` is the exit code, or minus the signal that ended the
    program, or ``None`` when the runner stopped it (``stopped`` names the
    limit). ``stdout`` holds at most the output limit; ``stderr`` its last
    :data:`STDERR_TAIL` bytes. ``peak_memory`` is the largest address space
    of the program (not its descendants) seen in bytes, sampled every
    :data:`SAMPLE` seconds (``VmPeak``; 0 when not measured). ``read`` is
    the number of output bytes read when ``stdout`` holds only a prefix of them
    (:meth:`prefix`), else ``None``.

    In a sandbox: ``peak_memory`` is the memory cgroup's peak when there is
    one (the program and its descendants, page cache included) and
    ``oom_killed`` whether the kernel's OOM killer ended one of them
    (``None``: no memory cgroup); ``processes`` the peak number of tasks of
    the program (its pids cgroup; 0 when not measured), ``process_capped``
    whether the cap refused one; ``scratch_bytes`` the bytes of the files it
    left in its scratch folder (``/tmp`` under bubblewrap), removed after the run.
    """

    returncode: int | None
    stdout: bytes
    stderr: bytes
    seconds: float
    stopped: Stop | None = None
    peak_memory: int = 0
    read: int | None = None
    processes: int = 0
    process_capped: bool = False
    oom_killed: bool | None = None
    scratch_bytes: int = 0

    @property
    def output_size(self) -> int:
        """Bytes of output read (at most the output limit)."""
        return len(self.stdout) if self.read is None else self.read

    def prefix(self, size: int) -> Contained:
        """This run with only the first ``size`` bytes of its output kept (what is shown and saved of it).

        >>> r = Contained(0, b"y\\n" * 10, b"", 0.1).prefix(4)
        >>> r.stdout, r.output_size
        (b'y\\ny\\n', 20)
        """
        if len(self.stdout) <= size:
            return self
        return replace(self, stdout=self.stdout[:size], read=self.output_size)

    def out_of_memory(self, limit: int | None) -> bool:
        """Whether a failed run failed at the memory ``limit``.

        Notes
        -----
        The kernel refuses the allocation that would pass the address-space
        limit; the program then fails in its own way. A failed run (non-zero
        exit or a signal) counts as out of memory when its standard error
        names a refused allocation (Python's ``MemoryError``, C++'s
        ``std::bad_alloc``, ``Cannot allocate memory``, ...) or when its
        address space was seen at 90% of the limit. The peak is sampled from
        ``/proc`` rather than read from ``wait4``'s ``ru_maxrss``: that one
        counts the pages the child shared with gamecert between fork and exec,
        so it is never below gamecert's own size.
        A C program that dereferences the null pointer a refused ``malloc``
        returned well below the limit is a run-time error, as on judges that
        use the same limit.

        >>> Contained(1, b"", b"MemoryError\\n", 0.1).out_of_memory(2**28)
        True
        >>> Contained(-11, b"", b"", 0.1, peak_memory=2**20).out_of_memory(2**28)
        False

        With a memory cgroup the kernel's OOM killer ends a process past the
        limit: its record (``oom_killed``) decides, not the peak (which counts
        the page cache).
        """
        if limit is None or self.stopped is not None or self.returncode in (0, None):
            return False
        if _OUT_OF_MEMORY.search(self.stderr):
            return True
        return self.oom_killed if self.oom_killed is not None else self.peak_memory >= 0.9 * limit

    def file_too_large(self) -> bool:
        """Whether a failed run failed at the file size limit: ``SIGXFSZ``, or ``EFBIG`` on standard error.

        >>> Contained(-signal.SIGXFSZ, b"", b"", 0.1).file_too_large()
        True
        """
        if self.stopped is not None or self.returncode in (0, None):
            return False
        return self.returncode == -signal.SIGXFSZ or bool(_TOO_LARGE.search(self.stderr))


class _Child:
    """What the child does between fork and exec: join its cgroups, set its rlimits, leave the network.
    One call each, no lock another thread could hold (problemtools sets rlimits the same way)."""

    def __init__(self, groups: box.RunCgroups | None, memory: int | None, file_size: int | None, netns: bool) -> None:
        self.groups, self.memory, self.file_size, self.netns = groups, memory, file_size, netns

    def __call__(self) -> None:
        if self.groups is not None:
            self.groups.join()
        if self.memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (self.memory, self.memory))
        if self.file_size is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (self.file_size, self.file_size))
        if self.netns:
            box.unshare_network()


def run_contained(
    argv: list[str], stdin: bytes, limits: Limits, cwd: Path | str | None = None, merge: bool = False,
    sandbox: box.Sandbox | None = None,
) -> Contained:
    """Run ``argv`` (no shell) with ``stdin`` as its input under ``limits``; the run ends by the deadline.

    ``merge``: standard error goes where standard output goes (one log, under the output limit).
    ``sandbox``: run it isolated (:mod:`gamecert.verify.engine.sandbox`) with
    what the machine offers: the process cap and the memory limit (also) by
    cgroups, no network, a scratch folder as working directory (``cwd`` is
    ignored) and ``/tmp``: under bubblewrap the program is started by the
    sandbox's resident launcher (:class:`~gamecert.verify.engine.sandbox.Zygote`)
    in a read-only view whose ``/tmp`` is a tmpfs emptied after each run;
    else a folder under ``sandbox.scratch_root``, removed after the run. The
    program is found on ``PATH`` and the command's words naming files are
    made absolute first.

    Raises ``OSError`` when the program cannot be started.

    Notes
    -----
    One ``select`` loop over the three pipes and a pidfd of the program
    (Linux 5.3; elsewhere :func:`os.waitid` without reaping; the launcher's
    socket in a sandbox), waking at least every :data:`SAMPLE` seconds to
    sample its address space (or its cgroup): input is written as
    the pipe takes it, output appended up to the limit, the standard-error
    tail kept. The run ends when the program ends, as on a judge: its
    process group is killed at once (descendants it left behind included;
    in a sandbox every process of the run's cgroup and namespace),
    the output pipes are read to their end, and holders that escaped the
    group are killed when the pipes are still open :data:`GRACE` seconds
    later. At a limit the group and the escaped holders are killed the same
    way. The program is reaped before the runner returns.
    Memory: the output limit plus :data:`STDERR_TAIL` and one chunk.

    >>> import sys
    >>> run_contained([sys.executable, "-c", "print(input()[::-1])"], b"abc\\n", Limits(10)).stdout
    b'cba\\n'
    """
    return _contained(argv, limits, cwd, merge, sandbox, _Feed(stdin))


def _contained(
    argv: list[str], limits: Limits, cwd: Path | str | None, merge: bool, sandbox: box.Sandbox | None, feed: _Feed
) -> Contained:
    """:func:`run_contained` and :func:`run_interactive`: the program started (in ``sandbox``, if any) and run by :func:`_run`."""
    start = time.monotonic()
    deadline = start + limits.seconds
    if sandbox is None:
        return _run(_Popened(argv, cwd, None, merge, _child(limits, None, False)), feed, limits, start, deadline, None)
    sup = box.support()
    argv = box.absolute_words(argv)
    scratch = None if sup.launched else Path(tempfile.mkdtemp(prefix="gamecert-run-", dir=sandbox.scratch_root))
    groups = None
    try:
        zygote = None
        if sup.launched:
            zygote = box.zygote(sup, argv, box.scratch_size(limits.file_size), sandbox.hidden)
        groups = box.RunCgroups(sup, limits.processes, limits.memory, zygote)
        memory = _memory_rlimit(limits.memory)
        if zygote is not None:
            start = time.monotonic()  # the launcher's own start (once per view) is not the program's time
            deadline = start + limits.seconds
            process = _Zygoted(zygote, argv, merge, groups, memory, limits.file_size)
        else:
            env = {**os.environ, "TMPDIR": str(scratch)}
            process = _Popened(argv, scratch, env, merge, _child(limits, groups, sup.netns))
        run = _run(process, feed, limits, start, deadline, groups)
        left = box.scratch_bytes(scratch) if scratch is not None else process.left
        return replace(run, scratch_bytes=left)
    finally:
        if groups is not None:
            groups.release()
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


def _memory_rlimit(memory: int | None) -> int | None:
    """``RLIMIT_AS`` for a memory limit: never above the limit gamecert itself runs under (raising it would fail)."""
    if memory is None:
        return None
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    return memory if hard == resource.RLIM_INFINITY else min(memory, hard)


def _child(limits: Limits, groups: box.RunCgroups | None, netns: bool) -> _Child | None:
    """The child's work between fork and exec, ``None`` when there is none (then the fork is a cheap vfork)."""
    memory = _memory_rlimit(limits.memory)
    if groups is None and memory is None and limits.file_size is None and not netns:
        return None
    return _Child(groups, memory, limits.file_size, netns)


class _Popened:
    """A program started as gamecert's own child (:class:`subprocess.Popen`)."""

    def __init__(self, argv: list[str], cwd, env: dict | None, merge: bool, child: _Child | None) -> None:
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT if merge else subprocess.PIPE,
                cwd=cwd, env=env, start_new_session=True, bufsize=0, preexec_fn=child,  # noqa: PLW1509
            )
        finally:
            if child is not None and child.groups is not None:
                child.groups.closed()
        self.pid: int | None = self.proc.pid
        self.stdin, self.stdout, self.stderr = self.proc.stdin, self.proc.stdout, self.proc.stderr
        self.exit_fd = _pidfd(self.pid)

    def exit_event(self) -> bool:
        """The exit descriptor is readable: whether the program has ended."""
        return True

    def poll(self) -> bool:
        return _has_exited(self.pid)

    def kill_group(self) -> None:
        _kill_group(self.pid)

    def finish(self) -> int:
        """Kill what is left of the group, reap the program: its exit code (minus a signal)."""
        _kill_group(self.pid)
        _, status = os.waitpid(self.pid, 0)
        self.proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        if self.exit_fd is not None:
            os.close(self.exit_fd)
        return self.proc.returncode


class _Zygoted:
    """A program started in the sandbox by its resident launcher (:class:`~gamecert.verify.engine.sandbox.Zygote`).

    The launcher replies once per run: when the program has ended (the run
    ended with it: the rest of the namespace killed, ``/tmp`` counted and
    emptied) or when gamecert stopped it (``kill``)."""

    def __init__(
        self, zygote: box.Zygote, argv: list[str], merge: bool, groups: box.RunCgroups, memory: int | None, file_size: int | None
    ) -> None:
        self.zygote = zygote
        pipes = [os.pipe() for _ in range(2 if merge else 3)]
        ends = [pipes[0][0], pipes[1][1], pipes[1][1] if merge else pipes[2][1]]
        try:
            request = {
                "op": "run", "argv": argv, "env": {**os.environ, "TMPDIR": "/tmp"}, "memory": memory, "file_size": file_size,
                "prepared": groups.prepared,
            }
            sent = zygote.send(request, [*ends, *groups.procs])
        finally:
            groups.closed()
            for fd in set(ends):
                os.close(fd)
        if not sent:
            self._lost(pipes)
        self.pid: int | None = None  # in the launcher's process namespace only
        self.stdin = open(pipes[0][1], "wb", buffering=0)  # noqa: SIM115 - closed by the run loop
        self.stdout = open(pipes[1][0], "rb", buffering=0)  # noqa: SIM115
        self.stderr = None if merge else open(pipes[2][0], "rb", buffering=0)  # noqa: SIM115
        self.exit_fd: int | None = zygote.sock.fileno()
        self.status: int | None = None
        self.swept = False  # whether the launcher has ended the run (killed the rest, emptied /tmp)
        self.kills = 0
        self.left = 0  # bytes of the files the program left in /tmp, counted by the launcher before emptying it

    def _lost(self, pipes: list[tuple[int, int]] | None = None) -> None:
        """The launcher ended before it ever answered: bubblewrap could not start it."""
        for fd in {pipes[0][1], *(r for r, _ in pipes[1:])} if pipes else ():
            os.close(fd)
        self.zygote.close()
        raise StressInternalError("the sandbox's launcher (bubblewrap) ended before starting the program")

    def _take(self, reply: dict | None) -> bool:
        """Read one reply of the launcher; whether the program has ended (the launcher gone counts)."""
        if reply is None:  # the launcher has ended: whatever it ran ended with it
            if not self.zygote.answered:
                self._lost()
            self.status = signal.SIGKILL if self.status is None else self.status
            self.kills, self.swept = 0, True
            return True
        self.left = max(self.left, reply["left"])
        self.swept = True
        if "status" in reply:
            self.status = reply["status"]
        if "killed" in reply:
            self.kills -= 1
            if reply["killed"] is not None:
                self.status = reply["killed"]
        return self.status is not None

    def exit_event(self) -> bool:
        return self._take(self.zygote.receive())

    def poll(self) -> bool:
        return self.status is not None

    def kill_group(self) -> None:
        if not self.swept and not self.kills and self.zygote.send({"op": "kill"}):
            self.kills += 1

    def finish(self) -> int:
        self.kill_group()
        while self.kills > 0:
            reply = self.zygote.receive()
            self._take(reply)
            if reply is None:
                break
        return os.waitstatus_to_exitcode(self.status) if self.status is not None else -signal.SIGKILL


def _run(process, feed: _Feed, limits: Limits, start: float, deadline: float, groups: box.RunCgroups | None) -> Contained:
    """:func:`run_contained` once the program is started (``process``: :class:`_Popened` or :class:`_Zygoted`);
    its standard input comes from ``feed`` (a :class:`_Conversation` answers its output)."""
    tasks = 0
    out, err = bytearray(), bytearray()
    stopped: Stop | None = None
    exited = False
    ended: float | None = None  # when the program was seen to have exited
    peak = 0
    exit_fd = process.exit_fd
    merge = process.stderr is None
    pipes = {process.stdout.fileno(): out} if merge else {process.stdout.fileno(): out, process.stderr.fileno(): err}
    inodes = [os.fstat(fd).st_ino for fd in pipes]
    try:
        with selectors.DefaultSelector() as sel:
            for fd in pipes:
                os.set_blocking(fd, False)
                sel.register(fd, selectors.EVENT_READ)
            os.set_blocking(process.stdin.fileno(), False)
            writing = _sync_input(sel, process.stdin, feed, False)
            if exit_fd is not None:
                sel.register(exit_fd, selectors.EVENT_READ)
            while stopped is None and not (exited and not pipes):
                now = time.monotonic()
                left = deadline - now
                if left <= 0:
                    stopped = Stop.TIME
                    break
                if exited and ended is None:  # what it left behind holds the pipes: the run is over
                    ended = now
                    process.kill_group()
                    if groups is not None:
                        groups.kill()
                elif ended is not None and now - ended >= GRACE:
                    _kill_pipe_holders(inodes)
                    ended = now
                events = sel.select(min(left, SAMPLE))
                if not exited:
                    if groups is None or not groups.has_memory:
                        members = groups.pids() if groups is not None and groups.has_pids else [process.pid]
                        peak = max([peak, *(_address_space(p) for p in members[:_SAMPLED] if p is not None)])
                    if groups is not None and groups.sampled:
                        tasks = max(tasks, groups.processes())
                    if exit_fd is None:
                        exited = process.poll()
                for key, _ in events:
                    fd = key.fd
                    if fd == exit_fd:
                        if process.exit_event():
                            exited = True
                            sel.unregister(fd)
                    elif fd in pipes:
                        chunk = os.read(fd, _CHUNK)
                        if not chunk:
                            sel.unregister(fd)
                            if pipes.pop(fd) is out:
                                feed.ended()
                                writing = _sync_input(sel, process.stdin, feed, writing)
                        elif pipes[fd] is out:
                            room = limits.output - len(out)
                            out += chunk[:room]
                            if len(chunk) > room:
                                stopped = Stop.OUTPUT
                                break
                            if feed.heard(chunk):
                                stopped = Stop.JURY
                                break
                            writing = _sync_input(sel, process.stdin, feed, writing)
                        else:
                            err += chunk
                            if len(err) > 2 * STDERR_TAIL:
                                del err[:-STDERR_TAIL]
                    else:  # standard input takes more
                        try:
                            written = os.write(fd, feed.pending[:_CHUNK])
                        except (BrokenPipeError, BlockingIOError) as exc:  # it stopped reading: fine
                            written = 0 if isinstance(exc, BlockingIOError) else len(feed.pending)
                        feed.pending = feed.pending[written:]
                        writing = _sync_input(sel, process.stdin, feed, writing)
    finally:
        if groups is not None:
            groups.kill()
        returncode = process.finish()
        if not _closed(list(pipes), GRACE):  # still open after the group is gone: escaped holders
            _kill_pipe_holders(inodes)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()
    seconds = time.monotonic() - start
    if stopped is not None:
        returncode = None
    capped, oom = False, None
    if groups is not None:
        peak_tasks, capped, cgroup_memory, oom = groups.stats()
        tasks = max(tasks, peak_tasks)
        if oom is not None:
            peak = cgroup_memory
    return Contained(
        returncode, bytes(out), bytes(err[-STDERR_TAIL:]), seconds, stopped, peak,
        processes=tasks, process_capped=capped, oom_killed=oom,
    )


class _Feed:
    """What a run's standard input gets: fixed bytes (:func:`run_contained`), written as the pipe takes them.
    Invariant: ``pending`` holds what is still to write; once it is empty and ``over``, standard input is closed."""

    over = True

    def __init__(self, data: bytes) -> None:
        self.pending = memoryview(data)

    def heard(self, chunk: bytes) -> bool:
        """The program wrote ``chunk`` on standard output; whether that ended the conversation before its output did."""
        return False

    def ended(self) -> None:
        """The program's standard output has ended."""


class _Conversation(_Feed):
    """The jury's side of :func:`run_interactive`: ``talk`` hears each line of the program's output and says
    what to write back. Invariant: ``line`` holds the output read since the last newline (at most the output
    limit); once ``over``, ``result`` is what ``talk`` returned (``None`` if it was cut short)."""

    def __init__(self, talk: Generator[bytes, bytes | None, Any]) -> None:
        super().__init__(b"")
        self.talk = talk
        self.over = False
        self.result: Any = None
        self.line = bytearray()
        self._say(next, talk)

    def _say(self, step: Callable, *heard: bytes | None) -> None:
        try:
            said = step(*heard)
        except StopIteration as stop:
            self.over, self.result = True, stop.value
            return
        if said:
            self.pending = memoryview(bytes(self.pending) + said)

    def heard(self, chunk: bytes) -> bool:
        self.line += chunk
        while not self.over:
            end = self.line.find(b"\n")
            if end < 0:
                return False
            line = bytes(self.line[:end])
            del self.line[: end + 1]
            self._say(self.talk.send, line)
        return True

    def ended(self) -> None:
        if self.line and not self.over:
            self._say(self.talk.send, bytes(self.line))  # a last line without its newline
        if not self.over:
            self._say(self.talk.send, None)
        if not self.over:  # it wants more than the end of the output: the conversation is over anyway
            self.talk.close()
            self.over = True


def _sync_input(sel: selectors.BaseSelector, stdin, feed: _Feed, writing: bool) -> bool:
    """Standard input watched for room while ``feed`` has bytes pending, closed once it is over and written;
    whether it is watched now (``writing``: whether it was)."""
    if stdin.closed:
        return False
    if feed.pending:
        if not writing:
            sel.register(stdin.fileno(), selectors.EVENT_WRITE)
        return True
    if writing:
        sel.unregister(stdin.fileno())
    if feed.over:
        stdin.close()
    return False


def run_interactive(
    argv: list[str], talk: Generator[bytes, bytes | None, T], limits: Limits, sandbox: box.Sandbox | None = None
) -> tuple[Contained, T | None]:
    """Run ``argv`` (no shell) under ``limits`` talking with ``talk``, a jury: a two-way conversation, as a judge runs an
    interactive problem's submission beside its interactor.

    ``talk`` is a generator: each value it yields is written to the
    program's standard input (``b""``: nothing); it is then sent the
    program's next line of output (without its newline), or ``None`` when
    the output has ended, and returns its verdict, returned here beside the
    run (``None`` when the run was stopped at a limit first). When ``talk``
    returns before the program's output ends (a wrong answer found), the
    program is stopped at once (:attr:`Stop.JURY`); a jury that accepts waits
    for the end of the output, and the program must then end by itself
    within the time limit. ``sandbox`` and the limits are
    :func:`run_contained`'s; ``stdout`` holds the program's output.

    Raises ``OSError`` when the program cannot be started.

    Notes
    -----
    The same loop as :func:`run_contained`: the jury's words are written as
    the pipe takes them and the program's output read as it comes, so the
    deadline holds while the jury waits for a line, and the jury's own time
    (between a line read and its answer) counts in the program's wall clock,
    as on a judge. Memory: twice the output limit (the output and the line
    being read), plus the jury's.

    >>> import sys
    >>> def jury():
    ...     line = yield b"2 3\\n"
    ...     return line
    >>> run, said = run_interactive([sys.executable, "-c", "print(sum(map(int, input().split())))"], jury(), Limits(10))
    >>> said, run.stopped
    (b'5', <Stop.JURY: 'jury'>)
    """
    conversation = _Conversation(talk)
    try:
        run = _contained(argv, limits, None, False, sandbox, conversation)
    finally:
        talk.close()
    return run, conversation.result


def _closed(fds: list[int], seconds: float) -> bool:
    """Read the pipes ``fds`` (non-blocking) to their end, discarding what comes, for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while fds:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        for fd in select.select(fds, [], [], left)[0]:
            if not os.read(fd, _CHUNK):
                fds.remove(fd)
    return True


def _pidfd(pid: int) -> int | None:
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _address_space(pid: int) -> int:
    """The largest address space of a running process so far in bytes (0 when unknown)."""
    try:
        with open(f"/proc/{pid}/status", "rb") as status:
            for line in status:
                if line.startswith(b"VmPeak:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _has_exited(pid: int) -> bool:
    """Whether ``pid`` has exited, leaving it unreaped (its process group id stays reserved)."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


def _kill_group(pid: int) -> None:
    """Kill the program's process group; its leader is not reaped yet, so the group id is still its own."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _kill_pipe_holders(inodes: list[int]) -> None:
    """Kill every process (of this user) holding one of the pipes with these inodes."""
    wanted = {f"pipe:[{inode}]" for inode in inodes}
    proc = Path("/proc")
    if not proc.is_dir():
        return
    me = os.getpid()
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            held = any(os.readlink(fd) in wanted for fd in (entry / "fd").iterdir())
        except OSError:  # gone, or another user's
            continue
        if held:
            try:
                os.kill(int(entry.name), signal.SIGKILL)
            except OSError:
                pass


def describe_limits(limits: Limits) -> str:
    """The limits in words.

    >>> describe_limits(Limits(2, 2**20, 2**28))
    '2 s, 1.0 MiB of output, 256.0 MiB of memory'
    """
    memory = "no memory limit" if limits.memory is None else f"{format_bytes(limits.memory)} of memory"
    return f"{limits.seconds:g} s, {format_bytes(limits.output)} of output, {memory}"
