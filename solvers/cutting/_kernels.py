"""Compiled kernel for the Sprague–Grundy tables of the rectangle-cutting games.

Private: :mod:`gamecert.solvers.cutting.solver` checks the arguments. The kernel fills the
table bottom-up (rows in increasing order, each row left to right), so no
entry is read before it is written and nothing recurses.
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.jit import kernel


@kernel
def grundy_kernel(size, min_side, no_unit):
    """The ``(size + 1) x (size + 1)`` table ``g[n, m]``, ``-1`` where undefined.

    A rule's normal-play form (:class:`~gamecert.solvers.cutting.rules.CuttingRule`):
    every piece and every part a cut leaves has both sides at least
    ``min_side``, and with ``no_unit`` no cut leaves a ``1 x 1`` part (the
    ``1 x 1`` entry is then undefined). A side of length ``n`` is cut at
    ``lo..n-lo``, where ``lo = min_side``, raised to 2 when ``no_unit`` and
    the other side is 1. Entries with a side shorter than ``min_side`` are undefined.
    """
    g = np.full((size + 1, size + 1), -1, dtype=np.int32)
    # mex <= number of options <= size + 1, so larger xors never matter.
    width = size + 2
    seen = np.zeros(width, dtype=np.int64)
    stamp = 0
    for n in range(min_side, size + 1):
        for m in range(n, size + 1):
            if no_unit and m == 1:  # n <= m: the 1 x 1 piece
                continue
            stamp += 1
            # Invariant: g[a, b] and g[b, a] are final for every a < n, and for
            # a == n, b < m (rows go up, columns go right, writes are mirrored).
            # Indices are unsigned: 1 <= min_side <= k <= side - k (the solver checks min_side),
            # and unsigned indices spare numba's negative-index wraparound in the inner loops.
            # Cuts across the side n; the other side m is 1 only when n is too, so no cut.
            lo = max(min_side, 2) if (no_unit and m == 1) else min_side
            for k in range(lo, n // 2 + 1):
                x = g[np.uint64(k), m] ^ g[np.uint64(n - k), m]
                if x < width:
                    seen[x] = stamp
            # Cuts across the side m; with no_unit a 1 x m strip may not be cut at 1 or m-1.
            lo = max(min_side, 2) if (no_unit and n == 1) else min_side
            for k in range(lo, m // 2 + 1):
                x = g[n, np.uint64(k)] ^ g[n, np.uint64(m - k)]
                if x < width:
                    seen[x] = stamp
            mex = 0
            while seen[mex] == stamp:
                mex += 1
            g[n, m] = mex
            g[m, n] = mex
    return g
