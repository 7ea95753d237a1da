"""Compiled kernel for the Sprague–Grundy tables of the rectangle-cutting games.

Private: :mod:`gamecert.solvers.cutting.solver` checks the arguments. The kernel fills the
table bottom-up (rows in increasing order, each row left to right), so no
entry is read before it is written and nothing recurses.
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.jit import kernel

#: Rule codes understood by :func:`grundy_kernel`.
SPLIT, CUTTING = 0, 1


@kernel
def grundy_kernel(size, rule):
    """The ``(size + 1) x (size + 1)`` table ``g[n, m]``, ``-1`` where undefined.

    Split (``rule == 0``): a side of length ``n`` is cut at ``1..n-1``, except
    that cuts leaving a ``1 x 1`` piece are not available; ``g[1, 1]`` is
    undefined. Cutting (``rule == 1``): a side of length ``n`` is cut at
    ``2..n-2``; entries with a side shorter than 2 are undefined.
    """
    g = np.full((size + 1, size + 1), -1, dtype=np.int32)
    # mex <= number of options <= size + 1, so larger xors never matter.
    width = size + 2
    seen = np.zeros(width, dtype=np.int64)
    stamp = 0
    first = 1 if rule == SPLIT else 2
    for n in range(first, size + 1):
        for m in range(n, size + 1):
            if rule == SPLIT and m == 1:
                continue
            stamp += 1
            # Invariant: g[a, b] and g[b, a] are final for every a < n, and for
            # a == n, b < m (rows go up, columns go right, writes are mirrored).
            lo = 2 if rule == CUTTING else 1
            # Cuts across the side n (the other side is m >= 2, so never 1x1).
            for k in range(lo, n // 2 + 1):
                if n - k < lo:
                    break
                x = g[k, m] ^ g[n - k, m]
                if x < width:
                    seen[x] = stamp
            # Cuts across the side m; a 1 x m strip may not be cut at 1 or m-1.
            lo_m = 2 if (rule == CUTTING or n == 1) else 1
            for k in range(lo_m, m // 2 + 1):
                if m - k < lo_m:
                    break
                x = g[n, k] ^ g[n, m - k]
                if x < width:
                    seen[x] = stamp
            mex = 0
            while seen[mex] == stamp:
                mex += 1
            g[n, m] = mex
            g[m, n] = mex
    return g
