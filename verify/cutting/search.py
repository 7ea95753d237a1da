"""Rectangle-cutting positions decided from their literal rules by game-tree search.

This module knows nothing of Sprague–Grundy values and does not use the
Cutting Game's "never leave a side of length 1" lemma: a position is a
multiset of pieces, a move cuts one piece in two along any grid line, and

* Split Game: a cut that produces a ``1 x 1`` piece loses at once for the
  player who made it;
* Cutting Game: a cut that produces a ``1 x 1`` piece wins at once;

and a player with no cut at all loses. The player to move wins iff some
move wins at once or leads to a position the opponent loses. The search
shares nothing with :mod:`gamecert.solvers.cutting.solver` beyond the piece sizes it is given.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable

from gamecert.solvers.errors import GamecertError

#: Pieces are coded ``short * BASE + long``; sorted codes order like sorted pairs.
BASE = 1 << 20
#: A canonical position: the sorted tuple of its pieces' codes.
Key = tuple[int, ...]

#: Budgets of :func:`fits`: the largest total area searched in about two seconds.
MAX_AREA = {"split": 56, "cutting": 120}


def canonical(pieces: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The multiset of pieces with each piece as ``(short, long)``, sorted.

    >>> canonical([(5, 3), (2, 7), (3, 5)])
    ((2, 7), (3, 5), (3, 5))
    """
    return tuple(sorted((min(a, b), max(a, b)) for a, b in pieces))


def _key(pieces: Iterable[tuple[int, int]]) -> Key:
    return tuple(a * BASE + b for a, b in canonical(pieces))


def fits(pieces: Iterable[tuple[int, int]], rule: str) -> str | None:
    """``None`` if :func:`rule_search` decides ``pieces`` in about two seconds, else why not.

    The cost grows with the total area, so the budget is the total area
    (:data:`MAX_AREA`), set per rule where the rule search stops finishing
    within seconds (measurements in ``benchmarks/limits.md``).

    >>> fits([(7, 8)], "split") is None, fits([(8, 8)], "split")
    (True, 'total area 64 > 56, too large for the rule search')
    """
    area = sum(a * b for a, b in pieces)
    limit = MAX_AREA[rule]
    return None if area <= limit else f"total area {area} > {limit}, too large for the rule search"


_cut_cache: dict[int, tuple[bool, tuple[tuple[int, int], ...]]] = {}


def _cuts(code: int) -> tuple[bool, tuple[tuple[int, int], ...]]:
    """``(some cut produces a 1 x 1, the parts of every other cut)`` of one piece.

    Parts are codes; cuts at ``k`` and ``side - k`` give the same parts and
    are listed once, middle cuts first (they tend to settle frames sooner).
    """
    found = _cut_cache.get(code)
    if found is None:
        a, b = divmod(code, BASE)
        unit = False
        parts = []
        for side, other in ((a, b), (b, a)):
            for k in range(side // 2, 0, -1):
                p = min(k, other) * BASE + max(k, other)
                q = min(side - k, other) * BASE + max(side - k, other)
                if p == BASE + 1 or q == BASE + 1:
                    unit = True
                else:
                    parts.append((p, q))
        found = (unit, tuple(dict.fromkeys(parts)))
        _cut_cache[code] = found
    return found


def _children(key: Key, rule: str):
    """Yield ``None`` for a move that wins at once, else each child position.

    Split cuts that produce a ``1 x 1`` lose at once for the mover, so they are
    never a reason to win and are left out; a position whose only cuts are
    such cuts (or that has no cut at all) is lost for the player to move.
    """
    previous = -1
    for i, code in enumerate(key):
        if code == previous:
            continue
        previous = code
        unit, parts = _cuts(code)
        if unit and rule == "cutting":
            yield None
            return
        rest = list(key[:i] + key[i + 1:])
        for p, q in parts:
            child = rest[:]
            insort(child, p)
            insort(child, q)
            yield tuple(child)


def rule_search(pieces: Iterable[tuple[int, int]], rule: str, memo: dict[Key, bool] | None = None) -> bool:
    """Decide a rectangle-cutting position by searching its game tree: does the player to move win?

    Parameters
    ----------
    pieces : the position, each piece as ``(rows, cols)`` (sides >= 1)
    rule : ``"split"`` or ``"cutting"``
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
    >>> rule_search([(1, 6)], "split"), rule_search([(3, 5)], "split")
    (True, False)
    >>> [rule_search([(w, 2)], "cutting") for w in (2, 3, 4)]
    [False, False, True]
    """
    if rule not in MAX_AREA:
        raise GamecertError(f"unknown cutting rule {rule!r}; choose from split, cutting")
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
