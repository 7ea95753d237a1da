"""The plain quadratic kernel of an octal game's nim-sequence.

Shared contract with the sparse-space kernel (:mod:`gamecert.solvers.octal.sparse`):
``f(digits, n)`` takes the code's digits (``int64``, one-dimensional,
``digits[k]`` for removing ``k`` tokens, :class:`~gamecert.solvers.octal.code.OctalCode`)
and a heap size ``n >= 0``, and returns ``G(0..n)`` as an ``int64`` array of
length ``n + 1``. Kernels trust their input: the public boundary is
:func:`gamecert.solvers.octal.solver.nim_sequence`.
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.jit import kernel


@kernel
def nim_sequence_plain(digits: np.ndarray, n: int) -> np.ndarray:
    """The nim-values ``G(0..n)`` of an octal code, every option of every heap visited.

    Notes
    -----
    ``G(h)`` is the mex of ``G(h - k)`` (digit bit 2, ``h > k``), 0 (bit 1,
    ``h == k``) and ``G(a) xor G(h - k - a)`` for ``1 <= a <= (h - k) / 2``
    (bit 4). The mex uses a stamp array: ``seen[v] == h`` marks ``v`` as an
    option value of heap ``h``, so nothing is cleared between heaps; it
    doubles when a value outgrows it. Time ``O(n^2 · w)`` for ``w`` digits
    with bit 4 (``O(n · t)`` without), space ``O(n + max G)``.

    >>> nim_sequence_plain(np.array([0, 7, 7]), 12).tolist()  # Kayles
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    """
    g = np.zeros(n + 1, dtype=np.int64)
    size = 64
    seen = np.full(size, -1, dtype=np.int64)
    t = digits.shape[0] - 1
    for h in range(1, n + 1):
        top = 0  # every value marked for heap h is below top
        for k in range(min(t, h) + 1):
            d = digits[k]
            if d == 0:
                continue
            rest = h - k
            if rest == 0:
                if d & 1:
                    seen[0] = h
                    if top < 1:
                        top = 1
                continue
            if d & 2 and k > 0:
                v = g[rest]
                if v >= size:
                    grown = np.full(2 * v + 2, -1, dtype=np.int64)
                    grown[:size] = seen
                    seen = grown
                    size = seen.shape[0]
                seen[v] = h
                if v + 1 > top:
                    top = v + 1
            if d & 4:
                for a in range(1, rest // 2 + 1):
                    v = g[a] ^ g[rest - a]
                    if v >= size:
                        grown = np.full(2 * v + 2, -1, dtype=np.int64)
                        grown[:size] = seen
                        seen = grown
                        size = seen.shape[0]
                    seen[v] = h
                    if v + 1 > top:
                        top = v + 1
        m = 0
        while m < top and seen[m] == h:
            m += 1
        g[h] = m
    return g
