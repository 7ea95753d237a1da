"""Bounds the formulations of general and score games read off the listing: the longest play, each value's range.

They come from the position graph alone (no game value is computed), and
they size the encodings: the number of bits of a remoteness, the depth of a
QBF, the domain of a score.
"""

from __future__ import annotations

from gamecert.verify.rules.guarded import bottom_up
from gamecert.verify.turn.graph import TurnGraph


def play_depths(graph: TurnGraph) -> list[int] | None:
    """For each position, the most moves a play from it can take; None when a position is reachable from itself.

    Notes
    -----
    Kahn's order (each position after its moves' positions), then
    ``depth[x] = 1 + max depth[y]`` over the moves, 0 where play stops.
    ``O(P + M)``.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> play_depths(turn_graph(GeneralRules("take", "t.py", int, lambda n: [n - k for k in (1, 2) if k <= n]), [3]))
    [3, 2, 1, 0]
    """
    order, cycle = bottom_up([list(dict.fromkeys(o)) for o in graph.options])
    if cycle:
        return None
    depth = [0] * len(graph.positions)
    for x in order:
        depth[x] = 1 + max((depth[y] for y in graph.options[x]), default=-1)
    return depth


def longest_play(graph: TurnGraph) -> int | None:
    """The most moves any play from any listed position can take, or None when a position is reachable from itself.

    Every remoteness is at most this, and so is the depth of any "won
    within ``k``" question that can still change (:func:`play_depths`).

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> longest_play(turn_graph(GeneralRules("take", "t.py", int, lambda n: [n - k for k in (1, 2) if k <= n]), [5]))
    5
    >>> longest_play(turn_graph(GeneralRules("pass", "p.py", int, lambda n: [n]), [0])) is None
    True
    """
    depth = play_depths(graph)
    return None if depth is None else max(depth, default=0)


def remoteness_bound(graph: TurnGraph) -> int:
    """A bound on the remoteness of every decided position: the longest play, or the number of positions in a loopy game.

    In a loopy game a decided position's remoteness is below the number of
    positions: along the moves that fix it (the winner's soonest, the
    loser's latest) the remoteness falls by one each move, so no position
    repeats.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> remoteness_bound(turn_graph(GeneralRules("pass", "p.py", int, lambda n: [n, n - 1] if n else []), [4]))
    5
    """
    found = longest_play(graph)
    return len(graph.positions) if found is None else found


def score_bounds(graph: TurnGraph) -> list[int]:
    """For each position of a score game, a bound on the absolute value of its value: the most any play from it scores.

    Notes
    -----
    ``U[x] = |result|`` where play stops (0 with no move), else the largest
    ``|points| + U[y]`` over the moves: what one play gathers at most in
    absolute value, whoever gathers it. Bottom-up over the graph (a score
    game ends), ``O(P + M)``.

    >>> from gamecert.solvers.rules.rules import ScoreRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> score_bounds(turn_graph(ScoreRules("take", "t.py", int, lambda n: [(n - k, -k) for k in (1, 2) if k <= n]), [3]))
    [3, 2, 1, 0]
    """
    order, cycle = bottom_up([list(dict.fromkeys(o)) for o in graph.options])
    if cycle:
        raise ValueError("score_bounds: a loop in a score game's graph")
    bound = [0] * len(graph.positions)
    for x in order:
        final = graph.final(x)
        if final is not None:
            bound[x] = abs(final)
        else:
            bound[x] = max(abs(p) + bound[y] for y, p in zip(graph.options[x], graph.points[x]))
    return bound
