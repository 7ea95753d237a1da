"""Benchmark: maximum matching on maze grids, in-process and end to end.

Families (all deterministic; random boards come from ``--seed``):

* ``random``  each cell is a wall with probability ``density``;
* ``snake``   one corridor winding through the whole board, row by row;
* ``comb``    a spine along the top row with a tooth down every other column.

Columns: free cells, the matching number nu, the wall-clock time of a fresh
``gamecert solve maze --no-judge-limits FILE`` process (imports, parsing,
graph, matching, alternating BFS, printing), the in-process time of each
matching method alone (greedy start included, compiled code already loaded),
networkx's ``hopcroft_karp_matching`` on the same graph and the ratio
networkx / ours (ours = the default method). Slow references are skipped with
the reason printed: networkx above 1000x1000 or once a smaller board of the
same family took more than the budget; Hopcroft–Karp likewise.

Run ``python benchmarks/maze.py`` (full, several minutes) or ``--quick``
(boards up to 300x300).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from gamecert.solvers.matching.gallai_edmonds import METHODS, maximum_matching
from gamecert.solvers.matching.graph import Graph, grid_graph
from gamecert.solvers.maze.solver import Maze

SIZES = (100, 300, 1000, 2000)
QUICK_SIZES = (100, 300)
DENSITIES = (0.0, 0.1, 0.3)
DEFAULT = METHODS[0]  # "auto": the library default


def random_board(n: int, density: float, seed: int) -> np.ndarray:
    return np.random.default_rng([seed, n, round(density * 1000)]).random((n, n)) >= density


def snake_board(n: int) -> np.ndarray:
    """Full rows joined alternately at the right and left end: one corridor."""
    free = np.zeros((n, n), dtype=bool)
    free[0::2, :] = True
    free[1::4, n - 1] = True
    free[3::4, 0] = True
    return free


def comb_board(n: int) -> np.ndarray:
    """A spine (row 0) with teeth hanging down from every even column."""
    free = np.zeros((n, n), dtype=bool)
    free[0, :] = True
    free[:, 0::2] = True
    return free


@dataclass
class Budget:
    """Skips a slow reference once a smaller board of the same family was too slow."""

    seconds: float
    max_size: int
    slow: dict = field(default_factory=dict)

    def skip_reason(self, key, size: int) -> str | None:
        if size > self.max_size:
            return f"skipped (> {self.max_size}^2)"
        if key in self.slow:
            return f"skipped ({self.slow[key]} took > {self.seconds:.0f} s)"
        return None

    def record(self, key, size: int, seconds: float) -> None:
        if seconds > self.seconds:
            self.slow.setdefault(key, f"{size}^2")


def time_method(graph: Graph, method: str, repeat: int) -> tuple[float, int]:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        nu = maximum_matching(graph, method).size
        best = min(best, time.perf_counter() - t)
    return best, nu


def time_networkx(graph: Graph) -> tuple[float, int]:
    """networkx's Hopcroft–Karp (its depth-first search recurses: big stack)."""
    import networkx as nx

    G = nx.Graph()
    G.add_nodes_from(range(graph.n))
    G.add_edges_from(graph.edges().tolist())
    top = np.flatnonzero(graph.side == 0).tolist()
    out: dict = {}

    def run() -> None:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 4 * graph.n + 1000))
        try:
            t = time.perf_counter()
            matching = nx.bipartite.hopcroft_karp_matching(G, top_nodes=top)
            out["time"] = time.perf_counter() - t
            out["nu"] = len(matching) // 2
        except RecursionError as exc:  # pragma: no cover - reported in the table
            out["error"] = exc
        finally:
            sys.setrecursionlimit(limit)

    old = threading.stack_size(1 << 29)
    try:
        worker = threading.Thread(target=run)
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old)
    if "error" in out:
        raise RuntimeError("networkx hit the recursion limit")
    return out["time"], out["nu"]


def cli_command(path: Path) -> list[str]:
    exe = shutil.which("gamecert")
    if exe is not None:
        return [exe, "solve", "maze", "--no-judge-limits", str(path)]
    return [sys.executable, "-c", "from gamecert.verify.cli import run; run()", "solve", "maze", "--no-judge-limits", str(path)]


FALLBACK = (
    "import sys; from gamecert.solvers.maze.solver import parse_maze, maze_game, format_maze_answer; "
    "m = parse_maze(open(sys.argv[1]).read(), sys.argv[1], judge_limits=False); "
    "sys.stdout.write(format_maze_answer(maze_game(m).winning_cells))"
)


def time_end_to_end(board: np.ndarray, workdir: Path) -> tuple[float, bytes]:
    """Wall clock of a fresh solver process on the board written to a file."""
    path = workdir / "maze.txt"
    path.write_text(Maze(board).text())
    t = time.perf_counter()
    run = subprocess.run(cli_command(path), capture_output=True, check=False)
    elapsed = time.perf_counter() - t
    if run.returncode != 0:  # the CLI lacks the command: time the library call instead
        t = time.perf_counter()
        run = subprocess.run([sys.executable, "-c", FALLBACK, str(path)], capture_output=True, check=True)
        elapsed = time.perf_counter() - t
    return elapsed, run.stdout


def warm_up() -> None:
    """Load every compiled kernel once so in-process times exclude loading."""
    graph, _ = grid_graph(random_board(12, 0.2, 0))
    for method in METHODS:
        maximum_matching(graph, method)


def boards(sizes, seed: int, families):
    for size in sizes:
        if "random" in families:
            for density in DENSITIES:
                yield "random", size, f"{density:g}", random_board(size, density, seed)
        if "snake" in families:
            yield "snake", size, "-", snake_board(size)
        if "comb" in families:
            yield "comb", size, "-", comb_board(size)


def fmt(seconds: float) -> str:
    return f"{seconds:.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="boards up to 300x300 only")
    parser.add_argument("--sizes", type=lambda s: tuple(int(x) for x in s.split(",")), help="e.g. 100,1000")
    parser.add_argument("--families", default="random,snake,comb")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=1, help="best of R in-process runs")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds before a reference is skipped")
    parser.add_argument("--no-networkx", action="store_true")
    parser.add_argument("--no-end-to-end", action="store_true")
    args = parser.parse_args(argv)
    sizes = args.sizes or (QUICK_SIZES if args.quick else SIZES)
    families = set(args.families.split(","))

    from rich.console import Console
    from rich.table import Table

    console = Console(width=200)
    console.print(
        f"benchmarks/maze.py {' '.join(argv if argv is not None else sys.argv[1:])}  "
        f"(cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}, seed {args.seed})",
        markup=False,
    )
    warm_up()
    others = [m for m in METHODS if m != DEFAULT]
    table = Table(title="Maximum matching on maze grids (seconds)")
    for name in ["family", "size", "density", "free", "nu", "end-to-end", f"{DEFAULT} (ours)", *others, "networkx", "nx / ours"]:
        table.add_column(name, justify="left" if name == "family" else "right")
    nx_budget = Budget(args.budget, 1000)
    hk_budget = Budget(args.budget / 4, 1000)
    with tempfile.TemporaryDirectory() as tmp:
        for family, size, density, board in boards(sizes, args.seed, families):
            key = (family, density)
            graph, _ = grid_graph(board)
            ours, nu = time_method(graph, DEFAULT, args.repeat)
            row = [family, f"{size}^2", density, str(graph.n), str(nu)]
            if args.no_end_to_end:
                row.append("-")
            else:
                e2e, out = time_end_to_end(board, Path(tmp))
                # Every vertex a maximum matching misses is a winning cell, and
                # there are none exactly when the matching is perfect.
                unmatched = graph.n - 2 * nu
                if unmatched == 0:
                    ok = out == b"LOSE\n"
                else:
                    ok = out.startswith(b"WIN\n") and out.count(b"\n") - 1 >= unmatched
                row.append(fmt(e2e) if ok else f"{fmt(e2e)} (bad output)")
            row.append(fmt(ours))
            for method in others:
                reason = hk_budget.skip_reason((method, *key), size) if method == "hopcroft-karp" else None
                if reason:
                    row.append(reason)
                    continue
                seconds, other_nu = time_method(graph, method, args.repeat)
                hk_budget.record((method, *key), size, seconds)
                row.append(fmt(seconds) if other_nu == nu else f"{fmt(seconds)} (nu {other_nu}!)")
            reason = "skipped (--no-networkx)" if args.no_networkx else nx_budget.skip_reason(key, size)
            if reason:
                row += [reason, "-"]
            else:
                try:
                    seconds, nx_nu = time_networkx(graph)
                except RuntimeError as exc:
                    row += [f"failed ({exc})", "-"]
                else:
                    nx_budget.record(key, size, seconds)
                    row += [fmt(seconds) if nx_nu == nu else f"{fmt(seconds)} (nu {nx_nu}!)", f"{seconds / max(ours, 1e-9):.0f}x"]
            table.add_row(*row)
            print("  ".join(row), file=sys.stderr, flush=True)
    console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
