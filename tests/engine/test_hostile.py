"""Hostile candidates (``tests/engine/hostile/``) through `gamecert stress`: each gets its judge's verdict,
within its time limit plus gamecert's own work per run (shrinking included), and no file written passes the
output limit."""

from __future__ import annotations

import functools
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import pytest

from gamecert.verify import registry
from gamecert.verify.capabilities import StressCases
from gamecert.verify.engine import contain
from gamecert.verify.engine import sandbox as box
from gamecert.verify.engine import stress as engine
from tests.support import GAMECERT, TESTS, LoopbackServer, after, compiled, run, untimed

HOSTILE = TESTS / "engine" / "hostile"
MAZE_CANDIDATE = TESTS / "maze" / "candidate.py"
#: The default output limit on maze cases (their answers are a few bytes).
OUTPUT_LIMIT = engine.MIN_OUTPUT
#: Cases, memory limit (MiB): small, so that the memory eaters meet the limit at once.
COUNT, MEMORY = 3, 64
#: Seconds gamecert's own work may add to a run's time limit on a loaded machine (another job on both cores):
#: killing and reaping the program, starting the sandbox's launcher, certifying the case's answer. A run that
#: waited for its program would take the program's own time: 5 s to an hour.
OWN = 2.0

# (name, program and arguments, time limit per run, verdict, what the verdict's detail says)
CASES = [
    ("endless output", ["endless.py"], 1.0, "output limit exceeded", "more than 1.0 MiB of output, the output limit"),
    ("zeros, no newline", ["zeros.py"], 1.0, "output limit exceeded", "more than 1.0 MiB of output, the output limit"),
    ("one huge line", ["long_line.py"], 1.0, "wrong answer", "expected 'LOSE', got 'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW...'"),
    ("memory until stopped", ["memory.py"], 1.0, "memory limit exceeded", "64.0 MiB memory limit reached"),
    ("sleeps forever", ["sleep_forever.py"], 0.5, "time limit exceeded", "no answer within the 0.5 s time limit"),
    # The run ends when the program ends: the grandchild holding its output is killed, the answer judged.
    ("setsid grandchild, exits", ["setsid_holder.py", "{marker}"], 1.0, "wrong answer", "expected 'LOSE', got 'WIN'"),
    (
        "setsid grandchild, sleeps", ["setsid_holder.py", "{marker}", "stay"], 0.5, "time limit exceeded",
        "no answer within the 0.5 s time limit",
    ),
    ("closes stdout, runs on", ["close_stdout.py"], 0.5, "time limit exceeded", "no answer within the 0.5 s time limit"),
    ("endless stderr", ["stderr_flood.py"], 0.5, "time limit exceeded", "no answer within the 0.5 s time limit"),
    ("right answer, slowly", ["slow_right.py", "5"], 0.5, "time limit exceeded", "no answer within the 0.5 s time limit"),
    ("reads no input", ["no_input.py"], 1.0, "wrong answer", "expected 'LOSE', got 'WIN'"),
    ("silent", ["silent.py"], 1.0, "no output", "exit code 0 and not one token on standard output"),
] + [
    (f"killed by {sig}", ["signal_self.py", sig], 1.0, "run-time error", f"killed by {sig}")
    for sig in ("SIGSEGV", "SIGABRT", "SIGFPE", "SIGBUS", "SIGKILL", "SIGTERM")
]


@pytest.fixture(scope="module")
def vector_growth(tmp_path_factory) -> str:
    return str(compiled(HOSTILE / "vector_growth.cpp", tmp_path_factory.mktemp("hostile")))


class Spy:
    """Every contained run of the candidate: its wall time (``seconds``) and the run (``runs``)."""

    def __init__(self, monkeypatch) -> None:
        self.seconds: list[float] = []
        self.runs: list[contain.Contained] = []
        monkeypatch.setattr(engine, "run_contained", self)

    def __call__(self, *args, **kwargs):
        result = contain.run_contained(*args, **kwargs)
        self.seconds.append(result.seconds)
        self.runs.append(result)
        return result


def stress_hostile(command: str, seconds: float, out: Path, monkeypatch, more: tuple[str, ...] = (), spy: Spy | None = None):
    spy = spy or Spy(monkeypatch)
    start = time.monotonic()
    result = run([
        "stress", "maze", "--candidate", command, "--count", str(COUNT), "--timeout", str(seconds),
        "--memory-limit", f"{MEMORY}M", "--out", str(out), *more,
    ])
    return result, time.monotonic() - start, spy.seconds


def assert_contained(result, wall: float, runs: list[float], seconds: float, out: Path, verdict: str, detail: str) -> None:
    assert result.exit_code == 3, result.output
    assert result.stdout.startswith(f"stress maze: {verdict} on case "), result.stdout
    assert detail in result.stdout, result.stdout
    # The time limit per run, the run count including shrinking; shrinking a time-limit failure is bounded.
    assert all(s <= seconds + OWN for s in runs), runs
    assert wall <= (seconds + OWN) * len(runs) + OWN, (wall, len(runs))
    if verdict == "time limit exceeded":
        assert len(runs) <= COUNT + engine.TIME_SHRINK_LIMITS + 1
    sizes = {p.name: p.stat().st_size for p in out.iterdir()}
    assert f"maze-{verdict.replace(' ', '-')}.out" in sizes
    assert max(sizes.values()) <= OUTPUT_LIMIT, sizes


@pytest.mark.slow
@pytest.mark.parametrize("name, program, seconds, verdict, detail", CASES, ids=[c[0] for c in CASES])
def test_hostile_candidate_gets_its_verdict_in_bounded_time(name, program, seconds, verdict, detail, tmp_path, monkeypatch):
    marker = f"gamecert-test-marker-{tmp_path.name}"
    out = tmp_path / "out"
    args = [arg.format(marker=marker) for arg in program]
    command = " ".join([sys.executable, "-I", "-S", str(HOSTILE / args[0]), *args[1:]])
    result, wall, runs = stress_hostile(command, seconds, out, monkeypatch)
    assert_contained(result, wall, runs, seconds, out, verdict, detail)
    if verdict == "output limit exceeded":
        assert (out / "maze-output-limit-exceeded.out").read_bytes().endswith(
            f"[gamecert: output cut here: more than {OUTPUT_LIMIT} bytes in all]\n".encode()
        )
    if "setsid" in name:  # the escaped grandchild was killed, not left running
        assert _none_running(marker)


@pytest.mark.slow
def test_cpp_vector_growth_is_a_memory_limit(vector_growth, tmp_path, monkeypatch):
    result, wall, runs = stress_hostile(vector_growth, 1.0, tmp_path, monkeypatch)
    assert_contained(result, wall, runs, 1.0, tmp_path, "memory limit exceeded", "64.0 MiB memory limit reached")
    assert "std::bad_alloc" in result.stdout  # the address space refuses it at once, before the cgroup's OOM killer


def test_campaign_shards_run_contained():
    command = " ".join([sys.executable, "-I", "-S", str(HOSTILE / "endless.py")])
    result = run(["stress", "maze", "--candidate", command, "--count", "2", "--timeout", "2", "--jobs", "0"])
    assert result.exit_code == 3, result.output
    lines = untimed(result.stdout)
    assert lines[:3] == [
        "stress maze: 2 of 2 generated cases (seed 1, sizes up to 10) failed: output limit exceeded 2 (T)",
        "  cases 2, passed 0, output limit exceeded 2; 1 shard (0 from the store, 1 run now)",
        "  output limit exceeded on case 1 (edge: single free cell), shrunk in 1 step (more than 1.0 MiB of output, the output limit):",
    ]
    got = after("got:", result.stdout)
    assert got == "WIN\n" * 10 + f"(cut here: {OUTPUT_LIMIT:,} bytes read)\n"


def _none_running(marker: str) -> bool:
    """Whether no process whose command line holds ``marker`` runs (zombies count as ended)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        alive = []
        for entry in Path("/proc").iterdir():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    alive.append(int(entry.name))
            except (OSError, ValueError):
                continue
        if not any(not _gone(pid, 0) for pid in alive):
            return True
        time.sleep(0.05)
    return False


def _gone(pid: int, seconds: float = 5) -> bool:
    """Whether process ``pid`` has ended within ``seconds`` (a zombie waiting for its new parent counts as ended)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state in ("Z", "X"):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)


# --- the runner's own guarantees ------------------------------------------------------


def test_program_that_reads_nothing_is_not_blocked_on_a_large_input():
    # 4 MiB of input into a pipe of 64 KiB that nobody reads: the write never blocks the run.
    r = contain.run_contained(["true"], b"1 1\n.\n" * 700_000, contain.Limits(10))
    assert (r.returncode, r.stopped) == (0, None) and r.seconds < 5


def test_output_is_kept_up_to_the_limit_and_no_further():
    r = contain.run_contained(["yes"], b"", contain.Limits(10, 100_000))
    assert r.stopped is contain.Stop.OUTPUT and r.returncode is None
    assert r.stdout == b"y\n" * 50_000 and r.seconds < 5


def test_stderr_keeps_its_tail():
    code = "import sys\nfor i in range(100000): print(i, file=sys.stderr)\nsys.exit(3)"
    r = contain.run_contained([sys.executable, "-I", "-S", "-c", code], b"", contain.Limits(20))
    assert r.returncode == 3 and len(r.stderr) <= contain.STDERR_TAIL
    assert r.stderr.endswith(b"99998\n99999\n")


def test_nothing_of_the_group_outlives_the_run(tmp_path):
    # A child in the same group that closed its output: killed with the group when the leader ends.
    pidfile = tmp_path / "pid"
    code = f"import os, time\nif os.fork() == 0:\n    os.close(1); os.close(2)\n    open({str(pidfile)!r}, 'w').write(str(os.getpid()))\n    time.sleep(60)\nelse:\n    time.sleep(0.3)"
    r = contain.run_contained([sys.executable, "-I", "-S", "-c", code], b"", contain.Limits(10))
    assert r.returncode == 0 and r.seconds < 5
    assert _gone(int(pidfile.read_text()))


def test_memory_limit_holds_for_descendants():
    code = "import os\nif os.fork() == 0:\n    b = b'x' * 200_000_000\n    os._exit(0)\n_, status = os.wait()\nprint(os.waitstatus_to_exitcode(status))"
    r = contain.run_contained([sys.executable, "-I", "-S", "-c", code], b"", contain.Limits(10, memory=64 * 2**20))
    assert r.returncode == 0 and r.stdout.strip() == b"1"  # the child's MemoryError: exit code 1


def test_unknown_program_cannot_start():
    with pytest.raises(OSError):
        contain.run_contained([os.devnull + "-nope"], b"", contain.Limits(1))


@pytest.mark.slow
def test_shrinking_a_time_limit_spends_a_few_time_limits_at_most(monkeypatch):
    # Every reduction of a large board still times out (this one shrinks in 3 steps): with a bound of
    # 2 time limits, shrinking stops at it after at most 3 runs, not after 2,000.
    monkeypatch.setattr(engine, "TIME_SHRINK_LIMITS", 2)
    game = registry.get_game("maze")
    text = game.capability(StressCases).random_case(random.Random(1), 8)
    trial = engine.Trial(game, [sys.executable, "-I", "-S", str(HOSTILE / "sleep_forever.py")], 0.3)
    answer = trial.referee.answer(text, "a test case", generated=True)
    verdict = trial.verdict(text, answer)
    assert verdict.kind is engine.StressKind.TIME
    start = time.monotonic()
    shrunk = trial.shrink(text, answer, verdict, game.capability(StressCases).reductions)
    elapsed = time.monotonic() - start
    assert shrunk.stopped == "0.6 s bound" and shrunk.steps >= 1
    assert shrunk.tries <= 3 and elapsed <= (0.3 + OWN) * shrunk.tries


# --- the limits as options ------------------------------------------------------------


def test_output_limit_option_is_the_limit(tmp_path):
    command = " ".join([sys.executable, "-I", "-S", str(HOSTILE / "endless.py")])
    result = run(["stress", "maze", "--candidate", command, "--count", "1", "--output-limit", "2M", "--out", str(tmp_path)])
    assert result.exit_code == 3
    assert result.stdout.endswith("(more than 2.0 MiB of output, the output limit)\n")
    saved = tmp_path / "maze-output-limit-exceeded.out"
    assert saved.stat().st_size == engine.SAVED_OUTPUT
    assert saved.read_bytes().endswith(f"[gamecert: output cut here: more than {2 * 2**20} bytes in all]\n".encode())


@pytest.mark.parametrize(
    "option, value, error",
    [
        ("--output-limit", "100M", "expected at most 64.0 MiB, got 100.0 MiB"),
        ("--output-limit", "lots", "expected a size such as 4G, 512M or 100000 (bytes), got 'lots'"),
        ("--memory-limit", "10", "expected a size of at least 1M, got 10 B"),
        ("--max-processes", "0", "0 is not in the range x>=1."),
        ("--file-limit", "10", "expected a size of at least 1M, got 10 B"),
    ],
)
def test_limit_options_are_checked(option, value, error):
    result = run(["stress", "maze", "--candidate", "true", option, value])
    assert result.exit_code == 2
    assert result.stderr.endswith(f"Error: Invalid value for '{option}': {error}\n")


# --- the sandbox: processes, files, network -------------------------------------------

SANDBOX = box.support()
#: The sandbox tests run in two views: the machine's (bubblewrap where it is installed) and bubblewrap hidden by the
#: sandbox's own switch, so that every run of the suite proves the fallback too. On a machine without bubblewrap
#: both are the fallback; without root, the fallback of the fallback (no namespaces), each test checking what
#: the documentation says is left.
VIEWS = {"machine": "", "no bwrap": "files"}
#: A program that tries to start 20 processes (each sleeping 5 s) and prints how many it started.
FORKS = (
    "import os, sys, time\nn = 0\nfor _ in range(20):\n    try:\n        if os.fork() == 0:\n"
    "            time.sleep(5)\n            os._exit(0)\n        n += 1\n    except OSError:\n        pass\nprint(n)"
)


@pytest.fixture(params=list(VIEWS))
def view(request, monkeypatch) -> box.Support:
    """What contains this test's runs in one view (the switch set for them)."""
    monkeypatch.setenv(box.OFF, VIEWS[request.param])
    return box.support()


@pytest.fixture(scope="module")
def server():
    s = LoopbackServer()
    yield s
    s.sock.close()


@pytest.fixture
def outside():
    """A folder outside /tmp (which the candidate never sees): gamecert's --out folder, a file to link to."""
    with tempfile.TemporaryDirectory(dir="/var/tmp" if os.path.isdir("/var/tmp") else None) as folder:
        yield Path(folder)


@pytest.fixture
def scratch(tmp_path, monkeypatch) -> Path:
    """The folder the runs' scratch folders are made in (the temporary folder, moved here)."""
    root = tmp_path / "scratch"
    root.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    return root


def stress_sandboxed(name: str, args: list[str], seconds: float, out: Path, monkeypatch, *more: str):
    """A hostile candidate of ``tests/engine/hostile/`` through stress; its runs and the wall time."""
    spy = Spy(monkeypatch)
    command = " ".join([sys.executable, "-I", "-S", str(HOSTILE / name), *args])
    result, wall, _ = stress_hostile(command, seconds, out, monkeypatch, more, spy)
    return result, wall, spy


def assert_sandboxed(result, wall, spy, seconds, verdict, details, scratch, max_processes, sup) -> None:
    """The verdict and its detail (one of ``details``), the sandbox's notice (on standard error, apart from the
    output), the wall-time bound, the peak processes, nothing left on disk."""
    assert result.exit_code == 3, result.output
    assert result.stdout.startswith(f"stress maze: {verdict} on case "), result.stdout
    assert any(d in result.stdout for d in ([details] if isinstance(details, str) else details)), result.stdout
    absent = box.absent(sup)
    assert result.stderr == ("" if absent is None else absent + "\n")  # the limits that do not apply, once
    assert all(r.seconds <= seconds + OWN for r in spy.runs) and wall <= (seconds + OWN) * len(spy.runs) + OWN
    peak = max(r.processes for r in spy.runs)  # the pids cgroup's peak (0: not measured without one)
    assert peak <= max_processes and (peak >= 1 or not sup.has(box.Mechanism.PIDS)), peak
    assert list(scratch.iterdir()) == [] and box.left_in_scratch() == 0  # every scratch folder removed or emptied


def test_process_cap_holds(view):
    r = contain.run_contained([sys.executable, "-I", "-S", "-c", FORKS], b"", contain.Limits(10, processes=5), sandbox=box.Sandbox())
    if view.has(box.Mechanism.PIDS):
        assert r.process_capped and r.stdout == b"4\n" and r.processes == 5, r  # the program and 4 children
    else:  # the fallback: processes not capped, none counted
        assert (r.process_capped, r.stdout, r.processes) == (False, b"20\n", 0), r


@pytest.mark.slow
def test_fork_bomb_meets_the_process_cap(view, scratch, tmp_path, monkeypatch):
    # The bomb itself stops at 1,024 processes.
    result, wall, spy = stress_sandboxed("fork_bomb.py", [], 0.5, tmp_path, monkeypatch, "--max-processes", "64")
    if view.has(box.Mechanism.PIDS):
        # Past the cap, each of the 64 processes keeps retrying its fork, and every retry copies pages of its
        # parent's heap: the run then ends at the time limit or, first, at the memory limit (a race of the two).
        then = ("no answer within the 0.5 s time limit", f"{MEMORY:.1f} MiB memory limit reached")
        detail = [f"64-process limit reached (then: {end}" for end in then]
        assert_sandboxed(result, wall, spy, 0.5, "process limit exceeded", detail, scratch, 64, view)
        assert max(r.processes for r in spy.runs) == 64
    else:  # processes not capped: the time limit ends it
        assert_sandboxed(result, wall, spy, 0.5, "time limit exceeded", "no answer within the 0.5 s time limit", scratch, 0, view)
    assert len(spy.runs) <= COUNT + engine.TIME_SHRINK_LIMITS + 1  # shrinking bounded like a time limit


#: Run as ``python -c WATCH COMMAND...``: COMMAND as a child, this process the subreaper of whatever COMMAND leaves
#: behind; prints the most processes seen at once below it (itself excluded, zombies included), sampling /proc
#: until COMMAND and its orphans are gone, then COMMAND's exit code.
WATCH = """
import ctypes, os, subprocess, sys, time
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
me, peak, code = os.getpid(), 0, None
while True:
    parent = {}
    for entry in os.listdir("/proc"):
        try:
            parent[int(entry)] = int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            pass
    below = {me}
    grew = True
    while grew:
        grew = False
        for pid, ppid in parent.items():
            if ppid in below and pid not in below:
                below.add(pid)
                grew = True
    peak = max(peak, len(below) - 1)
    if code is None:
        code = child.poll()
    else:  # reap the orphans that came to this process; done when none is left
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            break
    time.sleep(0.002)
print(peak, code)
"""


@pytest.mark.slow
@pytest.mark.parametrize("name", list(VIEWS))
def test_processes_left_by_a_run_are_gone_before_the_next_starts(name, tmp_path):
    # Each run starts as many processes as the cap allows (the default, 256), leaves them sleeping in sessions
    # of their own and passes: the processes below gamecert (made the subreaper of all it leaves behind) never
    # pass one run's cap plus gamecert's own, run after run.
    env = {**os.environ, box.OFF: VIEWS[name]}
    command = [GAMECERT, "stress", "maze", "--candidate", f"{sys.executable} -I -S {HOSTILE / 'fork_and_answer.py'} {MAZE_CANDIDATE}",
               "--count", "4", "--max-size", "3", "--timeout", "10", "--out", str(tmp_path)]
    done = subprocess.run([sys.executable, "-c", WATCH, *command], env=env, capture_output=True, text=True, check=True, timeout=300)
    peak, code = map(int, done.stdout.split())
    assert code == 0
    sup = box._support(VIEWS[name])
    if sup.launched:
        # The run's tasks (at most the cap; 1,024 without a pids cgroup); gamecert itself, bubblewrap or the
        # launcher's parent, the launcher; a few more seen while they are reaped (a scan of /proc is not atomic).
        # Processes left by the earlier runs would add up to the cap each.
        cap = box.DEFAULT_PROCESSES if sup.has(box.Mechanism.PIDS) else 1025
        assert cap / 2 < peak <= cap + 8, peak


@pytest.mark.slow
def test_a_1_gib_writer_meets_the_file_limit_and_leaves_nothing(view, scratch, tmp_path, monkeypatch):
    name = f"gamecert-hostile-{tmp_path.name}"
    result, wall, spy = stress_sandboxed("big_writer.py", [name], 2.0, tmp_path, monkeypatch, "--file-limit", "4M")
    detail = "a write passed the 4.0 MiB file size limit (exit code 1): OSError: [Errno 27] File too large"
    assert_sandboxed(result, wall, spy, 2.0, "run-time error", detail, scratch, 1, view)
    left = Path("/tmp") / name
    if view.launched:  # written in its own /tmp, up to the limit, then emptied: 0 bytes left on the machine
        assert {r.scratch_bytes for r in spy.runs} == {4 * 2**20}
        assert not left.exists()
    else:  # the fallback without namespaces: /tmp is the machine's; the file size limit holds
        assert left.stat().st_size == 4 * 2**20
        left.unlink()


@pytest.mark.slow
def test_network_client_reaches_nothing(view, server, scratch, tmp_path, monkeypatch):
    result, wall, spy = stress_sandboxed("net_client.py", [str(server.port)], 2.0, tmp_path, monkeypatch)
    if view.has(box.Mechanism.NETWORK):  # a loopback of its own (bubblewrap, the launcher) or none at all
        details = ("ConnectionRefusedError: [Errno 111] Connection refused", "OSError: [Errno 101] Network is unreachable")
        assert_sandboxed(result, wall, spy, 2.0, "run-time error", details, scratch, 1, view)
        assert server.connections == 0
    else:  # the fallback: network open
        assert_sandboxed(result, wall, spy, 2.0, "wrong answer", "got 'WIN'", scratch, 1, view)
        assert server.connections >= 1


@pytest.mark.slow
def test_answer_files_cannot_be_read(view, outside, scratch, tmp_path, monkeypatch):
    # gamecert's answer files: an earlier failure's .ans in the --out folder, and one under /tmp.
    (outside / "maze-wrong-answer.ans").write_text("SECRET\n")
    with tempfile.TemporaryDirectory(dir="/tmp") as under_tmp:
        (Path(under_tmp) / "case.ans").write_text("SECRET\n")
        args = [str(outside), "maze-wrong-answer.ans", under_tmp, "case.ans"]
        result, wall, spy = stress_sandboxed("answer_reader.py", args, 2.0, outside, monkeypatch)
    # Masked by bubblewrap or the launcher (the one under /tmp: not in the scratch /tmp); without namespaces
    # the candidate reads them.
    assert_sandboxed(result, wall, spy, 2.0, "wrong answer", "got 'UNREAD'" if view.launched else "got 'SECRET'", scratch, 1, view)


@pytest.mark.slow
def test_symlink_out_of_the_scratch_folder_writes_nothing(view, outside, scratch, tmp_path, monkeypatch):
    target = outside / "kept.txt"
    target.write_text("KEPT\n")
    result, wall, spy = stress_sandboxed("symlink_out.py", [str(outside), "kept.txt"], 2.0, tmp_path, monkeypatch)
    if view.has(box.Mechanism.FILES):
        assert_sandboxed(result, wall, spy, 2.0, "wrong answer", "got 'WRITE-REFUSED'", scratch, 1, view)
        assert target.read_text() == "KEPT\n"
    else:  # the fallback: files writable outside the scratch folder
        assert_sandboxed(result, wall, spy, 2.0, "wrong answer", "got 'WROTE'", scratch, 1, view)
        assert target.read_text().startswith("KEPT\nwritten through the link\n")
    assert {r.scratch_bytes for r in spy.runs} == {len(str(target)) + 1}  # the two links it left, then removed


@pytest.mark.slow
def test_cgroups_kept_for_the_next_run_count_that_run_alone(view):
    # A run's cgroups serve the next run under the same limits: what each run reads is its own. Limits of
    # their own per view (no cgroups kept by another test's runs for these).
    limits = contain.Limits(10, memory=(256 + len(box.off_mechanisms())) * 2**20, processes=5)
    forks = "import os, time\nfor _ in range(20):\n    try:\n        if os.fork() == 0:\n            time.sleep(5)\n            os._exit(0)\n    except OSError:\n        pass"
    two = "import os\nif os.fork() == 0:\n    os._exit(0)\nos.wait()"
    codes = ["pass", "b = b'x' * 50_000_000", "pass", two, "pass", forks, "pass"]
    made = box._runs
    runs = [contain.run_contained([sys.executable, "-I", "-S", "-c", c], b"", limits, sandbox=box.Sandbox()) for c in codes]
    got = [(r.returncode, r.processes, r.process_capped) for r in runs]
    if not view.has(box.Mechanism.PIDS):  # the fallback: nothing counted, nothing capped
        assert got == [(0, 0, False)] * 7
        return
    assert box._runs - made == 3  # made anew for the first run and after the two that forked, else kept
    assert got == [(0, 1, False)] * 3 + [(0, 2, False), (0, 1, False), (0, 5, True), (0, 1, False)]
    # Other limits in the same view: the child waiting in the cgroups kept for the first limits is ended.
    other = [contain.run_contained([sys.executable, "-I", "-S", "-c", "pass"], b"", lim, sandbox=box.Sandbox())
             for lim in (replace(limits, processes=7), limits)]
    assert [(r.returncode, r.processes, r.process_capped) for r in other] == [(0, 1, False)] * 2
    if view.has(box.Mechanism.MEMORY):
        assert runs[1].peak_memory >= 50_000_000 > runs[2].peak_memory and runs[2].oom_killed is False


@pytest.mark.parametrize("name", list(VIEWS))
def test_missing_mechanisms_are_said_once(name, monkeypatch, tmp_path):
    monkeypatch.setenv(box.OFF, ",".join(["pids", "network", VIEWS[name]]).strip(","))
    result = run(["stress", "maze", "--candidate", "true", "--count", "2", "--out", str(tmp_path)])
    off = box.OFF
    files = "" if box.support().has(box.Mechanism.FILES) else f"; files readable and writable outside the scratch folder: {box.support().missing[box.Mechanism.FILES]}"
    assert result.stderr == f"sandbox: processes not capped: {off} names it; network open: {off} names it{files}\n"
    assert result.exit_code == 3


@pytest.mark.slow
def test_without_bwrap_on_the_path_the_launcher_makes_the_namespaces(tmp_path, monkeypatch):
    # A machine without bubblewrap (none on PATH): as root the launcher makes its own namespaces: a private /tmp
    # (a tmpfs emptied after every run), no network, a process namespace whose processes all end with the run.
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv(box.OFF, raising=False)
    box._support.cache_clear()
    box._probe.cache_clear()
    try:
        sup = box.support()
        assert sup.bwrap is None and sup.missing[box.Mechanism.FILES] == "no bubblewrap (bwrap)"
        code = (
            "import os, socket\nopen('/tmp/left', 'wb').write(b'x' * 1000)\nprint(os.getcwd(), os.getpid())\n"
            "try:\n    socket.create_connection(('127.0.0.1', 9), timeout=2)\nexcept OSError as exc:\n    print(exc.errno)"
        )
        limits = contain.Limits(10, processes=5)
        runs = [contain.run_contained([sys.executable, "-I", "-S", "-c", code], b"", limits, sandbox=box.Sandbox()) for _ in range(2)]
        if sup.namespaces:
            # Process 1 is the launcher; the run's program is its child, started in /tmp; the loopback refuses.
            assert {r.stdout.split()[0] for r in runs} == {b"/tmp"} and all(int(r.stdout.split()[1]) > 1 for r in runs)
            assert {r.stdout.split()[2] for r in runs} == {b"111"}
            assert {r.scratch_bytes for r in runs} == {1000} and box.left_in_scratch() == 0
        else:  # no root: a scratch folder on disk as its working directory and TMPDIR, /tmp the machine's
            assert all(r.stdout.startswith(b"/") for r in runs)
            Path("/tmp/left").unlink()
        assert not Path("/tmp/left").exists()
    finally:
        box._support.cache_clear()
        box._probe.cache_clear()


def test_emptying_the_scratch_tmp_leaves_what_is_bound_into_it(tmp_path):
    # A checkout or virtual environment under /tmp is bound back into the scratch /tmp: the launcher's end-of-run
    # emptying neither walks it nor removes what is in it (here bound writable, so that removing would succeed).
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "file").write_text("KEPT\n")
    code = f"""
import ctypes, os, sys
sys.path.insert(0, {str(box.ZYGOTE.parent)!r})
import zygote
zygote._mount(None, "/", None, zygote._MS_REC | zygote._MS_PRIVATE)
scratch = {str(tmp_path / "scratch")!r}
os.mkdir(scratch)
zygote._mount("tmpfs", scratch, "tmpfs", 0, "size=1m")
os.makedirs(scratch + "/checkout/venv")
zygote._mount({str(tmp_path / "kept")!r}, scratch + "/checkout/venv", None, zygote._MS_BIND)
open(scratch + "/own", "w").write("x")
os.makedirs(scratch + "/a/b")
zygote._empty(scratch)
print(sorted(os.listdir(scratch)), os.listdir(scratch + "/checkout/venv"))
"""
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code], preexec_fn=functools.partial(box._unshare, 0x20000),
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "['checkout'] ['file']\n", "")
    assert (tmp_path / "kept" / "file").read_text() == "KEPT\n"


def test_fallback_without_any_mechanism_still_limits_files(monkeypatch, scratch, outside):
    # No cgroup, namespace or bubblewrap: the scratch folder (working directory, TMPDIR, on disk) and the
    # file size limit remain; removing the scratch folder follows none of the links left in it.
    monkeypatch.setenv(box.OFF, "all")
    (outside / "kept.txt").write_text("KEPT\n")
    code = (
        f"import os\nos.symlink({str(outside / 'kept.txt')!r}, 'file')\nos.symlink({str(outside)!r}, 'folder')\n"
        "print(os.getcwd() == os.environ['TMPDIR'])\nopen('f', 'wb').write(b'x' * 2**21)"
    )
    r = contain.run_contained(
        [sys.executable, "-I", "-S", "-c", code], b"", contain.Limits(10, file_size=2**20), sandbox=box.Sandbox()
    )
    assert r.stdout == b"True\n" and r.file_too_large()
    assert r.scratch_bytes == 2**20 + len(str(outside / "kept.txt")) + len(str(outside))  # the file and the two links
    assert (r.processes, r.oom_killed) == (0, None) and list(scratch.iterdir()) == []
    assert (outside / "kept.txt").read_text() == "KEPT\n"


@pytest.mark.slow
def test_memory_of_children_counts_together():
    # Four children of 24 MB each: each under the 64 MiB address space, together past the memory cgroup.
    code = (
        "import os, sys, time\nfor _ in range(4):\n    if os.fork() == 0:\n        b = b'x' * 24_000_000\n        time.sleep(1)\n"
        "        os._exit(0)\nsys.exit(max(os.wait()[1] != 0 for _ in range(4)))"
    )
    limits = contain.Limits(10, memory=64 * 2**20, processes=16)
    r = contain.run_contained([sys.executable, "-I", "-S", "-c", code], b"", limits, sandbox=box.Sandbox())
    if not SANDBOX.has(box.Mechanism.MEMORY):  # the fallback: memory limited per process, children not summed
        assert (r.returncode, r.oom_killed) == (0, None)
        return
    assert r.returncode == 1 and r.oom_killed and r.out_of_memory(limits.memory) and r.processes == 5
    verdict = engine.judge("WIN\n", r, limits)
    assert verdict.kind is engine.StressKind.MEMORY and "from the OOM killer" in verdict.detail, verdict


def test_launcher_refuses_to_run_outside_its_namespaces():
    # It empties /tmp and kills whatever it sees: started by hand on the machine, it must stop first.
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(box.ZYGOTE), "0"], stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False
    )
    assert done.returncode == 1
    assert done.stderr == (
        "gamecert sandbox: the launcher runs only as the first process of its own namespaces (bubblewrap --as-pid-1)\n"
    )
