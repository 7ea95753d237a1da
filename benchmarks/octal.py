"""Benchmark: octal nim-sequences, the sparse-space kernel beside the plain quadratic kernel
(:func:`gamecert.solvers.octal.kernel.nim_sequence_plain`).

Usage: ``python -m benchmarks.octal [--repeat R] [--plain-max N] [--quick]``

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="octal")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--plain-max", type=int, default=10**5, help="largest N at which the plain kernel is run")
    parser.add_argument("--quick", action="store_true", help="N = 10^4 and 10^5, plain up to 3*10^4")
    args = parser.parse_args(argv)
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
