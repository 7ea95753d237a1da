"""Octal games: nim-sequences, their periods, the periodicity theorem, and judge queries ``CODE N``.

The theory is in docs/octal.md: the octal periodicity theorem (Guy and Smith
1956; Berlekamp, Conway and Guy, *Winning Ways*, chapter 4) turns a finite
check into a proof that the nim-sequence repeats forever, so a heap of any
size is answered from the period.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass

import numpy as np

from gamecert.solvers.errors import GamecertError, InputError
from gamecert.solvers.jit import kernel, python_kernels
from gamecert.solvers.octal.code import CodeError, OctalCode, parse_code
from gamecert.solvers.octal.kernel import nim_sequence_plain
from gamecert.solvers.octal.sparse import SparseSpace, best_sparse_space, sparse_run, split_flip_rare
from gamecert.solvers.textinput import TextInput

#: The largest heap a judge query may name: the project's integers have at most 18 digits (solvers/textinput.py).
MAX_HEAP = 10**18 - 1
#: How many values ``solve`` computes at most per code looking for a proven period (judge limits; without them
#: :data:`MAX_VALUES_UNLIMITED`). A heap beyond them needs the period proven within them.
MAX_VALUES = 1 << 16
MAX_VALUES_UNLIMITED = 1 << 20
#: The longest nim-sequence ``audit --periodicity N`` computes (a byte per value where the values fit; a code
#: without a sparse space takes quadratic time, which the projection says before it starts).
MAX_AUDIT_VALUES = 25 * 10**6
#: The first round of values ``solve`` computes per code; each further round doubles it. A round this
#: short runs as plain Python: 1024 values of a code with two-heap moves take under 0.1 s, less than
#: loading numba, so a heap answered from the first round never loads it.
FIRST_VALUES = 1 << 10
#: ``method="auto"`` picks the sparse-space kernel for codes with two-heap moves from this size on, unless
#: the first ``SPARSE_FROM`` values show no sparse space: more than :data:`SPARSE_SHARE` of their heaps sparse
#: (0.07, 0.137 and 0.007 have about 30%: listing them costs more than the full scans it saves).
SPARSE_FROM = 1 << 13
SPARSE_SHARE = 0.25
METHODS = ("auto", "plain", "sparse")


def nim_sequence(
    code: OctalCode | str, n: int, method: str = "auto", progress: Callable[[int, int], None] | None = None
) -> np.ndarray:
    """The nim-values ``G(0..n)`` of one heap of each size in the octal game ``code``.

    ``method`` is ``"plain"`` (every option visited, :func:`~gamecert.solvers.octal.kernel.nim_sequence_plain`),
    ``"sparse"`` (the sparse-space kernel of :mod:`gamecert.solvers.octal.sparse`) or ``"auto"``
    (:func:`auto_method`); ``progress(done, n)`` is told how far the sparse kernel has got.

    Notes
    -----
    Both kernels compute the same sequence; docs/octal.md describes them
    (the plain one takes ``O(n^2)`` time for a code with two-heap moves,
    ``O(n t)`` without, ``O(n)`` space).

    >>> nim_sequence("0.07", 10).tolist()  # Dawson's Kayles
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    """
    if isinstance(code, str):
        code = parse_code(code)
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"expected a heap size n >= 0, got {n!r}")
    if method not in METHODS:
        raise ValueError(f"method: expected one of {', '.join(METHODS)}, got {method!r}")
    if method == "auto":
        method = auto_method(code, int(n))
    if method == "sparse":
        return sparse_run(code.array(), int(n), code.unequal, progress).values
    return nim_sequence_plain(code.array(), int(n), code.unequal)


def auto_method(code: OctalCode, n: int) -> str:
    """The kernel ``method="auto"`` runs for ``G(0..n)``: ``"sparse"`` or ``"plain"``.

    Both give the same values; the choice is for time. Without two-heap moves,
    or below :data:`SPARSE_FROM`, the plain kernel; otherwise a run of the
    sparse kernel on the first :data:`SPARSE_FROM` values decides: sparse
    unless more than :data:`SPARSE_SHARE` of those heaps are sparse.

    >>> auto_method(parse_code("0.77"), 10**5), auto_method(parse_code("0.137"), 10**5)
    ('sparse', 'plain')
    """
    if not code.two_heap or n < SPARSE_FROM:
        return "plain"
    probe = sparse_run(code.array(), SPARSE_FROM, code.unequal)
    return "sparse" if probe.sparse <= SPARSE_SHARE * SPARSE_FROM else "plain"


def projected_seconds(code: OctalCode, n: int) -> float:
    """How long ``nim_sequence(code, n)`` is projected to take, from short runs of the kernel
    ``method="auto"`` picks.

    Notes
    -----
    Runs of ``2^12, 2^13, ...`` values until one takes 0.1 s (or reaches
    ``n``), each after a warm-up that compiles or loads the kernel; the last
    one's time per value is scaled to ``n`` linearly for the sparse kernel and
    for codes without two-heap moves, quadratically for the plain kernel of a
    code with them. A projection, not a bound: a sparse space that fills up
    later makes the sparse kernel slower.

    >>> projected_seconds(parse_code("0.77"), 10**6) > 0
    True
    """
    import time

    method = auto_method(code, min(n, MAX_AUDIT_VALUES))
    nim_sequence(code, 64, method)
    size = 1 << 12
    while True:
        start = time.perf_counter()
        nim_sequence(code, min(size, n), method)
        seconds = time.perf_counter() - start
        if seconds >= 0.1 or size >= n:
            break
        size *= 2
    power = 2 if method == "plain" and code.two_heap else 1
    return seconds * (n / min(size, n)) ** power


# -- Periods ---------------------------------------------------------------------------------------


def period_search(values: np.ndarray, t: int) -> tuple[int, int] | None:
    """The preperiod ``n0`` and period ``p`` the values come closest to proving: the pair, among every suffix
    ``values[n0:]`` showing its smallest period ``p`` at least twice, whose octal periodicity proof reads the
    fewest values (``G(0..needed)``, ``needed = 2 max(n0, 1) + 2p + t - 1``, :func:`proof_bound`); None if no
    suffix shows a period twice.

    When the values prove some period (``needed < len(values)``), the pair is
    the sequence's true preperiod and period, the one whose theorem bound
    ``2 max(n0, 1) + p + t`` is smallest; otherwise it is the best candidate,
    and ``needed + 1`` values would prove it if it lasts.

    Notes
    -----
    Why the true pair wins: a pair the values prove holds forever, so its
    period is a multiple of the true period ``p*`` and its preperiod at least
    the true ``n0*``; and the suffix from ``n0*`` has ``p*`` as its smallest
    period (a smaller one shown by the data would itself be proven, as its
    proof reads fewer values). Every pair worth comparing is therefore a
    suffix with its smallest period. The smallest period of each suffix of
    ``G(0..N)`` is that of each prefix of the reversed sequence, ``L - f(L)``
    for the prefix of length ``L`` and its longest proper border ``f(L)``
    (the Knuth-Morris-Pratt failure function), all found in one pass:
    ``O(N)`` time, ``4 N`` bytes. Knuth, Morris, Pratt, "Fast pattern
    matching in strings", SIAM J. Comput. 6 (1977); docs/octal.md.

    >>> period_search(np.array([5, 0, 1, 2, 0, 1, 2, 0, 1, 2]), 1)
    (1, 3)
    """
    g = np.ascontiguousarray(values)
    if len(g) < 2:
        return None
    n0, p = _search(g, np.int64(t))
    return None if p < 0 else (int(n0), int(p))


@kernel
def _search(g, t):
    """:func:`period_search` on the values ``g``: ``(n0, p)``, or ``(-1, -1)``."""
    n = len(g)
    # border[i]: the longest proper border of r[0..i], r the reversed sequence (r[i] = g[n - 1 - i]).
    border = np.zeros(n, dtype=np.int32)
    best_n0 = -1
    best_p = -1
    best_needed = 4 * n + 4 * t + 8
    k = 0
    for i in range(1, n):
        c = g[n - 1 - i]
        while k > 0 and g[n - 1 - k] != c:
            k = border[k - 1]
        if g[n - 1 - k] == c:
            k += 1
        border[i] = k
        length = i + 1  # the suffix g[n - length:], of smallest period length - k
        p = length - k
        if length >= 2 * p:
            s = n - length
            needed = 2 * max(s, 1) + 2 * p + t - 1
            if needed <= best_needed:  # ties: the shorter preperiod, met later
                best_needed = needed
                best_n0 = s
                best_p = p
    return best_n0, best_p


def proof_bound(n0: int, p: int, t: int) -> int:
    """The end of the octal periodicity theorem's range: ``G(n + p) = G(n)`` for ``n0 <= n <`` this proves it for all
    ``n >= n0`` (``t``: the most tokens a move removes; docs/octal.md, where ``max(n0, 1)`` comes from).

    >>> proof_bound(71, 12, 2)  # Kayles
    156
    """
    return 2 * max(n0, 1) + p + t


@dataclass(frozen=True)
class Periodicity:
    """The nim-sequence of a code up to a size, its best period (:func:`period_search`) and whether the theorem
    proves it.

    ``values`` is ``G(0..size)``. When ``period`` is set, ``values[m + period]
    == values[m]`` for ``preperiod <= m <= size - period``; ``proven`` when
    that range covers ``preperiod <= m < bound`` (:func:`proof_bound`) and the
    theorem applies to the code, so the sequence has that period forever. The
    certificate is ``(preperiod, period)`` and the first
    :attr:`certificate_length` values.
    """

    code: OctalCode
    values: np.ndarray
    preperiod: int | None
    period: int | None
    proven: bool

    @property
    def size(self) -> int:
        return len(self.values) - 1

    @property
    def bound(self) -> int | None:
        """The end of the theorem's range, or None without a period."""
        if self.period is None:
            return None
        return proof_bound(self.preperiod, self.period, self.code.length)

    @property
    def needed(self) -> int | None:
        """How many values the proof reads (``G(0..bound + period - 1)``), or None without a period."""
        return None if self.period is None else self.bound + self.period

    @property
    def certificate_length(self) -> int:
        """The values the certificate carries: what the proof reads when proven, else all of them."""
        return self.needed if self.proven else len(self.values)

    def largest(self) -> tuple[int, int]:
        """The largest value and the first heap holding it."""
        first = int(np.argmax(self.values))
        return int(self.values[first]), first

    def sparse_space(self) -> SparseSpace:
        """The sparse space with the fewest rare heaps (:func:`~gamecert.solvers.octal.sparse.best_sparse_space`)."""
        return best_sparse_space(self.values, split_flip_rare(self.code.array()))

    def value(self, n: int) -> int:
        """``G(n)``: computed, or read from the proven period."""
        if n < len(self.values):
            return int(self.values[n])
        if not self.proven:
            raise GamecertError(f"{self.code}: G({n}) is beyond the {len(self.values)} values computed, and no period is proven")
        return int(self.values[self.preperiod + (n - self.preperiod) % self.period])


def octal_periodicity(
    code: OctalCode | str, size: int, method: str = "auto", progress: Callable[[int, int], None] | None = None
) -> Periodicity:
    """The nim-sequence of ``code`` up to ``size``, its preperiod and period (:func:`period_search`), and whether
    the octal periodicity theorem proves them.

    Notes
    -----
    :func:`nim_sequence`, then :func:`period_search`, then one comparison
    of ``G(n)`` with ``G(n + p)`` over the theorem's range
    (:func:`proof_bound`). Guy and Smith, "The G-values of various games",
    Proc. Cambridge Philos. Soc. 52 (1956) 514-526, doi:10.1017/S0305004100031509;
    docs/octal.md.

    >>> per = octal_periodicity("0.77", 300)
    >>> per.preperiod, per.period, per.proven, per.value(10**18) == per.value(10**18 - 12)
    (71, 12, True, True)
    """
    if isinstance(code, str):
        code = parse_code(code)
    values = nim_sequence(code, size, method, progress)
    found = period_search(values, code.length)
    if found is None:
        return Periodicity(code, values, None, None, False)
    n0, p = found
    end = proof_bound(n0, p, code.length)
    proven = (
        code.periodicity_theorem and end + p <= len(values)
        and bool(np.array_equal(values[n0:end], values[n0 + p : end + p]))
    )
    return Periodicity(code, values, n0, p, proven)


# -- Judge queries -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class OctalQuery:
    """One input line ``CODE N``: a heap of ``heap`` tokens in the game ``code``; ``line``, ``column``
    locate ``N`` in the input (for a heap too large to answer)."""

    code: OctalCode
    heap: int
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{self.code} {self.heap}"


@dataclass(frozen=True)
class OctalQueries:
    """The queries of one input, where they came from, and how many values a code may take to show its period."""

    queries: tuple[OctalQuery, ...]
    source: str = "<input>"
    max_values: int = MAX_VALUES

    def __len__(self) -> int:
        return len(self.queries)

    def __iter__(self):
        return iter(self.queries)

    def __getitem__(self, i: int) -> OctalQuery:
        return self.queries[i]


@dataclass(frozen=True)
class OctalAnswers:
    """Each query's nim value, and each code's sequence and period (its certificate)."""

    queries: OctalQueries
    values: tuple[int, ...]
    sequences: tuple[Periodicity, ...]

    @property
    def wins(self) -> tuple[bool, ...]:
        return tuple(v != 0 for v in self.values)


def parse_octal_queries(text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> OctalQueries:
    """Judge input: one query ``CODE N`` per line, ``0 <= N <=`` :data:`MAX_HEAP` (the project's integers:
    at most 18 digits); an error names the first bad token, in reading order.

    >>> [str(q) for q in parse_octal_queries("0.77 5\\n.137 1000\\n")]
    ['0.77 5', '0.137 1000']
    """
    src = TextInput(text, source)
    count = len(src)
    if count == 0:
        raise src.error(1, 1, "expected at least one line 'CODE N'")
    lines = src.token_lines()
    queries = []
    for i in range(0, count, 2):
        raw = src.text(i)
        try:
            code = parse_code(raw.decode("utf-8", "replace"))
        except CodeError as exc:
            line, column = src.position(int(src.starts[i]))
            raise src.error(line, column + exc.column - 1, exc.message) from None
        if i + 1 == count or lines[i + 1] != lines[i]:
            end = int(src.ends[i])
            raise src.error_at(end, f"expected a heap size N after the code {src.shown(i)} on its line")
        heap = src.integer(i + 1, "a heap size N", 0, MAX_HEAP)
        if i + 2 < count and lines[i + 2] == lines[i]:
            raise src.error_token(i + 2, f"expected the end of the line after {code} {heap}, got {src.shown(i + 2)}")
        line, column = src.position(int(src.starts[i + 1]))
        queries.append(OctalQuery(code, heap, line, column))
    return OctalQueries(tuple(queries), source, MAX_VALUES if judge_limits else MAX_VALUES_UNLIMITED)


def octal_queries(queries: OctalQueries) -> OctalAnswers:
    """The nim value of every query's heap, from each code's sequence or its proven period.

    Each code's sequence is computed to the largest heap asked, or, for a
    larger heap, in rounds of doubling length (:data:`FIRST_VALUES` first) until
    the octal periodicity theorem proves its period; a heap still out of reach
    after ``queries.max_values`` values is an :class:`InputError` at that heap.

    >>> a = octal_queries(parse_octal_queries("0.77 999999999999999999\\n0.07 0\\n"))
    >>> a.values, [(s.code.text, s.preperiod, s.period, s.proven) for s in a.sequences]
    ((8, 0), [('0.77', 71, 12, True), ('0.07', None, None, False)])
    """
    need: dict[OctalCode, int] = {}
    for q in queries:
        need[q.code] = max(need.get(q.code, 0), q.heap)
    sequences: dict[OctalCode, Periodicity] = {}
    for code, top in need.items():
        size = min(top, FIRST_VALUES)
        while True:
            with python_kernels(True) if size <= FIRST_VALUES else nullcontext():
                per = octal_periodicity(code, size)
            if top <= size or per.proven:
                break
            if size >= queries.max_values:
                q = next(q for q in queries if q.code == code and q.heap > size)
                raise InputError(
                    queries.source, q.line, q.column,
                    f"expected a heap up to {size}: {code} shows no proven period within its first {size + 1} values",
                )
            size = min(2 * size, queries.max_values)
        sequences[code] = per
    values = tuple(sequences[q.code].value(q.heap) for q in queries)
    return OctalAnswers(queries, values, tuple(sequences.values()))
