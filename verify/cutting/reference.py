"""A second, plain-Python Sprague–Grundy computation for the rectangle-cutting games.

Independent of :mod:`gamecert.solvers.cutting.solver` (no shared code, no compiled kernel,
no symmetry or half-range shortcuts): every cut of every piece is listed and
the mex taken over a Python set. It reads only the rule's normal-play fields
(minimum side, the ``1 x 1`` flag). The Cutting Game's normal-play form (cuts at
``2..n-2``) rests on the "never leave a side of length 1" lemma, which
:mod:`gamecert.verify.cutting.search` checks against the literal rules on small sizes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gamecert.solvers.cutting.rules import CuttingRule
from gamecert.solvers.errors import GamecertError
from gamecert.verify.game import Formulation, Rate

if TYPE_CHECKING:
    from gamecert.solvers.cutting.solver import Pieces

#: Largest side :func:`reference_wins` accepts in about two seconds.
MAX_SIDE = 200
#: Seconds per unit of side³ of :func:`reference_grundy`: about two seconds at :data:`MAX_SIDE`.
TABLE_RATE = Rate(2.0 / MAX_SIDE**3, "side ** 3", "timing reference_grundy at MAX_SIDE")


def _available(rule: CuttingRule, side: int, other: int) -> range:
    """The cut positions ``k`` of a side of length ``side`` when the other side is ``other``:
    both parts ``k`` and ``side - k`` at least the least side, and no ``1 x 1`` part where forbidden."""
    low = rule.min_side
    if rule.no_unit and other == 1:
        low = max(low, 2)
    return range(low, side - low + 1)


def reference_grundy(rule: CuttingRule, size: int) -> list[list[int]]:
    """Compute Sprague–Grundy values of all pieces up to ``size x size`` in plain Python.

    Notes
    -----
    Rows in increasing order, each row left to right, so every option is
    final before it is read; ``O(size^3)`` time, ``O(size^2)`` space.
    Undefined entries (index 0, sides below the rule's least side, a
    forbidden ``1 x 1``) are -1.

    >>> from gamecert.solvers.cutting.rules import SPLIT
    >>> reference_grundy(SPLIT, 6)[1][2:]
    [0, 0, 1, 1, 2]
    """
    if not isinstance(rule, CuttingRule):
        raise GamecertError(f"expected a CuttingRule, got {rule!r}")
    low = rule.min_side
    g = [[-1] * (size + 1) for _ in range(size + 1)]
    for n in range(low, size + 1):
        for m in range(low, size + 1):
            if rule.no_unit and n == 1 and m == 1:
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


def reference_wins(pieces: Iterable[tuple[int, int]], rule: CuttingRule) -> tuple[bool, ...]:
    """For each one-piece game, whether the player to move wins (plain-Python table).

    >>> from gamecert.solvers.cutting.rules import SPLIT
    >>> reference_wins([(1, 2), (1, 6), (4, 3), (3, 5)], SPLIT)
    (False, True, True, False)
    """
    pieces = list(pieces)
    size = max((max(a, b) for a, b in pieces), default=0)
    g = reference_grundy(rule, size)
    return tuple(g[a][b] != 0 for a, b in pieces)


class CuttingReferenceFormulation(Formulation["Pieces", tuple[bool, ...]]):
    """The ``plain-sg`` formulation: each query's winner from :func:`reference_grundy`."""

    name = "plain-sg"

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule

    def fits(self, pieces: Pieces) -> str | None:
        return None

    def predict(self, pieces: Pieces) -> float:
        """The table up to the largest side: about two seconds at :data:`MAX_SIDE`, growing as the side cubed
        (side² entries, each with O(side) options)."""
        side = max((max(p.rows, p.cols) for p in pieces), default=0)
        return TABLE_RATE.seconds(float(side) ** 3)

    def run(self, pieces: Pieces) -> tuple[bool, ...]:
        return reference_wins(((p.rows, p.cols) for p in pieces), self.rule)
