"""A second, plain-Python Sprague–Grundy computation for the rectangle-cutting games.

Independent of :mod:`gamecert.solvers.cutting.solver` (no shared code, no compiled kernel,
no symmetry or half-range shortcuts): every cut of every piece is listed and
the mex taken over a Python set. The Cutting Game's normal-play form (cuts at
``2..n-2``) rests on the "never leave a side of length 1" lemma, which
:mod:`gamecert.verify.cutting.search` checks against the literal rules on small sizes.
"""

from __future__ import annotations

from collections.abc import Iterable

from gamecert.solvers.errors import GamecertError

#: Largest side :func:`reference_wins` accepts in about two seconds.
MAX_SIDE = 200


def _available(rule: str, side: int, other: int) -> range:
    if rule == "cutting":
        return range(2, side - 1)
    return range(2 if other == 1 else 1, side - 1 if other == 1 else side)


def reference_grundy(rule: str, size: int) -> list[list[int]]:
    """Compute Sprague–Grundy values of all pieces up to ``size x size`` in plain Python.

    Notes
    -----
    Rows in increasing order, each row left to right, so every option is
    final before it is read; ``O(size^3)`` time, ``O(size^2)`` space.
    Undefined entries (index 0, the Split ``1 x 1``, Cutting sides of 1) are -1.

    >>> reference_grundy("split", 6)[1][2:]
    [0, 0, 1, 1, 2]
    """
    if rule not in ("split", "cutting"):
        raise GamecertError(f"unknown cutting rule {rule!r}; choose from split, cutting")
    low = 1 if rule == "split" else 2
    g = [[-1] * (size + 1) for _ in range(size + 1)]
    for n in range(low, size + 1):
        for m in range(low, size + 1):
            if n == 1 and m == 1:
                continue
            options = set()
            for k in _available(rule, n, m):
                options.add(g[k][m] ^ g[n - k][m])
            for k in _available(rule, m, n):
                options.add(g[n][k] ^ g[n][m - k])
            mex = 0
            while mex in options:
                mex += 1
            g[n][m] = mex
    return g


def fits(pieces: Iterable[tuple[int, int]]) -> str | None:
    """``None`` if :func:`reference_wins` handles ``pieces`` in about two seconds."""
    side = max((max(a, b) for a, b in pieces), default=0)
    return None if side <= MAX_SIDE else f"side {side} > {MAX_SIDE}, too large for the plain-Python table"


def reference_wins(pieces: Iterable[tuple[int, int]], rule: str) -> tuple[bool, ...]:
    """For each one-piece game, whether the player to move wins (plain-Python table).

    >>> reference_wins([(1, 2), (1, 6), (4, 3), (3, 5)], "split")
    (False, True, True, False)
    """
    pieces = list(pieces)
    size = max((max(a, b) for a, b in pieces), default=0)
    g = reference_grundy(rule, size)
    return tuple(g[a][b] != 0 for a, b in pieces)
