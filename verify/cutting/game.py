"""The rectangle-cutting games in the registry: one :class:`CuttingGame` per :class:`CuttingRule`.

``CuttingGame(SPLIT)`` and ``CuttingGame(CUTTING)`` are the bundled games;
any other rule (:mod:`gamecert.solvers.cutting.rules`) is a game the same
way. Everything here reads the rule's fields, never its name.
"""

from __future__ import annotations

import json
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from gamecert.solvers.cutting.rules import CuttingRule
from gamecert.solvers.cutting.solver import (
    ARRAY_TABLE,
    Pieces,
    QueryAnswers,
    cutting_position,
    cutting_queries,
    format_answer,
    format_position,
    parse_position,
    parse_queries,
)
from gamecert.verify.capabilities import Contest, InteractiveContest, PositionAnswer, Positions
from gamecert.verify.cutting.audit import CuttingAudits
from gamecert.verify.cutting.exhaustive import CuttingSums
from gamecert.verify.cutting.generator import PiecesGenerator
from gamecert.verify.cutting.reference import CuttingReferenceFormulation
from gamecert.verify.cutting.search import CuttingSearchFormulation
from gamecert.verify.game import Capability, Formulation, Game, Write, first_difference

if TYPE_CHECKING:
    from gamecert.verify.engine.interactive import InteractiveProblem
    from gamecert.verify.engine.problem import ContestProblem

#: The JSON certificate's note on its table.
TABLE_NOTE = (
    "table[n][m] is the Sprague-Grundy value of an n x m piece, -1 where undefined; "
    "every defined entry must be the mex of its cuts' xors"
)
#: Queries written per chunk of the judge answer.
ANSWER_CHUNK = 1 << 16
#: At most this many queries count as small: their JSON is formatted as plain Python, before
#: numba could load (the judges allow 22,499 Split lines, the Cutting problem 40,000).
SMALL_QUERIES = 1 << 16


def _choices(wins: np.ndarray, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows of no integers, each choosing the loss (0) or win (1) word: a :class:`Rows` block."""
    return np.zeros((stop - start, 0)), wins[start:stop]


def _rows(values: np.ndarray, start: int, stop: int) -> tuple[np.ndarray, None]:
    """Rows ``start..stop - 1`` of ``values``: a :class:`Rows` block."""
    return values[start:stop], None


class CuttingGame(Game[Pieces, QueryAnswers]):
    """One rectangle-cutting game: many one-piece queries of one rule, answered by a Sprague–Grundy table.

    >>> from gamecert.solvers.cutting.rules import SPLIT
    >>> g = CuttingGame(SPLIT)
    >>> g.format(g.solve(g.parse("1 2\\n1 6\\n")))
    'Bob\\nAlice\\n'
    """

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule
        self.name = rule.name
        self.summary = rule.summary

    # -- the core ----------------------------------------------------------------------------

    def parse(self, text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> Pieces:
        return parse_queries(text, self.rule, source, judge_limits)

    def solve(self, instance: Pieces) -> QueryAnswers:
        return cutting_queries(instance, self.rule)

    def write_answer(self, solution: QueryAnswers, write: Write) -> None:
        """One line per query, the rule's word for a win or a loss, written :data:`ANSWER_CHUNK` queries at a time."""
        for start in range(0, len(solution.pieces), ANSWER_CHUNK):
            write(format_answer(solution, start, start + ANSWER_CHUNK).encode())

    def describe(self, solution: QueryAnswers) -> dict:
        """The answers, the pieces, their values and the whole table (the certificate), arrays as ``Rows``."""
        from gamecert.verify.engine.jsonstream import Rows

        name = self.rule.name
        wins = solution.first_player_wins
        sides = np.stack([solution.pieces.rows, solution.pieces.cols], axis=1)
        values = solution.values.astype(np.int64)[:, None]
        table = solution.table.values
        row = "[" + ", ".join(["%d"] * table.shape[1]) + "]"
        win, lose = self.rule.words
        return {
            "game": name,
            "answer": Rows((json.dumps(lose), json.dumps(win)), len(wins), partial(_choices, wins)),
            "pieces": Rows("[%d, %d]", len(sides), partial(_rows, sides)),
            "values": Rows("%d", len(values), partial(_rows, values)),
            "certificate": {"rule": name, "table": Rows(row, len(table), partial(_rows, table)), "note": TABLE_NOTE},
        }

    def answer(self, solution: QueryAnswers) -> tuple[bool, ...]:
        """Whether the player to move wins, per query."""
        return tuple(bool(w) for w in solution.first_player_wins.tolist())

    def certify(self, instance: Pieces, solution: QueryAnswers) -> list[str]:
        """Every table entry is the mex of its cuts under this game's rule, and every query reads its entry."""
        from gamecert.verify.cutting.certificate import check_sg_table

        problems = [str(v) for v in check_sg_table(solution.table.values, self.rule)]
        table = solution.table.values
        size = solution.table.size
        for i, p in enumerate(instance):
            if max(p.rows, p.cols) > size:
                problems.append(f"query {i + 1} ({p}) lies outside the {size}x{size} table")
            elif int(solution.values[i]) != int(table[p.rows, p.cols]):
                problems.append(f"query {i + 1} ({p}) has value {solution.values[i]}, the table says {table[p.rows, p.cols]}")
        return problems

    def explain(self, instance: Pieces, fast: tuple[bool, ...], other: tuple[bool, ...]) -> str:
        i = first_difference(fast, other)
        if i is None:
            return "answers agree"
        if i >= min(len(fast), len(other)):
            return f"{len(other)} answers, fast has {len(fast)}"
        win, lose = self.rule.words
        got, want = (win if other[i] else lose), (win if fast[i] else lose)
        return f"query {i + 1} ({instance[i]}): {got}, fast says {want}"

    def formulations(self) -> tuple[Formulation, ...]:
        return (CuttingSearchFormulation(self.rule), CuttingReferenceFormulation(self.rule))

    def small(self, instance: Pieces) -> bool:
        """A table filled by array operations (sides up to ``ARRAY_TABLE``) and few enough queries
        that their JSON is written as plain Python quicker than numba loads."""
        if len(instance) > SMALL_QUERIES:
            return False
        return not len(instance) or int(max(instance.rows.max(), instance.cols.max())) <= ARRAY_TABLE

    def capabilities(self) -> tuple[Capability, ...]:
        # Pictures and play import the SVG writer and the play loop: only when a command asks.
        from gamecert.verify.cutting.play import CuttingPositionPlay
        from gamecert.verify.cutting.show import CuttingPictures, CuttingPositionPictures

        rule = self.rule
        found: tuple[Capability, ...] = (
            PiecesGenerator(rule),
            CuttingAudits(rule),
            CuttingSums(rule),
            CuttingPictures(),
            CuttingPositionPictures(rule),
            CuttingPositionPlay(rule),
            CuttingPositions(rule),
        )
        if rule.contest is not None:
            found += (CuttingContest(rule),)
            if rule.contest.interactive_statement:
                found += (CuttingInteractiveContest(rule),)
        return found


class CuttingPositions(Positions):
    """``gamecert solve NAME --position PIECES``: a sum of pieces, its values, the winner and a winning cut."""

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule

    def solve_position(self, text: str) -> PositionAnswer:
        """The verdict for people, and as JSON (the same text under ``"text"``).

        >>> from gamecert.solvers.cutting.rules import CUTTING
        >>> CuttingPositions(CUTTING).solve_position("4x2").data["move"]["text"]
        'cut piece 1 horizontally after row 2: 2x2 + 2x2'
        """
        rule = self.rule
        # A position is not judge input: sides up to the largest table.
        pieces = parse_position(text, rule, "--position", judge_limits=False)
        sol = cutting_position(pieces, rule)
        win, lose = rule.words
        move = None
        if sol.move is not None:
            m = sol.move
            move = {
                "piece": m.piece + 1,
                "direction": m.direction,
                "at": m.at,
                "parts": [[q.rows, q.cols] for q in m.parts],
                "text": str(m),
            }
        shown = format_position(sol)
        data = {
            "game": rule.name,
            "pieces": [[p.rows, p.cols] for p in sol.pieces],
            "values": list(sol.values),
            "value": sol.value,
            "answer": win if sol.first_player_wins else lose,
            "winner": "first player" if sol.first_player_wins else "second player",
            "move": move,
            "text": shown,
        }
        return PositionAnswer(shown, data)


class CuttingContest(Contest):
    """``gamecert package NAME``: the contest problem of a rule with contest data."""

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule

    def problem(self) -> ContestProblem:
        from gamecert.verify.cutting.contest import CuttingProblem  # `gamecert package` only

        return CuttingProblem(self.rule)


class CuttingInteractiveContest(InteractiveContest):
    """``gamecert package NAME --interactive``: the interactive problem of a rule with an interactive statement."""

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule

    def problem(self) -> InteractiveProblem:
        from gamecert.verify.cutting.contest.interactive import CuttingInteractive  # `package --interactive` only

        return CuttingInteractive(self.rule)
