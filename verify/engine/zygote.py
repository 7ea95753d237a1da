"""The sandbox's resident launcher: started once inside bubblewrap's namespaces, it starts every run there.

:class:`gamecert.verify.engine.sandbox.Zygote` runs this file as
``python -I -S zygote.py FD`` under bubblewrap (the read-only view, the
scratch tmpfs on ``/tmp``, no network, its own process namespace, no
capabilities), so that each run costs one fork of a small process rather
than a new set of namespaces and mounts. It imports nothing of gamecert.
Without bubblewrap, as root, ``python -I -S zygote.py --unshare CONFIG FD``
makes the namespaces and the scratch ``/tmp`` itself (:func:`unshared`), then
serves the same way; only the read-only view of the machine is missing.

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
    """Remove what is in ``folder`` on its own file system. Mount points and what lies under them stay, unread:
    the folders bound back into the scratch ``/tmp`` (a checkout or a virtual environment under ``/tmp``,
    read-only) would otherwise be walked file by file, every run."""
    try:
        device = os.lstat(folder).st_dev
    except OSError:
        return
    stack: list[tuple[str, bool]] = [(folder, False)]  # (folder, its entries already pushed)
    while stack:
        path, opened = stack.pop()
        if opened:
            if path != folder:
                try:
                    os.rmdir(path)
                except OSError:  # a mount point under it, or not empty
                    pass
            continue
        stack.append((path, True))
        try:
            entries = list(os.scandir(path))
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
                if info.st_dev != device:
                    continue  # a mount point: bound back, not the run's
                if entry.is_dir(follow_symlinks=False):
                    stack.append((entry.path, False))
                else:
                    os.unlink(entry.path)
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


# Without bubblewrap: the launcher makes its namespaces itself (root) ----------------------------------

_CLONE_NEWNS, _CLONE_NEWUTS, _CLONE_NEWIPC, _CLONE_NEWPID, _CLONE_NEWNET = 0x20000, 0x4000000, 0x8000000, 0x20000000, 0x40000000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC, _MS_REMOUNT, _MS_BIND, _MS_REC, _MS_PRIVATE = 1, 2, 4, 8, 32, 4096, 16384, 1 << 18
_PR_SET_PDEATHSIG, _PR_CAPBSET_DROP, _PR_SET_NO_NEW_PRIVS = 1, 24, 38
_SIOCGIFFLAGS, _SIOCSIFFLAGS, _IFF_UP = 0x8913, 0x8914, 1


def _call(name: str, *args) -> None:
    """A libc call that must succeed (``OSError`` with its errno otherwise)."""
    libc = ctypes.CDLL(None, use_errno=True)
    if getattr(libc, name)(*args) != 0:
        code = ctypes.get_errno()
        raise OSError(code, f"{name}: {os.strerror(code)}")


def _mount(source: str | None, target: str, kind: str | None, flags: int, data: str | None = None) -> None:
    encode = (lambda text: None if text is None else text.encode())
    _call("mount", encode(source), encode(target), encode(kind), ctypes.c_ulong(flags), encode(data))


def _place(target: str, folder: bool) -> None:
    """An empty file or folder at ``target`` (its parents made): a mount point."""
    os.makedirs(target if folder else os.path.dirname(target), exist_ok=True)
    if not folder and not os.path.exists(target):
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT, 0o600))


def _bind(source: str, target: str) -> None:
    """``source`` bound read-only at ``target``."""
    _mount(source, target, None, _MS_BIND | _MS_REC)
    _mount(None, target, None, _MS_BIND | _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID | _MS_NODEV)


def _loopback_up() -> None:
    """Bring up the new network namespace's loopback (bubblewrap does the same): it leads nowhere else."""
    import fcntl
    import struct

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        flags = struct.unpack("16sH", fcntl.ioctl(probe, _SIOCGIFFLAGS, struct.pack("16sH", b"lo", 0))[:18])[1]
        fcntl.ioctl(probe, _SIOCSIFFLAGS, struct.pack("16sH", b"lo", flags | _IFF_UP))


def _drop_capabilities() -> None:
    """No capability from now on, for this process and whatever it executes (as bubblewrap's ``--cap-drop ALL``)."""
    last = int(open("/proc/sys/kernel/cap_last_cap").read())
    for cap in range(last + 1):
        _call("prctl", _PR_CAPBSET_DROP, cap, 0, 0, 0)
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable: empty (two 32-bit words each)
    _call("capset", header, data)
    _call("prctl", _PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)


def _view(config: dict) -> None:
    """As the init of the new namespaces: the scratch ``/tmp`` (a tmpfs of ``scratch`` bytes, private to this
    mount namespace), the files named in ``bind`` (under the old ``/tmp``) bound back read-only, the ``hidden``
    ones masked, a ``/proc`` of the new process namespace, the loopback up; then no capability."""
    _mount(None, "/", None, _MS_REC | _MS_PRIVATE)  # nothing mounted here reaches the machine
    sources = [(os.open(source, os.O_PATH), target) for source, target in config["bind"]]  # before /tmp is covered
    _mount("tmpfs", "/tmp", "tmpfs", _MS_NOSUID | _MS_NODEV, f"size={config['scratch']},mode=1777")
    for fd, target in sources:
        _place(target, os.path.isdir(f"/proc/self/fd/{fd}"))
        _bind(f"/proc/self/fd/{fd}", target)
        os.close(fd)
    for path in config["hidden"]:
        if os.path.isdir(path):
            _mount("tmpfs", path, "tmpfs", _MS_NOSUID | _MS_NODEV, "size=4k,mode=755")
            _mount(None, path, None, _MS_BIND | _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID | _MS_NODEV)
        else:
            _bind(os.devnull, path)
    _mount("proc", "/proc", "proc", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC)
    if config["network"] is False:
        _loopback_up()
    _drop_capabilities()


def unshared(config: dict, fd: int) -> None:
    """Run the launcher without bubblewrap: new mount, process, IPC and host-name namespaces (and network,
    unless ``config["network"]``), made here as root. This process stays outside as the namespace's parent
    (as bubblewrap does) and ends with it; its child is the new process namespace's init, which makes the
    view (:func:`_view`) and serves. Both end when gamecert does."""
    flags = _CLONE_NEWNS | _CLONE_NEWPID | _CLONE_NEWIPC | _CLONE_NEWUTS | (0 if config["network"] else _CLONE_NEWNET)
    _call("prctl", _PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    try:
        _call("unshare", flags)
    except OSError as exc:
        sys.exit(f"gamecert sandbox: cannot make the launcher's namespaces: {exc}")
    pid = os.fork()
    if pid == 0:  # the init of the new process namespace
        code = 1
        try:
            _call("prctl", _PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
            if os.getpid() == 1:
                _view(config)
                main(fd)
                code = 0
        except BaseException as exc:  # noqa: BLE001 - the child must end here, whatever happened
            os.write(2, f"gamecert sandbox: cannot make the launcher's view: {exc}\n".encode())
        os._exit(code)
    os.close(fd)
    _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status))


def main(fd: int) -> None:
    # It empties /tmp and kills every process it can see: only as the init of its own namespaces.
    if os.getpid() != 1:
        sys.exit("gamecert sandbox: the launcher runs only as the first process of its own namespaces (bubblewrap --as-pid-1)")
    ctypes.CDLL(None).prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)
    serve(socket.socket(fileno=fd))


if __name__ == "__main__":
    if sys.argv[1] == "--unshare":  # zygote.py --unshare CONFIG FD: no bubblewrap here
        unshared(json.loads(sys.argv[2]), int(sys.argv[3]))
    else:  # zygote.py FD, under bubblewrap --as-pid-1
        main(int(sys.argv[1]))
