"""Rectangle-cutting positions decided from their literal rules by game-tree search.

This module knows nothing of Sprague–Grundy values and does not use the
Cutting Game's "never leave a side of length 1" lemma: it plays a rule's
*literal rules* (:class:`~gamecert.solvers.cutting.rules.CuttingRule`). A
position is a multiset of pieces; a move cuts one piece in two along a grid
line, and

* with the rule's ``unit_cut`` set, any cut is a move, and a cut that
  produces a ``1 x 1`` piece ``"loses"`` at once for the player who made it
  (Split Game) or ``"wins"`` at once (Cutting Game);
* with ``unit_cut`` None, a move is a cut leaving both parts at least the
  rule's ``min_side`` wide (and no ``1 x 1`` part where ``no_unit`` says so);

and a player with no cut at all loses. The player to move wins iff some
move wins at once or leads to a position the opponent loses. The search
shares nothing with :mod:`gamecert.solvers.cutting.solver` beyond the piece sizes it is given.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable
from typing import TYPE_CHECKING

from gamecert.solvers.cutting.rules import CuttingRule
from gamecert.solvers.errors import GamecertError
from gamecert.verify.game import Formulation, Rate

#: The rule search of one piece takes about two seconds at its rule's ``search_area`` and about 16 times as long
#: per further quarter of it (``benchmarks/limits.md``, "verify.cutting.search": Split 56 → 64 and Cutting 121 → 144
#: each grew about tenfold): seconds per unit of ``16 ** (4 (area - search_area) / search_area)``.
SEARCH_RATE = Rate(2.0, "16 ** (4 (area - search_area) / search_area), per piece", "timing rule_search on single pieces")
SEARCH_GROWTH = 16.0

if TYPE_CHECKING:
    from gamecert.solvers.cutting.solver import Pieces

#: Pieces are coded ``short * BASE + long``; sorted codes order like sorted pairs.
BASE = 1 << 20
#: A canonical position: the sorted tuple of its pieces' codes.
Key = tuple[int, ...]



def canonical(pieces: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The multiset of pieces with each piece as ``(short, long)``, sorted.

    >>> canonical([(5, 3), (2, 7), (3, 5)])
    ((2, 7), (3, 5), (3, 5))
    """
    return tuple(sorted((min(a, b), max(a, b)) for a, b in pieces))


def _key(pieces: Iterable[tuple[int, int]]) -> Key:
    return tuple(a * BASE + b for a, b in canonical(pieces))


def fits(pieces: Iterable[tuple[int, int]], rule: CuttingRule) -> str | None:
    """``None`` if :func:`rule_search` decides ``pieces`` in about two seconds, else why not.

    The cost grows with the total area, so the budget is the total area
    (the rule's ``search_area``), set per rule where the rule search stops finishing
    within seconds (measurements in ``benchmarks/limits.md``).

    >>> from gamecert.solvers.cutting.rules import SPLIT
    >>> fits([(7, 8)], SPLIT) is None, fits([(8, 8)], SPLIT)
    (True, 'total area 64 > 56, too large for the rule search')
    """
    area = sum(a * b for a, b in pieces)
    limit = rule.search_area
    return None if area <= limit else f"total area {area} > {limit}, too large for the rule search"


#: ``(piece code, least part side, 1 x 1 parts decided at once)`` -> :func:`_cuts` of it.
_cut_cache: dict[tuple[int, int, bool], tuple[bool, tuple[tuple[int, int], ...]]] = {}


def _literal(rule: CuttingRule) -> tuple[int, bool]:
    """``(least side of a part, whether a cut producing a 1 x 1 ends the game at once)`` of the literal rules."""
    if rule.unit_cut is not None:
        return 1, True
    return rule.min_side, rule.no_unit


def _cuts(code: int, low: int, unit_ends: bool) -> tuple[bool, tuple[tuple[int, int], ...]]:
    """``(some cut produces a 1 x 1, the parts of every other cut)`` of one piece.

    A cut is listed when both parts keep both sides at least ``low``; with
    ``unit_ends`` a cut producing a ``1 x 1`` is reported in the flag instead of
    listed (it ends the game at once). Parts are codes; cuts at ``k`` and
    ``side - k`` give the same parts and are listed once, middle cuts first
    (they tend to settle frames sooner).
    """
    found = _cut_cache.get((code, low, unit_ends))
    if found is None:
        a, b = divmod(code, BASE)
        unit = False
        parts = []
        for side, other in ((a, b), (b, a)):
            if other < low:
                continue
            for k in range(side // 2, low - 1, -1):
                p = min(k, other) * BASE + max(k, other)
                q = min(side - k, other) * BASE + max(side - k, other)
                if unit_ends and (p == BASE + 1 or q == BASE + 1):
                    unit = True
                else:
                    parts.append((p, q))
        found = (unit, tuple(dict.fromkeys(parts)))
        _cut_cache[(code, low, unit_ends)] = found
    return found


def _children(key: Key, rule: CuttingRule):
    """Yield ``None`` for a move that wins at once, else each child position.

    Cuts that produce a ``1 x 1`` and lose at once for the mover (the Split
    Game) are never a reason to win and are left out; a position whose only
    cuts are such cuts (or that has no cut at all) is lost for the player to move.
    """
    low, unit_ends = _literal(rule)
    wins_at_once = rule.unit_cut == "wins"
    previous = -1
    for i, code in enumerate(key):
        if code == previous:
            continue
        previous = code
        unit, parts = _cuts(code, low, unit_ends)
        if unit and wins_at_once:
            yield None
            return
        rest = list(key[:i] + key[i + 1:])
        for p, q in parts:
            child = rest[:]
            insort(child, p)
            insort(child, q)
            yield tuple(child)


def rule_search(pieces: Iterable[tuple[int, int]], rule: CuttingRule, memo: dict[Key, bool] | None = None) -> bool:
    """Decide a rectangle-cutting position by searching its game tree: does the player to move win?

    Parameters
    ----------
    pieces : the position, each piece as ``(rows, cols)`` (sides >= 1)
    rule : the game's :class:`~gamecert.solvers.cutting.rules.CuttingRule` (its literal rules)
    memo : optional table ``position key -> player to move wins``, shared
        between calls with the same ``rule``

    Notes
    -----
    AND/OR search with memoization over canonical multisets (each piece
    ``(short, long)``, sorted) and an explicit stack of frames (position,
    children not yet known to be won by their mover, next index). Opening a
    frame first looks every child up in the memo and settles at once on a
    known lost child; a frame stops at the first lost child. Positions form
    a DAG (every cut adds a piece), so no frame waits on itself. Exponential
    in general: the number of positions reachable from an ``a x b`` sheet
    grows like the number of multisets of rectangles of total area ``ab``;
    :func:`fits` states the budget.

    Examples
    --------
    >>> from gamecert.solvers.cutting.rules import CUTTING, SPLIT
    >>> rule_search([(1, 6)], SPLIT), rule_search([(3, 5)], SPLIT)
    (True, False)
    >>> [rule_search([(w, 2)], CUTTING) for w in (2, 3, 4)]
    [False, False, True]
    """
    if not isinstance(rule, CuttingRule):
        raise GamecertError(f"expected a CuttingRule, got {rule!r}")
    pieces = list(pieces)
    if any(min(a, b) < 1 for a, b in pieces):
        raise GamecertError("every piece needs sides >= 1")
    memo = {} if memo is None else memo
    root = _key(pieces)
    stack: list[list] = []

    def open_frame(key: Key) -> None:
        """Settle ``key`` from the memo if possible, else push its frame."""
        todo = []
        for child in _children(key, rule):
            if child is None:
                memo[key] = True
                return
            known = memo.get(child)
            if known is False:
                memo[key] = True
                return
            if known is None:
                todo.append(child)
        if not todo:
            memo[key] = False
            return
        stack.append([key, list(dict.fromkeys(todo)), 0])

    if root not in memo:
        open_frame(root)
    while stack:
        frame = stack[-1]
        key, todo, i = frame
        # Invariant: todo[:i] are all won by the player who moves there.
        while i < len(todo):
            known = memo.get(todo[i])
            if known is None:
                break
            if known is False:
                memo[key] = True
                break
            i += 1
        frame[2] = i
        if key in memo:
            stack.pop()
        elif i == len(todo):
            memo[key] = False
            stack.pop()
        else:
            open_frame(todo[i])
    return memo[root]


class CuttingSearchFormulation(Formulation["Pieces", tuple[bool, ...]]):
    """The ``rule-search`` formulation: each query decided by :func:`rule_search`, one memo per run."""

    name = "rule-search"

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule

    def fits(self, pieces: Pieces) -> str | None:
        return None

    def predict(self, pieces: Pieces) -> float:
        """Each piece's search: :data:`SEARCH_RATE` per unit of its exponential growth past the rule's ``search_area``."""
        area = self.rule.search_area
        return sum(SEARCH_RATE.exponential(SEARCH_GROWTH, 4 * (p.rows * p.cols - area) / area) for p in pieces)

    def run(self, pieces: Pieces) -> tuple[bool, ...]:
        memo: dict[Key, bool] = {}
        return tuple(rule_search([(p.rows, p.cols)], self.rule, memo) for p in pieces)
