"""Benchmark: the nim-sequence of octal games, G(0..N), per kernel.

Usage: ``python -m benchmarks.octal [--quick] [--sizes 10000,100000] [--repeat R]``

Rows: one per code, size ``N`` and kernel: Kayles (0.77) and Treblecross
(0.007, no period known), both with two-heap moves, so the plain kernel is
quadratic. ``plain`` is :func:`gamecert.solvers.octal.kernel.nim_sequence_plain`
(compiled, warm: compiled once on a small ``N`` before timing); ``sparse``, the
sparse-space kernel, is added when ``gamecert.solvers.octal.sparse`` is
installed, and must give the same values. Times are the best of ``--repeat``
runs (wall clock, and the process's CPU time beside it: the machine may be
shared); ``values/s`` is ``(N + 1) / seconds``.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from gamecert.solvers.octal import parse_code
from gamecert.solvers.octal.kernel import nim_sequence_plain
from gamecert.solvers.octal.solver import sparse_kernel

CODES = ("0.77", "0.007")
SIZES = (10**4, 10**5)


def kernels() -> dict:
    """The kernels to time, by column name: the plain one, and the sparse one when installed."""
    found = {"plain": nim_sequence_plain}
    sparse = sparse_kernel()
    if sparse is not None:
        found["sparse"] = sparse
    return found


def rows(codes=CODES, sizes=SIZES, repeat: int = 1) -> list[dict]:
    """One dict per (code, N, kernel): ``code``, ``n``, ``kernel``, ``seconds`` and ``cpu_seconds`` (best of
    ``repeat``), ``values_per_second``; every kernel's values must equal the plain kernel's."""
    found = kernels()
    out = []
    for text in codes:
        digits = parse_code(text).array()
        for kernel in found.values():
            kernel(digits, 50)  # compile (or load from numba's cache) before timing
        for n in sizes:
            reference = None
            for name, kernel in found.items():
                best = cpu = float("inf")
                for _ in range(repeat):
                    t0, c0 = time.perf_counter(), time.process_time()
                    values = kernel(digits, n)
                    best = min(best, time.perf_counter() - t0)
                    cpu = min(cpu, time.process_time() - c0)
                if reference is None:
                    reference = values
                elif not np.array_equal(values, reference):
                    raise AssertionError(f"{name} differs from plain on {text} up to {n}")
                out.append({
                    "code": text, "n": n, "kernel": name, "seconds": best, "cpu_seconds": cpu,
                    "values_per_second": (n + 1) / best,
                })
    return out


def table(found: list[dict]) -> str:
    head = f"{'code':<8} {'N':>9} {'kernel':<8} {'seconds':>9} {'cpu s':>9} {'values/s':>12}"
    lines = [head, "-" * len(head)]
    for r in found:
        lines.append(f"{r['code']:<8} {r['n']:>9,} {r['kernel']:<8} {r['seconds']:>9.3f} {r['cpu_seconds']:>9.3f} {r['values_per_second']:>12,.0f}")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="benchmarks.octal")
    parser.add_argument("--quick", action="store_true", help="N = 10^4 only")
    parser.add_argument("--sizes", default=None, help="comma-separated N (default 10000,100000)")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    sizes = (10**4,) if args.quick else SIZES
    if args.sizes:
        sizes = tuple(int(s) for s in args.sizes.split(","))
    print(table(rows(CODES, sizes, args.repeat)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
