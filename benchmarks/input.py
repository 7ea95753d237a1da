"""Benchmark: the input layer, end to end against plain C++, and hostile or huge inputs.

Usage: ``python benchmarks/run.py input [--repeat R] [--quick]``

Tables:

* ``e2e``: every query of the judge range (Split: all N, M in 1..150 and in 1..500 but
  1 1; Cutting: all W, H in 2..200 and in 2..500) through ``gamecert solve split|cutting
  FILE`` in a fresh process, beside plain C++ programs reading the same file
  (``benchmarks/cpp/``, compiled here with ``g++ -O2``): one with ``scanf``/``puts``, one
  with ``cin >>``/``cout << endl``. Best and median wall time of ``--repeat`` runs; the
  outputs must be byte-identical.
* ``parse``: each parser on a large well-formed input, in process, warm (best of
  ``--repeat``), with the input's size and throughput.
* ``limits``: ``100000000 0`` as geography (refused by the memory guard) and a
  2000 x 2000 maze with one wall (3,999,999 free cells) plain and ``--json``: wall time,
  peak memory of the process (its ``ru_maxrss``) and bytes written.

Wall times on a shared, loaded machine wander; compare rows measured together.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

GAMECERT = [sys.executable, "-c", "from gamecert.verify.launch import run; run()"]  # the console script's entry point
CPP = Path(__file__).resolve().parent / "cpp"

# Runs a command with stdout on a pipe it drains, then prints exit code, bytes, peak RSS (KiB).
_MEASURE = """
import resource, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
n = 0
while chunk := p.stdout.read(1 << 20):
    n += len(chunk)
p.wait()
print(p.returncode, n, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def all_queries(rule, size: int) -> str:
    """Every piece of a :class:`~gamecert.solvers.cutting.rules.CuttingRule` with sides up to ``size``, one per line."""
    low = rule.min_side
    return "".join(f"{n} {m}\n" for n in range(low, size + 1) for m in range(low, size + 1) if rule.is_piece(n, m))


def timed(cmd: list[str], repeat: int, stdin: Path | None = None) -> tuple[float, float, bytes]:
    """Best and median wall time of ``repeat`` runs, and the output."""
    times, out = [], b""
    for _ in range(repeat):
        with open(stdin or "/dev/null", "rb") as f:
            t0 = time.perf_counter()
            out = subprocess.run(cmd, stdin=f, capture_output=True, check=True).stdout
            times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times), out


def measured(cmd: list[str]) -> tuple[float, int, int, int]:
    """Wall time, exit code, bytes written and peak memory (KiB) of one run."""
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, "-c", _MEASURE, *cmd], capture_output=True, text=True, check=True)
    code, size, peak = map(int, res.stdout.split())
    return time.perf_counter() - t0, code, size, peak


def compile_cpp(tmp: Path) -> dict[str, Path]:
    """The C++ programs, compiled; empty when no g++ is installed."""
    if shutil.which("g++") is None:
        return {}
    built = {}
    for src in sorted(CPP.glob("*.cpp")):
        exe = tmp / src.stem
        subprocess.run(["g++", "-O2", "-o", str(exe), str(src)], check=True)
        built[src.stem] = exe
    return built


def e2e_table(tmp: Path, repeat: int) -> None:
    from gamecert.solvers.cutting import CUTTING, SPLIT

    programs = compile_cpp(tmp)
    print(f"{'task':<34} {'gamecert':>9} {'median':>8} {'C++ scanf':>10} {'ratio':>7} {'C++ cin':>9} {'ratio':>7}  note")
    for cutting_rule, size in ((SPLIT, 150), (SPLIT, 500), (CUTTING, 200), (CUTTING, 500)):
        rule = cutting_rule.name  # the game's name on the command line and the C++ programs' names
        text = all_queries(cutting_rule, size)
        path = tmp / f"{rule}{size}.txt"
        path.write_text(text)
        limits = [] if size <= cutting_rule.judge_limit else ["--no-judge-limits"]
        best, med, out = timed([*GAMECERT, "solve", rule, *limits, str(path)], repeat)
        row = f"{rule} {size}: {text.count(chr(10))} lines"
        if not programs:
            print(f"{row:<34} {best:>8.3f}s {med:>7.3f}s  (no g++: C++ columns skipped)")
            continue
        c_best, _, c_out = timed([str(programs[rule])], repeat, path)
        i_best, _, i_out = timed([str(programs[f"{rule}_iostream"])], repeat, path)
        same = "outputs identical" if out == c_out == i_out else "OUTPUTS DIFFER"
        print(f"{row:<34} {best:>8.3f}s {med:>7.3f}s {c_best:>9.3f}s {best / c_best:>6.1f}x {i_best:>8.3f}s {best / i_best:>6.1f}x  {same}", flush=True)


def parse_table(repeat: int) -> None:
    from gamecert.solvers.bunny_egg.solver import parse_bunny_egg
    from gamecert.solvers.cutting import CUTTING, SPLIT
    from gamecert.solvers.cutting.solver import parse_queries
    from gamecert.solvers.geography.solver import parse_geography
    from gamecert.solvers.maze.solver import parse_maze

    rng = np.random.default_rng(1)
    edges = rng.integers(1, 100_001, size=(1_000_000, 2))
    edge_text = "".join(f"{u} {v}\n" for u, v in edges.tolist())
    board = np.where(rng.random((2000, 2000)) < 0.3, "#", ".")
    rows = ["X" * 2000 for _ in range(2000)]
    rows[0] = ".OX" + "X" * 1997
    inputs = [
        ("cutting: 249,001 queries", lambda t: parse_queries(t, CUTTING, judge_limits=False), all_queries(CUTTING, 500)),
        ("split: 249,999 queries", lambda t: parse_queries(t, SPLIT, judge_limits=False), all_queries(SPLIT, 500)),
        ("geography: 10^5 vertices, 10^6 edges", parse_geography, f"100000 1000000\n{edge_text}"),
        ("geography DIMACS: same graph", parse_geography, "p edge 100000 1000000\n" + "".join(f"e {u} {v}\n" for u, v in edges.tolist())),
        ("maze: 2000 x 2000", lambda t: parse_maze(t, judge_limits=False), "2000 2000\n" + "".join("".join(r) + "\n" for r in board)),
        ("bunny-egg: 2000 x 2000, 1 round", lambda t: parse_bunny_egg(t, judge_limits=False), "2000 2000\n" + "\n".join(rows) + "\n1\n1 2\n1 3\n"),
    ]
    print(f"{'parser':<40} {'input':>10} {'best':>9} {'MB/s':>8}")
    for name, parse, text in inputs:
        data = text.encode()
        parse(data)
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            parse(data)
            best = min(best, time.perf_counter() - t0)
        print(f"{name:<40} {len(data) / 1e6:>8.1f}MB {best:>8.3f}s {len(data) / 1e6 / best:>8.0f}", flush=True)


def limits_table(tmp: Path) -> None:
    geo = tmp / "geo.txt"
    geo.write_text("100000000 0\n")
    maze = tmp / "maze.txt"
    rows = ["." * 2000 for _ in range(2000)]
    rows[0] = "#" + "." * 1999
    maze.write_text("2000 2000\n" + "\n".join(rows) + "\n")
    print(f"{'run':<44} {'exit':>4} {'wall':>8} {'peak':>10} {'output':>12}")
    runs = [
        ("geography '100000000 0' (default limit)", ["solve", "geography", str(geo)]),
        ("maze 2000x2000, 1 wall, plain", ["solve", "maze", "--no-judge-limits", str(maze)]),
        ("maze 2000x2000, 1 wall, --json", ["solve", "maze", "--no-judge-limits", "--json", str(maze)]),
    ]
    for name, args in runs:
        wall, code, size, peak = measured([*GAMECERT, *args])
        print(f"{name:<44} {code:>4} {wall:>7.2f}s {peak / 1024:>8.0f}MB {size:>12,}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per measurement (default 5)")
    ap.add_argument("--quick", action="store_true", help="one run each")
    args = ap.parse_args(argv)
    if args.quick:
        args.repeat = 1
    with tempfile.TemporaryDirectory() as tmp:
        print("-- e2e: every judge-range query, gamecert vs plain C++ --")
        e2e_table(Path(tmp), args.repeat)
        print("\n-- parse: in process, warm --")
        parse_table(args.repeat)
        print("\n-- limits: hostile and huge inputs --")
        limits_table(Path(tmp))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
