"""Benchmark: contest packages -- where augmenting-path matchers work hardest, and what packages cost.

Usage: ``python benchmarks/package.py [work] [packages] [--quick] [--game GAME ...]``

* ``work``: instrumented C++ matchers (``benchmarks/matchers/*.cpp``, compiled
  with g++) count their steps on candidate families at the judge's limits:
  Kuhn's algorithm and Hopcroft-Karp on 100x100 mazes (edge inspections, HK
  phases), the Bunny-and-Egg reference's augmenting searches on 40x40
  records, Edmonds' blossom algorithm on 2000-vertex graphs. The ``heavy``
  groups of the packages are the families at the top of these tables.
* ``packages``: ``gamecert package GAME --size judge`` with the wrong and slow
  programs of ``tests/<game>/submissions``, then ``verifyproblem``: secret
  tests, bytes, seconds to write (certification included) and to verify, and
  verifyproblem's table of submissions x groups (which group catches which
  program). ``--quick`` writes the small packages instead.

Both need g++; ``packages`` needs problemtools (``pip install -e '.[contest]'``).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent / "tests"
#: Game -> (tests folder with its submissions, file-name prefix of its programs there).
PROGRAMS = {
    "maze": ("maze", "maze_"),
    "bunny-egg": ("bunny_egg", ""),
    "split": ("cutting", "split"),
    "cutting": ("cutting", "cutting"),
    "geography": ("geography", "geography_"),
}


def _compile(name: str, folder: Path) -> Path:
    binary = folder / name
    subprocess.run(["g++", "-O2", "-o", str(binary), str(HERE / "matchers" / f"{name}.cpp")], check=True)
    return binary


def _run(binary: Path, text: str) -> tuple[str, str]:
    done = subprocess.run([str(binary)], input=text, capture_output=True, text=True, check=True)
    return done.stdout, done.stderr


def work(seeds: int) -> None:
    """Print the step counts of the instrumented matchers on candidate families."""
    from gamecert.verify.bunny_egg.contest import open_long_game
    from gamecert.verify.bunny_egg.families import long_game
    from gamecert.verify.geography.contest import graph_text, random_graph, shuffled
    from gamecert.verify.geography.families import double_tower, flower, tower
    from gamecert.verify.maze.contest import checkerboard, labyrinth, random_board, serpentine, spiral

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        maze, bunny, geo = (_compile(n, folder) for n in ("maze_steps", "bunny_steps", "geography_steps"))
        rng = random.Random(0)

        def text(rows: list[str]) -> str:
            return f"{len(rows)} {len(rows[0])}\n" + "".join(r + "\n" for r in rows)

        print("maze 100x100: Kuhn edge inspections / Hopcroft-Karp edge inspections (phases), worst of the seeds")
        fixed = {
            "open": ["." * 100] * 100,
            "isolated cells": checkerboard(100, 100),
            "serpentine": serpentine(100, 100),
            "serpentine mirrored": [r[::-1] for r in serpentine(100, 100)],
            "spiral": spiral(100, 100),
            "labyrinth 99x99": labyrinth(rng, 99, 99),
        }
        for name, rows in fixed.items():
            kuhn, hk, phases = map(int, _run(maze, text(rows))[0].split())
            print(f"  {name:24s} {kuhn:>12,} {hk:>10,} ({phases})")
        for walls in (0.02, 0.06, 0.08, 0.10, 0.14, 0.20, 0.30, 0.50):
            runs = [
                tuple(map(int, _run(maze, text(random_board(rng, 100, 100, walls)))[0].split())) for _ in range(seeds)
            ]
            kuhn, hk, phases = max(r[0] for r in runs), max(r[1] for r in runs), max(r[2] for r in runs)
            print(f"  {'random ' + format(walls, '.0%') + ' walls':24s} {kuhn:>12,} {hk:>10,} ({phases})")

        print("bunny-egg: vertices visited by the reference's augmenting searches, worst of the seeds")
        families = {
            "long 40x40 k=799": lambda s: long_game(40, 40, 799, s).text(),
            "long 40x40 k=400": lambda s: long_game(40, 40, 400, s).text(),
            "open long 40x40 k=799": lambda s: open_long_game(40, 40, 799, s, 1.0),
            "open long 40x40 70%": lambda s: open_long_game(40, 40, 799, s, 0.7),
            "long 2x40 k=39": lambda s: long_game(2, 40, 39, s).text(),
        }
        for name, make in families.items():
            steps = max(int(_run(bunny, make(s))[1]) for s in range(seeds))
            print(f"  {name:24s} {steps:>12,}")

        print("geography: blossom-algorithm work (edges scanned + 3n per search and per blossom), worst of the seeds")
        graphs = {
            "path 2000": lambda r: (2000, [(i, i + 1) for i in range(1999)]),
            "path 2000 shuffled": lambda r: (2000, shuffled(r, 2000, [(i, i + 1) for i in range(1999)])),
            "tower 998": lambda r: tower(998),
            "tower 998 shuffled": lambda r: (1999, shuffled(r, 1999, tower(998)[1])),
            "double tower shuffled": lambda r: (1999, shuffled(r, 1999, double_tower(498)[1])),
            "flower 4x249 shuffled": lambda r: (1993, shuffled(r, 1993, flower(4, 249)[1])),
            "random 2000/2000": lambda r: (2000, random_graph(r, 2000, 2000)),
            "random 2000/6000": lambda r: (2000, random_graph(r, 2000, 6000)),
            "random 2000/20000": lambda r: (2000, random_graph(r, 2000, 20000)),
        }
        for name, make in graphs.items():
            steps = max(int(_run(geo, graph_text(*make(random.Random(s))))[1]) for s in range(seeds))
            print(f"  {name:24s} {steps:>12,}")


def packages(games: list[str], size: str) -> None:
    """Write and verify each game's package; print counts, sizes, times and verifyproblem's table."""
    from gamecert.verify.engine.package import verify_package, write_package
    from gamecert.verify.registry import get_game

    for game in games:
        folder, prefix = PROGRAMS[game]
        programs = [(p.parent.name, p) for p in sorted((TESTS / folder / "submissions").glob(f"*/{prefix}*.cpp"))]
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / game.replace("-", "")
            start = time.perf_counter()
            summary = write_package(get_game(game), out, size, 0, programs)
            written = time.perf_counter() - start
            report = verify_package(out)
        secret = sum(n for g, n in summary.counts.items() if g != "sample")
        groups = ", ".join(f"{g} {n}" for g, n in summary.counts.items())
        print(
            f"{game}: {secret} secret tests ({groups}); {summary.size_bytes:,} bytes; "
            f"write {written:.1f} s; verifyproblem {report.seconds:.1f} s, {'passed' if report.passed else 'FAILED'}"
        )
        for line in report.lines()[len(report.verdicts) :]:
            print("  " + line)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="package.py")
    parser.add_argument("parts", nargs="*", choices=["work", "packages"], default=["work", "packages"])
    parser.add_argument("--quick", action="store_true", help="fewer seeds, small packages")
    parser.add_argument("--game", action="append", choices=list(PROGRAMS), help="packages of these games only")
    args = parser.parse_args(argv)
    if "work" in args.parts:
        work(seeds=2 if args.quick else 4)
    if "packages" in args.parts:
        packages(args.game or list(PROGRAMS), "small" if args.quick else "judge")


if __name__ == "__main__":
    main(sys.argv[1:])
