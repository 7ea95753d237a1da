"""Solve a score game given as rules: the most the player to move can guarantee, own points minus the opponent's.

:func:`score_game` answers a list of query positions. The solution carries
its certificate, the value and the rank (the longest play from there) of
every position reached, which :mod:`gamecert.verify.score.certificate`
checks by calling the rules again.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from gamecert.solvers.rules.rules import Guard, Limits, ScoreRules
from gamecert.solvers.turn.graph import Explored, Table, explore, loop_error
from gamecert.solvers.turn.value import Value

#: Why a loop in a score game is bad rules.
LOOP = "a position is reachable from itself, so play need not end; a score game must end"


@dataclass(frozen=True)
class ScoreSolution:
    """The answers to the queries of a score game, with their certificate.

    ``values[i]`` is query ``i``'s :class:`~gamecert.solvers.turn.value.Value`
    (``score S``). The certificate: ``table`` maps every position reached to
    its score (an int), ``ranks`` to the number of moves of the longest play
    from it, which every move lowers (so every play ends). ``players`` names
    the players as ``player`` gave them, in the order met (empty without
    ``player``); ``instance`` is the whole-input instance the queries come
    from (None for one position per line).
    """

    instance: Any
    queries: tuple[Hashable, ...]
    values: tuple[Value, ...]
    table: Table
    ranks: Table
    players: tuple = ()


def score_game(
    rules: ScoreRules, queries: Sequence[Hashable], limits: Limits | None = None, instance: Any = None
) -> ScoreSolution:
    """Solve a score game: the most the player to move from each query can guarantee (own points minus the opponent's).

    Parameters
    ----------
    rules : the game's :class:`~gamecert.solvers.rules.rules.ScoreRules`
    queries : positions, as the rules' ``parse`` (or ``starts``) returns them
    limits : positions, memory and seconds per rules call allowed
    instance : the whole-input instance the queries come from, kept in the solution

    Returns
    -------
    :class:`ScoreSolution`, with its certificate.

    Raises
    ------
    RulesError
        if the rules raise, return what the contract forbids (a move that is
        not a ``(position, points)`` pair, points or a result that are not
        ints, an unhashable position, a third player), make a loop (the cycle
        is in the message), or outgrow ``limits``.

    Notes
    -----
    Negamax values in reverse topological order over the explicit graph of
    every position reached: a position is valued once every position its
    moves reach is (Kahn's order, run backwards from the positions without
    moves), as ``result`` where it decides, 0 with no move, else the best
    over its moves of ``points + V(q)`` after an extra move and
    ``points - V(q)`` when the turn passes (von Neumann's minimax, in the
    zero-sum form of Knuth and Moore 1975). Positions never valued lie on or
    above a loop, which is printed. ``O(P + M log M)`` time (the reversed
    moves are sorted once, in numpy) and ``O(P + M)`` space for ``P``
    positions and ``M`` moves; the rules are called once per position.

    >>> from gamecert.solvers.rules.rules import ScoreRules
    >>> take = ScoreRules("take", "take.py", int, lambda n: [(n - k, k) for k in (1, 2) if k <= n])
    >>> [str(v) for v in score_game(take, [0, 3]).values]
    ['score 0', 'score 1']
    """
    guard = Guard(rules, limits or Limits())
    with guard:
        graph = explore(rules, queries, guard)
        scores, ranks, unvalued = _backward(graph)
        if unvalued:
            cycle = [graph.positions[i] for i in graph.cycle(unvalued)]
            raise loop_error(rules, guard, cycle, LOOP)
        table, rank = Table(graph.index, scores), Table(graph.index, ranks)
    values = tuple(Value("score", table[q]) for q in queries)
    return ScoreSolution(instance, tuple(queries), values, table, rank, graph.players)


def _backward(graph: Explored) -> tuple[list[int], list[int], list[bool]]:
    """The score and rank of every position by number, and (when there is a loop) which positions are on or
    above a loop (their scores are not valued; the list is empty without a loop)."""
    n = len(graph.positions)
    ends, sides = graph.ends, graph.sides
    count = graph.degrees()
    sources, starts, points = graph.predecessors()
    # score[p]: the best over p's moves valued so far; final once count[p], p's moves to positions not yet
    # valued, is 0. rank[p]: the longest play through them.
    score: list = [_NONE] * n
    rank = [0] * n
    ready = [i for i, c in enumerate(count) if not c]
    for v in ready:
        score[v] = ends.get(v, 0)
    while ready:
        v = ready.pop()
        value, further = score[v], rank[v] + 1
        a, b = starts[v], starts[v + 1]
        side = None if sides is None else sides[v]
        for p, pts in zip(sources[a:b], points[a:b]):
            x = pts + value if side is not None and sides[p] == side else pts - value
            if x > score[p]:
                score[p] = x
            if further > rank[p]:
                rank[p] = further
            c = count[p] - 1
            count[p] = c
            if not c:
                ready.append(p)
    return score, rank, [c > 0 for c in count] if any(count) else []


#: Below every score: the best over no move valued yet.
_NONE = float("-inf")
