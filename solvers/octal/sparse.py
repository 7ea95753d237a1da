"""Nim-sequences of octal games by the sparse-space method: exact values, usually in linear time.

An octal game is played on heaps of tokens; its code ``d0.d1d2...`` gives, for
each ``k``, a digit ``dk`` whose bits say what removing ``k`` tokens from one
heap may leave: bit 1 no heap (the heap had exactly ``k``), bit 2 one
non-empty heap, bit 4 two non-empty heaps (any split of the rest). ``d0``
counts only for bit 4: split a heap in two without removing a token. The
nim-value of a heap of ``n`` is

    ``G(n) = mex ({0 : d_n has bit 1} U {G(n-k) : d_k has bit 2, k < n}
    U {G(a) xor G(b) : d_k has bit 4, a + b = n - k, a, b >= 1})``.

Filled in increasing ``n``, the two-heap options make the plain method
quadratic: ``(n - k) / 2`` pairs per two-heap digit and heap.

The sparse space
----------------
For a bit mask ``m`` write ``par(v)`` for the parity of the number of ones in
``v & m``. It is linear over xor: ``par(u xor v) = par(u) xor par(v)``.
Label every heap ``a >= 1`` with ``lab(a) = par(G(a)) xor (f * a mod 2)`` for a
flag ``f`` in {0, 1}; the heaps whose label is the *rare* label ``r`` form the
*sparse set* ``S``, the others are *common*. For a split ``a + b = s``,
``a xor b`` and ``a + b`` have the same lowest bit, so

    ``par(G(a) xor G(b)) = lab(a) xor lab(b) xor (f * s mod 2)``,

and when ``a`` and ``b`` are both common the labels cancel: a common-common
split of ``s`` has parity ``p0(s) = f * s mod 2``. **Every option of a split
of ``s`` whose parity is not ``p0(s)`` has a sparse part.** Berlekamp,
Conway and Guy observed (*Winning Ways*, ch. 4, "Sparse Space Spells
Speed") that for many octal games with two-heap moves a mask exists for
which the sparse set is tiny -- often finite; Flammenkamp tabulates such
masks for hundreds of codes and, where the values alone give no sparse set,
brings in the parity of the heap (``f = 1``, his sparse space "in the
domain").

The algorithm (heap ``n``, one stamp per heap in a ``seen`` array):

1. mark the one-heap options and, for every two-heap digit ``k`` and every
   sparse ``a < s = n - k``, the option ``G(a) xor G(s - a)``: all splits with
   a sparse part, ``|S|`` per digit;
2. the candidate ``c`` is the least unmarked value. A parity is *complete*
   when no two-heap digit of the heap has ``p0(n - k)`` equal to it; if
   ``par(c)`` is complete, every option of that parity is marked, so ``c``
   is not an option and ``G(n) = c``;
3. otherwise scan all splits ``a = 1, 2, ...`` (every two-heap digit in
   step), marking each option; whenever ``c`` is marked, move it to the next
   unmarked value, and stop as soon as ``par(c)`` is complete. If the scan
   ends, every option is marked and ``G(n) = c`` too.

Exactness rests only on the parity identity above and on ``S`` holding every
sparse heap below ``n``: whatever the mask, flag and rare label, ``G(n)`` is
the mex of exactly the options of the plain method (with mask 0 and rare
label 1, the start, nothing is sparse or complete and step 3 is the plain
method). The choice affects only time. It is made from the values so far, when ``n`` doubles (from 32) and
when ``S`` has doubled since the last choice (at most once per eighth of
growth of ``n``): the counts of the heaps' values,
split by the heap's parity, go through a Walsh-Hadamard transform, whose entry
``m`` gives at once how many heaps each label holds under mask ``m``
(``O(W log W)`` for values below ``W``). The mask with the fewest sparse heaps
wins; the rare label is fixed so that the common values, the likely mex, have
the complete parity: ``r = 0`` when ``f = 0`` (common-common splits give
parity 0 and common values have parity 1) and ``r = t mod 2`` when ``f = 1``,
``t`` any two-heap digit (``f = 1`` is tried only when all two-heap digits
have the same parity, else both parities would be incomplete). Bits above the
values seen at a choice are set in the mask (Flammenkamp's masks are infinite
bit strings), so later larger values are classed too.

Time ``O(sum over n of (d |S_n| + L_n))`` for ``d`` two-heap digits, where
``L_n`` is the length of the step-3 scan: the common-common splits fill the
low values of the incomplete parity after a few dozen pairs in games with a
sparse space, so ``L_n`` stays small; without one it is up to ``d n / 2`` and
the whole run is the plain ``O(d n^2)``. The ``O(log n)`` choices add
``O(n + W log W)`` each. Space ``O(n + W)``, ``W`` the least power of two
above every value (at most twice the largest).

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your
   Mathematical Plays*, 2nd ed., vol. 1, A K Peters, 2001, ch. 4 (octal games;
   "Sparse Space Spells Speed").
.. [2] A. Flammenkamp, "Sprague-Grundy Values of Octal-Games" and "Sparse- and
   Common-Positions of Sprague-Grundy Values of Octal-Games", Universität
   Bielefeld, http://wwwhomes.uni-bielefeld.de/achim/octal.html and
   .../achim/octal_sparse.html.
.. [3] A. Gangolli, T. Plambeck, "A note on periodicity in some octal games",
   Int. J. Game Theory 18 (1989) 311-320 (0.127: period 4 after its last
   exception at heap 46577, which the tests reproduce).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gamecert.solvers.jit import kernel

#: The first heap at which the mask is chosen; later choices at every doubling.
FIRST_CHOICE = 32


@dataclass(frozen=True)
class SparseRun:
    """The nim-sequence ``values = G(0..n)`` and how the sparse space served it.

    ``mask``, ``flip`` and ``rare`` are the last choice (``par(G(a) & mask)
    xor (flip * a mod 2) == rare`` marks a sparse heap; ``mask`` is negative
    when its high bits are all set), ``sparse`` the number of sparse heaps in
    ``1..n``, ``scanned`` the splits examined by full scans (step 3) and
    ``listed`` the splits with a sparse part (step 1), over the whole run.
    """

    values: np.ndarray
    mask: int
    flip: int
    rare: int
    sparse: int
    scanned: int
    listed: int


def nim_sequence_sparse(digits: np.ndarray, n: int) -> np.ndarray:
    """Compute the nim-values ``G(0..n)`` of one heap in the octal game with these digits.

    Notes
    -----
    ``digits[k]`` is the octal digit for removing ``k`` tokens (``0.77`` is
    ``[0, 7, 7]``, ``4.7`` is ``[4, 7]``). The sparse-space method of the
    module docstring: exactly the plain method's values, in about
    ``O(n (d |S| + L))`` time, ``O(n)`` space.

    Examples
    --------
    >>> nim_sequence_sparse(np.array([0, 7, 7]), 12).tolist()  # Kayles
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    """
    return sparse_run(digits, n).values


def sparse_run(digits: np.ndarray, n: int) -> SparseRun:
    """Compute the nim-values ``G(0..n)`` of an octal game, with the sparse space that served them.

    Notes
    -----
    As :func:`nim_sequence_sparse`, which returns only the values.

    Examples
    --------
    >>> run = sparse_run(np.array([0, 7, 7]), 2000)  # Kayles
    >>> run.sparse < 100, run.scanned < 100 * 2000
    (True, True)
    """
    digits = np.asarray(digits)
    if digits.ndim != 1 or len(digits) == 0 or digits.dtype.kind not in "iu":
        raise ValueError(f"digits must be a non-empty 1-D integer array, got {digits!r}")
    if ((digits < 0) | (digits > 7)).any():
        raise ValueError(f"every octal digit must be in 0..7, got {digits.tolist()}")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"n must be a non-negative integer, got {n!r}")
    k = np.arange(len(digits), dtype=np.int64)
    ends = k[(digits & 1 > 0) & (k > 0)]
    takes = k[(digits & 2 > 0) & (k > 0)]
    splits = k[digits & 4 > 0]
    g, mask, flip, rare, sparse, scanned, listed = _sparse_kernel(ends, takes, splits, np.int64(n))
    return SparseRun(g, int(mask), int(flip), int(rare), int(sparse), int(scanned), int(listed))


@kernel(inline="always")
def _parity(v):
    """The parity of the number of ones in ``v >= 0``."""
    v ^= v >> 32
    v ^= v >> 16
    v ^= v >> 8
    v ^= v >> 4
    v ^= v >> 2
    v ^= v >> 1
    return v & 1


@kernel
def _transform(f):
    """Walsh-Hadamard transform in place: ``f[m] <- sum_v f[v] (-1)^popcount(v & m)``."""
    h = 1
    size = len(f)
    while h < size:
        for i in range(0, size, 2 * h):
            for j in range(i, i + h):
                u = f[j]
                w = f[j + h]
                f[j] = u + w
                f[j + h] = u - w
        h *= 2


@kernel
def _choose(g, x, width, flip_rare):
    """The ``(mask, flip, rare)`` with the fewest sparse heaps among ``1..x``.

    ``flip_rare`` is the rare label for ``flip = 1``, or -1 when ``flip = 1``
    may not be used. Heaps' values are below ``width``, a power of two.
    """
    counts = np.zeros((2, width), dtype=np.int64)
    for a in range(1, x + 1):
        counts[a & 1, g[a]] += 1
    heaps = [x // 2, (x + 1) // 2]  # how many even, odd heaps in 1..x
    _transform(counts[0])
    _transform(counts[1])
    best = x + 1
    best_mask = 0
    best_flip = 0
    best_rare = 0
    for m in range(1, width):
        # Heaps whose value has even masked popcount, among even and odd heaps.
        even0 = (heaps[0] + counts[0, m]) // 2
        even1 = (heaps[1] + counts[1, m]) // 2
        # flip = 0, rare label 0: sparse = even masked popcount.
        if even0 + even1 < best:
            best, best_mask, best_flip, best_rare = even0 + even1, m, 0, 0
        if flip_rare >= 0:
            label0 = even0 + (heaps[1] - even1)
            sparse = label0 if flip_rare == 0 else x - label0
            if sparse < best:
                best, best_mask, best_flip, best_rare = sparse, m, 1, flip_rare
    return best_mask | -width, best_flip, best_rare


@kernel
def _sparse_kernel(ends, takes, splits, n):
    """``(G(0..n), mask, flip, rare, sparse heaps, scanned splits, listed splits)``.

    ``ends``: removals that may take a whole heap; ``takes``: removals that may
    leave one heap; ``splits``: removals (0 included) that may leave two.
    """
    g = np.zeros(n + 1, dtype=np.int64)
    # Invariants: every value so far is below width (a power of two), so every
    # option is too and the mex is at most width; seen[v] == stamp marks v as an
    # option of the current heap.
    width = 1
    seen = np.zeros(width + 1, dtype=np.int64)
    stamp = 0
    flip_rare = -1
    if len(splits) > 0:
        flip_rare = splits[0] & 1
        for k in splits:
            if (k & 1) != flip_rare:
                flip_rare = -1
    low_split = n + 1
    for k in splits:
        low_split = min(low_split, k)
    # Heap a is sparse iff _parity(g[a] & mask) ^ (flip & a) == rare; sparse[:count]
    # lists every sparse heap below the current one, increasing. Mask 0 with rare
    # label 1 lists none and completes no parity: the plain method until a choice.
    mask = 0
    flip = 0
    rare = 1
    sparse = np.empty(n + 1, dtype=np.int64)
    count = 0
    next_choice = FIRST_CHOICE
    # A choice also when the sparse list has doubled (plus 64) since the last one, but
    # never before x has grown by an eighth since it: O(log n) choices in all.
    count_limit = n + 1
    not_before = 0
    scanned = 0
    listed = 0
    for x in range(1, n + 1):
        stamp += 1
        for k in ends:
            if k == x:
                seen[0] = stamp
        for k in takes:
            if k < x:
                seen[g[x - k]] = stamp
        # Step 1: splits with a sparse part; note which parities stay incomplete.
        open0 = False
        open1 = False
        for k in splits:
            s = x - k
            if s < 2:
                continue
            if flip & s & 1:
                open1 = True
            else:
                open0 = True
            for i in range(count):
                a = sparse[i]
                if a >= s:
                    break
                seen[g[a] ^ g[s - a]] = stamp
                listed += 1
        # Step 2: the least unmarked value.
        c = 0
        while seen[c] == stamp:
            c += 1
        p = _parity(c & mask)
        # Step 3: scan every split until the candidate's parity is complete.
        if (open1 if p else open0) and x - low_split >= 2:
            top = (x - low_split) // 2
            for a in range(1, top + 1):
                settled = False
                for k in splits:
                    b = x - k - a
                    if b < a:
                        continue
                    v = g[a] ^ g[b]
                    seen[v] = stamp
                    scanned += 1
                    if v == c:
                        while seen[c] == stamp:
                            c += 1
                        p = _parity(c & mask)
                        if not (open1 if p else open0):
                            settled = True
                            break
                if settled:
                    break
        g[x] = c
        if c >= width:
            while c >= width:
                width *= 2
            seen = np.zeros(width + 1, dtype=np.int64)
        if (_parity(c & mask) ^ (flip & x & 1)) == rare:
            sparse[count] = x
            count += 1
        if x == next_choice or (count > count_limit and x >= not_before):
            mask, flip, rare = _choose(g, x, width, flip_rare)
            count = 0
            for a in range(1, x + 1):
                if (_parity(g[a] & mask) ^ (flip & a & 1)) == rare:
                    sparse[count] = a
                    count += 1
            if x == next_choice:
                next_choice *= 2
            count_limit = 2 * count + 64
            not_before = x + x // 8
    return g, mask, flip, rare, count, scanned, listed
