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

from gamecert.solvers.errors import RulesError
from gamecert.solvers.general.graph import Explored, explore, loop_error
from gamecert.solvers.general.value import Value
from gamecert.solvers.rules.rules import Guard, Limits, RulesInterrupt, ScoreRules

#: Why a loop in a score game is bad rules.
LOOP = "a position is reachable from itself, so play need not end; a score game must end"


@dataclass(frozen=True)
class ScoreSolution:
    """The answers to the queries of a score game, with their certificate.

    ``values[i]`` is query ``i``'s :class:`~gamecert.solvers.general.value.Value`
    (``score S``). The certificate: ``table`` maps every position reached to
    its score (an int), ``ranks`` to the number of moves of the longest play
    from it, which every move lowers (so every play ends). ``players`` and
    ``instance`` as in :class:`~gamecert.solvers.general.solver.GeneralSolution`.
    """

    instance: Any
    queries: tuple[Hashable, ...]
    values: tuple[Value, ...]
    table: dict
    ranks: dict
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
        try:
            graph = explore(rules, queries, guard, scored=True)
            scores, ranks = _backward(graph)
            if None in scores:
                unvalued = [s is None for s in scores]
                cycle = [graph.positions[i] for i in graph.cycle(unvalued)]
                raise loop_error(rules, guard, cycle, LOOP)
            table = graph.index  # reused: position -> its score, in place of its number
            rank = {}
            for i, p in enumerate(graph.positions):
                table[p] = scores[i]
                rank[p] = ranks[i]
        except RulesError:
            raise
        except (Exception, RulesInterrupt) as exc:
            raise guard.failed(exc) from None
    values = tuple(Value("score", table[q]) for q in queries)
    return ScoreSolution(instance, tuple(queries), values, table, rank, graph.players)


def _backward(graph: Explored) -> tuple[list[int | None], list[int]]:
    """The score and rank of every position by number (None for the positions on or above a loop)."""
    n = len(graph.positions)
    heads, targets, points, ends, sides = graph.heads, graph.targets, graph.points, graph.ends, graph.sides
    count = [heads[i + 1] - heads[i] for i in range(n)]
    sources, starts = graph.predecessors()
    score: list[int | None] = [None] * n
    rank = [0] * n
    ready = [i for i in range(n) if not count[i]]
    # Invariant: every position in ``ready`` has all its moves' positions valued; ``count[p]`` is the number of
    # p's moves to positions not valued yet.
    while ready:
        v = ready.pop()
        a, b = heads[v], heads[v + 1]
        if ends[v] is not None:
            score[v] = ends[v]
        elif a == b:
            score[v] = 0
        else:
            best, longest = None, 0
            for e in range(a, b):
                q = targets[e]
                s = points[e] + (score[q] if sides is not None and sides[q] == sides[v] else -score[q])
                if best is None or s > best:
                    best = s
                if rank[q] > longest:
                    longest = rank[q]
            score[v] = best
            rank[v] = longest + 1
        for p in sources[starts[v]:starts[v + 1]]:
            c = count[p] - 1
            count[p] = c
            if not c:
                ready.append(p)
    return score, rank
