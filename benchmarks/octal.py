"""Benchmark: octal nim-sequences, the sparse-space kernel beside the plain quadratic kernel
(:func:`gamecert.solvers.octal.kernel.nim_sequence_plain`).

Usage: ``python -m benchmarks.octal [--repeat R] [--plain-max N] [--quick]``, and
``python -m benchmarks.octal --proofs [CODE ...]`` for the table of published periods proven, and
``python -m benchmarks.octal --grundy 2097152 10000`` for Grundy's game.

The proofs table (:data:`PROOFS`): for each code, in a process of its own (so
its peak memory is its own), the audit's work on ``G(0..N)`` with ``N`` just
what the theorem reads for the published preperiod and period: the sequence
(sparse kernel), the period search, the certificate check on the whole range
the proof reads (the plain part on ``G(0..2^16 - 1)``, the sparse-space part
on the rest), and Flammenkamp's columns (largest value, its first heap, the
rare heaps and the last of them), each beside its published value.

Codes:

* ``0.77`` (Kayles): two-heap moves at k = 1 and 2; periodic (period 12)
  past heap 70, and every value past it has odd popcount, so the full mask
  leaves a sparse set of heaps below 71;
* ``0.127``: one two-heap digit (k = 3); its values wander up to 56 and it
  settles to period 4 only after heap 46577 (Gangolli and Plambeck, 1989),
  so ``N = 10^5`` covers an irregular stretch; its sparse heaps are found
  with the parity of the heap (a "domain" sparse space);
* ``0.16``: two-heap moves at k = 2, no period known to us, values still
  growing slowly at ``N = 10^6`` (22 at ``10^5``, 23 at ``10^6`` here).

Per code and ``N``: the sparse kernel's time (best of ``--repeat``, warm),
values per second, its sparse heaps and the splits it examined per heap
(full scans plus splits with a sparse part) beside the plain kernel's
``d (N - k) / 2`` per heap; the plain kernel's time, measured for
``N <= --plain-max`` (the two sequences must then be equal) and above it
estimated from the largest measured ``N`` by the quadratic law, marked ``~``.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import numpy as np

from gamecert.solvers.octal.code import parse_code
from gamecert.solvers.octal.kernel import nim_sequence_plain
from gamecert.solvers.octal.sparse import sparse_run

CODES = ("0.77", "0.127", "0.16")


def code_digits(code: str) -> np.ndarray:
    return parse_code(code).array()


def plain_pairs(digits: np.ndarray, n: int) -> int:
    """The splits the plain kernel examines up to heap ``n``."""
    return sum(max(n - int(k), 0) // 2 * (max(n - int(k), 0) // 2 + 1) for k in np.flatnonzero(digits & 4))


def best_time(repeat: int, fn, *args):
    """The least wall time of ``repeat`` calls ``fn(*args)``, and the last result."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn(*args)
        best = min(best, time.perf_counter() - t0)
    return best, out


@dataclass(frozen=True)
class Proof:
    """A published result: preperiod, period, and Flammenkamp's columns (largest value, first heap holding it,
    rare heaps counted from heap 0, the last rare heap), with its source."""

    code: str
    preperiod: int
    period: int
    largest: int
    largest_at: int
    rare: int
    last_rare: int
    source: str

    @property
    def size(self) -> int:
        """The N the theorem needs: it reads G(0..2 max(n0, 1) + 2p + t - 1)."""
        return 2 * max(self.preperiod, 1) + 2 * self.period + parse_code(self.code).length - 1


#: Preperiods and periods: Gangolli and Plambeck (Int. J. Game Theory 18, 1989) for 0.16, 0.56, 0.127, 0.376;
#: Flammenkamp (2002) for 0.354; as listed, with the largest value and the rare heaps, in the table of solved
#: games of the public octal-games project (github.com/tczajka/octal-games, SolvedGames.md), which reproduces them.
PROOFS = (
    Proof("0.127", 46578, 4, 56, 24734, 693, 27106, "Gangolli-Plambeck 1989"),
    Proof("0.16", 105351, 149459, 23, 229790, 53, 13935, "Gangolli-Plambeck 1989"),
    Proof("0.56", 326640, 144, 64, 22778, 46, 1795, "Gangolli-Plambeck 1989"),
    Proof("0.376", 2268248, 4, 176, 341612, 510, 1140540, "Gangolli-Plambeck 1989"),
    Proof("0.354", 10061916, 1180, 113, 1152, 132, 3227, "Flammenkamp 2002"),
)


def prove_one(code: str, n: int) -> dict:
    """The audit's work on ``G(0..n)`` of ``code``, timed; its results and this process's peak memory."""
    import resource

    from gamecert.solvers.octal.solver import octal_periodicity
    from gamecert.verify.octal.certificate import check_octal_values, check_period

    octal = parse_code(code)
    octal_periodicity(octal, 100, "sparse")  # compile or load the kernels
    start = time.perf_counter()
    per = octal_periodicity(octal, n, "sparse")
    solved = time.perf_counter() - start
    values = per.values[: per.certificate_length]
    start = time.perf_counter()
    checked = check_octal_values(octal.digits, values, octal.unequal)
    problems = checked.problems + check_period(octal.digits, values, per.preperiod, per.period, per.proven, octal.unequal)
    check = time.perf_counter() - start
    space = per.sparse_space()
    top, at = per.largest()
    return {
        "n0": per.preperiod, "p": per.period, "proven": per.proven and checked.complete and not problems,
        "solve": solved, "check": check, "checked": checked.describe(), "largest": top, "at": at,
        "rare": space.count, "last": space.last, "mask": space.mask, "flip": space.flip,
        "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "dtype": per.values.dtype.name,
    }


def proofs(codes: list[str]) -> int:
    """Print the table of :data:`PROOFS` (each code in a fresh process)."""
    import json
    import subprocess
    import sys

    chosen = [p for p in PROOFS if not codes or p.code in codes]
    print("octal periods proven: G(0..N), N what the theorem reads for the published preperiod and period; "
          "solve = sparse kernel + period search, check = certificate on G(0..N)")
    header = (
        f"{'code':>6} {'N':>9} {'preperiod':>9} {'period':>7} {'published':>17} {'proven':>6} {'solve s':>8} "
        f"{'check s':>8} {'peak MB':>8} {'largest (first at)':>19} {'rare (last)':>16} {'published':>22}"
    )
    print(header)
    print("-" * len(header))
    failed = 0
    for p in chosen:
        out = subprocess.run(
            [sys.executable, "-m", "benchmarks.octal", "--one", p.code, str(p.size)],
            capture_output=True, text=True, check=True,
        )
        r = json.loads(out.stdout.strip().splitlines()[-1])
        ok = (r["n0"], r["p"], r["largest"], r["at"], r["rare"], r["last"]) == (
            p.preperiod, p.period, p.largest, p.largest_at, p.rare, p.last_rare) and r["proven"]
        failed += not ok
        published = f"{p.preperiod}, {p.period}"
        found = f"{r['largest']} ({r['at']})"
        rare = f"{r['rare']} ({r['last']})"
        columns = f"{p.largest} ({p.largest_at}); {p.rare} ({p.last_rare})"
        print(
            f"{p.code:>6} {p.size:>9} {r['n0']:>9} {r['p']:>7} {published:>17} {'yes' if r['proven'] else 'NO':>6} "
            f"{r['solve']:>8.1f} {r['check']:>8.1f} {r['maxrss_mb']:>8.0f} {found:>19} {rare:>16} {columns:>22}",
            flush=True,
        )
        print(f"{'':>6} certificate: {r['checked']}", flush=True)
    return 1 if failed else 0


#: Grundy's game to 2^21: the largest value 231 first at heap 763622 and 1274 rare heaps, the last 82860
#: (Flammenkamp's Grundy page, as quoted in issue 28; the rare heaps with mask ...11110).
GRUNDY = Proof("grundy", 0, 0, 231, 763622, 1274, 82860, "Flammenkamp")


def grundy(size: int, rules_up_to: int) -> int:
    """Grundy's game to ``size`` (audit's work: kernel, search, certificate on every value), and the rules file's
    solver (examples/grundys_game.py) against the kernel on ``G(0..rules_up_to)``."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    from gamecert.solvers.octal import nim_sequence
    from gamecert.verify.rules.load import rules_game

    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.octal", "--one", "grundy", str(size)], capture_output=True, text=True, check=True,
    )
    r = json.loads(out.stdout.strip().splitlines()[-1])
    g = GRUNDY
    ok = (r["largest"], r["at"], r["rare"], r["last"]) == (g.largest, g.largest_at, g.rare, g.last_rare)
    print(f"grundy G(0..{size}): solve {r['solve']:.1f} s, check {r['check']:.1f} s, peak {r['maxrss_mb']:.0f} MB, "
          f"values {r['dtype']}")
    print(f"  largest value {r['largest']} first at n = {r['at']}; {r['rare']} rare values, the last at n = {r['last']} "
          f"(published: {g.largest} at {g.largest_at}; {g.rare}, the last at {g.last_rare}): {'agree' if ok else 'DIFFER'}")
    print(f"  certificate: {r['checked']}")
    game = rules_game(str(Path(__file__).resolve().parents[1] / "examples" / "grundys_game.py"))
    start = time.process_time()
    solution = game.solve(game.parse("".join(f"{n}\n" for n in range(rules_up_to + 1))))
    took = time.process_time() - start
    same = list(solution.values) == nim_sequence("grundy", rules_up_to).tolist()
    print(f"  rules file examples/grundys_game.py, G(0..{rules_up_to}): {took:.1f} s CPU, "
          f"{'every value agrees' if same else 'VALUES DIFFER'} with the kernel")
    return 0 if ok and same else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="octal")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--plain-max", type=int, default=10**5, help="largest N at which the plain kernel is run")
    parser.add_argument("--quick", action="store_true", help="N = 10^4 and 10^5, plain up to 3*10^4")
    parser.add_argument("--proofs", nargs="*", metavar="CODE", help="the table of published periods proven")
    parser.add_argument("--grundy", nargs=2, type=int, metavar=("N", "RULES"),
                        help="Grundy's game to N (2097152), the rules file compared to RULES (10000)")
    parser.add_argument("--one", nargs=2, metavar=("CODE", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        import json

        print(json.dumps(prove_one(args.one[0], int(args.one[1]))))
        return 0
    if args.proofs is not None:
        return proofs(args.proofs)
    if args.grundy:
        return grundy(*args.grundy)
    sizes = (10**4, 3 * 10**4, 10**5, 10**6)
    plain_max = args.plain_max
    if args.quick:
        sizes, plain_max = (10**4, 3 * 10**4, 10**5), min(plain_max, 3 * 10**4)
    for code in CODES:  # compile or load both kernels before timing
        nim_sequence_plain(code_digits(code), 50)
        sparse_run(code_digits(code), 50)
    print(
        "octal nim-sequences G(0..N): sparse-space kernel vs plain quadratic kernel (warm, best of "
        f"{args.repeat}; plain measured up to N = {plain_max}, '~' = estimated as t(N0) * (N / N0)^2)"
    )
    header = (
        f"{'code':>6} {'N':>8} {'plain s':>10} {'sparse s':>9} {'values/s':>10} {'ratio':>8} "
        f"{'sparse heaps':>12} {'splits/heap':>11} {'plain splits/heap':>17} {'max G':>6}"
    )
    print(header)
    print("-" * len(header))
    for code in CODES:
        digits = code_digits(code)
        measured = None  # (N, seconds) of the largest plain run
        for n in sizes:
            t_sparse, run = best_time(args.repeat, sparse_run, digits, n)
            if n <= plain_max:
                t_plain, plain = best_time(1 if n > 3 * 10**4 else args.repeat, nim_sequence_plain, digits, n)
                if not np.array_equal(plain, run.values):
                    raise SystemExit(f"{code} N={n}: the kernels disagree")
                measured = (n, t_plain)
                plain_text = f"{t_plain:.3f}"
            else:
                t_plain = measured[1] * (n / measured[0]) ** 2
                plain_text = f"~{t_plain:.0f}"
            print(
                f"{code:>6} {n:>8} {plain_text:>10} {t_sparse:>9.3f} {n / t_sparse:>10.3g} {t_plain / t_sparse:>8.0f} "
                f"{run.sparse:>12} {(run.scanned + run.listed) / n:>11.1f} {plain_pairs(digits, n) / n:>17.0f} "
                f"{int(run.values.max()):>6}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
