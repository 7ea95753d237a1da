"""Solve a general two-player game given as rules: win, lose or draw, with remoteness, by retrograde analysis.

:func:`general_game` answers a list of query positions. The solution carries
its certificate, the :class:`~gamecert.solvers.turn.value.Value` of every
position reached, which :mod:`gamecert.verify.general.certificate` checks by
calling the rules again.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamecert.solvers.rules.rules import GeneralRules, Guard, Limits
from gamecert.solvers.turn.graph import Explored, Table, explore
from gamecert.solvers.turn.value import Value


@dataclass(frozen=True)
class GeneralSolution:
    """The answers to the queries of a general game, with their certificate.

    ``values[i]`` is query ``i``'s :class:`~gamecert.solvers.turn.value.Value`
    (``win N``, ``lose N`` or ``draw``, for the player to move). ``table``
    is the certificate: every position reached from the queries -> its value.
    ``players`` names the players as ``player`` gave them, in the order met
    (empty when the rules have no ``player``). ``instance`` is the
    whole-input instance the queries come from (None for one position per line).
    """

    instance: Any
    queries: tuple[Hashable, ...]
    values: tuple[Value, ...]
    table: Table
    players: tuple = ()


def general_game(
    rules: GeneralRules, queries: Sequence[Hashable], limits: Limits | None = None, instance: Any = None
) -> GeneralSolution:
    """Solve a general game: win, lose or draw for the player to move from each query position, with remoteness.

    Parameters
    ----------
    rules : the game's :class:`~gamecert.solvers.rules.rules.GeneralRules`
    queries : positions, as the rules' ``parse`` (or ``starts``) returns them
    limits : positions, memory and seconds per rules call allowed
    instance : the whole-input instance the queries come from, kept in the solution

    Returns
    -------
    :class:`GeneralSolution`, with its certificate.

    Raises
    ------
    RulesError
        if the rules raise, return what the contract forbids (a result that is
        not ``"win"``, ``"lose"`` or ``"draw"``, an unhashable position, a third
        player), or outgrow ``limits``.

    Notes
    -----
    Retrograde analysis over the explicit graph of every position reached
    (Thompson, "Retrograde analysis of certain endgames", ICCA J. 9, 1986;
    remoteness as in GamesmanOne). Positions where ``result`` decides, or with
    no move, are decided first (remoteness 0); a queue then takes decided
    positions in order of remoteness: a move to a position bad for the
    opponent (lost for it; won for the mover itself after an extra move)
    decides its predecessor won, one remoteness further, at once; every other
    move lowers the predecessor's count of undecided moves, and at zero the
    predecessor is lost. The queue holds remoteness in order, so a win is
    decided at its least remoteness and a loss at its greatest. What is never
    decided is a draw: from there the player to move has no winning move and
    a move that keeps the play undecided. ``O(P + M log M)`` time (the
    reversed moves are sorted once, in numpy) and ``O(P + M)`` space for
    ``P`` positions and ``M`` moves; the rules are called once per position.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1, n] if n else [])
    >>> [str(v) for v in general_game(walk, [0, 1, 2]).values]
    ['lose 0', 'win 1', 'draw']
    """
    guard = Guard(rules, limits or Limits())
    with guard:
        graph = explore(rules, queries, guard)
        table = Table(graph.index, _retrograde(graph))
    return GeneralSolution(instance, tuple(queries), tuple(table[q] for q in queries), table, graph.players)


def _retrograde(graph: Explored) -> list[Value]:
    """The value of every position of ``graph``, by its number."""
    n = len(graph.positions)
    ends, sides = graph.ends, graph.sides
    draw = Value("draw", None)
    # values[p] is draw while p is undecided (a terminal draw is never a predecessor: it has no moves)
    values = [draw] * n
    # wins[r], losses[r]: the shared values win r, lose r
    wins, losses = [Value("win", 0)], [Value("lose", 0)]
    count = graph.degrees()
    queue = []
    for i, e in ends.items():
        if e != "draw":
            values[i] = wins[0] if e == "win" else losses[0]
            queue.append(i)
    for i in np.flatnonzero(np.asarray(count) == 0).tolist():
        if i not in ends:
            values[i] = losses[0]
            queue.append(i)
    sources, starts, _ = graph.predecessors()
    # Invariant: ``queue`` holds decided positions in order of remoteness; those before ``k`` have told
    # their predecessors. ``count[p]``: p's moves to positions not yet known to be good for p's opponent.
    k = 0
    while k < len(queue):
        v = queue[k]
        k += 1
        value = values[v]
        r = value.number + 1
        if r == len(wins):
            wins.append(Value("win", r))
            losses.append(Value("lose", r))
        won, lost = wins[r], losses[r]
        lost_at_v = value.outcome == "lose"  # good for a mover to v when the turn passes
        if sides is None:  # the turn passes with every move: a move to a lost position wins
            if lost_at_v:
                for p in sources[starts[v]:starts[v + 1]]:
                    if values[p] is draw:
                        values[p] = won
                        queue.append(p)
            else:
                for p in sources[starts[v]:starts[v + 1]]:
                    if values[p] is draw:
                        c = count[p] - 1
                        count[p] = c
                        if not c:
                            values[p] = lost
                            queue.append(p)
        else:  # a move to the same player's position is an extra move: good for the mover when won
            side = sides[v]
            for p in sources[starts[v]:starts[v + 1]]:
                if values[p] is draw:
                    if lost_at_v == (sides[p] != side):
                        values[p] = won
                        queue.append(p)
                    else:
                        c = count[p] - 1
                        count[p] = c
                        if not c:
                            values[p] = lost
                            queue.append(p)
    return values
