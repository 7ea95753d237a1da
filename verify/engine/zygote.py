"""The sandbox's resident launcher: started once inside bubblewrap's namespaces, it starts every run there.

:class:`gamecert.verify.engine.sandbox.Zygote` runs this file as
``python -I -S zygote.py FD`` under bubblewrap (the read-only view, the
scratch tmpfs on ``/tmp``, no network, its own process namespace, no
capabilities), so that each run costs one fork of a small process rather
than a new set of namespaces and mounts. It imports nothing of gamecert.

Requests come over the Unix ``SOCK_SEQPACKET`` socket ``FD``, one JSON object
per message; one reply per request:

* ``{"op": "run", "argv": [...], "env": {...}, "memory": N | null, "file_size": N | null}``
  with file descriptors attached (standard input, output, error, then the
  ``cgroup.procs`` files of the run's cgroups, opened by gamecert): a child
  forks, joins the cgroups (writing ``0``: itself), leads a new session, takes
  the rlimits, and executes ``argv`` in ``/tmp``. When the program ends the
  run ends (:func:`_sweep`): the bytes it left in ``/tmp`` are counted, every
  other process of the namespace is killed and reaped, ``/tmp`` is emptied;
  then the reply ``{"status": STATUS, "left": BYTES}`` (its raw wait status);
* ``{"op": "kill"}`` (a run stopped at a limit): the same sweep at once,
  reply ``{"killed": STATUS | null, "left": BYTES}`` (the program's wait status
  if it was still running; ``null`` and 0 when its run had already ended);
* ``{"op": "prepare"}`` with the ``cgroup.procs`` files of the next run's
  cgroups attached, no reply: a child forks, joins them at once (a move into
  a cgroup may wait for the kernel) and waits for its run. A ``run`` request
  with ``"prepared": true`` (gamecert knows the cgroups are the same) is handed
  to it with the standard streams; any other ``run`` ends it first.

The start of a run has no reply of its own: gamecert goes on (writing the
input) while the launcher forks, and a run costs one round trip.
The launcher is the namespace's init (bubblewrap's ``--as-pid-1``): no
program can signal it (the kernel never delivers SIGKILL to a namespace's
init from inside), orphans are its children, and it reaps them. It is not
dumpable, so a program (without capabilities) cannot trace it. It ends
when the socket closes. Run as anything but a namespace's init (process 1)
it refuses to start: its sweep would kill every process of the machine and
empty the machine's ``/tmp``.
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import select
import shutil
import signal
import socket
import sys
import time

_PR_SET_DUMPABLE = 4


def scratch_bytes(folder: str | os.PathLike) -> int:
    """Bytes of the files and links under ``folder`` (links not followed; a link counts its target's
    name), on its own file system only: the programs bound into the scratch ``/tmp`` are not the run's.

    >>> scratch_bytes("/nonexistent")
    0
    """
    try:
        device = os.stat(folder).st_dev
    except OSError:
        return 0
    total, stack = 0, [os.fspath(folder)]
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
                if info.st_dev != device:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    stack.append(entry.path)
                else:
                    total += info.st_size
            except OSError:
                pass
    return total


def _empty(folder: str) -> None:
    """Remove what is in ``folder`` (mount points, the programs bound there, stay)."""
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            try:
                os.unlink(path)
            except OSError:
                pass


#: Seconds the sweep waits for the killed processes to be reaped.
REAP = 5.0


def _sweep(child: int | None = None) -> tuple[int, int | None]:
    """End a run: count the bytes left in ``/tmp``, kill every process of the namespace but this one
    (``kill(-1, SIGKILL)``: setsid escapees too), reap them all (orphans come to the namespace's init;
    none is left unless one outlives :data:`REAP` seconds, as a process stuck in the kernel may) and
    empty ``/tmp``. Returns the bytes left and the wait status of ``child`` (the program, when it still ran)."""
    left = scratch_bytes("/tmp")
    try:
        os.kill(-1, signal.SIGKILL)
    except OSError:
        pass
    status = None if child is None else os.waitpid(child, 0)[1]
    deadline = time.monotonic() + REAP
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            time.sleep(0.001)
    _empty("/tmp")
    return left, status


def _start(request: dict, fds: list[int]) -> None:  # the child: never returns
    try:
        stdin, stdout, stderr, *groups = fds
        for fd in groups:
            os.write(fd, b"0")
        os.setsid()
        for name, limit in (("memory", resource.RLIMIT_AS), ("file_size", resource.RLIMIT_FSIZE)):
            if request.get(name) is not None:
                resource.setrlimit(limit, (request[name], request[name]))
        for sig in (signal.SIGPIPE, signal.SIGXFSZ):  # Python ignores them; the program gets the defaults
            signal.signal(sig, signal.SIG_DFL)
        for target, fd in enumerate((stdin, stdout, stderr)):
            os.dup2(fd, target)
        os.closerange(3, os.sysconf("SC_OPEN_MAX"))
        os.chdir("/tmp")
        argv = request["argv"]
        os.execve(argv[0], argv, request["env"])
    except BaseException as exc:  # noqa: BLE001 - the child must end here, whatever happened
        os.write(2, f"gamecert sandbox: cannot start the program: {exc}\n".encode())
    os._exit(127)


def _prepared(sock: socket.socket, end: socket.socket, fds: list[int]) -> None:  # the child: never returns
    """Join the next run's cgroups now, then wait for the run (its request and standard streams)."""
    try:
        sock.close()
        for fd in fds:
            os.write(fd, b"0")
            os.close(fd)
        message, streams, _, _ = socket.recv_fds(end, 1 << 20, 16)
    except BaseException:  # noqa: BLE001 - the child must end here, whatever happened
        os._exit(127)
    if not message:
        os._exit(0)
    end.close()
    _start(json.loads(message), streams)


def _discard(prepared: tuple[int, socket.socket] | None) -> None:
    """End a prepared child that no run will use."""
    if prepared is not None:
        pid, end = prepared
        end.close()
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except OSError:
            pass


def serve(sock: socket.socket) -> None:
    """Answer requests until the socket closes."""
    child = pidfd = None
    prepared: tuple[int, socket.socket] | None = None  # a child already in the next run's cgroups, and its socket
    while True:
        ready = select.select([sock] + ([pidfd] if pidfd is not None else []), [], [])[0]
        if pidfd is not None and pidfd in ready:  # the program has ended: so has its run
            _, status = os.waitpid(child, 0)
            os.close(pidfd)
            child = pidfd = None
            sock.send(json.dumps({"status": status, "left": _sweep()[0]}).encode())
        if sock not in ready:
            continue
        message, fds, _, _ = socket.recv_fds(sock, 1 << 20, 16)
        if not message:
            return
        request = json.loads(message)
        if request["op"] == "prepare":
            _discard(prepared)
            mine, end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            pid = os.fork()
            if pid == 0:
                mine.close()
                _prepared(sock, end, fds)
            end.close()
            for fd in fds:
                os.close(fd)
            prepared = (pid, mine)
        elif request["op"] == "run":
            pid = None
            if prepared is not None and request.get("prepared"):
                try:
                    socket.send_fds(prepared[1], [message], fds[:3])
                    pid = prepared[0]
                    prepared[1].close()
                    prepared = None
                except OSError:  # it has ended: start the run anew
                    pass
            _discard(prepared)
            prepared = None
            if pid is None:
                pid = os.fork()
                if pid == 0:
                    sock.close()
                    _start(request, fds)
            for fd in fds:
                os.close(fd)
            child, pidfd = pid, os.pidfd_open(pid)
        elif request["op"] == "kill":
            left, status = _sweep(child)
            if pidfd is not None:
                os.close(pidfd)
            child = pidfd = None
            sock.send(json.dumps({"killed": status, "left": left}).encode())


def main() -> None:
    # It empties /tmp and kills every process it can see: only as the init of its own namespaces.
    if os.getpid() != 1:
        sys.exit("gamecert sandbox: the launcher runs only as the first process of its own namespaces (bubblewrap --as-pid-1)")
    ctypes.CDLL(None).prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)
    serve(socket.socket(fileno=int(sys.argv[1])))


if __name__ == "__main__":
    main()
