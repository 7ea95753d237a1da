"""Impartial rules games decided by searching the whole sum, without Sprague–Grundy theory.

A query is played as one position: a sum of components is one position, a
move is a move in one of its components, and the player to move wins iff
some move reaches a position the opponent loses (under misère play a
position with no move is won; under normal play it is lost). No values, no
mex, no xor. A normal-play nim value ``v`` is found through the game itself:
``G + *v`` (``G`` beside a nim heap of ``v``) is lost for the player to move
exactly when ``v`` is the value of ``G``, so ``v = 0, 1, 2, ...`` are searched
in turn. The moves of a whole sum come from
:class:`~gamecert.verify.impartial.retrograde.WholeSums`; nothing here uses
:mod:`gamecert.solvers.impartial.solver`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from gamecert.solvers.errors import RulesError, SolverError
from gamecert.solvers.rules.rules import ImpartialRules, Limits
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.impartial.retrograde import Answers, WholeSums
from gamecert.verify.rules.guarded import GuardedRules

#: Most positions (a whole sum beside a heap) one call of :func:`search_answers` decides before it gives up.
SEARCH_MAX_POSITIONS = 150_000

#: A search position: a whole sum's key (:class:`~gamecert.verify.impartial.retrograde.WholeSums`) and a nim heap beside it.
State = tuple[Hashable, int]


class WholeSumSearch:
    """Memoized AND/OR search of whole sums (beside a nim heap), over an explicit stack.

    ``wins(state)``: does the player to move win ``state``? ``budget``:
    positions decided before giving up (default :data:`SEARCH_MAX_POSITIONS`,
    at most ``--max-positions``).
    Use inside the ``with`` block of the :class:`GuardedRules` of ``sums``.
    """

    def __init__(self, sums: WholeSums, misere: bool, budget: int | None = None) -> None:
        self.sums = sums
        self.misere = misere
        self.budget = SEARCH_MAX_POSITIONS if budget is None else budget
        self.limit = "search limit"
        if sums.calls.limits.max_positions < self.budget:
            self.budget, self.limit = sums.calls.limits.max_positions, "--max-positions"
        self.memo: dict[State, bool] = {}  # decided positions: does the player to move win?
        self._moves: dict[Hashable, tuple[Hashable, ...]] = {}  # whole sum -> the whole sums one move away

    def moves(self, whole: Hashable) -> tuple[Hashable, ...]:
        """The distinct whole sums one move from ``whole`` (asked once per sum, whatever the heap beside it)."""
        found = self._moves.get(whole)
        if found is None:
            found = self._moves[whole] = self.sums.moves(whole)
        return found

    def children(self, state: State) -> list[State]:
        """Every position one move away: a smaller heap (those are searched first), or a move in the sum."""
        whole, heap = state
        return [(whole, h) for h in range(heap)] + [(w, heap) for w in self.moves(whole)]

    def wins(self, root: State) -> bool:
        """Does the player to move win ``root``?

        Depth-first over an explicit stack of frames ``[state, children,
        next]``; invariant: ``children[:next]`` are all won by the player who
        moves there. A frame is won at its first child that is lost, lost when
        every child is won; a state met again while on the stack is a loop.
        """
        memo = self.memo
        if root in memo:
            return memo[root]
        depth = {root: 0}  # states on the stack -> their depth
        stack = [[root, self.children(root), 0]]
        while stack:
            frame = stack[-1]
            state, kids, i = frame
            result = None
            while i < len(kids):
                known = memo.get(kids[i])
                if known is None:
                    break
                if not known:
                    result = True  # a move to a position the opponent loses
                    break
                i += 1
            frame[2] = i
            if result is None and i == len(kids):
                # Every move reaches a won position; with no move at all, misère play wins.
                result = self.misere and not kids
            if result is not None:
                memo[state] = result
                del depth[state]
                stack.pop()
                continue
            child = kids[i]
            if child in depth:
                raise self._loop([f[0] for f in stack[depth[child] :]])
            if len(memo) + len(stack) >= self.budget:
                raise TimeLimitError(f"more than {self.budget:,} positions searched ({self.limit})")
            depth[child] = len(stack)
            stack.append([child, self.children(child), 0])
        return memo[root]

    def _loop(self, states: list[State]) -> RulesError:
        return self.sums.calls.loop([self.sums.position(whole) for whole, _ in states])


def search_answers(rules: ImpartialRules, queries: Sequence[Hashable], limits: Limits | None = None) -> Answers:
    """Decide every query of an impartial game by searching the whole sum: who wins, and the nim value.

    Parameters
    ----------
    rules : the game's :class:`~gamecert.solvers.rules.rules.ImpartialRules`
    queries : positions, as the rules' ``parse`` returns them
    limits : positions, memory and seconds per rules call allowed

    Returns
    -------
    One ``(win, value)`` per query (``value`` None under misère play).

    Raises
    ------
    RulesError
        if the rules raise, return what the contract forbids, or make a loop.
    TimeLimitError
        past :data:`SEARCH_MAX_POSITIONS` positions (or ``limits.max_positions``): the search gives up.

    Notes
    -----
    :class:`WholeSumSearch`, one memo for all queries. Misère play: each
    query's whole sum is searched. Normal play: ``query + *v`` for ``v = 0,
    1, ...`` until the first lost one, whose ``v`` is the value (``G`` is
    equivalent to ``*v`` iff ``G + *v`` is a second-player win; *Winning Ways*,
    ch. 3); ``v`` never exceeds the number of moves from the query. The memo
    holds states ``(sum, heap)``: up to ``(v + 1)`` times the whole sums
    reachable, which grow exponentially with the number of components.

    >>> nim = ImpartialRules("nim", "nim.py", int, range, components=lambda p: p if isinstance(p, tuple) else (p,))
    >>> search_answers(nim, [(1, 2), (3, 2, 1), 5])
    ((True, 3), (False, 0), (True, 5))
    """
    limits = limits or Limits()
    calls = GuardedRules(rules, limits)
    out: list[tuple[bool, int | None]] = []
    with calls:
        search = WholeSumSearch(WholeSums(calls), rules.misere)
        for q in queries:
            whole = search.sums.start(q)
            if rules.misere:
                out.append((search.wins((whole, 0)), None))
                continue
            bound = len(search.moves(whole))
            value = next((v for v in range(bound + 1) if not search.wins((whole, v))), None)
            if value is None:
                raise SolverError(
                    f"search: no heap up to {bound} beside query {len(out) + 1} is lost for the player to move"
                )
            out.append((value != 0, value))
    return tuple(out)
