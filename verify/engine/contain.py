"""Running a program that may be hostile, contained the way a judge contains a submission.

:func:`run_contained` is the one place where gamecert runs a program it does
not trust: a ``gamecert stress`` candidate (plain runs and campaign shards)
and problemtools' ``verifyproblem`` under ``gamecert package --verify``.

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
  reads the evidence (see there).

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
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

from gamecert.solvers.textinput import format_bytes
from gamecert.verify.engine import sandbox as box

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


class Stop(StrEnum):
    """The limit at which the runner stopped the program (it did not end by itself)."""

    TIME = "time"
    OUTPUT = "output"


@dataclass(frozen=True)
class Limits:
    """A run's limits: ``seconds`` of wall clock, ``output`` bytes of standard output,
    ``memory`` bytes (a cgroup's, else address space; ``None``: no memory limit), ``processes``
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
    left in its scratch folder, removed after the run (0 under bubblewrap,
    whose scratch is a tmpfs that ends with the run).
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
    what this machine offers: the process cap and the memory limit by
    cgroups, no network, a scratch folder as working directory (``cwd`` is
    ignored) and ``/tmp`` (under bubblewrap a tmpfs of
    :func:`~gamecert.verify.engine.sandbox.scratch_size`, with a read-only
    view of the rest; else a folder under ``sandbox.scratch_root``, removed after the run).
    The program is found on ``PATH`` and the command's words naming files
    are made absolute first. Bubblewrap ends with ``128 + N`` when the
    program was killed by signal ``N``: read back as that signal.

    Raises ``OSError`` when the program cannot be started.

    Notes
    -----
    One ``select`` loop over the three pipes and a pidfd of the program
    (Linux 5.3; elsewhere :func:`os.waitid` without reaping), waking at
    least every :data:`SAMPLE` seconds to sample its address space: input is written as
    the pipe takes it, output appended up to the limit, the standard-error
    tail kept. The run ends when the program ends, as on a judge: its
    process group is killed at once (descendants it left behind included),
    the output pipes are read to their end, and holders that escaped the
    group are killed when the pipes are still open :data:`GRACE` seconds
    later. At a limit the group and the escaped holders are killed the same
    way. The program is reaped before the runner returns.
    Memory: the output limit plus :data:`STDERR_TAIL` and one chunk.

    >>> import sys
    >>> run_contained([sys.executable, "-c", "print(input()[::-1])"], b"abc\\n", Limits(10)).stdout
    b'cba\\n'
    """
    start = time.monotonic()
    deadline = start + limits.seconds
    if sandbox is None:
        return _run(argv, stdin, limits, cwd, merge, start, deadline, None, None, None)
    sup = box.support()
    argv = box.absolute_words(argv)
    scratch = None if sup.bwrap else Path(tempfile.mkdtemp(prefix="gamecert-run-", dir=sandbox.scratch_root))
    groups = None
    try:
        extra = box.BWRAP_PROCESSES if sup.bwrap else 0
        processes = None if limits.processes is None else limits.processes + extra
        groups = box.RunCgroups(sup, processes, limits.memory)
        env = None
        if sup.bwrap is not None:
            size = box.scratch_size(limits.file_size)
            argv = box.bwrap_argv(sup.bwrap, argv, size, sandbox.hidden, network=not sup.has(box.Mechanism.NETWORK))
        else:
            env = {**os.environ, "TMPDIR": str(scratch)}
        run = _run(argv, stdin, limits, scratch, merge, start, deadline, groups, sup, env)
        if sup.bwrap is not None and run.returncode is not None and run.returncode > 128:
            try:
                run = replace(run, returncode=-signal.Signals(run.returncode - 128))
            except ValueError:
                pass
        left = 0 if scratch is None else box.scratch_bytes(scratch)
        return replace(run, processes=max(0, run.processes - extra), scratch_bytes=left)
    finally:
        if groups is not None:
            groups.remove()
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


def _run(
    argv: list[str], stdin: bytes, limits: Limits, cwd: Path | str | None, merge: bool, start: float, deadline: float,
    groups: box.RunCgroups | None, sup: box.Support | None, env: dict | None,
) -> Contained:
    """:func:`run_contained` once the sandbox (``groups``, ``sup``) is made."""
    memory = limits.memory
    if groups is not None and groups.has_memory:
        memory = None  # the cgroup holds it, for the program and its descendants together
    if memory is not None:  # never above the limit gamecert itself runs under (raising it would fail in the child)
        hard = resource.getrlimit(resource.RLIMIT_AS)[1]
        memory = memory if hard == resource.RLIM_INFINITY else min(memory, hard)
    netns = sup is not None and sup.netns
    child = None
    if groups is not None or memory is not None or limits.file_size is not None or netns:
        child = _Child(groups, memory, limits.file_size, netns)
    try:
        proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT if merge else subprocess.PIPE,
            cwd=cwd, env=env, start_new_session=True, bufsize=0, preexec_fn=child,  # noqa: PLW1509
        )
    finally:
        if groups is not None:
            groups.closed()
    pid = proc.pid
    tasks = 0
    out, err = bytearray(), bytearray()
    stopped: Stop | None = None
    exited = False
    ended: float | None = None  # when the program was seen to have exited
    peak = 0
    pidfd = _pidfd(pid)
    pipes = {proc.stdout.fileno(): out} if merge else {proc.stdout.fileno(): out, proc.stderr.fileno(): err}
    inodes = [os.fstat(fd).st_ino for fd in pipes]
    try:
        with selectors.DefaultSelector() as sel:
            for fd in pipes:
                os.set_blocking(fd, False)
                sel.register(fd, selectors.EVENT_READ)
            pending = memoryview(stdin)
            if pending:
                os.set_blocking(proc.stdin.fileno(), False)
                sel.register(proc.stdin.fileno(), selectors.EVENT_WRITE)
            else:
                proc.stdin.close()
            if pidfd is not None:
                sel.register(pidfd, selectors.EVENT_READ)
            while stopped is None and not (exited and not pipes):
                now = time.monotonic()
                left = deadline - now
                if left <= 0:
                    stopped = Stop.TIME
                    break
                if exited and ended is None:  # what it left behind holds the pipes: the run is over
                    ended = now
                    _kill_group(pid)
                elif ended is not None and now - ended >= GRACE:
                    _kill_pipe_holders(inodes)
                    ended = now
                events = sel.select(min(left, SAMPLE))
                if not exited:
                    if groups is None or not groups.has_memory:
                        members = groups.pids() if groups is not None and groups.has_pids else [pid]
                        peak = max([peak, *(_address_space(p) for p in members[:_SAMPLED])])
                    if groups is not None:
                        tasks = max(tasks, groups.processes())
                    if pidfd is None:
                        exited = _has_exited(pid)
                for key, _ in events:
                    fd = key.fd
                    if fd == pidfd:
                        exited = True
                        sel.unregister(fd)
                    elif fd in pipes:
                        chunk = os.read(fd, _CHUNK)
                        if not chunk:
                            sel.unregister(fd)
                            del pipes[fd]
                        elif pipes[fd] is out:
                            room = limits.output - len(out)
                            out += chunk[:room]
                            if len(chunk) > room:
                                stopped = Stop.OUTPUT
                                break
                        else:
                            err += chunk
                            if len(err) > 2 * STDERR_TAIL:
                                del err[:-STDERR_TAIL]
                    else:  # standard input takes more
                        try:
                            written = os.write(fd, pending[:_CHUNK])
                        except (BrokenPipeError, BlockingIOError) as exc:  # it stopped reading: fine
                            written = 0 if isinstance(exc, BlockingIOError) else len(pending)
                        pending = pending[written:]
                        if not pending:
                            sel.unregister(fd)
                            proc.stdin.close()
    finally:
        _kill_group(pid)
        if groups is not None:
            groups.kill()
        _, status = os.waitpid(pid, 0)
        if not _closed(list(pipes), GRACE):  # still open after the group is gone: escaped holders
            _kill_pipe_holders(inodes)
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
        if pidfd is not None:
            os.close(pidfd)
    seconds = time.monotonic() - start
    returncode = None if stopped is not None else proc.returncode
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
