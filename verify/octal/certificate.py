"""Checking an octal game's certificate from the code and the values alone.

A certificate is ``(preperiod n0, period p, G(0..L-1))``. The values are the
nim-sequence exactly when each ``G(h)`` is the mex of its options' values (by
induction on ``h`` such a sequence is unique), so :func:`check_octal_values`
checks every value against the moves the code allows, written here from the
definition of an octal code (docs/octal.md) and sharing no code with the
kernels of :mod:`gamecert.solvers.octal`, in two parts:

* ``G(0..2^16 - 1)`` (:data:`PLAIN_VALUES`): each value recomputed as the mex
  of every option, quadratic (a compiled loop: ``2^30`` splits);
* the rest by the sparse-space argument, vectorized over heaps: the checker
  picks its own sparse space from the claimed values (any choice is exact,
  only the time depends on it), marks the options with a rare part, and
  scans every split only of the heaps that need it (docs/octal.md, "The
  certificate at scale").

A proven period is then checked over the octal periodicity theorem's range
``n0 <= n < 2·max(n0, 1) + p + t`` (``t`` the most tokens a move removes),
which needs ``L >= 2·max(n0, 1) + 2p + t``.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass

import numpy as np

from gamecert.solvers.jit import kernel, python_kernels
from gamecert.verify.errors import CertificateError

#: Values checked by the plain mex of every option; past them, the sparse-space check.
PLAIN_VALUES = 1 << 16
#: Split values the sparse-space check may examine (marking rare parts and full scans): past it the check
#: stops, says where, and a proof needing more is not given (a code without a sparse space is quadratic).
CHECK_BUDGET = 2 * 10**10
#: Certificates of at most this many values are checked by the loops run as plain Python (numba not loaded).
SMALL = 1 << 11
#: Masks the checker tries for its sparse space: every one below the value bound up to this bound.
MASK_SEARCH = 4096


def _option_values(digits: Sequence[int], g: np.ndarray, h: int, unequal: bool = False) -> np.ndarray:
    """The values of every option of a heap of ``h``: what is left after removing ``k`` tokens, as the digit allows."""
    found = []
    for k, d in enumerate(digits):
        left = h - k
        if left < 0:
            break
        if left == 0 and d & 1:  # the whole heap taken
            found.append(np.zeros(1, dtype=np.int64))
        if left >= 1 and k >= 1 and d & 2:  # one smaller heap left
            found.append(g[left : left + 1].astype(np.int64))
        if left >= 2 and d & 4:  # two non-empty heaps a + b = left, a <= b (a < b for unequal splits)
            a = np.arange(1, (left - 1) // 2 + 1 if unequal else left // 2 + 1)
            found.append((g[a] ^ g[left - a]).astype(np.int64))
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)


def _mex(values: np.ndarray) -> int:
    present = np.zeros(len(values) + 1, dtype=bool)
    small = values[values <= len(values)]
    present[small] = True
    return int(np.argmin(present))  # the first False: there is one, as len(values) + 1 slots hold at most len(values)


def octal_values(digits: Sequence[int], n: int, unequal: bool = False) -> list[int]:
    """``G(0..n)`` of the octal code ``digits`` by the mex of every option (the checker's own computation).

    >>> octal_values((0, 7, 7), 8)  # Kayles
    [0, 1, 2, 3, 1, 4, 3, 2, 1]
    >>> octal_values((4,), 8, unequal=True)  # Grundy's game
    [0, 0, 0, 1, 0, 2, 1, 0, 2]
    """
    g = np.zeros(n + 1, dtype=np.int64)
    for h in range(1, n + 1):
        g[h] = _mex(_option_values(digits, g, h, unequal))
    return g.tolist()


@dataclass(frozen=True)
class ValuesCheck:
    """What :func:`check_octal_values` found and covered.

    ``G(0..plain - 1)`` were recomputed by the plain mex, ``G(plain..end - 1)``
    checked by the sparse-space argument (``end == plain`` when that part did
    not run), out of ``length`` values; the sparse part used ``mask``,
    ``flip``, ``rare`` (as in the solver: heap ``a`` is rare when
    ``par(G(a) & mask) xor (flip * a mod 2) == rare``) with ``rare_heaps``
    rare heaps and scanned ``scanned`` heaps in full.
    """

    problems: list[str]
    plain: int
    end: int
    length: int
    mask: int = 0
    flip: int = 0
    rare: int = 0
    rare_heaps: int = 0
    scanned: int = 0

    @property
    def complete(self) -> bool:
        return self.end == self.length

    def describe(self) -> str:
        """Which range each part covered, in words."""
        text = f"G(0..{self.plain - 1}) recomputed from every option"
        if self.end > self.plain:
            text += (
                f", G({self.plain}..{self.end - 1}) by the sparse-space argument (mask {self.mask:#x}"
                f"{', heap parity' if self.flip else ''}: {self.rare_heaps} rare heaps, {self.scanned} heaps scanned in full)"
            )
        if not self.complete:
            text += f"; G({self.end}..{self.length - 1}) not checked (past the check's budget of {CHECK_BUDGET:.0e} split values)"
        return text


def check_octal_values(
    digits: Sequence[int], values: Sequence[int] | np.ndarray, unequal: bool = False,
    plain: int = PLAIN_VALUES, budget: int = CHECK_BUDGET,
) -> ValuesCheck:
    """Whether every value is the mex of its options: the plain check on the first ``plain`` values, the
    sparse-space check on the rest, within ``budget`` split values.

    >>> check_octal_values((0, 7, 7), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4], plain=5).describe()
    'G(0..4) recomputed from every option, G(5..12) by the sparse-space argument (mask 0x5: 3 rare heaps, 2 heaps scanned in full)'
    """
    t = len(digits) - 1
    while t > 0 and digits[t] == 0:
        t -= 1
    digits = tuple(digits[: t + 1])
    g = np.asarray(values)
    g = g.astype(np.int64) if g.dtype.kind not in "iu" or g.dtype.itemsize > 4 else g
    problems = []
    if len(g) and g[0] != 0:
        problems.append(f"G(0) is {int(g[0])}, but a heap of 0 has no move (0)")
    first = min(len(g), max(plain, 1))
    width = 2
    while width <= int(g[:first].max(initial=0)) + 1:
        width *= 2
    with python_kernels(True) if first <= SMALL else nullcontext():  # too few values to be worth loading numba
        wrong = _plain_check(g[:first], np.array(digits, dtype=np.int64), bool(unequal), width)
    for h in wrong.tolist():
        m = _mex(_option_values(digits, g, h, unequal))
        problems.append(f"G({h}) is {int(g[h])}, but the mex of its options is {m}")
    if first == len(g):
        return ValuesCheck(problems, first, first, len(g))
    return _sparse_check(digits, unequal, g, first, budget, problems)


@kernel
def _plain_check(g, digits, unequal, width):
    """The heaps ``h >= 1`` of ``g`` whose value is not the mex of all their options (the first 100)."""
    seen = np.zeros(width + 1, dtype=np.int64)  # seen[v] == h: v is an option of heap h
    bad = np.zeros(100, dtype=np.int64)
    wrong = 0
    for h in range(1, len(g)):
        for k in range(min(len(digits) - 1, h) + 1):
            d = digits[k]
            left = h - k
            if left == 0 and d & 1:
                seen[0] = h
            if left >= 1 and k >= 1 and d & 2:
                seen[g[left]] = h
            if left >= 2 and d & 4:
                for a in range(1, (left - 1) // 2 + 1 if unequal else left // 2 + 1):
                    seen[g[a] ^ g[left - a]] = h
        c = 0
        while seen[c] == h:
            c += 1
        if c != g[h]:
            if wrong < len(bad):
                bad[wrong] = h
            wrong += 1
    return bad[: min(wrong, len(bad))]


def _parities(width: int) -> np.ndarray:
    """``_parities(w)[v]``: the parity of the number of ones of ``v < w``."""
    table = np.zeros(width, dtype=np.uint8)
    step = 1
    while step < width:
        table[step : 2 * step] = table[:step] ^ 1
        step *= 2
    return table


def _own_space(g: np.ndarray, splits: list[int], width: int, parity: np.ndarray) -> tuple[int, int, int]:
    """The ``(mask, flip, rare)`` with the fewest rare heaps among ``1..L-1``, by counting (no transform):
    for ``flip = 0`` the rare label is 0, for ``flip = 1`` (only when every split removes a number of one
    parity) the parity of those numbers, so the common values have the parity no common pair of parts gives."""
    even = np.bincount(g[2::2], minlength=width)[:width]
    odd = np.bincount(g[1::2], minlength=width)[:width]
    masks = np.arange(1, width) if width <= MASK_SEARCH else np.array([width - 1])
    if len(masks) == 0:
        return 0, 0, 1
    labels = parity[np.bitwise_and.outer(masks, np.arange(width))]  # labels[i, v]: par(v & masks[i])
    options = [(labels == 0).astype(np.int64) @ (even + odd), 0, 0]
    best = [(int(options[0].min()), int(masks[int(options[0].argmin())]), 0, 0)]
    if splits and len({k & 1 for k in splits}) == 1:
        r = splits[0] & 1
        counts = (labels == r).astype(np.int64) @ even + (labels != r).astype(np.int64) @ odd
        best.append((int(counts.min()), int(masks[int(counts.argmin())]), 1, r))
    _, mask, flip, rare = min(best)
    return mask, flip, rare


def _sparse_check(digits, unequal, g, start, budget, problems) -> ValuesCheck:
    """The values from ``start`` on by the sparse-space argument (docs/octal.md, "The certificate at scale")."""
    length = len(g)
    ends = np.array([k for k, d in enumerate(digits) if k >= 1 and d & 1], dtype=np.int64)
    takes = np.array([k for k, d in enumerate(digits) if k >= 1 and d & 2], dtype=np.int64)
    splits = [k for k, d in enumerate(digits) if d & 4]
    width = 1
    while width <= int(g.max()):
        width *= 2
    parity = _parities(width)
    mask, flip, rare = _own_space(g, splits, width, parity)
    heaps = np.arange(length)
    label = parity[g & mask] ^ (flip & heaps & 1).astype(np.uint8)
    rare_heaps = np.flatnonzero(label[1:] == rare).astype(np.int64) + 1
    bad, end, scanned = _check_heaps(
        g, ends, takes, np.array(splits, dtype=np.int64), bool(unequal), rare_heaps, parity,
        np.int64(mask), np.int64(flip), np.int64(start), np.int64(budget),
    )
    for h in bad.tolist():
        m = _mex(_option_values(digits, g, h, unequal))
        problems.append(f"G({h}) is {int(g[h])}, but the mex of its options is {m}")
    return ValuesCheck(problems, start, int(end), length, mask, flip, rare, len(rare_heaps), int(scanned))


@kernel
def _check_heaps(g, ends, takes, splits, unequal, rare_heaps, parity, mask, flip, start, budget):
    """Heaps ``start, start + 1, ...`` checked one by one: ``(wrong heaps, end, heaps scanned in full)``, ``end``
    the first heap not checked (the budget of split values ran out there) or ``len(g)``.

    Per heap ``h``: the options with no heap or one heap left, and every split
    with a rare part, are marked. If ``G(h)`` has a parity some pair of
    common parts can give, every split is marked and the mex compared
    (scanned in full); otherwise ``G(h)`` must be unmarked (no other option
    can have its parity) and every smaller value marked, the missing ones by
    the splits ``a = 1, 2, ...`` until none is missing.
    """
    width = len(parity)
    seen = np.zeros(width + 1, dtype=np.int64)  # seen[v] == stamp: v is an option of the heap being checked
    smallest = 3 if unequal else 2
    bad = np.zeros(100, dtype=np.int64)  # the first wrong heaps
    wrong = 0
    cost = 0
    scanned = 0
    for h in range(start, len(g)):
        stamp = h + 1
        own = g[h]
        for k in ends:
            if k == h:
                seen[0] = stamp
        for k in takes:
            if k < h:
                seen[g[h - k]] = stamp
        shares = False
        for k in splits:
            s = h - k
            if s < smallest:
                continue
            if parity[own & mask] == (flip & s & 1):
                shares = True
            for a in rare_heaps:
                if a >= s:
                    break
                if unequal and 2 * a == s:
                    continue
                seen[g[a] ^ g[s - a]] = stamp
                cost += 1
        if shares:  # every split, then the mex
            for k in splits:
                s = h - k
                for a in range(1, (s - 1) // 2 + 1 if unequal else s // 2 + 1):
                    seen[g[a] ^ g[s - a]] = stamp
                cost += s // 2
            scanned += 1
        elif seen[own] != stamp:
            c = 0
            while seen[c] == stamp:
                c += 1
            a = 1
            while c < own:
                more = False
                for k in splits:
                    b = h - k - a
                    if b > a or (b == a and not unequal):
                        more = True
                        seen[g[a] ^ g[b]] = stamp
                        cost += 1
                if not more:
                    break
                while seen[c] == stamp:
                    c += 1
                a += 1
        c = 0
        while seen[c] == stamp:
            c += 1
        if c != own:  # a smaller value missing, or G(h) itself an option
            if wrong < len(bad):
                bad[wrong] = h
            wrong += 1
        if cost > budget:
            return bad[: min(wrong, len(bad))], h + 1, scanned
    return bad[: min(wrong, len(bad))], len(g), scanned


def _well_formed(digits, values, preperiod, period) -> None:
    if not isinstance(digits, (list, tuple)) or not digits or not all(type(d) is int and 0 <= d <= 7 for d in digits):
        raise CertificateError(f"expected the code's digits 0-7, got {digits!r}")
    if digits[0] not in (0, 4):
        raise CertificateError(f"expected digit 0 or 4 before the point, got {digits[0]}")
    if isinstance(values, np.ndarray):
        if values.ndim != 1 or values.dtype.kind not in "iu" or (len(values) and int(values.min()) < 0):
            raise CertificateError("expected the values as a list of whole numbers 0 or more")
    elif not isinstance(values, (list, tuple)) or not all(type(v) is int and v >= 0 for v in values):
        raise CertificateError("expected the values as a list of whole numbers 0 or more")
    if (preperiod is None) != (period is None):
        raise CertificateError("expected a preperiod and a period together, or neither")
    if period is not None and (type(preperiod) is not int or type(period) is not int or preperiod < 0 or period < 1):
        raise CertificateError(f"expected a preperiod >= 0 and a period >= 1, got {preperiod!r} and {period!r}")


def check_octal_certificate(
    digits: Sequence[int], values: Sequence[int] | np.ndarray, preperiod: int | None, period: int | None, proven: bool,
    unequal: bool = False,
) -> list[str]:
    """The violations of an octal certificate (empty: it holds).

    Every value must be the mex of its options (:func:`check_octal_values`;
    a part it leaves unchecked is a violation); with ``proven``, ``G(n + p) =
    G(n)`` over the theorem's whole range. A certificate that cannot be read
    (digits that are no code, negative values, a proven period with too few
    values to check it, or for unequal splits, where the theorem says nothing)
    raises :class:`~gamecert.verify.errors.CertificateError`.

    >>> check_octal_certificate((0, 7, 7), [0, 1, 2, 3, 1, 4], None, None, False)
    []
    >>> check_octal_certificate((0, 7, 7), [0, 1, 2, 3, 2], None, None, False)
    ['G(4) is 2, but the mex of its options is 1']
    """
    _well_formed(digits, values, preperiod, period)
    checked = check_octal_values(digits, values, unequal)
    problems = list(checked.problems)
    if not checked.complete:
        problems.append(f"{checked.describe()}")
    problems.extend(check_period(digits, values, preperiod, period, proven, unequal))
    return problems


def check_period(
    digits: Sequence[int], values: Sequence[int] | np.ndarray, preperiod: int | None, period: int | None, proven: bool,
    unequal: bool = False,
) -> list[str]:
    """With ``proven``, where ``G(n + p) = G(n)`` fails over the theorem's range ``n0 <= n < 2 max(n0, 1) + p + t``.

    >>> check_period((0, 7, 7), [0, 1, 2, 0, 1, 2, 0, 1, 2, 1], 0, 3, True)
    ['G(9) is 1, but G(6) is 0: period 3 fails']
    """
    if not proven:
        return []
    if period is None:
        raise CertificateError("a proven certificate needs a preperiod and a period")
    if unequal:
        raise CertificateError("the octal periodicity theorem proves nothing for unequal splits")
    t = len(digits) - 1
    while t > 0 and digits[t] == 0:
        t -= 1
    end = 2 * max(preperiod, 1) + period + t
    if len(values) < end + period:
        raise CertificateError(
            f"the theorem reads G(0..{end + period - 1}) for preperiod {preperiod}, period {period}, t = {t}; "
            f"the certificate has {len(values)} values"
        )
    g = np.asarray(values)
    bad = np.flatnonzero(g[preperiod + period : end + period] != g[preperiod:end]) + preperiod
    return [f"G({n + period}) is {int(g[n + period])}, but G({n}) is {int(g[n])}: period {period} fails" for n in bad.tolist()]
