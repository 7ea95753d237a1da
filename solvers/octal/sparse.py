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

Grundy's game and its kin, whose splits must leave two *unequal* heaps, differ only
in the splits ``a = s - a`` being left out (``unequal``): the parity identity is untouched.

Values are stored in the narrowest of ``uint8``, ``uint16`` and ``int32`` that
holds them, widened (the prefix copied) the first time a value does not fit;
the run goes in chunks of heaps, so a caller can show its progress, and its
state (the sparse list, the mask, the stamps) carries over from chunk to chunk.

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

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gamecert.solvers.jit import kernel

#: The first heap at which the mask is chosen; later choices at every doubling.
FIRST_CHOICE = 32
#: Heaps per call of the compiled kernel (between two calls the caller's progress is updated).
CHUNK = 1 << 18
#: The value types, narrowest first, and the largest value each holds.
VALUE_TYPES = ((np.uint8, 255), (np.uint16, 65535), (np.int32, 2**31 - 1))


@dataclass(frozen=True)
class SparseSpace:
    """One sparse space: heap ``a`` is *rare* when ``par(G(a) & mask) xor (flip * a mod 2) == rare``.

    ``mask`` is negative when its high bits are all set; ``count`` is the number
    of rare heaps among ``0..n`` and ``last`` the largest (-1 when there is none).
    """

    mask: int
    flip: int
    rare: int
    count: int
    last: int


@dataclass(frozen=True)
class SparseRun:
    """The nim-sequence ``values = G(0..n)`` and how the sparse space served it.

    ``mask``, ``flip`` and ``rare`` are the last choice (``par(G(a) & mask)
    xor (flip * a mod 2) == rare`` marks a sparse heap; ``mask`` is negative
    when its high bits are all set), ``sparse`` the number of sparse heaps in
    ``1..n``, ``scanned`` the splits examined by full scans (step 3) and
    ``listed`` the splits with a sparse part (step 1), over the whole run.
    ``space`` is the sparse space with the fewest rare heaps over the whole
    sequence (:func:`best_sparse_space`).
    """

    values: np.ndarray
    mask: int
    flip: int
    rare: int
    sparse: int
    scanned: int
    listed: int
    space: SparseSpace


def nim_sequence_sparse(digits: np.ndarray, n: int, unequal: bool = False) -> np.ndarray:
    """Compute the nim-values ``G(0..n)`` of one heap in the octal game with these digits.

    Notes
    -----
    ``digits[k]`` is the octal digit for removing ``k`` tokens (``0.77`` is
    ``[0, 7, 7]``, ``4.7`` is ``[4, 7]``); ``unequal``: a split must leave two
    different heaps (Grundy's game is ``[4]`` with ``unequal``). The
    sparse-space method of the module docstring: exactly the plain method's
    values, in about ``O(n (d |S| + L))`` time, ``O(n)`` space.

    Examples
    --------
    >>> nim_sequence_sparse(np.array([0, 7, 7]), 12).tolist()  # Kayles
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    """
    return sparse_run(digits, n, unequal).values


def sparse_run(
    digits: np.ndarray, n: int, unequal: bool = False, progress: Callable[[int, int], None] | None = None
) -> SparseRun:
    """Compute the nim-values ``G(0..n)`` of an octal game, with the sparse space that served them.

    Notes
    -----
    As :func:`nim_sequence_sparse`, which returns only the values;
    ``progress(done, n)`` is called after every :data:`CHUNK` heaps.

    Examples
    --------
    >>> run = sparse_run(np.array([0, 7, 7]), 2000)  # Kayles
    >>> run.sparse < 100, run.scanned < 100 * 2000, run.values.dtype.name
    (True, True, 'uint8')
    """
    digits = np.asarray(digits)
    if digits.ndim != 1 or len(digits) == 0 or digits.dtype.kind not in "iu":
        raise ValueError(f"digits must be a non-empty 1-D integer array, got {digits!r}")
    if ((digits < 0) | (digits > 7)).any():
        raise ValueError(f"every octal digit must be in 0..7, got {digits.tolist()}")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"n must be a non-negative integer, got {n!r}")
    n = int(n)
    k = np.arange(len(digits), dtype=np.int64)
    ends = k[(digits & 1 > 0) & (k > 0)]
    takes = k[(digits & 2 > 0) & (k > 0)]
    splits = k[digits & 4 > 0]
    kind = 0
    g = np.zeros(n + 1, dtype=VALUE_TYPES[kind][0])
    sparse = np.empty(n + 1, dtype=np.int32)
    seen = np.zeros(2, dtype=np.int64)
    state = _start_state(splits, n)
    x = 1
    while x <= n:
        stop = min(n, x + CHUNK - 1)
        seen, x = _sparse_kernel(ends, takes, splits, bool(unequal), g, sparse, seen, state, x, stop, VALUE_TYPES[kind][1])
        if x <= stop:  # G(x) does not fit: widen and go on from x
            kind += 1
            g = g.astype(VALUE_TYPES[kind][0])
            continue
        if progress is not None:
            progress(stop, n)
    flip_rare = int(state[_FLIP_RARE])
    space = best_sparse_space(g, flip_rare)
    return SparseRun(
        g, int(state[_MASK]), int(state[_FLIP]), int(state[_RARE]), int(state[_COUNT]),
        int(state[_SCANNED]), int(state[_LISTED]), space,
    )


def best_sparse_space(values: np.ndarray, flip_rare: int) -> SparseSpace:
    """The sparse space with the fewest rare heaps among ``1..n`` (``values = G(0..n)``), counted over ``0..n``.

    ``flip_rare`` is the rare label a space "in the domain" (``flip = 1``)
    takes, or -1 when the code's two-heap digits forbid one
    (:func:`split_flip_rare`).

    >>> best_sparse_space(np.array([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]), 0).count  # Kayles to 12
    4
    """
    n = len(values) - 1
    if n < 1:
        return SparseSpace(0, 0, 1, 0, -1)
    width = 1
    top = int(values.max())
    while width <= top:
        width *= 2
    mask, flip, rare = _choose(values, n, width, flip_rare)
    count, last = _count_rare(values, mask, flip, rare)
    return SparseSpace(int(mask), int(flip), int(rare), int(count), int(last))


def split_flip_rare(digits: np.ndarray) -> int:
    """The rare label of a sparse space in the domain: the parity of the two-heap digits when they all share
    one, else -1 (no such space: both parities of a heap would stay incomplete).

    >>> split_flip_rare(np.array([0, 1, 2, 7])), split_flip_rare(np.array([0, 7, 7]))
    (1, -1)
    """
    return int(_start_state(np.flatnonzero(np.asarray(digits) & 4), 0)[_FLIP_RARE])


# The kernel's state between chunks, one int64 each.
_WIDTH, _STAMP, _FLIP_RARE, _LOW_SPLIT, _MASK, _FLIP, _RARE, _COUNT = range(8)
_NEXT_CHOICE, _COUNT_LIMIT, _NOT_BEFORE, _SCANNED, _LISTED = range(8, 13)


def _start_state(splits: np.ndarray, n: int) -> np.ndarray:
    """The state before heap 1: mask 0 with rare label 1 lists no heap and completes no parity (the plain
    method until the first choice)."""
    state = np.zeros(13, dtype=np.int64)
    state[_WIDTH] = 1
    state[_FLIP_RARE] = -1 if len(splits) == 0 or len(set((splits & 1).tolist())) > 1 else splits[0] & 1
    state[_LOW_SPLIT] = int(splits.min()) if len(splits) else n + 1
    state[_RARE] = 1
    state[_NEXT_CHOICE] = FIRST_CHOICE
    state[_COUNT_LIMIT] = n + 1
    return state


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
def _count_rare(g, mask, flip, rare):
    """How many heaps of ``0..n`` are rare, and the last of them (-1 if none)."""
    count = 0
    last = -1
    for a in range(len(g)):
        if (_parity(int(g[a]) & mask) ^ (flip & a & 1)) == rare:
            count += 1
            last = a
    return count, last


@kernel
def _sparse_kernel(ends, takes, splits, unequal, g, sparse, seen, state, first, stop, top):
    """Heaps ``first..stop``: ``g[x] = G(x)``; returns ``(seen, stop + 1)``, or ``(seen, x)`` at the first
    ``G(x) > top`` (left unwritten: ``g``'s type cannot hold it).

    ``ends``: removals that may take a whole heap; ``takes``: removals that may
    leave one heap; ``splits``: removals (0 included) that may leave two
    (different ones when ``unequal``). ``state`` carries the scalars from
    chunk to chunk (:data:`_WIDTH` ...), ``sparse`` the list of sparse heaps.
    """
    # Invariants: every value so far is below width (a power of two), so every
    # option is too and the mex is at most width; seen[v] == stamp marks v as an
    # option of the current heap.
    width = state[_WIDTH]
    stamp = state[_STAMP]
    flip_rare = state[_FLIP_RARE]
    low_split = state[_LOW_SPLIT]
    # Heap a is sparse iff _parity(g[a] & mask) ^ (flip & a) == rare; sparse[:count]
    # lists every sparse heap below the current one, increasing.
    mask = state[_MASK]
    flip = state[_FLIP]
    rare = state[_RARE]
    count = state[_COUNT]
    next_choice = state[_NEXT_CHOICE]
    # A choice also when the sparse list has doubled (plus 64) since the last one, but
    # never before x has grown by an eighth since it: O(log n) choices in all.
    count_limit = state[_COUNT_LIMIT]
    not_before = state[_NOT_BEFORE]
    scanned = state[_SCANNED]
    listed = state[_LISTED]
    x = first
    while x <= stop:
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
                if unequal and 2 * a == s:
                    continue
                seen[g[a] ^ g[s - a]] = stamp
                listed += 1
        # Step 2: the least unmarked value.
        c = 0
        while seen[c] == stamp:
            c += 1
        p = _parity(c & mask)
        # Step 3: scan every split until the candidate's parity is complete.
        if (open1 if p else open0) and x - low_split >= 2:
            top_a = (x - low_split) // 2
            for a in range(1, top_a + 1):
                settled = False
                for k in splits:
                    b = x - k - a
                    if b < a or (unequal and b == a):
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
        if c > top:
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
                if (_parity(int(g[a]) & mask) ^ (flip & a & 1)) == rare:
                    sparse[count] = a
                    count += 1
            if x == next_choice:
                next_choice *= 2
            count_limit = 2 * count + 64
            not_before = x + x // 8
        x += 1
    state[_WIDTH] = width
    state[_STAMP] = stamp
    state[_MASK] = mask
    state[_FLIP] = flip
    state[_RARE] = rare
    state[_COUNT] = count
    state[_NEXT_CHOICE] = next_choice
    state[_COUNT_LIMIT] = count_limit
    state[_NOT_BEFORE] = not_before
    state[_SCANNED] = scanned
    state[_LISTED] = listed
    return seen, x
