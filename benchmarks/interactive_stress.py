"""Benchmark: ``gamecert stress --interactive``, games per second with the sandbox on, off and absent.

    python benchmarks/interactive_stress.py [--quick]      (or: python benchmarks/run.py interactive_stress)

Each row is one command, a perfect contestant of the tests (``tests/maze/contestant.py``, in Python, brute
force on small boards; ``tests/general/tic_tac_toe_contestant.py``) against gamecert's jury, run in a fresh
Python with the sandbox on (every mechanism the machine offers), off (``GAMECERT_SANDBOX_OFF=all``: rlimits
and a scratch folder on disk only) and absent (``none``: the runs without a sandbox), the modes alternating;
the best wall time of the repetitions (3; ``--quick``: 1) gives the games per second. For comparison, the
last row is a plain stress run of the maze's Python candidate on the same cases. Every command must pass.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gamecert.verify.engine import sandbox as box

ROOT = Path(__file__).resolve().parents[1]
PY = f"{sys.executable} -I -S"

#: gamecert's CLI in this process; with "none", every candidate and contestant run without the sandbox.
CLI = """
import sys
from gamecert.verify.cli import main
from gamecert.verify.engine import contain, jury, stress
if sys.argv[1] == "none":
    stress.run_contained = lambda *args, sandbox=None, **kwargs: contain.run_contained(*args, **kwargs)
    jury.run_interactive = lambda argv, talk, limits, sandbox=None: contain.run_interactive(argv, talk, limits)
main(sys.argv[2:], prog_name="gamecert")
"""

MODES = ("on", "off", "none")


def seconds(args: list[str], mode: str) -> float:
    """Wall seconds of ``gamecert ARGS`` in sandbox ``mode``; the command must pass."""
    env = dict(os.environ)
    env.pop(box.OFF, None)
    if mode == "off":
        env[box.OFF] = "all"
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", CLI, mode, *args], capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"gamecert {' '.join(args)} failed: {done.stdout}{done.stderr}")
    return time.monotonic() - start


def main(argv: list[str]) -> None:
    repeats = 1 if "--quick" in argv else 3
    maze = f"{PY} {ROOT / 'tests' / 'maze' / 'contestant.py'} perfect"
    tictactoe = f"{PY} {ROOT / 'tests' / 'general' / 'tic_tac_toe_contestant.py'} perfect"
    with tempfile.TemporaryDirectory() as tmp:
        rows = [
            ("maze --interactive, 100 cases", 100, ["stress", "maze", "--interactive", "--candidate", maze]),
            ("tic-tac-toe --interactive, 30 cases", 30,
             ["stress", "--rules", str(ROOT / "examples" / "tic_tac_toe.py"), "--interactive", "--candidate", tictactoe]),
            ("maze, plain, 100 cases", 100, ["stress", "maze", "--candidate", f"{PY} {ROOT / 'tests' / 'maze' / 'candidate.py'}"]),
        ]
        sup = box.support()
        print("sandbox here:", box.absent(sup) or "every limit applies")
        print(f"{'stress run (max size 3)':38s} {'on s':>6s} {'off s':>6s} {'none s':>6s} {'on /s':>6s} {'off /s':>6s}"
              f" {'none /s':>7s} {'on/off':>7s}   (best of {repeats}, modes alternating)")
        for name, count, args in rows:
            args = [*args, "--count", str(count), "--max-size", "3", "--out", tmp]
            times = {mode: [] for mode in MODES}
            for _ in range(repeats):
                for mode in MODES:
                    times[mode].append(seconds(args, mode))
            on, off, none = (min(times[mode]) for mode in MODES)
            print(f"{name:38s} {on:6.2f} {off:6.2f} {none:6.2f} {count / on:6.1f} {count / off:6.1f} {count / none:7.1f}"
                  f" {100 * (on / off - 1):+6.1f}%")


if __name__ == "__main__":
    main(sys.argv[1:])
