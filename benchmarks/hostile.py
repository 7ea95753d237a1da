"""Hostile candidates against `gamecert stress`: verdict, wall time, peak processes, bytes left on disk,
connections made, gamecert's own peak memory, largest file; then the sandbox's cost on well-behaved candidates.

    python benchmarks/hostile.py [--quick] [--cost] [--repeats N]      (or: python benchmarks/run.py hostile)

Each candidate of ``tests/engine/hostile/`` (and the commands of issue 22:
``yes``, ``cat /dev/zero``, a shell leaving a ``setsid`` child on standard
output) runs through ``gamecert stress maze --count 3 --memory-limit 256M``
in a fresh Python that runs gamecert's CLI in-process and reports its own
peak resident memory (``getrusage(RUSAGE_SELF).ru_maxrss``: gamecert alone,
never the candidate, which is a child). ``runs`` is the number of candidate
runs (cases and shrinking), ``bound`` twice the time limit per run, the bound
the wall time must stay under; the largest file is the biggest one written
in the ``--out`` folder. Two rows raise ``--output-limit`` to its largest,
64M: gamecert then holds the most output it ever holds. ``--quick`` leaves
out the C++ compile and runs the cost table once instead of three times.

The sandbox's candidates (issue 29): a fork bomb under a cap of 64 processes
(only where the process cap is seen to hold on a small trial; skipped with
the reason elsewhere; the bomb itself stops at 1,024), a 1 GiB
writer, a network client against a server this script runs on 127.0.0.1, a
reader of gamecert's answer files (an earlier failure's ``.ans`` in the
``--out`` folder and one under ``/tmp``) and a symlink out of the scratch
folder. ``procs`` is the peak number of the candidate's processes (its pids
cgroup), ``scratch`` the most bytes a run left in its scratch folder (removed
after it), ``left`` the bytes left after the whole command (the scratch
root, ``TMPDIR`` of the gamecert process, and the writer's file in the
machine's ``/tmp``), ``conn`` the connections the server accepted.

Table 2 runs the same stress commands of well-behaved candidates (the maze
candidate in Python, the split candidate in C++, and a campaign of the
maze candidate) with the sandbox on, off (``GAMECERT_SANDBOX_OFF=all``:
rlimits and a scratch folder on disk only) and absent (``none``: the runs
without a sandbox, as before issue 29), the modes alternating ``--repeats``
times (3 unless told), and compares the best and the median of the
repetitions, with the CPU seconds of the whole command (gamecert, the
sandbox's launcher and every candidate run) and the load average before and
after each row: other programs on the same cores slow the sandbox's extra
process switches most (``--cost``: this table alone).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gamecert.verify.engine import contain
from gamecert.verify.engine import sandbox as box

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.support import LoopbackServer  # the tests' server, counting connections

HOSTILE = ROOT / "tests" / "engine" / "hostile"
PY = f"{sys.executable} -I -S"

# Runs gamecert's CLI in this process, counting candidate runs, then prints the runs and its peak memory.
WRAPPER = """
import json, resource, sys
from gamecert.verify.cli import main
from gamecert.verify.engine import contain, stress
runs = []
def counted(*args, **kwargs):
    result = contain.run_contained(*args, **kwargs)
    runs.append((result.processes, result.scratch_bytes))
    return result
stress.run_contained = counted
try:
    main(json.loads(sys.argv[1]), prog_name="gamecert")
except SystemExit as exc:
    code = exc.code
report = {"code": code, "runs": len(runs), "procs": max((p for p, _ in runs), default=0),
          "scratch": max((b for _, b in runs), default=0), "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}
sys.stderr.write("\\n" + json.dumps(report) + "\\n")
"""

#: The 1 GiB writer's file under /tmp.
BIG = "gamecert-benchmark-big"


def cap_holds() -> str | None:
    """Why a fork bomb must not run here (no cap, or a cap not seen to hold on a small trial), else ``None``."""
    sup = box.support()
    if not sup.has(box.Mechanism.PIDS):
        return sup.missing[box.Mechanism.PIDS]
    code = "import os, time\nfor _ in range(20):\n    try:\n        if os.fork() == 0:\n            time.sleep(5)\n            os._exit(0)\n    except OSError:\n        pass"
    r = contain.run_contained([sys.executable, "-I", "-S", "-c", code], b"", contain.Limits(10, processes=5), sandbox=box.Sandbox())
    return None if r.process_capped and r.processes == 5 else f"the cap did not hold on a trial ({r.processes} processes)"


def sandbox_candidates(folder: Path, out: Path, port: int) -> tuple[list[tuple], str | None]:
    """The sandbox's hostile candidates; the reason the fork bomb is left out, if it is."""
    secret = folder / "answers"
    secret.mkdir(exist_ok=True)
    (secret / "case.ans").write_text("SECRET\n")
    rows = [
        ("1 GiB writer to /tmp", f"{PY} {HOSTILE / 'big_writer.py'} {BIG}", 3.0),
        ("network client, 127.0.0.1", f"{PY} {HOSTILE / 'net_client.py'} {port}", 3.0),
        ("answer reader", f"{PY} {HOSTILE / 'answer_reader.py'} {out} maze-earlier.ans {secret} case.ans", 3.0),
        ("symlink out of scratch", f"{PY} {HOSTILE / 'symlink_out.py'} {secret} case.ans", 3.0),
    ]
    why = cap_holds()
    if why is None:
        # A cap of 64 (as in the tests): the bomb meets it within the time limit even on busy cores.
        rows.insert(0, ("fork bomb, --max-processes 64", f"{PY} {HOSTILE / 'fork_bomb.py'}", 2.0, ["--max-processes", "64"]))
    return rows, why


def candidates(folder: Path, quick: bool) -> list[tuple[str, str, float]]:
    """(name, command, time limit in seconds[, further options]) of every hostile candidate."""
    out = [
        ("yes (issue 22)", "yes", 3.0),
        ("cat /dev/zero (issue 22)", "cat /dev/zero", 3.0),
        ("sh + setsid child (issue 22)", "sh -c 'setsid sleep 100 & sleep 100'", 2.0),
        ("yes, --output-limit 64M", "yes", 3.0, ["--output-limit", "64M"]),
        ("a 60 MB token, --output-limit 64M", f"{PY} -c 'print(\"W\" * 60_000_000)'", 3.0, ["--output-limit", "64M"]),
        ("endless output", f"{PY} {HOSTILE / 'endless.py'}", 1.0),
        ("zeros, no newline", f"{PY} {HOSTILE / 'zeros.py'}", 1.0),
        ("one huge line", f"{PY} {HOSTILE / 'long_line.py'}", 1.0),
        ("memory until stopped", f"{PY} {HOSTILE / 'memory.py'}", 1.0),
        ("sleeps forever", f"{PY} {HOSTILE / 'sleep_forever.py'}", 1.0),
        ("setsid grandchild, exits", f"{PY} {HOSTILE / 'setsid_holder.py'} gamecert-benchmark-marker", 1.0),
        ("setsid grandchild, sleeps", f"{PY} {HOSTILE / 'setsid_holder.py'} gamecert-benchmark-marker stay", 1.0),
        ("closes stdout, runs on", f"{PY} {HOSTILE / 'close_stdout.py'}", 1.0),
        ("endless stderr", f"{PY} {HOSTILE / 'stderr_flood.py'}", 1.0),
        ("right answer, slowly", f"{PY} {HOSTILE / 'slow_right.py'} 2", 1.0),
        ("reads no input", f"{PY} {HOSTILE / 'no_input.py'}", 1.0),
        ("silent", f"{PY} {HOSTILE / 'silent.py'}", 1.0),
    ]
    out += [(f"killed by {sig}", f"{PY} {HOSTILE / 'signal_self.py'} {sig}", 1.0) for sig in ("SIGSEGV", "SIGABRT", "SIGFPE", "SIGKILL")]
    if not quick:
        binary = folder / "vector_growth"
        subprocess.run(["g++", "-O2", "-o", str(binary), str(HOSTILE / "vector_growth.cpp")], check=True)
        out.append(("C++ vector growth", str(binary), 1.0))
    return out


def measure(command: str, seconds: float, out: Path, more: list[str], server: LoopbackServer, env: dict) -> dict:
    args = ["stress", "maze", "--candidate", command, "--count", "3", "--timeout", f"{seconds:g}",
            "--memory-limit", "256M", "--out", str(out), *more]
    before = server.connections
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", WRAPPER, json.dumps(args)], capture_output=True, text=True, timeout=600,
                          check=False, env=env)
    wall = time.monotonic() - start
    report = json.loads(done.stderr.strip().splitlines()[-1])
    line = done.stdout.strip()
    verdict = line.split(": ", 1)[1].split(" on case")[0] if " on case " in line else line
    files = [p.stat().st_size for p in out.iterdir()] if out.exists() else [0]
    big = Path("/tmp") / BIG
    left = box.scratch_bytes(Path(env["TMPDIR"])) + (big.stat().st_size if big.exists() else 0)
    big.unlink(missing_ok=True)
    return {"verdict": verdict, "wall": wall, "runs": report["runs"], "bound": 2 * seconds * report["runs"],
            "peak": report["peak"], "largest": max(files), "line": line, "procs": report["procs"], "left": left,
            "scratch": report["scratch"],
            "conn": server.connections - before}


#: gamecert's CLI in this process; with "none", every candidate run without the sandbox (rlimits only, as
#: before issue 29: the runs of a stress command and of a campaign's shards).
CLI = """
import sys
from gamecert.verify.cli import main
from gamecert.verify.engine import contain, stress
if sys.argv[1] == "none":
    def bare(*args, sandbox=None, **kwargs):
        return contain.run_contained(*args, **kwargs)
    stress.run_contained = bare
main(sys.argv[2:], prog_name="gamecert")
"""

#: The sandbox modes of Table 2: every mechanism, all off (GAMECERT_SANDBOX_OFF=all), no sandbox at all.
MODES = ("on", "off", "none")


def stress_seconds(args: list[str], mode: str) -> tuple[float, float]:
    """Wall seconds and CPU seconds (gamecert, its launcher and every candidate) of ``gamecert ARGS`` in
    sandbox ``mode`` (:data:`MODES`)."""
    env = dict(os.environ)
    env.pop(box.OFF, None)
    if mode == "off":
        env[box.OFF] = "all"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", CLI, mode, *args], capture_output=True, text=True, env=env, check=False)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"gamecert {' '.join(args)} failed: {done.stdout}{done.stderr}")
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def load() -> float:
    """The load average of the last minute (other programs share the cores: the times depend on it)."""
    return float(Path("/proc/loadavg").read_text().split()[0])


def sandbox_cost(folder: Path, repeats: int) -> None:
    """Table 2: the same stress runs of well-behaved candidates with the sandbox on, off and absent."""
    split = folder / "split"
    subprocess.run(["g++", "-O2", "-o", str(split), str(ROOT / "benchmarks" / "cpp" / "split.cpp")], check=True)
    maze = f"{PY} {ROOT / 'tests' / 'maze' / 'candidate.py'}"
    runs = [
        ("maze, Python candidate, 100 cases", ["stress", "maze", "--candidate", maze, "--count", "100", "--out", str(folder)]),
        ("split, C++ candidate, 100 cases", ["stress", "split", "--candidate", str(split), "--count", "100", "--out", str(folder)]),
        ("maze campaign, 100 cases, --jobs 0", ["stress", "maze", "--candidate", maze, "--count", "100", "--jobs", "0"]),
    ]
    print(f"\nthe sandbox's cost: wall seconds, best and median of {repeats} (modes alternating); on/none the ratio, "
          "cpu the CPU seconds of everything (best)")
    print(f"{'stress run':36s} {'on s':>6s} {'off s':>6s} {'none s':>6s} {'on/none best':>12s} {'median':>7s}"
          f" {'on/off':>7s} {'cpu on':>6s} {'cpu none':>8s} {'load':>9s}")
    for name, args in runs:
        times = {mode: [] for mode in MODES}
        cpu = {mode: [] for mode in MODES}
        loads = [load()]
        for _ in range(repeats):
            for mode in MODES:
                wall, used = stress_seconds(args, mode)
                times[mode].append(wall)
                cpu[mode].append(used)
        loads.append(load())
        on, off, none = (min(times[mode]) for mode in MODES)
        median = statistics.median(times["on"]) / statistics.median(times["none"])
        print(f"{name:36s} {on:6.2f} {off:6.2f} {none:6.2f} {100 * (on / none - 1):+11.1f}% {100 * (median - 1):+6.1f}%"
              f" {100 * (on / off - 1):+6.1f}% {min(cpu['on']):6.2f} {min(cpu['none']):8.2f} {min(loads):4.1f}-{max(loads):<4.1f}")


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    repeats = int(argv[argv.index("--repeats") + 1]) if "--repeats" in argv else 3
    if "--cost" in argv:  # the cost table alone
        with tempfile.TemporaryDirectory() as tmp:
            sandbox_cost(Path(tmp), 1 if quick else repeats)
        return
    server = LoopbackServer()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "TMPDIR": str(folder / "tmpdir")}
        env.pop(box.OFF, None)
        (folder / "tmpdir").mkdir()
        answers = folder / "out-answers"
        answers.mkdir()
        (answers / "maze-earlier.ans").write_text("SECRET\n")  # an earlier failure's answer
        extra, why = sandbox_candidates(folder, answers, server.port)
        rows = []
        for name, command, seconds, *more in candidates(folder, quick) + extra:
            out = answers if name == "answer reader" else folder / "out"
            if out.name == "out":
                shutil.rmtree(out, ignore_errors=True)
            rows.append((name, seconds, measure(command, seconds, out, more[0] if more else [], server, env)))
        sup = box.support()
        print("sandbox here:", box.absent(sup) or "every limit applies (pids and memory cgroups "
              f"{sup.versions.get(box.Mechanism.PIDS)}/{sup.versions.get(box.Mechanism.MEMORY)}, bubblewrap)")
        if why is not None:
            print(f"fork bomb left out: {why}")
        print(f"{'candidate':34s} {'limit':>5s}  {'verdict':23s} {'runs':>4s} {'wall s':>7s} {'bound s':>7s}"
              f" {'procs':>5s} {'scratch':>10s} {'left':>5s} {'conn':>4s} {'gamecert peak':>13s} {'largest file':>12s}")
        for name, seconds, m in rows:
            print(f"{name:34s} {seconds:5.1f}  {m['verdict']:23s} {m['runs']:4d} {m['wall']:7.2f} {m['bound']:7.1f}"
                  f" {m['procs']:5d} {m['scratch']:10,d} {m['left']:5d} {m['conn']:4d} {m['peak'] / 2**20:10.1f} MB {m['largest']:12,d}")
        worst = max(m["peak"] for _, _, m in rows)
        over = [name for name, _, m in rows if m["wall"] > m["bound"]]
        print(f"gamecert's largest peak: {worst / 2**20:.1f} MB; over the time bound: {', '.join(over) or 'none'}; "
              f"bytes left on disk: {sum(m['left'] for _, _, m in rows)}; connections made: {server.connections}")
        sandbox_cost(folder, 1 if quick else repeats)


if __name__ == "__main__":
    main(sys.argv[1:])
