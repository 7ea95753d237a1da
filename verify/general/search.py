"""General games by depth-bounded search: "the player to move can force a win within k moves".

For ``k = 0, 1, 2, ...`` in turn (iterative deepening) each query is
searched to depth ``k``, with a memo per depth: within ``k`` moves the
player to move at ``p`` *wins* when ``result`` says so, or (``k >= 1``) some
move reaches a position its mover loses within ``k - 1`` (wins, on an extra
move); *loses* when ``result`` says so, or ``p`` has no move, or (``k >= 1``)
every move reaches a position its mover wins within ``k - 1`` (loses, on an
extra move). The first ``k`` that decides a query is its remoteness (the
winner hurries, the loser delays). A query that neither player wins within
as many moves as the game has positions is a draw, because the positions
decided within ``k`` stop changing once one round adds none, and each round
before that adds one at least; the search stops sooner where its tree to
depth ``k`` never reached depth ``k`` short of a position where play stops
(every deeper search is the same tree: a draw that no repetition makes,
as in tic-tac-toe). No retrograde analysis, no counters: the search reads
the rules' graph (:func:`~gamecert.verify.turn.graph.turn_graph`) and
nothing of the fast solver.
"""

from __future__ import annotations

from gamecert.solvers.turn.value import Value
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.game import Rate
from gamecert.verify.turn.bounds import remoteness_bound
from gamecert.verify.turn.graph import TurnGraph

#: Most (position, depth) pairs one call of :func:`search_values` keeps before it gives up (skipped, as past a
#: time limit). A query decided at depth ``k`` costs up to ``k + 1`` searches of the positions within ``k``
#: moves; a draw by repetition ``P + 1`` of them, at most ``(P + 1)(P + M)`` steps for ``P`` positions and
#: ``M`` moves, while a game whose plays all end within ``d`` moves (tic-tac-toe, ``d = 9``) takes ``d + 1``.
#: How deep the search must go shows only while it runs, hence this bound.
SEARCH_MAX_STATES = 1_000_000

#: Measured seconds per (depth, position or move) step (:func:`predict`).
RATE = Rate(1e-6, "depth x (position or move)", "python benchmarks/routes.py general")

#: What the search says of a position within ``k`` moves: the player to move wins, loses, neither yet,
#: or neither at any depth (:data:`DRAWN`: every move reaches a position decided for good or drawn, so
#: no deeper search decides it).
WIN, LOSE, OPEN, DRAWN = 1, -1, 0, 2


def predict(graph: TurnGraph) -> float:
    """Predicted seconds of :func:`search_values`: ``D + 1`` depths of the whole graph, ``D`` bounding every remoteness.

    A loopy game's bound is its number of positions; the search often stops sooner (its draws show early).
    """
    return RATE.seconds((remoteness_bound(graph) + 1) * (len(graph.positions) + graph.moves))


def search_values(graph: TurnGraph) -> tuple[Value, ...]:
    """Decide every query of a general game by depth-bounded search: win or lose with remoteness, or draw.

    Parameters
    ----------
    graph : the game's position graph (:func:`~gamecert.verify.turn.graph.turn_graph`)

    Returns
    -------
    One :class:`~gamecert.solvers.turn.value.Value` per query.

    Raises
    ------
    TimeLimitError
        past :data:`SEARCH_MAX_STATES` (position, depth) pairs.

    Notes
    -----
    :class:`DepthSearch`: a depth-first AND/OR search to depth ``k`` over an
    explicit stack, memoized on (position, ``k``), for ``k = 0 .. P`` (``P``
    the number of positions) until the query is decided. Correct by
    induction on ``k`` (the module docstring). ``O(P (P + M))`` time and
    space in the worst case (a draw by repetition); ``O(d (P + M))`` where
    every play ends within ``d`` moves.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> count = GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else [])
    >>> [str(v) for v in search_values(turn_graph(count, [0, 3]))]
    ['lose 0', 'win 3']
    """
    search = DepthSearch(graph)
    out = []
    for root in graph.roots:
        for k in range(len(graph.positions) + 1):
            found = search.status(root, k)
            if found == DRAWN:
                out.append(Value("draw", None))
                break
            if found != OPEN:
                out.append(Value("win" if found == WIN else "lose", k))
                break
        else:
            out.append(Value("draw", None))
    return tuple(out)


class DepthSearch:
    """Who wins within ``k`` moves, memoized on (position, ``k``), searched over an explicit stack.

    A position won or lost within ``k`` stays so within any larger depth, and
    a :data:`DRAWN` one is open at every depth: those are kept in
    :attr:`final` and reused at every depth.
    """

    def __init__(self, graph: TurnGraph, budget: int = SEARCH_MAX_STATES) -> None:
        self.graph = graph
        self.budget = budget
        self.memo: dict[tuple[int, int], int] = {}  # (position, depth) -> OPEN, where not final
        self.final: dict[int, tuple[int, int]] = {}  # position -> (WIN, LOSE or DRAWN, from which depth)

    def _leaf(self, x: int, k: int) -> int | None:
        """The status of ``x`` within ``k`` moves without looking at its moves, or None."""
        over = self.graph.over(x)
        if over is not None:
            return WIN if over == "win" else LOSE if over == "lose" else DRAWN
        found = self.final.get(x)
        if found is not None and found[1] <= k:
            return found[0]
        return OPEN if k == 0 else self.memo.get((x, k))

    def status(self, root: int, depth: int) -> int:
        """:data:`WIN`, :data:`LOSE`, :data:`OPEN` or :data:`DRAWN`: the player to move at ``root`` within ``depth``.

        Frames ``[x, k, next move]``; invariant: the moves of ``x`` before
        ``next`` all reach positions whose status within ``k - 1`` is known
        and none of them wins for the mover of ``x``.
        """
        graph = self.graph
        found = self._leaf(root, depth)
        if found is not None:
            return found
        stack = [[root, depth, 0]]
        while stack:
            frame = stack[-1]
            x, k, i = frame
            options, extra = graph.options[x], graph.extra[x]
            decided = None
            while i < len(options):
                child = self._leaf(options[i], k - 1)
                if child is None:
                    break
                if child == (WIN if extra[i] else LOSE):  # a move to a position won for x's mover
                    decided = WIN
                    break
                i += 1
            frame[2] = i
            if decided is None and i == len(options):
                # Every move's status within k - 1 is known and none wins for x's mover.
                mine = [self._leaf(y, k - 1) for y in options]
                mine = [s if s in (OPEN, DRAWN) or e else -s for s, e in zip(mine, extra)]
                decided = LOSE if all(s == LOSE for s in mine) else OPEN if OPEN in mine else DRAWN
            if decided is not None:
                if decided == OPEN:
                    self.memo[x, k] = OPEN
                else:  # won or lost within k stays so deeper; a draw is open at every depth
                    self.final[x] = (decided, 0 if decided == DRAWN else k)
                stack.pop()
                continue
            if len(self.memo) + len(self.final) + len(stack) >= self.budget:
                raise TimeLimitError(f"more than {self.budget:,} (position, depth) pairs searched (search limit)")
            stack.append([options[i], k - 1, 0])
        return self._leaf(root, depth)
