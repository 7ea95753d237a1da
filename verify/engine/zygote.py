"""The sandbox's resident launcher: started once inside bubblewrap's namespaces, it starts every run there.

:class:`gamecert.verify.engine.sandbox.Zygote` runs this file as
``python -I -S zygote.py FD`` under bubblewrap (the read-only view, the
scratch tmpfs on ``/tmp``, no network, its own process namespace, no
capabilities), so that each run costs one fork of a small process rather
than a new set of namespaces and mounts. It imports nothing of gamecert.

Requests come over the Unix ``SOCK_SEQPACKET`` socket ``FD``, one JSON object
per message:

* ``{"op": "run", "argv": [...], "env": {...}, "memory": N | null, "file_size": N | null}``
  with file descriptors attached (standard input, output, error, then the
  ``cgroup.procs`` files of the run's cgroups, opened by gamecert): ``/tmp`` is
  emptied, a child forks, joins the cgroups (writing ``0``: itself), leads a
  new session, takes the rlimits, and executes ``argv`` in ``/tmp``. Reply
  ``{"pid": PID}`` (in the process namespace); when the program ends,
  ``{"status": STATUS}`` (its raw wait status);
* ``{"op": "kill"}`` (the end of every run): every process of the namespace
  but this one is killed (``kill(-1, SIGKILL)``: setsid escapees too) and
  reaped, and ``/tmp`` emptied. Reply
  ``{"killed": STATUS | null}`` (the program's wait status, if it was still running).

The launcher is the namespace's init (bubblewrap's ``--as-pid-1``): no
program can signal it (the kernel never delivers SIGKILL to a namespace's
init from inside), orphans are its children, and it reaps them. It is not
dumpable, so a program (without capabilities) cannot trace it. It ends
when the socket closes.
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

_PR_SET_DUMPABLE = 4


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


def _reap() -> None:
    """Reap every ended child (orphans of the programs come to the namespace's init)."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


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


def serve(sock: socket.socket) -> None:
    """Answer requests until the socket closes."""
    child = pidfd = None
    while True:
        ready = select.select([sock] + ([pidfd] if pidfd is not None else []), [], [])[0]
        if pidfd is not None and pidfd in ready:
            _, status = os.waitpid(child, 0)
            os.close(pidfd)
            child = pidfd = None
            sock.send(json.dumps({"status": status}).encode())
        if sock not in ready:
            continue
        message, fds, _, _ = socket.recv_fds(sock, 1 << 20, 16)
        if not message:
            return
        request = json.loads(message)
        if request["op"] == "run":
            _empty("/tmp")
            pid = os.fork()
            if pid == 0:
                sock.close()
                _start(request, fds)
            for fd in fds:
                os.close(fd)
            child, pidfd = pid, os.pidfd_open(pid)
            sock.send(json.dumps({"pid": pid}).encode())
        elif request["op"] == "kill":
            try:
                os.kill(-1, signal.SIGKILL)
            except OSError:
                pass
            status = None
            if child is not None:
                _, status = os.waitpid(child, 0)
                os.close(pidfd)
                child = pidfd = None
            _reap()
            _empty("/tmp")
            sock.send(json.dumps({"killed": status}).encode())


def main() -> None:
    # It empties /tmp and kills every process it can see: only as the init of its own namespaces.
    if os.getpid() != 1:
        sys.exit("gamecert sandbox: the launcher runs only as the first process of its own namespaces (bubblewrap --as-pid-1)")
    ctypes.CDLL(None).prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)
    serve(socket.socket(fileno=int(sys.argv[1])))


if __name__ == "__main__":
    main()
