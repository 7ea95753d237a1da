"""What general and score games written as rules files share: :class:`TurnRulesGame` (one value per query,
certified by the value of every position reached), :class:`TurnPositions` (``solve --position``) and
:class:`TurnTiers` (the tiered solve).

Each kind's game class (:class:`~gamecert.verify.general.game.GeneralRulesGame`,
:class:`~gamecert.verify.score.game.ScoreRulesGame`) says how it solves, certifies and labels its positions.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Hashable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from gamecert.solvers.errors import RulesError, SolverError
from gamecert.solvers.rules.rules import Guard, TurnRules, shown_position
from gamecert.solvers.turn.graph import Queries, parse_queries
from gamecert.solvers.turn.value import Value
from gamecert.verify.capabilities import PositionAnswer, Positions, StressCases, Tiers
from gamecert.verify.game import Capability
from gamecert.verify.rules.base import QueryRulesGame
from gamecert.verify.turn.strategy import best_move, entry

if TYPE_CHECKING:
    from gamecert.verify.engine.tiers.check import CheckedTiers
    from gamecert.verify.engine.tiers.solve import TieredSolve
    from gamecert.verify.engine.tiers.store import TierLabels

S = TypeVar("S")  # GeneralSolution or ScoreSolution


class TurnRulesGame(QueryRulesGame[Queries, S], Generic[S]):
    """A general or score game from a rules file: one value per query, certified by the value of every position reached."""

    #: The kind's word, in summaries and JSON.
    kind: str
    rules: TurnRules

    @property
    def about(self) -> str:
        return self.kind

    def parse(self, text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> Queries:
        return parse_queries(self.rules, text, source, self.limits)

    def queries(self, instance: Queries) -> tuple:
        return instance.positions

    def refusals(self) -> dict[type[Capability], str]:
        """``stress`` on a whole input (its cases are lines) or without ``positions``."""
        if self.rules.starts is None:
            return super().refusals()
        return {StressCases: (
            f"{self.rules.path} reads its whole input at once (it defines starts): stress needs a rules file of one "
            "position per line (docs/rules.md)"
        )}

    def parse_position(self, text: str) -> Queries:
        """The queries of ``--position TEXT`` (``solve``, ``show``): a position per line, or, where the rules define
        ``starts``, ``TEXT`` as a whole input; a whole input the rules refuse is said so on one line.

        >>> from gamecert.solvers.rules.rules import GeneralRules, Limits
        >>> from gamecert.verify.general.game import GeneralRulesGame
        >>> def parse(text): return int(text.split()[1])
        >>> def moves(n): return [n - 1] if n else []
        >>> def starts(n): return range(n)
        >>> race = GeneralRules("race", "race.py", parse, moves, starts=starts)
        >>> GeneralRulesGame(race, Limits()).parse_position("starts 3").positions
        (0, 1, 2)
        >>> GeneralRulesGame(race, Limits()).parse_position("2")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        gamecert.solvers.errors.RulesError: --position: race.py reads its whole input at once (...): --position takes ...
        """
        try:
            return self.parse(text.strip("\n") + "\n", "--position")
        except RulesError as exc:
            if self.rules.starts is None:
                raise
            raise RulesError(
                "--position", 1, 1,
                f"{self.rules.path} reads its whole input at once (it defines starts): --position takes a whole input, "
                f"and {exc.message}",
            ) from None

    @abstractmethod
    def solve(self, instance: Queries) -> S: ...

    @abstractmethod
    def certify(self, instance: Queries, solution: S) -> list[str]: ...

    @abstractmethod
    def _table(self, solution: S, show: Callable[[Any], str]) -> tuple[list, str]:
        """The certificate as JSON rows, and a note saying what they are."""

    def answer(self, solution: S) -> tuple[Value, ...]:
        return solution.values

    def steps(self, moved: list) -> list[tuple[Hashable, int]]:
        """What ``moves`` returned as ``(position after, the mover's points)`` pairs (a general game scores none)."""
        return [(m, 0) for m in moved]

    def lines(self, solution: S) -> list[str]:
        """One judge line per query: the rules' ``answer(outcome, number)``, else the value."""
        if self.rules.answer is None:
            return [str(v) for v in solution.values]
        return self.answer_lines((v.outcome, v.number) for v in solution.values)

    def text(self, solution: S) -> str:
        """The judge output: ``output(instance, answers)`` of a whole input when the rules define it, else a line per query."""
        output = self.rules.output
        if output is None or self.rules.starts is None:
            return super().text(solution)
        answers = [(v.outcome, v.number) for v in solution.values]
        with Guard(self.rules, self.limits) as guard:
            found = guard.call("output", solution.instance, lambda instance: output(instance, answers))
            if not isinstance(found, str):
                raise guard.error("output", solution.instance, f"returned {shown_position(found)}, expected text")
        return found if not found or found.endswith("\n") else found + "\n"

    def describe(self, solution: S) -> dict:
        """The answers, each query's value, and the certificate's table."""
        with Guard(self.rules, self.limits) as guard:
            show = partial(self.rules.show, guard=guard)
            table, note = self._table(solution, show)
            return {
                "game": self.name,
                "rules": self.rules.path,
                "kind": self.kind,
                "answer": self.text(solution).splitlines(),
                "queries": [
                    {"position": show(q), "outcome": v.outcome, "number": v.number}
                    for q, v in zip(solution.queries, solution.values)
                ],
                "players": [shown_position(p) for p in solution.players],
                "certificate": {"table": table, "note": note},
            }

    def capability_classes(self) -> tuple[type[Capability], ...]:
        """A command-line position solved (``solve --position``), claims, pictures, play, the kind's contest
        problem (:meth:`contest`), and stress cases (with ``positions`` and one position per input line)."""
        from gamecert.verify.turn.audit import TurnClaims
        from gamecert.verify.turn.play import TurnPositionPlay
        from gamecert.verify.turn.show import TurnPictures, TurnPositionPictures
        from gamecert.verify.turn.stress import TurnStressCases

        return (
            TurnPositions, TurnClaims, TurnPictures, TurnPositionPictures, TurnPositionPlay, self.contest(),
            TurnStressCases,
        )

    @abstractmethod
    def contest(self) -> type[Capability]:
        """The kind's contest capability class (``gamecert package``)."""


class TurnPositions(Positions):
    """``gamecert solve --rules FILE --position TEXT``: the value of a position (or of every start of a whole
    input) and a best move from it."""

    def __init__(self, game: TurnRulesGame) -> None:
        self.game = game

    def solve_position(self, text: str) -> PositionAnswer:
        """The value and a best move for people, and as JSON (the same text under ``"text"``).

        >>> from gamecert.solvers.rules.rules import GeneralRules, Limits
        >>> from gamecert.verify.general.game import GeneralRulesGame
        >>> def moves(n): return [n - 1] if n else []
        >>> walk = GeneralRulesGame(GeneralRules("walk", "walk.py", int, moves), Limits())
        >>> print(TurnPositions(walk).solve_position("3").text, end="")
        position: 3
        value: win 3
        best move: to 2 (lose 2)
        """
        game = self.game
        queries = game.parse_position(text)
        solution = game.solve(queries)
        problems = game.certify(queries, solution)
        if problems:  # a certificate that fails is gamecert's own fault
            raise SolverError(f"the certificate fails: {problems[0]}")
        lines, found = [], []
        with Guard(game.rules, game.limits) as guard:
            for q, v in zip(solution.queries, solution.values):
                move = best_move(game.rules, solution, q, guard)
                shown = game.rules.show(q, guard)
                lines.append(f"position: {shown}")
                lines.append(f"value: {v}")
                if move is not None:
                    lines.append(f"best move: to {game.rules.show(move, guard)} ({entry(solution, move)})")
                found.append({
                    "position": shown, "outcome": v.outcome, "number": v.number,
                    "move": None if move is None else game.rules.show(move, guard),
                })
        shown = "\n".join(lines) + "\n"
        data = {"game": game.name, "rules": game.rules.path, "kind": game.kind, "positions": found, "text": shown}
        return PositionAnswer(shown, data)


class TurnTiers(Tiers):
    """A general or score game solved tier by tier by its rules' ``tier``
    (:func:`~gamecert.verify.engine.tiers.solve.solve_tiers`), its positions labelled as its kind labels them
    (:meth:`labels`)."""

    def __init__(self, game: TurnRulesGame) -> None:
        self.game = game

    @abstractmethod
    def labels(self) -> TierLabels:
        """How the kind labels and checks its positions in a tiered solve."""

    def missing(self) -> str | None:
        if self.game.rules.tier is None:
            return f"{self.game.rules.path} has no tier(position) function (docs/tiers.md)"
        return None

    def solve_tiers(
        self, instance: Queries, *, shards: int, store: Path | None, resume: bool, jobs: int | None,
        scheduler: str | None, bar: Callable | None, plan: Callable | None,
    ) -> TieredSolve:
        from gamecert.verify.engine.tiers.solve import solve_tiers

        return solve_tiers(
            self.game.rules, instance, labels=self.labels(), limits=self.game.limits, shards=shards, store=store,
            resume=resume, jobs=jobs, scheduler=scheduler, bar=bar, plan=plan,
        )

    def check_tiers(self, root: Path, *, jobs: int | None, scheduler: str | None, bar: Callable | None) -> CheckedTiers:
        from gamecert.verify.engine.tiers.check import check_tiers

        return check_tiers(root, self.game.rules, labels=self.labels(), jobs=jobs, scheduler=scheduler, bar=bar)
