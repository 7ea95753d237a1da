"""Audit the Sprague–Grundy tables of the rectangle-cutting games against the literal rules.

The fast side is :mod:`gamecert.solvers.cutting` (including the Cutting Game's
"never leave a side of length 1" lemma); the other side is
:func:`gamecert.verify.cutting.search.rule_search` on the literal rules. A
counterexample carries a ``gamecert solve GAME --position``.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

import numpy as np

from gamecert.solvers.cutting import CuttingRule, Piece, cutting_position, cutting_queries
from gamecert.solvers.errors import SolverError
from gamecert.verify.capabilities import Audit, AuditResult, Audits
from gamecert.verify.cutting.search import rule_search

CUTTING_CLAIM = (
    "the player to move wins iff the xor of the pieces' Sprague-Grundy values is non-zero "
    "(Cutting Game: by the side-length-1 lemma), and the named move wins = rule search on the literal rules"
)


def _pieces_text(pieces: Iterable[tuple[int, int]]) -> str:
    return " ".join(f"{a}x{b}" for a, b in pieces)


def pieces_up_to(rule: CuttingRule, max_area: int) -> list[tuple[int, int]]:
    """Every piece ``rows x cols`` of a rule's game with area at most ``max_area``, by area.

    >>> from gamecert.solvers.cutting import SPLIT
    >>> pieces_up_to(SPLIT, 4)
    [(1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (2, 2), (4, 1)]
    """
    low = rule.min_side
    out = [
        (a, b)
        for a in range(low, max_area + 1)
        for b in range(low, max_area + 1)
        if a * b <= max_area and rule.is_piece(a, b)
    ]
    return sorted(out, key=_area_then_rows)


def _area_then_rows(piece: tuple[int, int]) -> tuple[int, int]:
    return piece[0] * piece[1], piece[0]


def cutting_pieces(rule: CuttingRule, max_area: int | None = None) -> AuditResult:
    """Audit a cutting game's Sprague–Grundy table on every single piece up to an area.

    Notes
    -----
    The fast side answers all pieces with one table
    (:func:`gamecert.solvers.cutting.cutting_queries`); the rule search runs
    with one memo, smallest pieces first, so larger pieces reuse their parts.
    Its cost grows with the number of multisets of rectangles of the given
    total area (default: the rule's ``piece_area``).

    References
    ----------
    .. [1] R. Sprague, "Über mathematische Kampfspiele", Tohoku Math. J. 41,
       1935; P. M. Grundy, "Mathematics and games", Eureka 2, 1939.

    >>> from gamecert.solvers.cutting import CUTTING, SPLIT
    >>> cutting_pieces(SPLIT, 6).cases, cutting_pieces(CUTTING, 8).cases
    (13, 5)
    """
    area = rule.piece_area if max_area is None else max_area
    t0 = time.perf_counter()
    cases = 0
    bad = None
    pieces = pieces_up_to(rule, area)
    answers = cutting_queries(tuple(Piece(a, b) for a, b in pieces), rule) if pieces else None
    memo: dict = {}
    for (a, b), value in zip(pieces, answers.values.tolist() if answers is not None else []):
        cases += 1
        wins = rule_search([(a, b)], rule, memo)
        if (value != 0) != wins:
            bad = (
                f"{rule.name} game, piece {a}x{b}: the fast solver says the player to move "
                f"{'wins' if value else 'loses'} (Sprague-Grundy value {value}), "
                f"the rule search says {'wins' if wins else 'loses'}\n"
                f"position (gamecert solve {rule.name} --position): {a}x{b}"
            )
            break
    covered = f"pieces up to area {area}"
    return AuditResult(f"{rule.name}-pieces", CUTTING_CLAIM, cases, time.perf_counter() - t0, bad, covered)


def is_cut(piece: tuple[int, int], parts: tuple[tuple[int, int], tuple[int, int]]) -> bool:
    """Whether ``parts`` are the two pieces of a cut of ``piece`` along a grid line."""
    (a, b), ((p, q), (r, s)) = piece, parts
    return (q == s == b and p + r == a) or (p == r == a and q + s == b)


def _plain_cut(rule: CuttingRule, parts: tuple[tuple[int, int], tuple[int, int]]) -> bool:
    """Whether cutting into ``parts`` is a move of the literal rules that does not end the game at once.

    With ``unit_cut`` set every cut is a move, and one producing a ``1 x 1``
    ends the game; otherwise the literal rules are the normal-play form, and
    both parts must be pieces of it.
    """
    if rule.unit_cut is not None:
        return (1, 1) not in parts
    return all(rule.is_piece(a, b) for a, b in parts)


def sum_difference(pieces: list[tuple[int, int]], rule: CuttingRule, memo: dict | None = None) -> str | None:
    """Where the fast solution of a sum of pieces disagrees with the literal rules, or None.

    Checks the verdict against :func:`~gamecert.verify.cutting.search.rule_search`,
    and a named winning move: it must be a cut of one piece along a grid
    line, must be a move of the literal rules that does not cut out a
    ``1 x 1`` (a loss in the Split Game; in the Cutting Game it would win at
    once, but the fast side never needs it), and must leave a position the
    rule search says the opponent loses.

    >>> from gamecert.solvers.cutting import SPLIT
    >>> sum_difference([(3, 5), (1, 6)], SPLIT) is None
    True
    """
    memo = {} if memo is None else memo
    try:
        sol = cutting_position(tuple(Piece(a, b) for a, b in pieces), rule)
    except SolverError as exc:  # the fast side contradicts itself: a finding, not an audit crash
        return f"{rule.name} game: the fast solver failed on this sum: {exc}"
    wins = rule_search(pieces, rule, memo)
    if sol.first_player_wins != wins:
        return (
            f"{rule.name} game: the fast solver says the player to move {'wins' if sol.first_player_wins else 'loses'} "
            f"(values {' '.join(map(str, sol.values))}, xor {sol.value}), "
            f"the rule search says {'wins' if wins else 'loses'}"
        )
    if sol.move is None:
        return None
    i = sol.move.piece
    parts = tuple((p.rows, p.cols) for p in sol.move.parts)
    after = pieces[:i] + pieces[i + 1 :] + list(parts)
    if not 0 <= i < len(pieces) or not is_cut(pieces[i], parts) or not _plain_cut(rule, parts):
        return f"{rule.name} game: the fast solver's move '{sol.move}' is not a legal cut"
    if rule_search(after, rule, memo):
        return (
            f"{rule.name} game: the fast solver's move '{sol.move}' leaves {_pieces_text(after)}, "
            f"which the rule search says the opponent wins"
        )
    return None


def random_sums(rule: CuttingRule, count: int, max_area: int, seed: int) -> Iterator[list[tuple[int, int]]]:
    """``count`` random sums of 2 to 4 pieces of one rule's game, within a total area.

    Pieces have sides from the rule's least side to its ``sum_side``.

    >>> from gamecert.solvers.cutting import SPLIT
    >>> sums = list(random_sums(SPLIT, 5, 30, seed=0))
    >>> all(2 <= len(p) <= 4 and sum(a * b for a, b in p) <= 30 for p in sums)
    True
    """
    rng = np.random.default_rng(seed)
    low, top = rule.min_side, rule.sum_side
    for _ in range(count):
        while True:
            k = int(rng.integers(2, 5))
            pieces = [tuple(int(x) for x in rng.integers(low, top + 1, size=2)) for _ in range(k)]
            if all(rule.is_piece(a, b) for a, b in pieces) and sum(a * b for a, b in pieces) <= max_area:
                yield pieces
                break


def cutting_sums(rule: CuttingRule, count: int = 300, max_area: int | None = None, seed: int = 0) -> AuditResult:
    """Audit the Sprague–Grundy sum rule and the named winning moves on random sums of pieces.

    Notes
    -----
    Sums from :func:`random_sums` (seeded), each checked by
    :func:`sum_difference`: the xor's verdict and, when the mover wins, the
    fast side's move replayed under the literal rules. One rule-search memo
    for the whole audit.

    >>> from gamecert.solvers.cutting import CUTTING
    >>> cutting_sums(CUTTING, 6, 40).cases
    6
    """
    area = rule.sum_area if max_area is None else max_area
    t0 = time.perf_counter()
    memo: dict = {}
    cases = 0
    bad = None
    for pieces in random_sums(rule, count, area, seed):
        cases += 1
        diff = sum_difference(pieces, rule, memo)
        if diff is not None:
            bad = f"{diff}\nposition (gamecert solve {rule.name} --position): {_pieces_text(pieces)}"
            break
    covered = f"random sums of 2-4 pieces (total area <= {area}, seed {seed})"
    return AuditResult(f"{rule.name}-sums", CUTTING_CLAIM, cases, time.perf_counter() - t0, bad, covered)


class CuttingAudits(Audits):
    """The audits of ``gamecert audit --game NAME`` for one rule: every piece, random sums."""

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule

    def audits(self) -> tuple[Audit, Audit]:
        """The two audits, with their ``--quick`` sizes (half the pieces' area, 3/5 of the sums' area).

        >>> from gamecert.solvers.cutting import SPLIT
        >>> [(a.name, dict(a.quick)) for a in CuttingAudits(SPLIT).audits()]
        [('split-pieces', {'max_area': 24}), ('split-sums', {'count': 30, 'max_area': 24})]
        """
        rule = self.rule
        params = {"rule": rule}
        return (
            Audit(f"{rule.name}-pieces", cutting_pieces, {"max_area": rule.piece_area // 2}, params=params),
            Audit(
                f"{rule.name}-sums", cutting_sums, {"count": 30, "max_area": rule.sum_area * 3 // 5},
                seeded=True, params=params,
            ),
        )
