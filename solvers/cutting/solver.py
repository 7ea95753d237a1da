"""Rectangle-cutting games: the Split Game, the Cutting Game, and any other :class:`CuttingRule`.

All of them cut grid-paper rectangles along grid lines, one piece per move;
a rule (:mod:`gamecert.solvers.cutting.rules`) says which cuts are available.

* **Split Game** (2020 ICPC Jiangxi Provincial, problem J): whoever cuts out a
  ``1 x 1`` piece loses. As normal play: cuts leaving a ``1 x 1`` piece are
  not available and a player without a cut loses.
* **Cutting Game** (POJ 2311, AcWing 219, Luogu P10501): whoever first cuts out
  a ``1 x 1`` piece wins. Nobody sane leaves a side of length 1 (the opponent
  would cut a ``1 x 1`` off it), so this is normal play with a side of length
  ``n`` cut only at ``2..n-2``.

Nothing here depends on a rule's name: the tables, parsers and formatters
read the rule's fields (minimum side, the ``1 x 1`` flag, judge limit,
answer words).

A position is a multiset of pieces, a sum of games, whose value is the xor of
the pieces' Sprague–Grundy values. A piece ``a x b`` has ``a`` rows and ``b``
columns; a *horizontal* cut at ``k`` splits it into ``k x b`` and
``(a-k) x b``, a *vertical* cut at ``k`` into ``a x k`` and ``a x (b-k)``.
The results carry the Sprague–Grundy table, which
:mod:`gamecert.verify.cutting.certificate` checks by recomputing every entry's mex.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gamecert.solvers.cutting import _kernels
from gamecert.solvers.cutting.rules import CUTTING, SPLIT, CuttingRule
from gamecert.solvers.errors import GamecertError, SolverError
from gamecert.solvers.textinput import MAX_DIGITS, TextInput

#: The bundled rules (the registry lists each as a game).
RULES = (SPLIT, CUTTING)

try:  # built at install from _sgtable.c; a machine without a C compiler installs without it
    import gamecert.solvers.cutting._sgtable as _sgtable
except ImportError:
    _sgtable = None

#: Without the C extension, tables up to this size are filled with array operations (quicker than loading numba).
ARRAY_TABLE = 250
#: The largest table :func:`grundy_table` builds (``O(size^2)`` memory, ``O(size^3)`` time).
MAX_TABLE = 2000

_HINT = " (judge limit; --no-judge-limits lifts it)"
_TABLE_HINT = " (the largest table gamecert builds)"


@dataclass(frozen=True, order=True)
class Piece:
    """A rectangle of ``rows x cols`` grid cells."""

    rows: int
    cols: int

    def __str__(self) -> str:
        return f"{self.rows}x{self.cols}"


@dataclass(frozen=True, eq=False)
class Pieces(Sequence):
    """Many pieces as two int64 arrays: piece ``i`` is ``rows[i] x cols[i]``.

    A sequence of :class:`Piece` (built on access), equal to any sequence
    of the same pieces; parsers return it so that a quarter of a million
    queries need no quarter of a million objects.

    >>> Pieces.of([Piece(3, 5), Piece(2, 7)])[1], len(Pieces.of([]))
    (Piece(rows=2, cols=7), 0)
    """

    rows: np.ndarray
    cols: np.ndarray

    @classmethod
    def of(cls, pieces) -> Pieces:
        if isinstance(pieces, Pieces):
            return pieces
        pieces = list(pieces)
        rows = np.fromiter((p.rows for p in pieces), dtype=np.int64, count=len(pieces))
        cols = np.fromiter((p.cols for p in pieces), dtype=np.int64, count=len(pieces))
        return cls(rows, cols)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return Pieces(self.rows[i], self.cols[i])
        return Piece(int(self.rows[i]), int(self.cols[i]))

    def __iter__(self):
        return map(Piece, self.rows.tolist(), self.cols.tolist())

    def __eq__(self, other) -> bool:
        if not isinstance(other, Sequence) or len(other) != len(self):
            return NotImplemented if not isinstance(other, Sequence) else False
        other = Pieces.of(other)
        return bool((self.rows == other.rows).all() and (self.cols == other.cols).all())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Pieces({list(self)!r})"


@dataclass(frozen=True)
class Cut:
    """A move: cut ``position[piece]`` ``direction``-ally after row/column ``at``."""

    piece: int
    direction: str
    at: int
    parts: tuple[Piece, Piece]

    def __str__(self) -> str:
        line = "row" if self.direction == "horizontal" else "column"
        a, b = self.parts
        return f"cut piece {self.piece + 1} {self.direction}ly after {line} {self.at}: {a} + {b}"


@dataclass(frozen=True, eq=False)
class GrundyTable:
    """Sprague–Grundy values ``values[n, m]`` of every ``n x m`` piece, ``n, m <= size``.

    ``values`` is a symmetric int32 array of shape ``(size + 1, size + 1)``;
    undefined entries (index 0, sides shorter than the rule's minimum, the
    ``1 x 1`` piece where the rule forbids it) hold ``-1``.
    """

    rule: CuttingRule
    values: np.ndarray

    @property
    def size(self) -> int:
        return self.values.shape[0] - 1

    def value(self, piece: Piece) -> int:
        return int(self.values[piece.rows, piece.cols])


@dataclass(frozen=True, eq=False)
class QueryAnswers:
    """Many independent single-piece games: each piece's value, with the table.

    The player to move (Alice; the judge's ``WIN``) wins piece ``i`` iff
    ``values[i] != 0``.
    """

    rule: CuttingRule
    pieces: Pieces
    values: np.ndarray
    table: GrundyTable

    @property
    def first_player_wins(self) -> np.ndarray:
        return self.values != 0


@dataclass(frozen=True)
class PositionSolution:
    """A sum of pieces solved: values, the xor, and a winning move if any.

    ``move`` is ``None`` exactly when ``value == 0`` (the player to move loses);
    otherwise it leads to a position of value 0.
    """

    rule: CuttingRule
    pieces: tuple[Piece, ...]
    values: tuple[int, ...]
    value: int
    move: Cut | None

    @property
    def first_player_wins(self) -> bool:
        return self.value != 0


def _check_rule(rule: CuttingRule) -> None:
    if not isinstance(rule, CuttingRule):
        raise GamecertError(f"expected a CuttingRule, got {rule!r}")


def grundy_table(rule: CuttingRule, size: int) -> GrundyTable:
    """Compute the Sprague–Grundy table of a rectangle-cutting game up to ``size x size``.

    Notes
    -----
    ``g(n, m) = mex { g(a) xor g(b) : a, b the two parts of an available cut }``
    (Sprague [1]_, Grundy [2]_), filled bottom-up by a compiled kernel that
    only visits cuts at ``k <= n/2`` (the cut at ``n - k`` gives the same
    parts) and mirrors each entry. The mex uses a stamped ``seen`` array, so
    nothing is cleared between entries. The kernel is the C extension
    ``_sgtable`` built at install; where it could not be built, the numba
    kernel :func:`~gamecert.solvers.cutting._kernels.grundy_kernel` (the same
    loops), with tables up to :data:`ARRAY_TABLE` (the judge's sizes) filled
    instead by :func:`_grundy_by_diagonals` with array operations, which
    finishes before numba could load.
    ``O(size^3)`` time (about ``size^3 / 2`` xors), ``O(size^2)`` space.

    References
    ----------
    .. [1] R. Sprague, "Über mathematische Kampfspiele", Tohoku Math. J. 41,
       1935.
    .. [2] P. M. Grundy, "Mathematics and games", Eureka 2, 1939.

    Examples
    --------
    >>> t = grundy_table(SPLIT, 6)
    >>> [t.value(Piece(1, m)) for m in range(2, 7)]
    [0, 0, 1, 1, 2]
    """
    _check_rule(rule)
    if not 0 <= size <= MAX_TABLE:
        raise GamecertError(f"table size must be in 0..{MAX_TABLE}, got {size}")
    if _sgtable is not None:
        values = np.frombuffer(_sgtable.table(int(size), int(rule.min_side), bool(rule.no_unit)), dtype=np.int32)
        return GrundyTable(rule, values.reshape(int(size) + 1, int(size) + 1))
    if size <= ARRAY_TABLE:
        return GrundyTable(rule, _grundy_by_diagonals(int(size), rule))
    return GrundyTable(rule, _kernels.grundy_kernel(int(size), int(rule.min_side), bool(rule.no_unit)))


def _grundy_by_diagonals(size: int, rule: CuttingRule) -> np.ndarray:
    """The table of :func:`grundy_table`, one anti-diagonal ``n + m = d`` at a time.

    Both parts of a cut of an ``n x m`` piece have a smaller ``n + m``, so a
    whole diagonal depends only on earlier ones: its cuts are listed as flat
    arrays (entry, k), their xors gathered at once, and each entry's mex read
    off a boolean ``seen`` matrix. The same cuts as the kernel: across a side
    ``n`` at ``lo..n//2`` with ``lo`` the rule's minimum side, raised to 2
    when the rule forbids ``1 x 1`` parts and the other side is 1.
    """
    g = np.full((size + 1, size + 1), -1, dtype=np.int32)
    low, no_unit = rule.min_side, rule.no_unit
    for d in range(2 * low, 2 * size + 1):
        n = np.arange(max(low, d - size), d // 2 + 1)
        m = d - n
        if no_unit:
            n, m = n[m >= 2], m[m >= 2]  # n <= m: the 1 x 1 stays undefined
        if len(n) == 0:
            continue
        lo_n = np.where(no_unit & (m == 1), max(low, 2), low)
        lo_m = np.where(no_unit & (n == 1), max(low, 2), low)
        parts = []
        for lo, side, across_rows in ((lo_n, n, True), (lo_m, m, False)):
            count = np.maximum(side // 2 - lo + 1, 0)
            entry = np.repeat(np.arange(len(n)), count)
            k = np.arange(len(entry)) - np.repeat(np.cumsum(count) - count, count) + lo[entry]
            rows, cols = n[entry], m[entry]
            if across_rows:
                x = g[k, cols] ^ g[rows - k, cols]
            else:
                x = g[rows, k] ^ g[rows, cols - k]
            parts.append((entry, x))
        entry = np.concatenate([p[0] for p in parts])
        x = np.concatenate([p[1] for p in parts])
        seen = np.zeros((len(n), int(x.max()) + 2 if len(x) else 1), dtype=bool)
        seen[entry, x] = True
        mex = np.argmin(seen, axis=1).astype(np.int32)  # the first value not seen
        g[n, m] = mex
        g[m, n] = mex
    return g


def _check_pieces(pieces: Pieces, rule: CuttingRule) -> None:
    short = np.minimum(pieces.rows, pieces.cols) < rule.min_side
    if rule.no_unit:
        short |= (pieces.rows == 1) & (pieces.cols == 1)
    bad = np.flatnonzero(short)
    if len(bad):
        raise GamecertError(f"piece {pieces[int(bad[0])]} is not a {rule.name} game position")


def _table_for(pieces: Pieces, rule: CuttingRule, table: GrundyTable | None) -> GrundyTable:
    need = int(max(pieces.rows.max(), pieces.cols.max())) if len(pieces) else 0
    if table is not None and table.rule == rule and table.size >= need:
        return table
    return grundy_table(rule, need)


def cutting_queries(pieces: tuple[Piece, ...], rule: CuttingRule, table: GrundyTable | None = None) -> QueryAnswers:
    """Solve many one-piece rectangle-cutting games (the judge's task) at once.

    Notes
    -----
    One :func:`grundy_table` up to the largest side, then a vectorized
    lookup: ``O(S^3 + q)`` for ``q`` queries of sides at most ``S``.

    Examples
    --------
    >>> cutting_queries((Piece(2, 2), Piece(3, 2), Piece(4, 2)), CUTTING).first_player_wins.tolist()
    [False, False, True]
    """
    _check_rule(rule)
    pieces = Pieces.of(pieces)
    _check_pieces(pieces, rule)
    table = _table_for(pieces, rule, table)
    return QueryAnswers(rule, pieces, table.values[pieces.rows, pieces.cols], table)


def split_game(pieces: tuple[Piece, ...], table: GrundyTable | None = None) -> QueryAnswers:
    """Solve the Split Game for each ``N x M`` sheet: does Alice (moving first) win?

    Notes
    -----
    :func:`cutting_queries` with the Split rule: ``O(S^3 + q)``.

    Examples
    --------
    >>> split_game((Piece(1, 2), Piece(1, 6), Piece(4, 3), Piece(3, 5))).first_player_wins.tolist()
    [False, True, True, False]
    """
    return cutting_queries(pieces, SPLIT, table)


def cutting_game(pieces: tuple[Piece, ...], table: GrundyTable | None = None) -> QueryAnswers:
    """Solve the Cutting Game for each ``W x H`` sheet: does the player to move win?

    Notes
    -----
    :func:`cutting_queries` with the Cutting rule (cuts at ``2..n-2``, by the
    lemma in the module docstring): ``O(S^3 + q)``.

    Examples
    --------
    >>> cutting_game((Piece(2, 2), Piece(4, 2))).first_player_wins.tolist()
    [False, True]
    """
    return cutting_queries(pieces, CUTTING, table)


def available_cuts(piece: Piece, rule: CuttingRule):
    """Every available cut of ``piece`` under ``rule`` as ``(direction, at, part, part)``.

    >>> [(d, k) for d, k, _, _ in available_cuts(Piece(1, 5), SPLIT)]
    [('vertical', 2), ('vertical', 3)]
    """
    for direction, side, other in (("horizontal", piece.rows, piece.cols), ("vertical", piece.cols, piece.rows)):
        lo = max(rule.min_side, 2) if (rule.no_unit and other == 1) else rule.min_side
        for k in range(lo, side - lo + 1):
            if direction == "horizontal":
                yield direction, k, Piece(k, other), Piece(side - k, other)
            else:
                yield direction, k, Piece(other, k), Piece(other, side - k)


def cutting_position(pieces: tuple[Piece, ...], rule: CuttingRule, table: GrundyTable | None = None) -> PositionSolution:
    """Solve a sum of rectangle-cutting games: its value, winner and one winning move.

    Notes
    -----
    The value is the xor ``X`` of the pieces' Sprague–Grundy values. When
    ``X != 0`` some piece ``p`` has ``g(p) xor X < g(p)``, and because
    ``g(p)`` is a mex, a cut of ``p`` reaches parts of xor ``g(p) xor X``:
    that cut leaves a position of value 0. Table ``O(S^3)``, then
    ``O(sum of sides)`` to find the move.

    Examples
    --------
    >>> s = cutting_position((Piece(3, 5), Piece(1, 6)), SPLIT)
    >>> s.value, str(s.move)
    (2, 'cut piece 2 vertically after column 3: 1x3 + 1x3')
    """
    _check_rule(rule)
    pieces = tuple(pieces)
    _check_pieces(Pieces.of(pieces), rule)
    table = _table_for(Pieces.of(pieces), rule, table)
    values = tuple(table.value(p) for p in pieces)
    total = 0
    for v in values:
        total ^= v
    move = None
    if total:
        for i, (p, v) in enumerate(zip(pieces, values)):
            target = v ^ total
            if target >= v:
                continue
            for direction, k, a, b in available_cuts(p, rule):
                if table.value(a) ^ table.value(b) == target:
                    move = Cut(i, direction, k, (a, b))
                    break
            if move is not None:
                break
        if move is None:  # the mex property guarantees a move; a miss is a kernel bug
            raise SolverError(f"no winning move found from a position of value {total}")
    return PositionSolution(rule, pieces, values, total, move)


def parse_queries(
    text: str | bytes,
    rule: CuttingRule,
    source: str = "<stdin>",
    judge_limits: bool = True,
    max_memory: int | None = None,
) -> Pieces:
    """Read judge input: pairs of integers (the rule's two sides, ``N M`` or ``W H``) to end of file.

    The whole input is scanned and converted with array operations
    (:class:`~gamecert.solvers.textinput.TextInput`); an error names the first bad
    token, in reading order.

    Examples
    --------
    >>> list(parse_queries("1 2\\n4 3\\n", SPLIT))
    [Piece(rows=1, cols=2), Piece(rows=4, cols=3)]
    """
    _check_rule(rule)
    src = TextInput(text, source, max_memory)
    (first, what1), (second, what2) = rule.sides
    hi = rule.judge_limit if judge_limits else MAX_TABLE
    hint = _HINT if judge_limits else _TABLE_HINT
    lo = rule.min_side
    count = len(src)
    if count == 0:
        raise src.error(1, 1, f"expected at least one line '{first} {second}'")
    values, ok = src.scan_integers(0, count, lo, hi)
    pairs = count // 2
    rows, cols = values[0 : 2 * pairs : 2], values[1 : 2 * pairs : 2]
    # Problems in reading order: a bad token, or a 1x1 sheet once its second
    # side (token 2p + 1) is read, then a missing last side.
    first_bad = int(np.argmin(ok)) if not ok.all() else count
    if rule.no_unit:
        ones = np.flatnonzero((rows == 1) & (cols == 1) & ok[0 : 2 * pairs : 2] & ok[1 : 2 * pairs : 2])
        if len(ones) and 2 * int(ones[0]) + 1 < first_bad:
            raise src.error_token(2 * int(ones[0]), f"expected a sheet larger than 1x1 ({first}*{second} > 1), got 1 1")
    if first_bad < count:
        src.integer(first_bad, what2 if first_bad % 2 else what1, lo, hi, hint)
    if count % 2:
        raise src.error_end(f"expected {what2} after {first} = {values[-1]}, found end of input (an odd number of integers)")
    return Pieces(rows.copy(), cols.copy())


def parse_split(
    text: str | bytes, source: str = "<stdin>", judge_limits: bool = True, max_memory: int | None = None
) -> Pieces:
    """Read Split Game judge input: lines ``N M`` to end of file (1..150, N*M > 1).

    >>> parse_split("3 5\\n")[0]
    Piece(rows=3, cols=5)
    """
    return parse_queries(text, SPLIT, source, judge_limits, max_memory)


def parse_cutting(
    text: str | bytes, source: str = "<stdin>", judge_limits: bool = True, max_memory: int | None = None
) -> Pieces:
    """Read Cutting Game judge input: lines ``W H`` to end of file (2..200).

    >>> parse_cutting("4 2\\n")[0]
    Piece(rows=4, cols=2)
    """
    return parse_queries(text, CUTTING, source, judge_limits, max_memory)


_PIECE = re.compile(rb"([0-9]+)[xX]([0-9]+)")


def parse_position(text: str | bytes, rule: CuttingRule, source: str = "<position>", judge_limits: bool = True) -> tuple[Piece, ...]:
    """Read a position: pieces ``AxB`` separated by blanks (``3x5 2x7 4x4``); ASCII digits only.

    >>> parse_position("3x5 2X7", SPLIT)
    (Piece(rows=3, cols=5), Piece(rows=2, cols=7))
    """
    _check_rule(rule)
    src = TextInput(text, source)
    hi = rule.judge_limit if judge_limits else MAX_TABLE
    hint = _HINT if judge_limits else _TABLE_HINT
    lo = rule.min_side
    pieces = []
    for i in range(len(src)):
        raw = src.text(i)
        match = _PIECE.fullmatch(raw)
        if match is None:
            raise src.error_token(i, f"expected a piece 'AxB' such as 3x5, got {src.shown(i)}")
        sides = []
        for group in (1, 2):
            digits = match.group(group).lstrip(b"0")
            offset = int(src.starts[i]) + match.start(group)
            if len(digits) > MAX_DIGITS:
                raise src.error_at(offset, f"expected a side in {lo}..{hi}, got an integer of {len(digits)} digits{hint}")
            value = int(match.group(group))
            if not lo <= value <= hi:
                extra = hint if value > hi else ""
                raise src.error_at(offset, f"expected a side in {lo}..{hi}, got {value}{extra}")
            sides.append(value)
        if sides == [1, 1] and not rule.is_piece(1, 1):
            raise src.error_token(i, "expected a piece larger than 1x1 (a 1x1 piece ends the game)")
        pieces.append(Piece(*sides))
    if not pieces:
        raise src.error_end("expected at least one piece 'AxB'")
    return tuple(pieces)


def format_answer(answers: QueryAnswers, start: int = 0, stop: int | None = None) -> str:
    """Judge output: the rule's word for a win or a loss of the player to move, one query per line
    (queries ``start..stop - 1``).

    >>> format_answer(split_game((Piece(1, 2), Piece(1, 6))))
    'Bob\\nAlice\\n'
    """
    win, lose = answers.rule.words
    words = (lose + "\n", win + "\n")
    return "".join(words[w] for w in answers.first_player_wins[start:stop].tolist())


def format_split_answer(answers: QueryAnswers) -> str:
    """Judge output of the Split Game: ``Alice`` or ``Bob`` per query, one per line."""
    return format_answer(answers)


def format_cutting_answer(answers: QueryAnswers) -> str:
    """Judge output of the Cutting Game: ``WIN`` or ``LOSE`` per query, one per line."""
    return format_answer(answers)


def format_position(solution: PositionSolution) -> str:
    """A position's verdict for people: value, winner, and the winning move."""
    pieces = " ".join(str(p) for p in solution.pieces)
    values = " ".join(str(v) for v in solution.values)
    lines = [f"position: {pieces}", f"values: {values} (xor {solution.value})"]
    if solution.move is None:
        lines.append("the player to move loses")
    else:
        lines.append("the player to move wins")
        lines.append(f"winning move: {solution.move}")
    return "\n".join(lines) + "\n"
