"""The mechanisms that contain an untrusted program beyond its rlimits: control groups, namespaces, a scratch folder.

:func:`~gamecert.verify.engine.contain.run_contained` runs a program given a
:class:`Sandbox` (every stress candidate, plain run or campaign shard) with:

* **processes**: its own ``pids`` control group (v1 or v2, whichever
  controller the machine mounts), capped at the run's process limit; the cap
  counts tasks (threads too), every descendant included;
* **memory**: ``RLIMIT_AS`` per process (a refused allocation fails at once)
  and its own ``memory`` control group where there is one (the program and
  all its descendants together, page cache and tmpfs included; past the limit
  the kernel's OOM killer ends a process);
* **network**: its own network namespace (only a loopback that leads nowhere
  else);
* **files**: a private scratch folder, its working directory and its
  ``/tmp``, removed after the run; with Debian's ``bubblewrap`` (``bwrap``)
  it sees the rest of the machine read-only, with a fresh ``/proc`` of its own
  process namespace, no capabilities, and the files and folders of
  :attr:`Sandbox.hidden` masked (read as empty).

Each mechanism is probed once per process (:func:`support`). A mechanism the
machine lacks (no root, no controller, no ``bwrap``) is named by
:func:`absent`, which the command line prints once on standard error; the
environment variable :data:`OFF` turns mechanisms off by name (``pids``,
``memory``, ``network``, ``files``, or ``all``) to measure the sandbox's cost
and to test the fallbacks.
"""

from __future__ import annotations

import atexit
import ctypes
import ctypes.util
import errno
import functools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from gamecert.verify.engine.zygote import scratch_bytes
from gamecert.verify.errors import StressInternalError

#: Environment variable: mechanisms to leave off, comma-separated (``pids,network``, ``all``).
OFF = "GAMECERT_SANDBOX_OFF"
#: The process limit unless told.
DEFAULT_PROCESSES = 256
#: The file size limit unless told (``RLIMIT_FSIZE``).
DEFAULT_FILE_SIZE = 64 * 2**20

_CLONE_NEWNET = 0x40000000
#: The namespaces the launcher makes without bubblewrap (mount, process, IPC, host name; the network's is probed apart).
_LAUNCHER_NAMESPACES = 0x20000 | 0x20000000 | 0x8000000 | 0x4000000


class Mechanism(StrEnum):
    """A containment mechanism beyond rlimits."""

    PIDS = "pids"
    MEMORY = "memory"
    NETWORK = "network"
    FILES = "files"


#: What each mechanism leaves open when it is missing.
_OPEN = {
    Mechanism.PIDS: "processes not capped",
    Mechanism.MEMORY: "memory limited per process (RLIMIT_AS), children not summed",
    Mechanism.NETWORK: "network open",
    Mechanism.FILES: "files readable and writable outside the scratch folder",
}


@dataclass(frozen=True)
class Sandbox:
    """How a run is isolated: ``hidden`` files and folders read as empty in its view (gamecert's answer files, a
    tiered solve's store);
    ``scratch_root`` is where scratch folders are made without bubblewrap (``None``: the temporary folder)."""

    hidden: tuple[Path, ...] = ()
    scratch_root: Path | None = None


@dataclass(frozen=True)
class Support:
    """What the machine offers: the cgroup folder under which each run gets its own, per
    controller (``v1`` or ``v2`` in ``versions``); ``bwrap`` the path of a working bubblewrap;
    ``netns`` whether a network namespace can be made without it; ``namespaces`` whether the launcher can
    make its own mount and process namespaces without it (root); ``missing`` why a mechanism is absent."""

    cgroups: dict[Mechanism, Path] = field(default_factory=dict)
    versions: dict[Mechanism, str] = field(default_factory=dict)
    bwrap: str | None = None
    netns: bool = False
    missing: dict[Mechanism, str] = field(default_factory=dict)
    namespaces: bool = False

    def has(self, mechanism: Mechanism) -> bool:
        return mechanism not in self.missing

    @property
    def launched(self) -> bool:
        """Whether runs are started by a resident launcher (:class:`Zygote`) in namespaces of their own: a
        private ``/tmp``, every process of a run gone before the next starts; with bubblewrap, or made by the
        launcher itself."""
        return self.bwrap is not None or self.namespaces


def off_mechanisms(value: str | None = None) -> frozenset[Mechanism]:
    """The mechanisms :data:`OFF` (or ``value``) turns off.

    >>> sorted(off_mechanisms("pids, network"))
    [<Mechanism.NETWORK: 'network'>, <Mechanism.PIDS: 'pids'>]
    """
    value = os.environ.get(OFF, "") if value is None else value
    words = {w.strip().lower() for w in value.split(",") if w.strip()}
    if "all" in words:
        return frozenset(Mechanism)
    return frozenset(m for m in Mechanism if m.value in words)


def support() -> Support:
    """What contains runs here: probed once per process and per value of :data:`OFF`."""
    return _support(os.environ.get(OFF, ""))


@functools.lru_cache(maxsize=16)
def _support(value: str) -> Support:
    return _probe(off_mechanisms(value))


@functools.cache
def _probe(off: frozenset[Mechanism]) -> Support:
    cgroups, versions, missing = {}, {}, {}
    for mechanism in (Mechanism.PIDS, Mechanism.MEMORY):
        if mechanism in off:
            missing[mechanism] = f"{OFF} names it"
            continue
        found = _cgroup_parent(mechanism.value)
        if isinstance(found, str):
            missing[mechanism] = found
        else:
            cgroups[mechanism], versions[mechanism] = found
    _remove_stale(cgroups.values())
    bwrap = None if Mechanism.FILES in off else _working_bwrap()
    if Mechanism.FILES in off:
        missing[Mechanism.FILES] = f"{OFF} names it"
    elif bwrap is None:
        missing[Mechanism.FILES] = "no bubblewrap (bwrap)"
    netns = False
    if Mechanism.NETWORK in off:
        missing[Mechanism.NETWORK] = f"{OFF} names it"
    elif bwrap is None:
        netns = _can_unshare(_CLONE_NEWNET)
        if not netns:
            missing[Mechanism.NETWORK] = "no network namespace (needs root or bubblewrap)"
    # Every mechanism off ("all"): no namespace either, the runs are plain children in a scratch folder on disk.
    namespaces = bwrap is None and off != frozenset(Mechanism) and _can_unshare(_LAUNCHER_NAMESPACES)
    return Support(cgroups, versions, bwrap, netns, missing, namespaces)


def absent(sup: Support, memory: bool = True) -> str | None:
    """One line naming the limits that do not apply here and why, ``None`` when all apply.

    >>> absent(Support(missing={Mechanism.PIDS: "no pids cgroup"}))
    'sandbox: processes not capped: no pids cgroup'
    """
    shown = [m for m in Mechanism if m in sup.missing and (memory or m is not Mechanism.MEMORY)]
    if not shown:
        return None
    return "sandbox: " + "; ".join(f"{_OPEN[m]}: {sup.missing[m]}" for m in shown)


# Control groups ---------------------------------------------------------------------


def _cgroup_parent(controller: str) -> tuple[Path, str] | str:
    """The folder of gamecert's own cgroup for ``controller`` and the version, where a child with
    that controller can be made; else why not."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
        mounts = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return f"no {controller} cgroup: no /proc"
    own = {}
    for line in lines:
        _, names, path = line.split(":", 2)
        for name in names.split(",") if names else [""]:
            own[name] = path
    v1 = v2 = None
    for line in mounts:
        left, _, right = line.partition(" - ")
        fields, kinds = left.split(), right.split()
        if len(kinds) < 3 or len(fields) < 5:
            continue
        if kinds[0] == "cgroup" and controller in kinds[2].split(","):
            v1 = Path(fields[4])
        elif kinds[0] == "cgroup2" and v2 is None:
            v2 = Path(fields[4])
    if v1 is not None and controller in own:
        parent, version = v1 / own[controller].lstrip("/"), "v1"
    elif v2 is not None and "" in own:
        parent, version = v2 / own[""].lstrip("/"), "v2"
        _enable_v2(parent, controller)
    else:
        return f"no {controller} cgroup"
    probe = parent / f"gamecert-probe-{os.getpid()}"
    try:
        os.mkdir(probe)
    except OSError as exc:
        return f"no {controller} cgroup: cannot create one under {parent} ({exc.strerror})"
    try:
        limit = f"{controller}.max" if version == "v2" or controller == "pids" else "memory.limit_in_bytes"
        if not (probe / limit).exists():
            return f"no {controller} cgroup: the controller is not enabled under {parent}"
    finally:
        os.rmdir(probe)
    return parent, version


def _enable_v2(parent: Path, controller: str) -> None:
    """Enable ``controller`` for the children of ``parent`` (v2); refused unless ``parent`` holds no processes or is the root."""
    try:
        if controller not in (parent / "cgroup.subtree_control").read_text().split():
            (parent / "cgroup.subtree_control").write_text(f"+{controller}")
    except OSError:
        pass


def _remove_stale(parents) -> None:
    """Remove the run cgroups left by gamecert processes that have ended (killed before their cleanup)."""
    for parent in parents:
        try:
            children = list(parent.glob("gamecert-*"))
        except OSError:
            continue
        for child in children:
            pid = child.name.split("-")[1]
            if pid.isdigit() and not Path(f"/proc/{pid}").exists():
                try:
                    child.rmdir()
                except OSError:
                    pass


_runs = 0
#: The most memory a run's cgroup may still hold (reclaimable: page cache, cached directory entries) to serve the next run.
KEPT_MEMORY = 2**20
#: Cgroups of ended runs kept for the next run under the same limits, by (gamecert process, limits, parents).
_idle: dict[tuple, list[dict[Mechanism, Path]]] = {}


class RunCgroups:
    """The cgroups of one run (one per controller that limits it, named after the gamecert process
    and the run): made with their limits (or taken back from an earlier run, see :meth:`release`),
    joined by the child (:meth:`join` between fork and exec, or the launcher's child through
    :attr:`procs`), emptied by :meth:`kill`, read by :meth:`stats` and released by :meth:`release`."""

    def __init__(self, sup: Support, processes: int | None, memory: int | None, zygote: Zygote | None = None) -> None:
        global _runs
        self.versions = sup.versions
        self.procs: list[int] = []
        self.capped: bool | None = None  # whether the cap refused a task before the run was killed
        self.emptied = False  # every task gone while no new one could start (pids.max 0)
        self.read: tuple | None = None  # what stats() read
        wanted = {Mechanism.PIDS: processes, Mechanism.MEMORY: memory}
        parents = tuple((m, parent) for m, parent in sup.cgroups.items() if wanted[m] is not None)
        self.key = (os.getpid(), processes, memory, parents)
        self.zygote = zygote
        self.folders: dict[Mechanism, Path] = {}
        self.stale: dict[Mechanism, Path] | None = None  # kept for other limits: their child ends as this run starts
        taken = None if zygote is None else zygote.kept
        if zygote is not None:
            zygote.kept = None
        self.prepared = taken is not None and taken[0] == self.key  # the launcher's child is in them, waiting
        if self.prepared:
            self.folders = taken[1]
        else:
            self.stale = None if taken is None else taken[1]
            try:
                kept = _idle.get(self.key)
                self.folders = kept.pop() if kept else {}
            except IndexError:  # taken by another thread meanwhile
                self.folders = {}
        fresh = not self.folders
        try:
            if fresh:
                _runs += 1
                name = f"gamecert-{os.getpid()}-{_runs}"
                for mechanism, parent in parents:
                    folder = parent / name
                    if folder not in self.folders.values():
                        os.mkdir(folder)
                    self.folders[mechanism] = folder
            if processes is not None and Mechanism.PIDS in self.folders:
                self._write(Mechanism.PIDS, "pids.max", processes)
            if fresh and memory is not None and Mechanism.MEMORY in self.folders:
                if self.versions[Mechanism.MEMORY] == "v2":
                    self._write(Mechanism.MEMORY, "memory.max", memory)
                    self._write(Mechanism.MEMORY, "memory.swap.max", 0, optional=True)
                else:
                    self._write(Mechanism.MEMORY, "memory.limit_in_bytes", memory)
                    self._write(Mechanism.MEMORY, "memory.memsw.limit_in_bytes", memory, optional=True)
            # Opened now: the child only writes its pid (no allocation of files between fork and exec).
            self.procs = [os.open(folder / "cgroup.procs", os.O_WRONLY) for folder in set(self.folders.values())]
        except OSError as exc:
            self.remove()
            raise StressInternalError(f"cannot make the run's cgroup: {exc.strerror or exc}") from None
        self.sampled = self.has_pids and not _has_peak(self.folders[Mechanism.PIDS])

    def _write(self, mechanism: Mechanism, name: str, value: int, optional: bool = False) -> None:
        try:
            _put(self.folders[mechanism] / name, str(value))
        except OSError:
            if not optional:
                raise

    def join(self) -> None:  # runs in the child between fork and exec
        pid = str(os.getpid()).encode()
        for fd in self.procs:
            os.write(fd, pid)

    def closed(self) -> None:
        """Close the parent's handles once the child has started."""
        for fd in self.procs:
            os.close(fd)
        self.procs = []

    @property
    def has_pids(self) -> bool:
        return Mechanism.PIDS in self.folders

    @property
    def has_memory(self) -> bool:
        return Mechanism.MEMORY in self.folders

    def processes(self) -> int:
        """Tasks in the run's pids cgroup now (0 without one): sampled while the run lasts where the
        cgroup keeps no peak of its own (``pids.peak``, Linux 6.1), else read at the end (:meth:`stats`)."""
        return _read_int(self.folders[Mechanism.PIDS] / "pids.current") if self.has_pids else 0

    def pids(self) -> list[int]:
        """Process ids in the run's cgroups now."""
        out: set[int] = set()
        for folder in set(self.folders.values()):
            try:
                out.update(int(p) for p in _get(folder / "cgroup.procs").split())
            except (OSError, ValueError):
                pass
        return sorted(out)

    def kill(self) -> None:
        """Kill every process of the run: no new task can start (pids), then SIGKILL until none is left.
        Whether the cap refused a task is read first: the forks refused while the run is killed do not count."""
        if self.emptied:
            return
        frozen = False
        if self.has_pids and self.capped is None:
            self.capped = _event(self.folders[Mechanism.PIDS] / "pids.events", "max") > 0
            try:
                _put(self.folders[Mechanism.PIDS] / "pids.max", "0")
                frozen = True
            except OSError:
                frozen = False
        for folder in {folder for mechanism, folder in self.folders.items() if self.versions[mechanism] == "v2"}:
            try:
                _put(folder / "cgroup.kill", "1")  # Linux 5.14
            except OSError:
                pass
        deadline = time.monotonic() + 5
        while (pids := self.pids()) and time.monotonic() < deadline:
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.001)
        self.emptied = frozen and not pids

    def stats(self) -> tuple[int, bool, int, bool | None]:
        """(peak tasks, whether the process cap refused a task, peak memory in bytes, whether the OOM
        killer ended a process: ``None`` without a memory cgroup)."""
        peak = capped = 0
        if self.has_pids:
            folder = self.folders[Mechanism.PIDS]
            peak = _read_int(folder / "pids.peak")
            capped = self.capped if self.capped is not None else _event(folder / "pids.events", "max") > 0
        memory, oom = 0, None
        if self.has_memory:
            folder = self.folders[Mechanism.MEMORY]
            if self.versions[Mechanism.MEMORY] == "v2":
                memory, oom = _read_int(folder / "memory.peak"), _event(folder / "memory.events", "oom_kill") > 0
            else:
                memory, oom = _read_int(folder / "memory.max_usage_in_bytes"), _event(folder / "memory.oom_control", "oom_kill") > 0
        self.read = (peak, bool(capped), memory, oom)
        return self.read

    def release(self) -> None:
        """Keep the run's cgroups for the next run under the same limits when they are as good as new:
        no task left, no count of an earlier run in what the next one reads (a peak of at most one
        task, no refused fork, no OOM kill, the memory peak reset, at most :data:`KEPT_MEMORY` still
        charged); else :meth:`remove` them. Kept cgroups of a run started by a launcher go back to
        it (:meth:`Zygote.prepare`): moving a process into a cgroup waits for the kernel (an RCU grace
        period, some milliseconds, when no other move came just before), so its next child moves in
        now, while gamecert judges this run and makes the next case."""
        self.closed()
        if self.stale is not None:
            _rmdir(set(self.stale.values()))
        if self.read is None or not self._reusable():
            self.remove()
        elif self.zygote is not None and self.zygote.prepare(self.key, self.folders):
            pass  # the launcher's next child joins them now, before its run is asked for
        else:
            _cleaned_at_exit()
            _idle.setdefault(self.key, []).append(self.folders)

    def _reusable(self) -> bool:
        peak, _, _, oom = self.read
        if not self.folders or peak > 1 or oom or (self.has_memory and self.versions[Mechanism.MEMORY] == "v2"):
            return False  # v2's memory.peak is reset only for the file handle that resets it
        try:
            if self.has_pids:
                folder = self.folders[Mechanism.PIDS]
                if _read_int(folder / "pids.current") or _event(folder / "pids.events", "max"):
                    return False
            elif _get(self.folders[Mechanism.MEMORY] / "cgroup.procs").strip():
                return False
            if self.has_memory:
                folder = self.folders[Mechanism.MEMORY]
                if _read_int(folder / "memory.usage_in_bytes") > KEPT_MEMORY:
                    return False
                _put(folder / "memory.max_usage_in_bytes", "0")
        except OSError:
            return False
        return True

    def remove(self) -> None:
        """Remove the run's cgroups (empty after :meth:`kill`; the last tasks leave as they are reaped)."""
        self.closed()
        _rmdir(set(self.folders.values()))


def _rmdir(folders) -> None:
    for folder in folders:
        for _ in range(200):
            try:
                os.rmdir(folder)
                break
            except FileNotFoundError:
                break
            except OSError:
                time.sleep(0.005)


@functools.cache
def _cleaned_at_exit() -> None:
    atexit.register(_clean_up)


def _clean_up() -> None:
    """End this process's launchers, then remove its kept cgroups."""
    for key, z in list(_zygotes.items()):
        if key[0] == os.getpid():
            z.close()
    _zygotes.clear()
    for key, kept in list(_idle.items()):
        if key[0] == os.getpid():
            for folders in kept:
                _rmdir(set(folders.values()))
            del _idle[key]


_peaks: dict[Path, bool] = {}


def _has_peak(folder: Path) -> bool:
    """Whether the pids cgroup ``folder`` and those beside it keep their peak (``pids.peak``)."""
    if folder.parent not in _peaks:
        _peaks[folder.parent] = (folder / "pids.peak").exists()
    return _peaks[folder.parent]


def _get(path: Path) -> str:
    fd = os.open(path, os.O_RDONLY)
    try:
        return os.read(fd, 1 << 16).decode()
    finally:
        os.close(fd)


def _put(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def _read_int(path: Path) -> int:
    try:
        return int(_get(path).split()[0])
    except (OSError, ValueError, IndexError):
        return 0


def _event(path: Path, name: str) -> int:
    """The counter ``name`` of a ``key value`` file (``pids.events``, ``memory.events``, ``memory.oom_control``)."""
    try:
        for line in _get(path).splitlines():
            key, _, value = line.partition(" ")
            if key == name:
                return int(value)
    except (OSError, ValueError):
        pass
    return 0


# Namespaces and the view of the files -------------------------------------------------

#: Bubblewrap's namespaces and capabilities: new network, process, IPC and host-name namespaces, no capability.
_BWRAP_BASE = ["--die-with-parent", "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--cap-drop", "ALL"]


def _working_bwrap() -> str | None:
    """The path of bubblewrap when it runs a program in new namespaces here."""
    path = shutil.which("bwrap")
    if path is None:
        return None
    try:
        done = subprocess.run(
            [path, *_BWRAP_BASE, "--ro-bind", "/", "/", "--", "true"],
            stdin=subprocess.DEVNULL, capture_output=True, timeout=10, check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return path if done.returncode == 0 else None


def _bound_back(argv: list[str]) -> list[tuple[str, str]]:
    """``(source, target)`` of what the scratch ``/tmp`` covers and the run needs, bound back read-only at its own
    path: the files the command names under ``/tmp``, this Python's installation and the launcher's script
    (:data:`ZYGOTE`) should they live there (a checkout or a virtual environment under ``/tmp``)."""
    tmp = Path(os.path.realpath("/tmp"))
    under_tmp = (tmp, Path("/tmp"))
    out: list[tuple[str, str]] = []
    bound: list[Path] = []  # folders bound back whole: what lies in them needs no binding of its own
    for folder in sorted({os.path.realpath(sys.prefix), os.path.realpath(sys.base_prefix), sys.prefix}):
        if any(t in Path(folder).parents for t in under_tmp):
            out.append((os.path.realpath(folder), folder))
            bound.append(Path(folder))
    for word in [*argv, str(ZYGOTE)]:
        if word.startswith("/") and os.path.isfile(word):
            real = os.path.realpath(word)
            for place in sorted({real, word}):
                inside = any(b == Path(place) or b in Path(place).parents for b in bound)
                if any(t in Path(place).parents for t in under_tmp) and not inside:
                    out.append((real, place))
    return out


def _masked(hidden: tuple[Path, ...]) -> list[Path]:
    """The files and folders of ``hidden`` to mask: those outside ``/tmp`` (the scratch ``/tmp`` hides the rest)."""
    tmp = Path(os.path.realpath("/tmp"))
    return [p for p in hidden if (p.is_file() or p.is_dir()) and tmp not in p.parents and p != tmp]


def bwrap_options(bwrap: str, argv: list[str], scratch: int, hidden: tuple[Path, ...], network: bool) -> list[str]:
    """Bubblewrap's command line (before ``--``) for running ``argv``: everything read-only, a tmpfs
    of ``scratch`` bytes as ``/tmp``, a fresh ``/proc`` and ``/dev``, the ``hidden`` files and folders
    masked (read as empty: a folder is an empty read-only tmpfs); ``network``: keep the machine's network.
    What the run needs under ``/tmp`` is bound back (:func:`_bound_back`).

    >>> options = bwrap_options("bwrap", ["/bin/true"], 2**20, (), False)
    >>> options[options.index("--tmpfs") - 2 : options.index("--tmpfs") + 2]
    ['--size', '1048576', '--tmpfs', '/tmp']
    """
    base = [b for b in _BWRAP_BASE if not (network and b == "--unshare-net")]
    out = [bwrap, *base, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--size", str(scratch), "--tmpfs", "/tmp"]
    for path in _masked(hidden):
        out += ["--ro-bind", os.devnull, str(path)] if path.is_file() else ["--tmpfs", str(path), "--remount-ro", str(path)]
    for source, target in _bound_back(argv):
        out += ["--ro-bind", source, target]
    return out


def launcher_command(bwrap: str | None, argv: list[str], scratch: int, hidden: tuple[Path, ...], network: bool) -> list[str]:
    """The command that starts the launcher of the view for ``argv`` (its socket's descriptor follows): under
    bubblewrap (:func:`bwrap_options`), or, without it, the launcher making its own namespaces as root
    (``zygote.py --unshare``: the same scratch ``/tmp``, bound-back files, masks, process and network
    namespaces; the rest of the machine stays as it is, writable)."""
    python = [sys.executable, "-I", "-S", str(ZYGOTE)]
    if bwrap is not None:
        return [*bwrap_options(bwrap, argv, scratch, hidden, network), "--as-pid-1", "--", *python]
    config = {"scratch": scratch, "bind": _bound_back(argv), "hidden": [str(p) for p in _masked(hidden)], "network": network}
    return [*python, "--unshare", json.dumps(config)]


#: The launcher's script, run by this Python inside the view.
ZYGOTE = Path(__file__).with_name("zygote.py")


class Zygote:
    """The sandbox's resident launcher (:mod:`gamecert.verify.engine.zygote`) in one bubblewrap view.

    Started once per view (per gamecert process and thread), it starts each
    run of the program in the view's namespaces: a new set of namespaces and
    mounts per run would cost more than the run of a small program.
    """

    def __init__(self, command: list[str]) -> None:
        self.sock, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        with child:
            command = [*command, str(child.fileno())]
            self.proc = subprocess.Popen(
                command, pass_fds=[child.fileno()], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        self.broken = False
        self.answered = False  # whether it ever replied: it started
        self.kept: tuple[tuple, dict[Mechanism, Path]] | None = None  # the cgroups its prepared child is in

    def prepare(self, key: tuple, folders: dict[Mechanism, Path]) -> bool:
        """Have the launcher start the next run's child now, in these cgroups (kept under ``key``);
        whether it took them (then they are the launcher's until :class:`RunCgroups` takes them back)."""
        if not self.alive() or self.kept is not None:
            return False
        try:
            fds = [os.open(folder / "cgroup.procs", os.O_WRONLY) for folder in set(folders.values())]
        except OSError:
            return False
        try:
            if not self.send({"op": "prepare"}, fds):
                return False
        finally:
            for fd in fds:
                os.close(fd)
        self.kept = (key, folders)
        return True

    def alive(self) -> bool:
        return not self.broken and self.proc.poll() is None

    def scratch(self) -> Path | None:
        """The launcher's ``/tmp`` seen from here (through ``/proc``), ``None`` when it is gone."""
        try:
            child = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
        except OSError:
            return None
        return Path(f"/proc/{child[0]}/root/tmp") if child else None

    def scratch_bytes(self) -> int:
        """Bytes of the files in the launcher's ``/tmp`` now (0 when it is gone)."""
        folder = self.scratch()
        return 0 if folder is None else scratch_bytes(folder)

    def send(self, request: dict, fds: list[int] | tuple = ()) -> bool:
        """Send a request; whether the launcher took it (else it has ended)."""
        try:
            socket.send_fds(self.sock, [json.dumps(request).encode()], list(fds))
        except OSError:
            self.broken = True
        return not self.broken

    def receive(self) -> dict | None:
        """The launcher's next reply, ``None`` when it has ended."""
        try:
            message = self.sock.recv(1 << 16)
        except OSError:
            message = b""
        if not message:
            self.broken = True
            return None
        self.answered = True
        return json.loads(message)

    def close(self) -> None:
        """End the launcher: it ends when its socket closes (then bubblewrap), else it is killed; the
        cgroups of its prepared child are removed."""
        self.sock.close()
        try:
            self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.kept is not None:
            _rmdir(set(self.kept[1].values()))
            self.kept = None


#: The running launchers, least recently used first, by (process, thread, view).
_zygotes: dict[tuple, Zygote] = {}
#: Launchers kept running per process and thread (one per candidate and limits; a stress run has one).
KEPT_ZYGOTES = 4


@functools.lru_cache(maxsize=64)
def _view(bwrap: str | None, argv: tuple[str, ...], scratch: int, hidden: tuple[Path, ...], network: bool) -> tuple[str, ...]:
    return tuple(launcher_command(bwrap, list(argv), scratch, hidden, network))


def zygote(sup: Support, argv: list[str], scratch: int, hidden: tuple[Path, ...]) -> Zygote:
    """The running launcher of this view for this process and thread (started, or restarted, as needed)."""
    present = tuple(path for path in hidden if path.exists())  # an answer file written since is masked too
    options = _view(sup.bwrap, tuple(argv), scratch, present, not sup.has(Mechanism.NETWORK))
    key = (os.getpid(), threading.get_ident(), options)
    found = _zygotes.pop(key, None)
    if found is not None and not found.alive():
        found.close()
        found = None
    if found is None:
        _cleaned_at_exit()
        # Only this thread's: another thread's launcher may be running a program now.
        mine = [k for k in list(_zygotes) if k[:2] == key[:2]]
        for old in mine[: max(0, len(mine) - KEPT_ZYGOTES + 1)]:
            _zygotes.pop(old).close()
        found = Zygote(list(options))
    _zygotes[key] = found
    return found


def left_in_scratch() -> int:
    """Bytes of the files left in the scratch ``/tmp`` of this process's launchers (0 after every run)."""
    return sum(z.scratch_bytes() for key, z in _zygotes.items() if key[0] == os.getpid())




@functools.cache
def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def unshare_network() -> None:  # runs in the child between fork and exec
    """Move the calling process into a new network namespace (root only)."""
    _unshare(_CLONE_NEWNET)


def _unshare(flags: int) -> None:
    if _libc().unshare(flags) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))


def _can_unshare(flags: int) -> bool:
    """Whether a child can move into new namespaces (``flags``, ``CLONE_NEW*``) here."""
    try:
        _libc()
        done = subprocess.run([sys.executable, "-I", "-S", "-c", ""], preexec_fn=functools.partial(_unshare, flags), check=False)
        return done.returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def absolute_words(argv: list[str]) -> list[str]:
    """The command with its program found on ``PATH`` and every other word naming an existing
    file or folder (relative to the current folder) made absolute: the program runs elsewhere.

    >>> absolute_words(["sh", "-c", "true"])[0] == shutil.which("sh")
    True
    """
    program = shutil.which(argv[0])
    if program is None:  # the errors exec would give
        if os.sep in argv[0] and os.path.exists(argv[0]):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), argv[0])
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), argv[0])
    rest = [os.path.abspath(w) if not w.startswith("/") and w and os.path.exists(w) else w for w in argv[1:]]
    return [os.path.abspath(program), *rest]


def scratch_size(file_size: int | None) -> int:
    """Bytes of the scratch tmpfs under bubblewrap: twice the file size limit (one file at the limit
    fits), :data:`DEFAULT_FILE_SIZE` when there is none.

    >>> scratch_size(2**20)
    2097152
    """
    return 2 * (DEFAULT_FILE_SIZE if file_size is None else file_size)
