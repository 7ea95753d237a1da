"""Score games by depth-first minimax: the value of a position from the values of its moves, memoized.

The value of a position for the player to move is ``result`` where it ends
the game, 0 where no move is left, and otherwise the best over its moves of
the points the move scores plus the value of the position reached (counted
for the mover on an extra move, against the mover otherwise: a position's
value is the mover's gain over the opponent). The search walks the game
depth first from each query over an explicit stack, deciding a position once
all its moves are decided; a position met again while on the stack is a
loop, which a score game must not have. It reads the rules' graph
(:func:`~gamecert.verify.turn.graph.turn_graph`) and nothing of the fast
solver.
"""

from __future__ import annotations

from gamecert.solvers.errors import SolverError
from gamecert.solvers.turn.value import Value
from gamecert.verify.turn.graph import TurnGraph


def minimax_values(graph: TurnGraph) -> tuple[Value, ...]:
    """Decide every query of a score game by depth-first minimax: the most the player to move can guarantee.

    Parameters
    ----------
    graph : the game's position graph (:func:`~gamecert.verify.turn.graph.turn_graph` of score rules)

    Returns
    -------
    One :class:`~gamecert.solvers.turn.value.Value` (outcome ``"score"``) per query.

    Notes
    -----
    Negamax with a memo (Knuth & Moore, "An analysis of alpha-beta pruning",
    *Artificial Intelligence* 6, 1975, without the pruning): frames ``[x,
    next move]`` on an explicit stack, each position's value computed once
    from its moves' values. ``O(P + M)`` time and space for ``P`` positions
    and ``M`` moves.

    >>> from gamecert.solvers.rules.rules import ScoreRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> take = ScoreRules("take", "t.py", int, lambda n: [(n - k, k) for k in (1, 2) if k <= n])
    >>> [str(v) for v in minimax_values(turn_graph(take, [0, 1, 3]))]
    ['score 0', 'score 1', 'score 1']
    """
    value: dict[int, int] = {}
    for root in graph.roots:
        on_stack = {root}
        stack = [[root, 0]]
        while stack:
            frame = stack[-1]
            x, i = frame
            options = graph.options[x]
            # Invariant: the moves of x before i reach decided positions.
            while i < len(options) and options[i] in value:
                i += 1
            frame[1] = i
            if i < len(options):
                y = options[i]
                if y in on_stack:
                    raise SolverError("minimax: a loop in a score game, yet its graph was ordered")
                on_stack.add(y)
                stack.append([y, 0])
                continue
            final = graph.final(x)
            if final is None:
                final = max(
                    pts + (value[y] if e else -value[y])
                    for y, e, pts in zip(options, graph.extra[x], graph.points[x])
                )
            value[x] = final
            on_stack.discard(x)
            stack.pop()
    return tuple(Value("score", value[r]) for r in graph.roots)
