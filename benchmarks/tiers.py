"""The tiered solve (solve --tiers) of Connect Four: wall time, positions per second, peak memory, per-tier costs.

python benchmarks/tiers.py [--board 5x4] [--jobs 2] [--shards N] [--compare] [--kill-after SECONDS]
python benchmarks/tiers.py --versus [--boards 4x4,5x4] [--repeat 3] [--jobs 2] [--shards N]

``--versus``: the tiered solve against its peer, the in-memory solve, measured in the
same run, interleaved, best of ``--repeat``: each repetition runs ``gamecert solve
--rules examples/connect_four_tiers.py -`` (one process) and ``gamecert solve --rules
... --tiers --jobs J -`` (a local cluster of J workers, every label certified), each
a whole process from its start (wall seconds; CPU seconds of the process and every
process it started), with the machine's load (``uptime``) before each; and, in the same
rounds, a process that only opens and closes the local cluster the tiered solve starts
(``dask_client``: J worker processes, forked), the fixed cost no tiered run on a new cluster
can go below. A second
table: per position, the CPU of the in-memory solve (``general_game``) and its
certificate check (``check_entries``), against a tiered solve's tasks run in one
process (``--jobs 0``): forward, backward (labels, answers) and the check of every
label, the same number of shards.

Table 1: the whole solve on a local Dask cluster of ``--jobs`` workers
(cluster start included in the wall time): positions, wall seconds,
positions per second, the peak resident memory of the coordinating process
(which also hosts the Dask scheduler) and of each worker process.
Table 2: per tier, positions, moves, the seconds its forward and backward
tasks ran (summed over tasks: worker seconds) and microseconds per position:
what docs/tiers.md projects larger boards from.
``--compare``: every position's answer against the in-memory solver
(general_game), the positions given as queries (4x4: 161,029 lines).
``--kill-after S``: the CLI run with --store is killed (its whole process
group) after S seconds, then resumed; prints the answers of both and the
shards recorded by each run (a shard recorded twice would stop the run).
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RULES = Path(__file__).resolve().parents[1] / "examples" / "connect_four_tiers.py"

#: The in-memory solve's limits, raised so that Connect Four 5x4 (3,945,711 positions) fits.
MEMORY_LIMITS = ("--max-positions", "10000000", "--max-memory", "8G")


def whole(board: str, jobs: int, shards: int, compare: bool) -> None:
    from gamecert.solvers.turn.graph import Queries
    from gamecert.solvers.general.solver import general_game
    from gamecert.solvers.rules.rules import Limits
    from gamecert.verify.engine.tiers.solve import solve_tiers
    from gamecert.verify.general.tiers import GENERAL
    from gamecert.verify.rules.load import load_rules

    rules = load_rules(str(RULES))
    start_position = rules.parse(board.replace("x", " "))
    queries = (start_position,)
    expected = None
    if compare:
        start = time.perf_counter()
        expected = general_game(rules, queries, Limits(max_positions=10**8, max_memory=1 << 40))
        print(f"in-memory solve (general_game): {len(expected.table):,} positions in {time.perf_counter() - start:.1f} s, "
              f"{expected.values[0]}")
        queries = tuple(expected.table)
    start = time.perf_counter()
    solved = solve_tiers(rules, Queries(queries), labels=GENERAL, shards=shards, jobs=jobs)
    wall = time.perf_counter() - start
    positions = sum(t.positions for t in solved.tiers)
    print(f"\nConnect Four {board}, {jobs} workers, {shards} shards per tier: {solved.solution.values[0]}")
    print(f"{'positions':>10} {'certified':>10} {'shards':>7} {'tasks':>6} {'wall s':>8} {'pos/s':>8} "
          f"{'coordinator MiB':>16} {'workers MiB':>14}")
    mine = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = " ".join(f"{kib / 1024:.0f}" for _, kib in sorted(solved.workers.items()))
    print(f"{positions:>10,} {solved.certified:>10,} {solved.shards:>7} {solved.ran:>6} {wall:>8.1f} "
          f"{positions / wall:>8,.0f} {mine:>16.0f} {workers:>14}")
    print(f"\n{'tier':>4} {'positions':>10} {'moves':>10} {'tasks':>6} {'fwd s':>8} {'bwd s':>8} {'fwd cpu':>8} "
          f"{'bwd cpu':>8} {'cpu us/pos':>10}")
    for t in solved.tiers:
        per = (t.forward_cpu + t.backward_cpu) / t.positions * 1e6 if t.positions else 0
        print(f"{t.tier:>4} {t.positions:>10,} {t.moves:>10,} {t.forward_tasks + t.backward_tasks:>6} "
              f"{t.forward_seconds:>8.2f} {t.backward_seconds:>8.2f} {t.forward_cpu:>8.2f} {t.backward_cpu:>8.2f} {per:>10.0f}")
    fwd, bwd = (sum(getattr(t, f) for t in solved.tiers) for f in ("forward_seconds", "backward_seconds"))
    fcpu, bcpu = (sum(getattr(t, f) for t in solved.tiers) for f in ("forward_cpu", "backward_cpu"))
    print(f"{'all':>4} {positions:>10,} {sum(t.moves for t in solved.tiers):>10,} {solved.ran:>6} {fwd:>8.1f} {bwd:>8.1f} "
          f"{fcpu:>8.1f} {bcpu:>8.1f} {(fcpu + bcpu) / positions * 1e6:>10.0f}")
    if expected is not None:
        wrong = sum(a != expected.table[q] for q, a in zip(queries, solved.solution.values))
        print(f"\nevery position against the in-memory solve: {len(queries):,} answers, {wrong} differ")


def killed_and_resumed(board: str, jobs: int, shards: int, after: float) -> None:
    """Kill the CLI's solve after ``after`` seconds, resume it, and count the shards each run recorded."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "solve"
        command = [sys.executable, "-c", "from gamecert.verify.cli import run; run()", "solve", "--rules", str(RULES), "--tiers",
                   "--jobs", str(jobs), "--shards", str(shards), "--store", str(store), "-"]
        line = board.replace("x", " ") + "\n"
        run = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
        run.stdin.write(line.encode())
        run.stdin.close()
        time.sleep(after)
        os.killpg(run.pid, signal.SIGKILL)
        run.wait()
        with sqlite3.connect(store / "store.sqlite") as db:
            (first,) = db.execute("SELECT COUNT(*) FROM shards").fetchone()
        print(f"killed after {after:g} s: {first} shards recorded")
        start = time.perf_counter()
        done = subprocess.run([*command[:-1], "--resume", "-"], input=line.encode(), capture_output=True, check=False)
        print(f"resumed: exit {done.returncode} in {time.perf_counter() - start:.1f} s: {done.stdout.decode().strip()}")
        print(done.stderr.decode().strip().splitlines()[-1])
        with sqlite3.connect(store / "store.sqlite") as db:
            (distinct,) = db.execute("SELECT COUNT(DISTINCT campaign || ' ' || key) FROM shards").fetchone()
            (total,) = db.execute("SELECT COUNT(*) FROM shards").fetchone()
        print(f"the store: {total} rows, {distinct} distinct tasks ({first} recorded before the kill, "
              f"{total - first} by the resumed run)")


def _run(command: list[str], line: str) -> tuple[float, float, str, str]:
    """Wall and CPU seconds (this process and its descendants) of ``command`` with ``line`` on stdin, its stdout and stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, input=line.encode(), capture_output=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout.decode(), done.stderr.decode()


def _load() -> str:
    """The load averages over 1, 5 and 15 minutes, as ``uptime`` prints them."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def versus(boards: list[str], repeat: int, jobs: int, shards: int) -> None:
    """The tiered solve on ``jobs`` workers against the in-memory solve, interleaved, best of ``repeat``."""
    gamecert = [sys.executable, "-c", "from gamecert.verify.launch import run; run()"]  # the console script's entry
    opened = f"from gamecert.verify.engine.campaign import dask_client\nwith dask_client({jobs}, None, start='fork'): pass"
    rows = []
    for board in boards:
        line = board.replace("x", " ") + "\n"
        memory, tiered, cluster, loads, positions = [], [], [], [], 0
        for _ in range(repeat):
            cluster.append(_run([sys.executable, "-c", opened], "")[0])
            loads.append(_load())
            wall, cpu, out, _ = _run([*gamecert, "solve", "--rules", str(RULES), *MEMORY_LIMITS, "-"], line)
            memory.append((wall, cpu, out))
            loads.append(_load())
            sharded = ["--shards", str(shards)] if shards else []
            wall, cpu, out2, err = _run([*gamecert, "solve", "--rules", str(RULES), "--tiers", "--jobs", str(jobs), *sharded, "-"],
                                        line)
            tiered.append((wall, cpu, out2))
            assert out2 == out, (out, out2)
            last = err.strip().splitlines()[-1]  # solve --tiers: certified N positions in ...
            positions = int(last.split("certified ")[1].split()[0].replace(",", ""))
            print(f"  {board}: in memory {memory[-1][0]:.1f} s wall {memory[-1][1]:.1f} s CPU; tiered {wall:.1f} s wall "
                  f"{cpu:.1f} s CPU ({last}); load {loads[-2]} / {loads[-1]}", flush=True)
        rows.append((board, positions, memory, tiered, cluster, loads, out.strip()))
    print(f"\nin memory: gamecert solve --rules {RULES.name} {' '.join(MEMORY_LIMITS)} -; tiered: gamecert solve --rules "
          f"{RULES.name} --tiers --jobs {jobs}{f' --shards {shards}' if shards else ''} -; best of {repeat}, interleaved")
    print(f"{'game':>16} {'answer':>6} {'positions':>10} {'memory wall':>11} {'memory CPU':>10} {'tiered wall':>11} "
          f"{'tiered CPU':>10} {'wall ratio':>10} {'cluster wall':>12} {'cluster/memory':>14} {'load (1 min)':>14}")
    for board, positions, memory, tiered, cluster, loads, answer in rows:
        mw, mc = min(x[0] for x in memory), min(x[1] for x in memory)
        tw, tc = min(x[0] for x in tiered), min(x[1] for x in tiered)
        cw = min(cluster)
        one = [float(x.split()[0]) for x in loads]
        print(f"{'Connect Four ' + board:>16} {answer:>6} {positions:>10,} {mw:>11.1f} {mc:>10.1f} {tw:>11.1f} {tc:>10.1f} "
              f"{tw / mw:>10.2f} {cw:>12.1f} {cw / mw:>14.2f} {min(one):>6.1f}-{max(one):<7.1f}")
    print(f"cluster: a process that opens and closes the tiered solve's local cluster ({jobs} worker processes, forked; "
          "dask_client), nothing run on it")


def per_position(board: str, shards: int) -> None:
    """CPU per position: the in-memory solve and check against a tiered solve's tasks, all in this process."""
    from gamecert.solvers.turn.graph import Queries
    from gamecert.solvers.general.solver import general_game
    from gamecert.solvers.rules.rules import Limits
    from gamecert.verify.engine.tiers.solve import solve_tiers
    from gamecert.verify.general.certificate import check_entries
    from gamecert.verify.general.tiers import GENERAL
    from gamecert.verify.rules.load import load_rules

    from gamecert.verify.engine.tiers.solve import default_shards

    shards = shards or default_shards(2)
    rules = load_rules(str(RULES))
    start = rules.parse(board.replace("x", " "))
    limits = Limits(max_positions=10**8, max_memory=1 << 40)
    cpu = time.process_time()
    solved = general_game(rules, (start,), limits)
    solve_cpu = time.process_time() - cpu
    n = len(solved.table)
    cpu = time.process_time()
    bad = check_entries(rules, solved.table, solved.table, limits)
    check_cpu = time.process_time() - cpu
    assert not bad
    del solved
    tiered = solve_tiers(rules, Queries((start,)), labels=GENERAL, shards=shards, jobs=0)
    fwd = sum(t.forward_cpu for t in tiered.tiers)
    bwd = sum(t.backward_cpu - t.check_cpu for t in tiered.tiers)
    chk = sum(t.check_cpu for t in tiered.tiers)
    us = 1e6 / n
    print(f"\nConnect Four {board}, {n:,} positions, CPU microseconds per position (one process; load {_load()})")
    print(f"{'':>24} {'solve':>7} {'check':>7} {'total':>7}")
    print(f"{'in memory':>24} {solve_cpu * us:>7.1f} {check_cpu * us:>7.1f} {(solve_cpu + check_cpu) * us:>7.1f}")
    print(f"{f'tiered, {shards} shards':>24} {(fwd + bwd) * us:>7.1f} {chk * us:>7.1f} {(fwd + bwd + chk) * us:>7.1f}"
          f"   (forward {fwd * us:.1f}, backward {bwd * us:.1f})")
    print(f"{'ratio':>24} {(fwd + bwd) / solve_cpu:>7.2f} {chk / check_cpu:>7.2f} {(fwd + bwd + chk) / (solve_cpu + check_cpu):>7.2f}"
          f"   (tiered total / in-memory solve: {(fwd + bwd + chk) / solve_cpu:.2f})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="5x4")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--shards", type=int, default=None, help="shards per tier (default: the CLI's, 1 per worker)")
    parser.add_argument("--compare", action="store_true")
    parser.add_argument("--kill-after", type=float, default=None)
    parser.add_argument("--versus", action="store_true")
    parser.add_argument("--boards", default="4x4,5x4")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--per-position", default="4x4", help="--versus: the board of the per-position table ('' for none)")
    args = parser.parse_args(argv)
    if args.versus:
        versus(args.boards.split(","), args.repeat, args.jobs, args.shards)
        if args.per_position:
            per_position(args.per_position, args.shards)
    elif args.kill_after is not None:
        killed_and_resumed(args.board, args.jobs, args.shards or 8, args.kill_after)
    else:
        from gamecert.verify.engine.tiers.solve import default_shards

        whole(args.board, args.jobs, args.shards or default_shards(args.jobs), args.compare)


if __name__ == "__main__":
    main()
