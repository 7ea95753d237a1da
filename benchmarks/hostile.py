"""Hostile candidates against `gamecert stress`: verdict, wall time, gamecert's own peak memory, largest file.

    python benchmarks/hostile.py [--quick]      (or: python benchmarks/run.py hostile)

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
out the C++ compile.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
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
    runs.append(result.seconds)
    return result
stress.run_contained = counted
try:
    main(json.loads(sys.argv[1]), prog_name="gamecert")
except SystemExit as exc:
    code = exc.code
sys.stderr.write("\\n" + json.dumps({"code": code, "runs": len(runs), "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}) + "\\n")
"""


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
        ("setsid grandchild, exits", f"{PY} {HOSTILE / 'setsid_holder.py'} {folder / 'grandchild.pid'}", 1.0),
        ("setsid grandchild, sleeps", f"{PY} {HOSTILE / 'setsid_holder.py'} {folder / 'grandchild.pid'} stay", 1.0),
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


def measure(command: str, seconds: float, out: Path, more: list[str]) -> dict:
    args = ["stress", "maze", "--candidate", command, "--count", "3", "--timeout", f"{seconds:g}",
            "--memory-limit", "256M", "--out", str(out), *more]
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", WRAPPER, json.dumps(args)], capture_output=True, text=True, timeout=600, check=False)
    wall = time.monotonic() - start
    report = json.loads(done.stderr.strip().splitlines()[-1])
    line = done.stdout.strip()
    verdict = line.split(": ", 1)[1].split(" on case")[0] if " on case " in line else line
    files = [p.stat().st_size for p in out.iterdir()] if out.exists() else [0]
    return {"verdict": verdict, "wall": wall, "runs": report["runs"], "bound": 2 * seconds * report["runs"],
            "peak": report["peak"], "largest": max(files), "line": line}


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows = []
        for name, command, seconds, *more in candidates(folder, quick):
            out = folder / "out"
            shutil.rmtree(out, ignore_errors=True)
            rows.append((name, seconds, measure(command, seconds, out, more[0] if more else [])))
    print(f"{'candidate':34s} {'limit':>5s}  {'verdict':23s} {'runs':>4s} {'wall s':>7s} {'bound s':>7s}"
          f" {'gamecert peak':>13s} {'largest file':>12s}")
    for name, seconds, m in rows:
        print(f"{name:34s} {seconds:5.1f}  {m['verdict']:23s} {m['runs']:4d} {m['wall']:7.2f} {m['bound']:7.1f}"
              f" {m['peak'] / 2**20:10.1f} MB {m['largest']:12,d}")
    worst = max(m["peak"] for _, _, m in rows)
    over = [name for name, _, m in rows if m["wall"] > m["bound"]]
    print(f"gamecert's largest peak: {worst / 2**20:.1f} MB; over the time bound: {', '.join(over) or 'none'}")


if __name__ == "__main__":
    main(sys.argv[1:])
