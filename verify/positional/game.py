"""Games of claiming cells written as rules files: :class:`PositionalRulesGame`.

One line per query: ``win N``, ``lose N`` or ``draw`` for the player to
move. A board of at most :data:`~gamecert.solvers.positional.explicit.EXPLICIT_MAX_EMPTY`
empty cells is solved by the explicit route, a larger one by the QBF route
(:mod:`gamecert.verify.positional.qbf`); either way the certificate is the
winner's strategy (a draw: both players' strategies that never lose),
checked by playing it with the board and winning sets read from the rules
again. ``check`` runs the QBF route beside the explicit one, every solver of
the portfolio answering (their disagreement is an error).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from gamecert.solvers.errors import SolverError
from gamecert.solvers.positional.board import ClaimBoard
from gamecert.solvers.positional.explicit import EXPLICIT_MAX_EMPTY, claim_game
from gamecert.solvers.rules.rules import ClaimRules, Guard
from gamecert.solvers.turn.value import Value
from gamecert.verify.capabilities import PositionAnswer, Positions
from gamecert.verify.game import Capability, Formulation, Write
from gamecert.verify.positional.qbf import qbf_value
from gamecert.verify.positional.rules import root_board
from gamecert.verify.positional.strategy import (
    Strategy,
    check_strategy,
    qbf_strategy,
    strategies_for,
    table_strategy,
)
from gamecert.verify.rules.base import QueryRulesGame


@dataclass(frozen=True)
class ClaimAnswer:
    """One query answered: its value, the route that found it, and the strategies certifying it."""

    value: Value
    route: str
    strategies: tuple[Strategy, ...]
    openings: tuple[tuple[Hashable, Value], ...] = ()


@dataclass(frozen=True)
class PositionalSolution:
    """The answers to the queries of a claiming game, each with its strategy certificate."""

    queries: tuple[Hashable, ...]
    answers: tuple[ClaimAnswer, ...]

    @property
    def values(self) -> tuple[Value, ...]:
        return tuple(a.value for a in self.answers)


def solve_board(board: ClaimBoard, openings: bool = False) -> ClaimAnswer:
    """Solve one board by the explicit route where it fits, else by QBF, and extract its strategies."""
    e = len(board.empty)
    if board.winner() is not None or e == 0:
        return ClaimAnswer(claim_game(board).value, "rules", ())
    if e <= EXPLICIT_MAX_EMPTY:
        solved = claim_game(board)
        plans = tuple(
            table_strategy(board, solved.table, player, goal, depth)
            for player, goal, depth in strategies_for(solved.value.outcome, solved.value.number, e)
        )
        shown = tuple((board.cells[c], v) for c, v in solved.openings) if openings else ()
        return ClaimAnswer(solved.value, "explicit", plans, shown)
    value = qbf_value(board).value
    plans = tuple(
        qbf_strategy(board, player, goal, depth)
        for player, goal, depth in strategies_for(value.outcome, value.number, e)
    )
    shown = ()
    if openings:
        shown = tuple((board.cells[c], _claimed(qbf_value(board.claim(c)).value)) for c in board.empty)
    return ClaimAnswer(value, "qbf", plans, shown)


def _claimed(child: Value) -> Value:
    """The value of a claim for its claimer, from the value of the position it leaves for the other player."""
    if child.outcome == "draw":
        return child
    return Value("lose" if child.outcome == "win" else "win", child.number + 1)


class PositionalRulesGame(QueryRulesGame[tuple, PositionalSolution]):
    """A claiming game from a rules file: ``win N``, ``lose N`` or ``draw`` per query."""

    kind = "positional"
    about = "positional, claiming cells"
    rules: ClaimRules

    def board(self, position: Any) -> ClaimBoard:
        """The board of ``position``, read from the rules under the guard."""

        def read(guard: Guard) -> ClaimBoard:
            guard.doing = ("board", position)
            return root_board(self.rules, position)

        with Guard(self.rules, self.limits) as guard:
            return read(guard)

    def solve(self, instance: tuple) -> PositionalSolution:
        return PositionalSolution(tuple(instance), tuple(solve_board(self.board(p)) for p in instance))

    def answer(self, solution: PositionalSolution) -> tuple[Value, ...]:
        return solution.values

    def certify(self, instance: tuple, solution: PositionalSolution) -> list[str]:
        """Each query's strategies played against every reply, the board read from the rules again."""
        problems = []
        for i, (position, answer) in enumerate(zip(instance, solution.answers), 1):
            board = self.board(position)
            v = answer.value
            if answer.route == "rules":
                if claim_game(board).value != v:
                    problems.append(f"query {i}: {v} is not the game's end")
                continue
            wanted = [(p, g, d) for p, g, d in strategies_for(v.outcome, v.number, len(board.empty))]
            if [(s.player, s.goal, s.depth) for s in answer.strategies] != wanted:
                problems.append(f"query {i}: the strategies do not certify {v}")
                continue
            for s in answer.strategies:
                problems += [f"query {i}: {x}" for x in check_strategy(board, s).violations]
        return problems

    def lines(self, solution: PositionalSolution) -> list[str]:
        if self.rules.answer is None:
            return [str(v) for v in solution.values]
        return self.answer_lines((v.outcome, v.number) for v in solution.values)

    def write_answer(self, solution: PositionalSolution, write: Write) -> None:
        """The answer lines; on stderr, one line saying what was certified (the strategies are checked here)."""
        problems = self.certify(solution.queries, solution)
        if problems:  # a certificate that fails is gamecert's own fault
            raise SolverError(f"the certificate fails: {problems[0]}")
        write(self.text(solution).encode())
        sys.stderr.write(certified_line(solution) + "\n")  # no time in it: the output stays byte-exact

    def describe(self, solution: PositionalSolution) -> dict:
        show = self.rules.show
        return {
            "game": self.name,
            "rules": self.rules.path,
            "kind": self.kind,
            "answer": self.text(solution).splitlines(),
            "queries": [
                {
                    "position": show(q),
                    "outcome": a.value.outcome,
                    "number": a.value.number,
                    "route": a.route,
                    "strategies": [
                        {"player": s.player, "goal": s.goal, "depth": s.depth, "positions": s.size} for s in a.strategies
                    ],
                }
                for q, a in zip(solution.queries, solution.answers)
            ],
        }

    def capability_classes(self) -> tuple[type[Capability], ...]:
        """A command-line position solved with the value of claiming each empty cell (``solve --position``)."""
        return (ClaimPositions,)

    def formulations(self) -> tuple[Formulation, ...]:
        from gamecert.verify.positional.formulations import PositionalQbfFormulation

        return (PositionalQbfFormulation(self),)


def certified_line(solution: PositionalSolution, seconds: float | None = None) -> str:
    """The stderr line of ``solve``: what was certified, by which route, with the strategies' sizes.

    >>> s = PositionalSolution((1,), (ClaimAnswer(Value("win", 3), "qbf", (Strategy(0, "win", 3, {((), ()): 0}),)),))
    >>> certified_line(s)
    'certified: query 1 win 3 (qbf; strategy of player 0 winning within 3, 1 positions); checked by play'
    """
    checked = "checked by play" if seconds is None else f"checked by play in {seconds:.2f} s"
    parts = []
    for i, a in enumerate(solution.answers, 1):
        if not a.strategies:
            parts.append(f"query {i} {a.value} (already over)")
            continue
        plans = ", ".join(
            f"strategy of player {s.player} " + (f"winning within {s.depth}" if s.goal == "win" else "never losing")
            + f", {s.size} positions"
            for s in a.strategies
        )
        parts.append(f"query {i} {a.value} ({a.route}; {plans})")
    return "certified: " + "; ".join(parts) + f"; {checked}"


class ClaimPositions(Positions):
    """``gamecert solve --rules FILE --position TEXT``: the value, and the value of claiming each empty cell."""

    def __init__(self, game: PositionalRulesGame) -> None:
        self.game = game

    def solve_position(self, text: str) -> PositionAnswer:
        game = self.game
        queries = game.parse(text.strip("\n") + "\n", "--position")
        lines, found = [], []
        for q in queries:
            started = time.perf_counter()
            board = game.board(q)
            answer = solve_board(board, openings=True)
            solution = PositionalSolution((q,), (answer,))
            problems = game.certify((q,), solution)
            if problems:
                raise SolverError(f"the certificate fails: {problems[0]}")
            shown = game.rules.show(q)
            lines.append(f"position: {shown}")
            lines.append(f"value: {answer.value}")
            for cell, v in answer.openings:
                lines.append(f"claim {cell}: {v}")
            found.append({
                "position": shown, "outcome": answer.value.outcome, "number": answer.value.number,
                "route": answer.route, "seconds": round(time.perf_counter() - started, 3),
                "claims": [{"cell": repr(c), "outcome": v.outcome, "number": v.number} for c, v in answer.openings],
            })
            sys.stderr.write(certified_line(solution, time.perf_counter() - started) + "\n")  # the check's time too
        shown = "\n".join(lines) + "\n"
        return PositionAnswer(shown, {"game": game.name, "rules": game.rules.path, "kind": game.kind, "positions": found})
