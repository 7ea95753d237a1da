"""What the contest problems of general and score games share: ``gamecert package --rules FILE``
(:class:`TurnContest`, :class:`TurnRulesProblem`)."""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING

from gamecert.solvers.turn.graph import Queries
from gamecert.verify.capabilities import Contest
from gamecert.verify.errors import PackageError
from gamecert.verify.rules.contest import RulesProblem

if TYPE_CHECKING:
    from gamecert.verify.game import Game


class TurnRulesProblem(RulesProblem):
    """The contest problem of one general or score rules game with ``positions`` and one position per line.

    Its reference is :mod:`~gamecert.verify.general.contest.general_reference`
    (a second retrograde analysis) or
    :mod:`~gamecert.verify.score.contest.score_reference` (memoized minimax),
    each written apart from gamecert's solvers; the validator is the
    impartial problem's.
    """

    #: The standalone reference program of this kind (a file of this package).
    reference: str

    def reached(self, queries: list) -> int:
        """How many positions the game's solver stores to answer ``queries``."""
        return len(self.rules_game.solve(Queries(tuple(queries))).table)

    def _play(self) -> str:
        rules = self.rules_game.rules
        out = ["Two players take turns to move, starting from a position of this game; the\n"
               "positions one move away from a position are those its rules below give" + self._points()]
        if rules.result is not None:
            out.append(r"The game is over at a position where \texttt{result} says so: " + self._result())
        out.append("A player who cannot move " + self._stuck())
        if rules.player is not None:
            out.append(r"A move to a position where \texttt{player} names the same player is an extra move: that "
                       "player moves again.")
        out.append(self._ends())
        return " ".join(out)

    @abstractmethod
    def _points(self) -> str:
        """How the statement's first sentence ends: what a move gives besides a position."""

    @abstractmethod
    def _result(self) -> str:
        """What ``result`` says where the game is over."""

    @abstractmethod
    def _stuck(self) -> str:
        """What happens to a player who cannot move."""

    @abstractmethod
    def _ends(self) -> str:
        """Whether play ends, and what endless play is."""


class TurnContest(Contest):
    """``gamecert package --rules FILE``: the contest problem of a general or score rules game with ``positions``
    and one position per input line."""

    #: The problem this contest makes (the kind's).
    made: type[TurnRulesProblem]

    def __init__(self, game: Game) -> None:
        self.game = game

    def problem(self) -> TurnRulesProblem:
        rules = self.game.rules
        if rules.positions is None:
            raise PackageError(
                f"{rules.path} defines no positions(size): a package draws its tests from every position of each "
                "size (docs/rules.md)"
            )
        if rules.starts is not None:
            raise PackageError(
                f"{rules.path} reads a whole input (starts): a package's tests are one position per line"
            )
        return self.made(self.game)
