"""Benchmark: claiming games (k-in-a-row, Hex) by the QBF route against the explicit route.

Usage: ``python benchmarks/positional.py [--cap SECONDS] [--solvers depqbf,caqe,rareqs] [--boards NAMES]
[--openings BOARD]``

One row per board and route. The QBF route (gamecert.verify.positional.qbf)
decides the value by iterative deepening; its columns are the deepest
formula asked (variables/clauses), each solver's seconds summed over the
formulas (every solver runs every formula, side by side, each in its own
process under ``--cap`` seconds; a solver past the cap shows ``>cap``), the
number of formulas, and the strategy certificate (positions with a move,
extracted with DepQBF's models) with its check time. The explicit route
(gamecert.solvers.positional.explicit) shows the positions it solved and
its seconds. Values of the two routes are compared whenever both finish.
``--openings BOARD`` adds one row per empty cell of that board: the value
of claiming it, by QBF, with its seconds. ``--split PLIES`` asks every
question through gamecert.verify.positional.split instead (the depths of
both players interleaved): the first
``PLIES`` claims played out, each leaf formula on its own (``--jobs`` at a
time, a leaf past ``--cap`` split one claim further, up to ``--most-plies``),
and the openings one per orbit of the board's half turn (the mirror cell
has the same value).

Wall-clock seconds on a shared machine are noisy; the ``cpu`` column is the
solver processes' own CPU time (DepQBF in the child; CAQE runs a process of
its own whose time shows only in wall clock). With ``--split`` the cap is CPU
seconds per leaf and solver (a CPU limit in the leaf's process), and the
``seconds per solver`` column sums the leaves' wall clock.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import time
from pathlib import Path

from gamecert.solvers.positional.explicit import EXPLICIT_MAX_EMPTY, claim_game
from gamecert.solvers.rules.rules import ClaimRules
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.positional.qbf import Oracle, value_by
from gamecert.verify.positional.rules import root_board
from gamecert.verify.positional.split import SplitOracle, one_per_orbit, half_turn
from gamecert.verify.positional.strategy import check_strategy, qbf_strategy, strategies_for

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
BOARDS = {
    "ttt 3x3 k3": ("k_in_a_row", "3x3 3"),
    "3x4 k3": ("k_in_a_row", "4x3 3"),
    "4x4 k3": ("k_in_a_row", "4x4 3"),
    "4x4 k4": ("k_in_a_row", "4x4 4"),
    "hex 3x3": ("hex", "3"),
    "hex 4x4": ("hex", "4"),
    "hex 5x5": ("hex", "5"),
}


def load(name: str) -> ClaimRules:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return ClaimRules(m.NAME, str(EXAMPLES / f"{name}.py"), m.parse, m.board, getattr(m, "lines", None), getattr(m, "links", None))


def qbf_row(board, solvers, cap, strategy: bool, split=None):
    if split is None:
        oracle = Oracle(board, solvers, cap, race=False)
    else:
        plies, jobs, most = split
        oracle = SplitOracle(board, plies, jobs, solvers, cap, most_plies=most)
    start = time.perf_counter()
    try:
        value = value_by(oracle, interleave=split is not None)
    except TimeLimitError:
        value = None
    seconds = time.perf_counter() - start
    per_solver = {}
    cpu = 0.0
    for q in oracle.queries:
        for r in q.runs:
            shown = per_solver.get(r.label, 0.0)
            per_solver[r.label] = shown + (r.seconds if r.answer is not None else float("inf"))
            if (r.solver == "depqbf" or split is not None) and r.cpu is not None:
                cpu += r.cpu
    deepest = max(oracle.queries, key=lambda q: q.clauses, default=None)
    size = f"{deepest.variables}/{deepest.clauses}" if deepest else "-"
    cert = "-"
    if value is not None and strategy:
        t0 = time.perf_counter()
        sizes, checks = [], []
        try:
            for player, goal, depth in strategies_for(value.outcome, value.number, len(board.empty)):
                s = qbf_strategy(board, player, goal, depth, time_limit=cap, deadline=t0 + 10 * cap)
                c = check_strategy(board, s)
                if c.violations:
                    raise AssertionError(f"strategy rejected: {c.violations[0]}")
                sizes.append(s.size)
                checks.append(c.seconds)
            cert = f"{'+'.join(map(str, sizes))} in {time.perf_counter() - t0:.1f}s (check {sum(checks):.2f}s)"
        except TimeLimitError:
            cert = f">{10 * cap:g}s"
    return value, size, per_solver, len(oracle.queries), seconds, cpu, cert


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=120.0, help="seconds per formula and solver")
    parser.add_argument("--solvers", default="depqbf,caqe,rareqs")
    parser.add_argument("--boards", default="ttt 3x3 k3,3x4 k3,4x4 k3,hex 3x3,hex 4x4")
    parser.add_argument("--openings", default="", help="a board whose every opening gets a QBF row")
    parser.add_argument("--no-strategy", action="store_true")
    parser.add_argument("--split", type=int, default=None, help="claims played out before the leaf formulas")
    parser.add_argument("--jobs", type=int, default=2, help="leaf formulas solved at once (with --split)")
    parser.add_argument("--most-plies", type=int, default=None, help="deepest split of a leaf past the cap")
    args = parser.parse_args()
    solvers = tuple(args.solvers.split(","))
    split = None if args.split is None else (args.split, args.jobs, args.most_plies or args.split)
    print(f"# load: {os.getloadavg()[0]:.1f} (1 min); cap {args.cap:g} s per formula and solver; solvers {args.solvers}")
    print("| board | route | value | vars/clauses (deepest) | formulas | seconds per solver | depqbf cpu | strategy (positions) | explicit positions | explicit s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in [b.strip() for b in args.boards.split(",") if b.strip()]:
        module, line = BOARDS[name]
        rules = load(module)
        board = root_board(rules, rules.parse(line))
        explicit = None
        if len(board.empty) <= EXPLICIT_MAX_EMPTY:
            t0 = time.perf_counter()
            explicit = claim_game(board)
            es = time.perf_counter() - t0
            print(f"| {name} | explicit | {explicit.value} | - | - | - | - | - | {explicit.positions} | {es:.2f} |", flush=True)
        value, size, per, n, seconds, cpu, cert = qbf_row(board, solvers, args.cap, not args.no_strategy, split)
        shown = ", ".join(f"{k} {'>cap' if v == float('inf') else f'{v:.1f}'}" for k, v in per.items())
        agree = "" if explicit is None or value is None else (" (=)" if value == explicit.value else " (DIFFERS)")
        print(f"| {name} | qbf | {value or 'undecided'}{agree} | {size} | {n} | {shown} | {cpu:.1f} | {cert} | - | {seconds:.1f} |", flush=True)
    if args.openings:
        module, line = BOARDS[args.openings]
        rules = load(module)
        board = root_board(rules, rules.parse(line))
        explicit = {}
        if len(board.empty) <= EXPLICIT_MAX_EMPTY:
            explicit = {c: v for c, v in claim_game(board).openings}
        perm = half_turn(board) if split is not None else None
        print(f"\n| {args.openings}: opening | value of claiming it (QBF) | explicit | formulas | seconds | cpu |")
        print("|---|---|---|---|---|---|")
        for cell in board.empty if perm is None else one_per_orbit(board, board.empty):
            child = board.claim(cell)
            value, size, per, n, seconds, cpu, _ = qbf_row(child, solvers, args.cap, False, split)
            if value is None:
                shown = "undecided"
            else:
                shown = {"win": "lose", "lose": "win", "draw": "draw"}[value.outcome]
                shown += "" if value.number is None else f" {value.number + 1}"
            other = str(explicit[cell]) if cell in explicit else "-"
            mark = "" if other == "-" or value is None else (" (=)" if other == shown else " (DIFFERS)")
            name = board.cells[cell] if perm is None or perm[cell] == cell else f"{board.cells[cell]} = {board.cells[perm[cell]]}"
            print(f"| {name} | {shown}{mark} | {other} | {n} | {seconds:.1f} | {cpu:.1f} |", flush=True)


if __name__ == "__main__":
    main()
