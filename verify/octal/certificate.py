"""Checking an octal game's certificate from the code and the values alone.

A certificate is ``(preperiod n0, period p, G(0..L-1))``. The values are the
nim-sequence exactly when each ``G(h)`` is the mex of its options' values (by
induction on ``h`` such a sequence is unique), so :func:`check_octal_certificate`
recomputes every value from the moves the code allows, written here from the
definition of an octal code (docs/octal.md) and sharing no code with the
kernels of :mod:`gamecert.solvers.octal`. A proven period is then checked
over the octal periodicity theorem's range ``n0 <= n < 2·max(n0, 1) + p + t``
(``t`` the most tokens a move removes), which needs ``L >= 2·max(n0, 1) + 2p + t``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gamecert.verify.errors import CertificateError


def _option_values(digits: Sequence[int], g: np.ndarray, h: int) -> np.ndarray:
    """The values of every option of a heap of ``h``: what is left after removing ``k`` tokens, as the digit allows."""
    found = []
    for k, d in enumerate(digits):
        left = h - k
        if left < 0:
            break
        if left == 0 and d & 1:  # the whole heap taken
            found.append(np.zeros(1, dtype=np.int64))
        if left >= 1 and k >= 1 and d & 2:  # one smaller heap left
            found.append(g[left : left + 1])
        if left >= 2 and d & 4:  # two non-empty heaps a + b = left, a <= b
            a = np.arange(1, left // 2 + 1)
            found.append(g[a] ^ g[left - a])
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)


def _mex(values: np.ndarray) -> int:
    present = np.zeros(len(values) + 1, dtype=bool)
    small = values[values <= len(values)]
    present[small] = True
    return int(np.argmin(present))  # the first False: there is one, as len(values) + 1 slots hold at most len(values)


def octal_values(digits: Sequence[int], n: int) -> list[int]:
    """``G(0..n)`` of the octal code ``digits`` by the mex of every option (the checker's own computation).

    >>> octal_values((0, 7, 7), 8)  # Kayles
    [0, 1, 2, 3, 1, 4, 3, 2, 1]
    """
    g = np.zeros(n + 1, dtype=np.int64)
    for h in range(1, n + 1):
        g[h] = _mex(_option_values(digits, g, h))
    return g.tolist()


def _well_formed(digits, values, preperiod, period) -> None:
    if not isinstance(digits, (list, tuple)) or not digits or not all(type(d) is int and 0 <= d <= 7 for d in digits):
        raise CertificateError(f"expected the code's digits 0-7, got {digits!r}")
    if digits[0] not in (0, 4):
        raise CertificateError(f"expected digit 0 or 4 before the point, got {digits[0]}")
    if not isinstance(values, (list, tuple)) or not all(type(v) is int and v >= 0 for v in values):
        raise CertificateError("expected the values as a list of whole numbers 0 or more")
    if (preperiod is None) != (period is None):
        raise CertificateError("expected a preperiod and a period together, or neither")
    if period is not None and (type(preperiod) is not int or type(period) is not int or preperiod < 0 or period < 1):
        raise CertificateError(f"expected a preperiod >= 0 and a period >= 1, got {preperiod!r} and {period!r}")


def check_octal_certificate(
    digits: Sequence[int], values: Sequence[int], preperiod: int | None, period: int | None, proven: bool
) -> list[str]:
    """The violations of an octal certificate (empty: it holds).

    Every value must be the mex of its options; with ``proven``, ``G(n + p) =
    G(n)`` over the theorem's whole range. A certificate that cannot be read
    (digits that are no code, negative values, a proven period with too few
    values to check it) raises :class:`~gamecert.verify.errors.CertificateError`.

    >>> check_octal_certificate((0, 7, 7), [0, 1, 2, 3, 1, 4], None, None, False)
    []
    >>> check_octal_certificate((0, 7, 7), [0, 1, 2, 3, 2], None, None, False)
    ['G(4) is 2, but the mex of its options is 1']
    """
    _well_formed(digits, values, preperiod, period)
    t = len(digits) - 1
    while t > 0 and digits[t] == 0:
        t -= 1
    end = None
    if proven:
        if period is None:
            raise CertificateError("a proven certificate needs a preperiod and a period")
        end = 2 * max(preperiod, 1) + period + t
        if len(values) < end + period:
            raise CertificateError(
                f"the theorem reads G(0..{end + period - 1}) for preperiod {preperiod}, period {period}, t = {t}; "
                f"the certificate has {len(values)} values"
            )
    problems = []
    g = np.array(values, dtype=np.int64)
    if len(g) and g[0] != 0:
        problems.append(f"G(0) is {int(g[0])}, but a heap of 0 has no move (0)")
    for h in range(1, len(g)):
        m = _mex(_option_values(digits[: t + 1], g, h))
        if m != g[h]:
            problems.append(f"G({h}) is {int(g[h])}, but the mex of its options is {m}")
    if end is not None:
        for n in range(preperiod, end):
            if g[n + period] != g[n]:
                problems.append(f"G({n + period}) is {int(g[n + period])}, but G({n}) is {int(g[n])}: period {period} fails")
    return problems
