"""Checking a Sprague–Grundy table of a rectangle-cutting game from the table alone.

A table ``g`` is the Sprague–Grundy function of the game exactly when every
defined entry equals the mex of ``g(a) xor g(b)`` over the available cuts
into parts ``a`` and ``b``: by induction on the area, a function satisfying
these equations is unique. So the checker trusts nothing the solver computed
beyond the table itself, and shares no code with :mod:`gamecert.solvers.cutting.solver`.

Cuts follow the rule's normal-play fields (a side of length ``n`` cut at
``k`` into ``k`` and ``n - k``): ``s <= k <= n - s`` for the rule's least
side ``s``, and where the rule forbids ``1 x 1`` parts, no cut produces one
(Split Game: ``s = 1``, no ``1 x 1``; Cutting Game: ``s = 2``). Entries with
a side shorter than ``s``, the forbidden ``1 x 1``, and row and column 0 are
undefined and must hold ``-1``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gamecert.solvers.cutting.rules import CuttingRule
from gamecert.verify.errors import CertificateError


@dataclass(frozen=True)
class Violation:
    """Entry ``(rows, cols)`` holds ``stored`` but the mex of its options is ``mex``."""

    rows: int
    cols: int
    stored: int
    mex: int

    def __str__(self) -> str:
        return f"entry {self.rows}x{self.cols} is {self.stored}, but the mex of its cuts is {self.mex}"


def _defined(rule: CuttingRule, n: int, m: int) -> bool:
    low = max(rule.min_side, 1)
    return n >= low and m >= low and not (rule.no_unit and n == 1 and m == 1)


def _row_options(g: np.ndarray, rule: CuttingRule, n: int) -> np.ndarray:
    """Options of every piece ``n x m`` of row ``n``: row ``m`` lists ``g(a) xor g(b)``.

    Unavailable cuts hold ``-1``. Column block one: cuts across the side
    ``n`` at ``k = 1..n-1``; block two: cuts across the side ``m`` at
    ``k = 1..C-1`` (only ``k < m`` exist). A part must keep both sides at
    least the rule's least side, and a side across from a side 1 is cut at
    2 or more where the rule forbids ``1 x 1`` parts.
    """
    cols = g.shape[1]
    s, unit = rule.min_side, rule.no_unit
    m = np.arange(cols)[:, None]
    k = np.arange(1, max(n, 1))[None, :]
    low = np.where(unit & (m == 1) & (k >= 0), max(s, 2), s)
    ok = (k >= low) & (n - k >= low)
    across_rows = np.where(ok, g[k, m] ^ g[n - k, m], -1)
    k = np.arange(1, cols)[None, :]
    low = max(s, 2) if (unit and n == 1) else s
    ok = (k >= low) & (m - k >= low)
    other = np.where(ok, m - k, 0)
    across_cols = np.where(ok, g[n, k] ^ g[n, other], -1)
    return np.concatenate([across_rows, across_cols], axis=1)


def check_sg_table(values, rule: CuttingRule) -> list[Violation]:
    """Check a rectangle-cutting Sprague–Grundy table: list every entry that is not its mex.

    Parameters
    ----------
    values : 2-D integer array, entry ``[n, m]`` for the ``n x m`` piece;
        need not be square
    rule : the game's :class:`~gamecert.solvers.cutting.rules.CuttingRule`

    Returns
    -------
    list of :class:`Violation`, empty when the table is the game's
    Sprague–Grundy function on its whole range.

    Raises
    ------
    CertificateError
        if the table cannot be read: not 2-D integers, a defined entry
        negative, an undefined entry other than -1.

    Notes
    -----
    Row by row, the options ``g(a) xor g(b)`` of every piece of the row are
    gathered into one array by numpy indexing, and each piece's mex is read
    off a presence array: ``O(R C (R + C))`` time for an ``R x C`` table,
    ``O(C (R + C))`` extra space.

    Examples
    --------
    >>> from gamecert.solvers.cutting.rules import SPLIT
    >>> g = -np.ones((3, 3), dtype=int); g[1, 2] = g[2, 1] = 0; g[2, 2] = 1
    >>> check_sg_table(g, SPLIT)
    []
    >>> g[2, 2] = 0; [str(v) for v in check_sg_table(g, SPLIT)]
    ['entry 2x2 is 0, but the mex of its cuts is 1']
    """
    if not isinstance(rule, CuttingRule):
        raise CertificateError(f"expected a CuttingRule, got {rule!r}")
    g = np.asarray(values)
    if g.ndim != 2 or not np.issubdtype(g.dtype, np.integer):
        raise CertificateError(f"expected a 2-D integer table, got {g.ndim}-D {g.dtype}")
    g = g.astype(np.int64)
    rows, cols = g.shape
    for n in range(rows):
        for m in range(cols):
            defined = _defined(rule, n, m)
            if defined and g[n, m] < 0:
                raise CertificateError(f"entry {n}x{m} is {g[n, m]}, expected a value >= 0")
            if not defined and g[n, m] != -1:
                raise CertificateError(f"entry {n}x{m} is undefined in the {rule.name} game, expected -1, got {g[n, m]}")
    violations = []
    for n in range(rows):
        options = _row_options(g, rule, n)
        # mex <= number of options < width, so larger values (and -1) go to the spare column.
        width = options.shape[1] + 1
        present = np.zeros((cols, width + 1), dtype=bool)
        present[np.arange(cols)[:, None], np.where((options >= 0) & (options < width), options, width)] = True
        mex = np.argmin(present[:, :width], axis=1)
        for m in np.flatnonzero(mex != g[n]).tolist():
            if _defined(rule, n, m):
                violations.append(Violation(n, m, int(g[n, m]), int(mex[m])))
    return violations
