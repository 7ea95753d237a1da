"""Benchmark: what a QBF portfolio run costs, forked by the asking process or by its launcher (gamecert.verify.engine.qbf).

Usage: ``python benchmarks/qbf_portfolio.py [--runs N] [--repeat K] [--quick]``

Each row is one fresh process that makes ``N`` portfolio calls of two
solvers (DepQBF and RAReQS) on a four-clause formula: the whole cost of a
run beyond the solve itself, which is what a game with many small queries
pays. The process is either small (gamecert's QBF module only) or loaded as
``gamecert check`` is (OR-Tools, numba, the CLI); its runs are either all
forked by itself (``LAUNCHER_AFTER`` past ``N``) or, after the first 16, by
its launcher (:mod:`gamecert.verify.engine.qbf_server`) as gamecert decides
by default: only in a process past ``LAUNCHER_RSS`` (``launcher``: whether
one was started). Columns: CPU
seconds of the whole process tree, user and system, counted once every
process is reaped (the launcher and its runs included), the same process's
start-up without any call subtracted; ``ms/run`` per solver run; ``ratio``
= forked by itself / by default, for the same kind of process. Least of ``K``
repetitions.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys

#: The process's imports: small, or as ``gamecert check`` has them when its routes run.
LOADS = {
    "small": "import gamecert.verify.engine.qbf",
    "check": (
        "import gamecert.verify.cli, gamecert.verify.engine.qbf, numba, ortools.sat.python.cp_model,"
        " ortools.linear_solver.pywraplp"
    ),
}
CALLS = """
from pyqbf.formula import PCNF
from gamecert.verify.engine import qbf
qbf.LAUNCHER_AFTER = {after}
f = PCNF(from_clauses=[[1, 2], [-1, -2], [2, 3], [-3, 1]]); _ = f.forall(1).exists(2).forall(3)
for _ in range({runs}):
    assert qbf.agreed_verdict(qbf.solve_portfolio(f, ("depqbf", "rareqs"), time_limit=30)) is False
print(qbf._Launcher._mine is not None)
"""


def tree_cpu(code: str) -> tuple[float, float, str]:
    """User and system CPU seconds of ``python -c code`` and every process under it, once all are reaped, and
    what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime, out.strip()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=200, help="portfolio calls per process (default 200)")
    ap.add_argument("--repeat", type=int, default=3, help="processes per row; the least is shown (default 3)")
    ap.add_argument("--quick", action="store_true", help="50 calls per process, one process per row")
    args = ap.parse_args(argv)
    if args.quick:
        args.runs, args.repeat = 50, 1
    print(f"{args.runs} portfolio calls of 2 solvers per process; load {os.getloadavg()[0]:.1f}")
    print("| process | runs forked | launcher | user s | system s | ms/run | ratio |")
    print("|---|---|---|---:|---:|---:|---:|")
    for load, imports in LOADS.items():
        base = min((tree_cpu(imports) for _ in range(args.repeat)), key=lambda t: t[0] + t[1])
        per = {}
        for mode, after in (("by itself", args.runs + 1), ("by default", 16)):
            code = imports + "\n" + CALLS.format(after=after, runs=args.runs)
            user, system, started = min((tree_cpu(code) for _ in range(args.repeat)), key=lambda t: t[0] + t[1])
            user, system = user - base[0], system - base[1]
            per[mode] = (user + system) / (2 * args.runs) * 1000
            ratio = "" if mode == "by itself" else f"{per['by itself'] / per[mode]:.2f}x"
            launcher = "yes" if started == "True" else "no"
            print(f"| {load} | {mode} | {launcher} | {user:.2f} | {system:.2f} | {per[mode]:.1f} | {ratio} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
