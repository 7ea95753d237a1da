"""Benchmark: the rectangle-cutting games, compiled tables vs plain memoized Python.

Usage: ``python -m benchmarks.cutting [--repeat R] [--cap SECONDS] [--quick]``

Rows:

* ``e2e``: every judge query in one file (Split: all 22499 sheets
  ``1 <= N, M <= 150`` but ``1 1``; Cutting: all 39601 sheets
  ``2 <= W, H <= 200``) through ``gamecert solve split|cutting FILE`` in a
  fresh process (best and median wall time of ``--repeat`` runs), beside the
  plain memoized-Python program below run the same way; the ``floor`` row is
  ``gamecert`` on a one-line input (start-up alone: Python and the C judge
  path of the console script, ``gamecert.verify.launch``). The two outputs
  must be byte-identical. ``benchmarks/judge.py`` sets the same runs
  against the seed C++ programs.
* ``in-process``: parse + solve + format in this process, warm.
* ``table 500``: the 500 x 500 table, ``grundy_table`` (the C extension; best of ``--repeat``,
  warm) beside the memoized Python, which is stopped at ``--cap`` seconds;
  a capped run reports how many rows it finished and an estimate scaled by
  the cuts it had examined (marked ``~``).

Wall times on a shared, loaded machine wander; the e2e notes add the
child's CPU time (user + sys), which wanders less.
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

GAMECERT = [sys.executable, "-c", "from gamecert.verify.launch import run; run()"]  # the console script's entry point


# The plain implementation: what a contestant writes. Shares no code with gamecert; it is
# given the rule's least side ``low`` (every part a cut leaves is at least that wide) and
# whether a cut may not leave a 1x1 part (``no_unit``).


def memo_grundy(low: int, no_unit: bool):
    """A memoized ``sg(n, m)``; its callers fill it in increasing size (no deep recursion)."""
    cache: dict[tuple[int, int], int] = {}

    def sg(n: int, m: int) -> int:
        if n > m:
            n, m = m, n
        key = (n, m)
        if key in cache:
            return cache[key]
        seen = set()
        lo = max(low, 2) if (no_unit and m == 1) else low
        for k in range(lo, n - lo + 1):
            seen.add(sg(k, m) ^ sg(n - k, m))
        lo = max(low, 2) if (no_unit and n == 1) else low
        for k in range(lo, m - lo + 1):
            seen.add(sg(n, k) ^ sg(n, m - k))
        v = 0
        while v in seen:
            v += 1
        cache[key] = v
        return v

    def fill(size: int, deadline: float = float("inf")) -> int:
        """Fill every entry up to ``size``; the number of rows done before ``deadline``."""
        for n in range(low, size + 1):
            for m in range(n, size + 1):
                if not (no_unit and m == 1):
                    sg(n, m)
            if time.perf_counter() > deadline:
                return n
        return size

    return sg, fill


def memo_program(low: int, no_unit: bool, win: str, lose: str, text: str) -> str:
    """Judge input to judge output with :func:`memo_grundy`."""
    nums = list(map(int, text.split()))
    pairs = list(zip(nums[::2], nums[1::2]))
    sg, fill = memo_grundy(low, no_unit)
    fill(max(max(p) for p in pairs))
    return "".join((win if sg(a, b) else lose) + "\n" for a, b in pairs)


# Measurement ------------------------------------------------------------------------


def _run(cmd: list[str], repeat: int) -> tuple[float, float, float, str]:
    """Best and median wall time, best CPU time (user + sys) of the child, its output."""
    times, cpus, out = [], [], ""
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        res = subprocess.run(cmd, capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        out = res.stdout
    return min(times), statistics.median(times), min(cpus), out


def _work(low: int, rows: int, size: int) -> int:
    """Cuts examined by :func:`memo_grundy`'s fill for its first ``rows`` rows (about n + m per entry)."""
    return sum(n + m for n in range(low, rows + 1) for m in range(n, size + 1))


def _best(fn, repeat: int):
    best, value = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - t0)
    return best, value


def all_queries(rule) -> str:
    """Every judge query of a :class:`~gamecert.solvers.cutting.rules.CuttingRule`, one per line."""
    sides = range(rule.min_side, rule.judge_limit + 1)
    return "".join(f"{n} {m}\n" for n in sides for m in sides if rule.is_piece(n, m))


def memo_args(rule) -> list[str]:
    """The plain program's arguments for a rule: least side, 1x1 flag, the two answer words."""
    return [str(rule.min_side), str(int(rule.no_unit)), *rule.words]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement (default 3)")
    ap.add_argument("--cap", type=float, default=60.0, help="seconds allowed to the Python 500x500 table (default 60)")
    ap.add_argument("--quick", action="store_true", help="one run each, Python table capped at 5 s")
    ap.add_argument("--memo", nargs=5, metavar=("LOW", "NO_UNIT", "WIN", "LOSE", "FILE"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.memo:  # the plain program, run as its own process by the e2e rows
        low, no_unit, win, lose, path = args.memo
        sys.stdout.write(memo_program(int(low), no_unit == "1", win, lose, Path(path).read_text()))
        return 0
    if args.quick:
        args.repeat, args.cap = 1, 5.0

    from gamecert.solvers.cutting import CUTTING, SPLIT
    from gamecert.solvers.cutting.solver import cutting_queries, format_answer, grundy_table, parse_queries

    memo_cmd = [sys.executable, str(Path(__file__).resolve()), "--memo"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one.txt"
        one.write_text("4 2\n")
        best, med, cpu, out = _run([*GAMECERT, "solve", CUTTING.name, str(one)], args.repeat)
        assert out == "WIN\n", out
        m_best, _, m_cpu, m_out = _run([*memo_cmd, *memo_args(CUTTING), str(one)], args.repeat)
        assert m_out == out
        rows.append(("floor: 1 query, e2e", best, med, m_best, f"start-up only; CPU {cpu:.3f}s vs {m_cpu:.3f}s"))
        for rule in (SPLIT, CUTTING):
            text = all_queries(rule)
            count = text.count("\n")
            path = Path(tmp) / f"{rule.name}.txt"
            path.write_text(text)
            best, med, cpu, out = _run([*GAMECERT, "solve", rule.name, str(path)], args.repeat)
            m_best, _, m_cpu, m_out = _run([*memo_cmd, *memo_args(rule), str(path)], args.repeat)
            same = ("outputs identical" if out == m_out else "OUTPUTS DIFFER") + f"; CPU {cpu:.3f}s vs {m_cpu:.3f}s"
            rows.append((f"{rule.name}: all {count} queries, e2e", best, med, m_best, same))

            def library(rule=rule, text=text):
                return format_answer(cutting_queries(parse_queries(text, rule), rule))

            library()
            t_lib, lib_out = _best(library, args.repeat)
            plain = (rule.min_side, rule.no_unit, *rule.words)
            t_memo, memo_out = _best(lambda plain=plain, text=text: memo_program(*plain, text), 1)
            same = "outputs identical" if lib_out == memo_out == out else "OUTPUTS DIFFER"
            rows.append((f"{rule.name}: all {count} queries, in-process", t_lib, None, t_memo, same))
        for rule in (SPLIT, CUTTING):
            grundy_table(rule, 8)
            t_tab, table = _best(lambda rule=rule: grundy_table(rule, 500), args.repeat)
            _, fill = memo_grundy(rule.min_side, rule.no_unit)
            t0 = time.perf_counter()
            done = fill(500, t0 + args.cap)
            t_memo = time.perf_counter() - t0
            if done < 500:
                low = rule.min_side
                estimate = t_memo * _work(low, 500, 500) / _work(low, done, 500)
                rows.append((f"{rule.name}: table 500x500", t_tab, None, None, f"Python capped at {t_memo:.1f}s after {done}/500 rows, ~{estimate:.0f}s estimated", estimate))
            else:
                rows.append((f"{rule.name}: table 500x500", t_tab, None, t_memo, f"max value {int(table.values.max())}"))

    header = f"{'task':<38} {'gamecert best':>13} {'median':>8} {'plain Python':>13} {'ratio':>8}  note"
    print(header)
    print("-" * len(header))
    for row in rows:
        task, best, med, memo, note = row[:5]
        med_col = f"{med:>7.3f}s" if med is not None else f"{'':>8}"
        if memo is not None:
            memo_col, ratio = f"{memo:>12.3f}s", f"{memo / best:>7.1f}x"
        else:
            estimate = row[5]
            memo_col, ratio = f"{'> cap':>13}", f"~{estimate / best:>6.0f}x"
        print(f"{task:<38} {best:>12.4f}s {med_col} {memo_col} {ratio}  {note}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
