"""General games by depth-bounded search: "the player to move can force a win within k moves".

For ``k = 0, 1, 2, ...`` in turn (iterative deepening) each query is
searched to depth ``k``, with a memo per depth: within ``k`` moves the
player to move at ``p`` *wins* when ``result`` says so, or (``k >= 1``) some
move reaches a position its mover loses within ``k - 1`` (wins, on an extra
move); *loses* when ``result`` says so, or ``p`` has no move, or (``k >= 1``)
every move reaches a position its mover wins within ``k - 1`` (loses, on an
extra move). The first ``k`` that decides a query is its remoteness (the
winner hurries, the loser delays); a query that neither player wins within
as many moves as the game has positions is a draw, because the positions
decided within ``k`` stop changing once one round adds none, and each round
before that adds one at least. No retrograde analysis, no counters: the
search reads the rules' graph (:func:`~gamecert.verify.general.graph.turn_graph`)
and nothing of the fast solver.
"""

from __future__ import annotations

from gamecert.solvers.general.value import Value
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.general.graph import TurnGraph

#: Most (position, depth) pairs one call of :func:`search_values` decides before it gives up.
SEARCH_MAX_STATES = 400_000
#: Most positions listed for the search (a draw needs a search as deep as the number of positions).
SEARCH_MAX_POSITIONS = 5_000
#: Most moves listed for the search.
SEARCH_MAX_MOVES = 50_000

#: What the search says of a position within ``k`` moves: the player to move wins, loses, or neither yet.
WIN, LOSE, OPEN = 1, -1, 0


def fits(graph: TurnGraph) -> str | None:
    """Whether :func:`search_values` runs on ``graph`` (None) or why not.

    A query decided at depth ``k`` costs up to ``k + 1`` searches of the
    positions within ``k`` moves, a draw ``P + 1`` of them: at most ``(P + 1)
    (P + M)`` steps for ``P`` positions and ``M`` moves. The search gives up
    past :data:`SEARCH_MAX_STATES` (position, depth) pairs; the graph is
    refused past :data:`SEARCH_MAX_POSITIONS` positions or
    :data:`SEARCH_MAX_MOVES` moves.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.general.graph import turn_graph
    >>> fits(turn_graph(GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else []), [9], cap=5, name="search"))
    'more than 5 positions (search limit)'
    """
    return graph.stopped or None


def search_values(graph: TurnGraph) -> tuple[Value, ...]:
    """Decide every query of a general game by depth-bounded search: win or lose with remoteness, or draw.

    Parameters
    ----------
    graph : the game's position graph (:func:`~gamecert.verify.general.graph.turn_graph`)

    Returns
    -------
    One :class:`~gamecert.solvers.general.value.Value` per query.

    Raises
    ------
    TimeLimitError
        past :data:`SEARCH_MAX_STATES` (position, depth) pairs.

    Notes
    -----
    :class:`DepthSearch`: a depth-first AND/OR search to depth ``k`` over an
    explicit stack, memoized on (position, ``k``), for ``k = 0 .. P`` (``P``
    the number of positions) until the query is decided. Correct by
    induction on ``k`` (the module docstring); ``O(P (P + M))`` time and
    space in the worst case (a draw), far less for a query decided early.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.general.graph import turn_graph
    >>> count = GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else [])
    >>> [str(v) for v in search_values(turn_graph(count, [0, 3]))]
    ['lose 0', 'win 3']
    """
    search = DepthSearch(graph)
    out = []
    for root in graph.roots:
        for k in range(len(graph.positions) + 1):
            found = search.status(root, k)
            if found != OPEN:
                out.append(Value("win" if found == WIN else "lose", k))
                break
        else:
            out.append(Value("draw", None))
    return tuple(out)


class DepthSearch:
    """Who wins within ``k`` moves, memoized on (position, ``k``), searched over an explicit stack."""

    def __init__(self, graph: TurnGraph, budget: int = SEARCH_MAX_STATES) -> None:
        self.graph = graph
        self.budget = budget
        self.memo: dict[tuple[int, int], int] = {}

    def _leaf(self, x: int, k: int) -> int | None:
        """The status of ``x`` within ``k`` moves without looking at its moves, or None."""
        over = self.graph.over(x)
        if over is not None:
            return WIN if over == "win" else LOSE if over == "lose" else OPEN
        return OPEN if k == 0 else self.memo.get((x, k))

    def status(self, root: int, depth: int) -> int:
        """:data:`WIN`, :data:`LOSE` or :data:`OPEN`: the player to move at ``root`` within ``depth`` moves.

        Frames ``[x, k, next move]``; invariant: the moves of ``x`` before
        ``next`` all reach positions whose status within ``k - 1`` is known
        and none of them wins for the mover of ``x``.
        """
        graph, memo = self.graph, self.memo
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
                mine = child if extra[i] else -child  # the child's status for x's mover
                if mine == WIN:
                    decided = WIN
                    break
                i += 1
            frame[2] = i
            if decided is None and i == len(options):
                # Every move's status within k - 1 is known: x is lost when all of them win for the opponent.
                decided = LOSE if all(
                    (self._leaf(y, k - 1) if e else -self._leaf(y, k - 1)) == LOSE for y, e in zip(options, extra)
                ) else OPEN
            if decided is not None:
                memo[x, k] = decided
                stack.pop()
                continue
            if len(memo) + len(stack) >= self.budget:
                raise TimeLimitError(f"more than {self.budget:,} (position, depth) pairs searched (search limit)")
            stack.append([options[i], k - 1, 0])
        return memo[root, depth]
