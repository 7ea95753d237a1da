"""What the commands read of a general or score game (:class:`TurnGame`), and its certified strategy: the best
move from a position, read off the certified table (:func:`best_move`)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol

from gamecert.solvers.rules.rules import Guard, Limits, TurnRules
from gamecert.solvers.turn.value import Value


class TurnGame(Protocol):
    """A general or score rules game as its formulations and commands read it
    (:class:`~gamecert.verify.turn.game.TurnRulesGame` is one)."""

    rules: TurnRules
    limits: Limits
    name: str

    def parse(self, text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> Any: ...

    def solve(self, instance: Any) -> Any: ...

    def certify(self, instance: Any, solution: Any) -> list[str]: ...

    def steps(self, moved: list) -> list[tuple[Hashable, int]]: ...


def entry(solution: Any, position: Hashable) -> str:
    """A position's entry in a solution's table as words (``lose 2``, ``score 3``)."""
    v = solution.table[position]
    return str(v) if isinstance(v, Value) else f"score {v}"


def best_move(rules: TurnRules, solution: Any, position: Hashable, guard: Guard) -> Hashable | None:
    """A move the certified table calls best from ``position`` (None where the game is over or no move is left),
    calling the rules again inside ``guard``'s block.

    General games: the quickest win, else the slowest loss, else a draw
    kept; score games: a move of the most points. In the first move a
    score's value names, ``position`` after the move.
    """
    if rules.result is not None:
        guard.doing = ("result", position)
        if rules.result(position) is not None:
            return None
    guard.doing = ("moves", position)
    moves = list(rules.moves(position))
    if not moves:
        return None
    players: dict = {}

    def same(q: Hashable) -> bool:
        if rules.player is None:
            return False
        for p in (position, q):
            if p not in players:
                guard.doing = ("player", p)
                players[p] = rules.player(p)
        return players[position] == players[q]

    table = solution.table
    if isinstance(table[position], Value):
        def key(q: Hashable) -> tuple:
            v = table[q]
            good = v.outcome != "draw" and (v.outcome == "lose") != same(q)
            if good:
                return (2, -v.number)  # win soonest
            if v.outcome == "draw":
                return (1, 0)
            return (0, v.number)  # lose latest
        return max(moves, key=key)
    valued = [(points + (table[q] if same(q) else -table[q]), q) for q, points in moves]
    return max(valued, key=lambda x: x[0])[1]
