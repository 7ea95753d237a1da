"""Benchmark: Bunny and Egg record analysis, incremental vs from scratch per move.

Usage: ``python -m benchmarks.bunny_egg [--repeat R] [--skip-scratch-above CELLS]``

For each board: a long legal game (``gamecert.verify.bunny_egg.families.long_game``: the
empty cell follows a random Hamiltonian path, so ``k`` reaches its maximum
``(n m - 1) / 2``), then

* ``e2e``: wall time of ``gamecert solve bunny-egg --no-judge-limits FILE``
  in a fresh process (best and median wall time of ``--repeat`` runs, and
  the best CPU time, user + sys, which a loaded machine disturbs less); it includes
  Python, numpy and numba start-up; the ``floor`` row is the same command on
  the 1×6 judge sample, i.e. the start-up cost alone;
* ``incremental``: the library call (parse excluded) in this process, warm,
  best of ``--repeat``;
  ``forward``: the same with the one-sided search (``incremental-forward``);
* ``from-scratch``: the same with a Gallai–Edmonds decomposition per
  position; ``ratio`` = from-scratch / incremental.

Note: a 40×40 board cannot hold a game with k = 1000 (each move enters a new
cell, so 2k + 1 <= 1600, k <= 799); 40×40 uses k = 799 and 100×100 k = 4999.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SAMPLE = "1 6\nXO.OXO\n1\n1 2\n1 1\n"
BOARDS = [(40, 40, 799, 1), (40, 40, 600, 2), (100, 100, 4999, 1)]
GAMECERT = [sys.executable, "-c", "from gamecert.verify.cli import run; run()"]


def _e2e(path: Path, repeat: int) -> tuple[float, float, float, str]:
    """Best and median wall time, and the best CPU time (user + sys) of the child."""
    times, cpus, out = [], [], ""
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        res = subprocess.run(
            [*GAMECERT, "solve", "bunny-egg", "--no-judge-limits", str(path)],
            capture_output=True,
            text=True,
            check=True,
        )
        times.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        out = res.stdout
    return min(times), statistics.median(times), min(cpus), out


def _timed(fn, *args, repeat: int = 1) -> tuple[float, object]:
    """Best wall time of ``repeat`` calls, and the value."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        value = fn(*args)
        best = min(best, time.perf_counter() - t0)
    return best, value


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="fresh-process runs per board (default 3)")
    ap.add_argument(
        "--skip-scratch-above",
        type=int,
        default=None,
        metavar="CELLS",
        help="skip the from-scratch column on boards with more cells",
    )
    ap.add_argument("--quick", action="store_true", help="one fresh-process run per board (as benchmarks/run.py --quick asks)")
    args = ap.parse_args(argv)
    if args.quick:
        args.repeat = 1

    from gamecert.solvers.bunny_egg.solver import bunny_egg, format_bunny_egg_answer, parse_bunny_egg
    from gamecert.verify.bunny_egg.families import long_game

    warm = parse_bunny_egg(SAMPLE)
    bunny_egg(warm)
    bunny_egg(warm, "incremental-forward")
    bunny_egg(warm, "from-scratch")
    header = f"{'board':>9} {'k':>5} {'V':>6} {'e2e best':>9} {'e2e med':>8} {'e2e cpu':>8} {'incremental':>12} {'forward':>8} {'from-scratch':>13} {'ratio':>7}  mistakes"
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as tmp:
        sample = Path(tmp) / "sample.txt"
        sample.write_text(SAMPLE)
        best, med, cpu, out = _e2e(sample, args.repeat)
        assert out == "1\n1\n", out
        print(f"{'floor':>9} {1:>5} {6:>6} {best:>8.3f}s {med:>7.3f}s {cpu:>7.3f}s {'':>12} {'':>8} {'':>13} {'':>7}  (start-up only)")
        for n, m, k, seed in BOARDS:
            game = long_game(n, m, k, seed)
            path = Path(tmp) / f"b{n}x{m}.txt"
            path.write_text(game.text())
            best, med, cpu, out = _e2e(path, args.repeat)
            game = parse_bunny_egg(path.read_text(), str(path), judge_limits=False)
            t_inc, inc = _timed(bunny_egg, game, repeat=args.repeat)
            assert format_bunny_egg_answer(inc) == out, "CLI and library disagree"
            t_fwd, fwd = _timed(bunny_egg, game, "incremental-forward", repeat=args.repeat)
            assert fwd.verdicts() == inc.verdicts(), "the two incremental kernels disagree"
            if args.skip_scratch_above is not None and n * m > args.skip_scratch_above:
                scratch_col, ratio_col = f"{'skipped':>13}", f"{'':>7}"
            else:
                t_scr, scr = _timed(bunny_egg, game, "from-scratch")
                assert scr.verdicts() == inc.verdicts(), "incremental and from-scratch disagree"
                scratch_col, ratio_col = f"{t_scr:>12.3f}s", f"{t_scr / t_inc:>6.0f}x"
            print(
                f"{f'{n}x{m}':>9} {k:>5} {inc.graph.n:>6} {best:>8.3f}s {med:>7.3f}s {cpu:>7.3f}s "
                f"{t_inc:>11.4f}s {t_fwd:>7.3f}s {scratch_col} {ratio_col}  {len(inc.bunny_mistakes)}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
