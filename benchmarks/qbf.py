"""Benchmark: the QBF route (gamecert.verify.uvg.qbf) against the rule search (gamecert.verify.uvg.search) by number of free cells.

Usage: ``python benchmarks/qbf.py [--cap SECONDS] [--budget SECONDS] [--solver NAME] [--quick]``

Families, growing until each route stops being practical:

* ``open``    full r×c boards (every cell free);
* ``maze``    k×k boards, each cell a wall with probability 0.25 (seeded);
* ``G(n,1.5n)`` random graphs, ``1.5 n`` random vertex pairs (loops and
  repeats dropped, as the parser does).

Columns: the number of vertices ``N`` (free cells) and edges ``m``; ``T``, the
largest move bound over the starts; the QBF of the hardest start (the one
with the most clauses) as variables/clauses; ``qbf s`` the whole
:func:`~gamecert.verify.uvg.qbf.qbf_outcomes` (one QBF per start vertex, in-process,
encoding included) and ``worst`` its slowest call; ``search s`` the whole
:func:`~gamecert.verify.uvg.search.search_outcomes` (all starts, shared memo);
``ratio`` = qbf / search. Times include a fork per route and row (a few
ms). Each route runs in a forked child, stopped at ``--cap`` seconds for
one QBF call or ``--budget`` seconds for a whole row; once a route is
stopped, larger boards of the family skip it. Answers of the two routes are
compared whenever both finish.
"""

from __future__ import annotations

import argparse
import os
import pickle
import select
import signal
import sys
import time
from collections.abc import Callable

import numpy as np

from gamecert.solvers.matching.graph import Graph, graph_from_edges, grid_graph
from gamecert.verify.uvg import qbf
from gamecert.verify.uvg.search import graph_search_outcomes

OPEN = ((2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5), (5, 6), (6, 6), (6, 7), (7, 7), (7, 8), (8, 8))
MAZE = (3, 4, 5, 6, 7, 8, 9, 10, 12)
RANDOM = (6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 36, 40, 48)


def capped(fn: Callable[[], object], seconds: float) -> tuple[object | None, float, str]:
    """``fn()`` in a forked child killed after ``seconds``: (result or None, wall seconds, why None)."""
    sys.stdout.flush()
    r, w = os.pipe()
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            os.write(w, pickle.dumps(fn()))
        finally:
            os._exit(0)
    os.close(w)
    chunks = []
    deadline = t0 + seconds
    why = ""
    while True:
        ready, _, _ = select.select([r], [], [], max(0.0, deadline - time.perf_counter()))
        if not ready:
            os.kill(pid, signal.SIGKILL)
            why = f"past {seconds:g} s"
            break
        chunk = os.read(r, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(r)
    _, status = os.waitpid(pid, 0)
    elapsed = time.perf_counter() - t0
    if why or not chunks:
        if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM:
            why = "one call past the cap"
        return None, elapsed, why or f"died (status {status})"
    return pickle.loads(b"".join(chunks)), elapsed, ""


def qbf_row(g: Graph, solver: str, cap: float) -> tuple[tuple[bool, ...], float]:
    """All starts by QBF in this process: (loses, slowest call seconds).

    Each call runs under a real-time timer whose signal (default action:
    terminate) ends the process when one call passes ``cap`` seconds, even
    inside the solver's C code; run it in a :func:`capped` child.
    """
    worst = 0.0
    loses = []
    for v in range(g.n):
        t0 = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, cap)
        loses.append(not qbf.qbf_wins(g, v, solver=solver, time_limit=None))
        signal.setitimer(signal.ITIMER_REAL, 0)
        worst = max(worst, time.perf_counter() - t0)
    return tuple(loses), worst


def families(quick: bool, seed: int):
    rng = np.random.default_rng(seed)
    opens = OPEN[:7] if quick else OPEN
    mazes = MAZE[:4] if quick else MAZE
    randoms = RANDOM[:6] if quick else RANDOM
    rows = [("open", f"{r}x{c}", grid_graph(np.ones((r, c), bool))[0]) for r, c in opens]
    rows += [("maze d=0.25", f"{k}x{k}", grid_graph(rng.random((k, k)) >= 0.25)[0]) for k in mazes]
    rows += [("G(n,1.5n)", f"n={n}", graph_from_edges(n, rng.integers(0, n, (3 * n // 2, 2)))) for n in randoms]
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cap", type=float, default=10.0, help="seconds per QBF call before it is stopped (default 10)")
    ap.add_argument("--budget", type=float, default=60.0, help="seconds per row and route (default 60)")
    ap.add_argument("--solver", default=qbf.QBF_SOLVER, choices=qbf.QBF_SOLVERS)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--quick", action="store_true", help="smaller boards only")
    args = ap.parse_args(argv)

    print(f"QBF ({args.solver}) vs rule search; cap {args.cap:g} s per QBF call, {args.budget:g} s per row")
    header = (
        f"{'family':>12} {'size':>6} {'N':>4} {'m':>4} {'T':>3} {'QBF vars/clauses':>17} "
        f"{'qbf s':>8} {'worst':>7} {'search s':>9} {'ratio':>8}  note"
    )
    print(header)
    print("-" * len(header))
    stopped: dict[tuple[str, str], str] = {}
    for family, size, g in families(args.quick, args.seed):
        encs = [qbf.qbf_encoding(g, v) for v in range(g.n)]
        hard = max(encs, key=lambda e: len(e.clauses))
        notes = []
        q = worst = s = None
        q_s = s_s = None
        if (family, "qbf") in stopped:
            notes.append(f"qbf skipped ({stopped[family, 'qbf']})")
        else:
            row, q_s, why = capped(lambda: qbf_row(g, args.solver, args.cap), args.budget)
            if row is None:
                stopped[family, "qbf"] = f"{size} stopped"
                notes.append(f"qbf stopped: {why}")
                q_s = None
            else:
                q, worst = row
        if (family, "search") in stopped:
            notes.append(f"search skipped ({stopped[family, 'search']})")
        else:
            s, s_s, why = capped(lambda: graph_search_outcomes(g).loses, args.budget)
            if s is None:
                stopped[family, "search"] = f"{size} stopped"
                notes.append(f"search stopped: {why}")
                s_s = None
        if q is not None and s is not None and q != s:
            notes.append("ANSWERS DIFFER")
        fmt = lambda x, w, p: f"{x:>{w}.{p}f}" if x is not None else f"{'-':>{w}}"
        ratio = f"{q_s / s_s:>7.{0 if q_s >= 10 * s_s else 1}f}x" if q_s is not None and s_s else f"{'-':>8}"
        print(
            f"{family:>12} {size:>6} {g.n:>4} {g.m:>4} {max(e.moves for e in encs):>3} "
            f"{f'{hard.num_vars}/{len(hard.clauses)}':>17} {fmt(q_s, 8, 2)} {fmt(worst, 7, 2)} "
            f"{fmt(s_s, 9, 3)} {ratio}  {'; '.join(notes)}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
