"""Benchmark: general and score games solved by retrograde analysis, beside the floor of the rules' own calls.

Usage: ``python benchmarks/run.py general [--quick] [--big]`` or ``python benchmarks/general.py [--repeat R] [--quick] [--big]``

Rows, each one solve of :func:`~gamecert.solvers.general.solver.general_game` or
:func:`~gamecert.solvers.score.solver.score_game` in this process (best CPU time of ``--repeat``):

* ``tic-tac-toe``: from the empty board (``cases/general/tictactoe.py``): 5,478 positions, a draw.
* ``connect four 4x4``: from the empty board (``cases/general/connect4.py``): 161,029 positions, a draw.
* ``take 300000`` (score): a pile of 300,000 coins (``cases/score/take.py``, extra moves).
* ``--big``: ``connect four 5x4`` (3,945,711 positions), in a fresh process of its own, whose peak
  memory (the child's maximum resident set) is printed; it takes minutes.

Columns: positions and moves of the graph; the solve's time; positions and moves per second;
the *floor*, the CPU time of one call of ``player``, ``result`` and ``moves`` per position (those
the rules define; each ``moves`` result listed), as the rules file costs alone; and the ratio solve / floor (the issue's goal: 2).
GamesmanPy's rate, about 10.3M positions in 413 s (about 25,000 positions per second), is
quoted from the text of the gamecert issue that asked for rules files, not measured here.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: GamesmanPy's published rate, as the issue quotes it: about 10.3M positions in 413 s.
GAMESMAN_POSITIONS, GAMESMAN_SECONDS = 10_300_000, 413.0
#: (row name, rules file under cases/, input line)
GAMES = [
    ("tic-tac-toe", "general/tictactoe.py", "........."),
    ("connect four 4x4", "general/connect4.py", "4 4"),
    ("take 300000 (score)", "score/take.py", "300000"),
]
BIG = ("connect four 5x4", "general/connect4.py", "5 4")


def _cpu(fn, repeat: int):
    """Best CPU time of ``repeat`` calls of ``fn`` and its last result."""
    best, value = float("inf"), None
    for _ in range(repeat):
        t0 = time.process_time()
        value = fn()
        best = min(best, time.process_time() - t0)
    return best, value


def measure(name: str, path: str, line: str, repeat: int) -> dict:
    """One row: the solve and the floor of the same positions."""
    from gamecert.solvers.rules.rules import Limits
    from gamecert.solvers.turn.graph import Queries
    from gamecert.verify.rules.load import rules_game

    limits = Limits(max_positions=10_000_000, max_memory=1 << 40, time_limit=1e9)
    game = rules_game(str(ROOT / "cases" / path), limits)  # the kind's own game class and solver
    rules = game.rules
    start = rules.parse(line)
    seconds, solution = _cpu(lambda: game.solve(Queries((start,))), repeat)
    positions = list(solution.table)
    player, result, moves = rules.player, rules.result, rules.moves

    def floor() -> int:
        count = 0
        for p in positions:
            if player is not None:
                player(p)
            if result is None or result(p) is None:
                count += len(list(moves(p)))
        return count

    answer = str(solution.values[0])
    del solution
    floor_seconds, edges = _cpu(floor, repeat)
    return {
        "name": name, "positions": len(positions), "moves": edges, "seconds": seconds, "floor": floor_seconds,
        "answer": answer,
    }


def _row(r: dict) -> str:
    rate = r["positions"] / r["seconds"]
    return (
        f"{r['name']:<22} {r['positions']:>10,} {r['moves']:>10,} {r['seconds']:>8.2f} {rate:>11,.0f} "
        f"{r['moves'] / r['seconds']:>11,.0f} {r['floor']:>8.2f} {r['seconds'] / r['floor']:>6.2f}  {r['answer']}"
    )


def _big(repeat: int) -> str:
    """The Connect Four 5x4 row, solved in a fresh process; its peak memory from the child's rusage."""
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, __file__, "--one", *BIG], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    wall = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024**2
    return out.rstrip("\n") + f"  (peak memory {peak:.1f} GiB, {wall:.0f} s in all)"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one run each, no Connect Four 4x4")
    parser.add_argument("--big", action="store_true", help="also Connect Four 5x4 in a fresh process (minutes)")
    parser.add_argument("--one", nargs=3, metavar=("NAME", "RULES", "LINE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(_row(measure(*args.one, repeat=1)))
        return
    repeat = 1 if args.quick else args.repeat
    print(f"{'game':<22} {'positions':>10} {'moves':>10} {'solve s':>8} {'positions/s':>11} {'moves/s':>11} "
          f"{'floor s':>8} {'ratio':>6}  answer")
    for name, path, line in GAMES:
        if args.quick and "4x4" in name:
            continue
        print(_row(measure(name, path, line, repeat)), flush=True)
    print(f"{'GamesmanPy (published)':<22} {GAMESMAN_POSITIONS:>10,} {'':>10} {GAMESMAN_SECONDS:>8.0f} "
          f"{GAMESMAN_POSITIONS / GAMESMAN_SECONDS:>11,.0f}")
    if args.big:
        print(_big(repeat), flush=True)
    print("CPU times (best of the runs); floor: one call of player, result and moves per position, the rules' own cost")


if __name__ == "__main__":
    main(sys.argv[1:])
