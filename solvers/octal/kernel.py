"""The plain quadratic kernel of an octal game's nim-sequence.

Shared contract with the sparse-space kernel (:mod:`gamecert.solvers.octal.sparse`):
``f(digits, n, unequal)`` takes the code's digits (``int64``, one-dimensional,
``digits[k]`` for removing ``k`` tokens, :class:`~gamecert.solvers.octal.code.OctalCode`),
a heap size ``n >= 0`` and whether splits must leave two different heaps
(Grundy's game), and returns ``G(0..n)`` as an integer array of length ``n + 1``. Kernels trust their input: the public boundary is
:func:`gamecert.solvers.octal.solver.nim_sequence`.
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.jit import kernel


def nim_sequence_plain(digits: np.ndarray, n: int, unequal: bool = False) -> np.ndarray:
    """The nim-values ``G(0..n)`` of an octal code, every option of every heap visited.

    Notes
    -----
    ``G(h)`` is the mex of 0 (digit bit 1, ``h == k``), ``G(h - k)`` (bit 2,
    ``h > k``) and ``G(a) xor G(h - k - a)`` for ``1 <= a <= (h - k) / 2``
    (bit 4; ``2a < h - k`` when ``unequal``). Every option value is below ``cap``, the power of two above the
    largest value so far, so a stamp array of ``cap + 1`` entries holds them:
    ``seen[v] == h`` marks ``v`` as an option value of heap ``h`` (nothing is
    cleared between heaps), and the mex is the first unmarked entry. Time
    ``O(n^2 · w)`` for ``w`` digits with bit 4 (``O(n · t)`` without), space
    ``O(n + max G)``.

    >>> nim_sequence_plain(np.array([0, 7, 7]), 12).tolist()  # Kayles
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    >>> nim_sequence_plain(np.array([4]), 8, True).tolist()  # Grundy's game
    [0, 0, 0, 1, 0, 2, 1, 0, 2]
    """
    return _plain(np.asarray(digits, dtype=np.int64), int(n), bool(unequal))


@kernel
def _plain(digits, n, unequal):
    """:func:`nim_sequence_plain`'s loop."""
    g = np.zeros(n + 1, dtype=np.int64)
    cap = 1  # a power of two above every value so far: every xor of two values is below it
    seen = np.full(cap + 1, -1, dtype=np.int64)
    t = digits.shape[0] - 1
    for h in range(1, n + 1):
        for k in range(min(t, h) + 1):
            d = digits[k]
            rest = h - k
            if rest == 0:
                if d & 1:
                    seen[0] = h
            else:
                if d & 2 and k > 0:
                    seen[g[rest]] = h
                if d & 4:
                    for a in range(1, (rest - 1) // 2 + 1 if unequal else rest // 2 + 1):
                        seen[g[a] ^ g[rest - a]] = h
        m = 0
        while seen[m] == h:
            m += 1
        g[h] = m
        if m >= cap:
            while cap <= m:
                cap *= 2
            grown = np.full(cap + 1, -1, dtype=np.int64)
            grown[: seen.shape[0]] = seen
            seen = grown
    return g
