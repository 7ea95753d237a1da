"""The partizan kind's contest problem: ``gamecert package --rules FILE``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from gamecert.solvers.rules.rules import Guard
from gamecert.verify.engine.problem import TestCase
from gamecert.verify.errors import PackageError
from gamecert.verify.rules.contest import RulesContest, RulesProblem

if TYPE_CHECKING:
    from gamecert.verify.game import Game


class PartizanRulesProblem(RulesProblem):
    """The contest problem of one partizan rules game with ``positions``: each position's canonical form in
    CGSuite's notation and its outcome class.

    Its reference is :mod:`~gamecert.verify.partizan.contest.partizan_reference`
    (canonical simplification by Conway's definitions and a notation writer of
    its own, sharing no code with the engine); the validator is the impartial
    problem's. Each case's text is answered by that reference (run here) and
    by the engine when the case is made: a package whose reference would print
    anything but the answer to be certified is refused.
    """

    reference = "partizan_reference.py"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._program: dict | None = None  # the reference's names, run in-process to compare

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        """The cases of :meth:`RulesProblem.cases`, each checked against the reference (see the class)."""
        for case in super().cases(size, seed):
            self._agree(case)
            yield case

    def reached(self, queries: list) -> int:
        """How many component positions the engine stores to answer ``queries``."""
        return len(self.rules_game.solve(list(queries)).table)

    def _agree(self, case: TestCase) -> None:
        """A PackageError unless the reference's answer to ``case`` is the engine's."""
        game = self.rules_game
        if self._program is None:
            self._program = {"__name__": "partizan_reference"}
            exec(compile(self.resource(self.reference), self.reference, "exec"), self._program)  # noqa: S102 (ours)
        namespace = self._program
        engine = game.lines(game.solve(game.parse(case.text)))
        try:
            with Guard(game.rules, game.limits):
                mine = namespace["answers"](namespace["load_rules"](self.rules_source), case.text)
        except Exception as exc:  # noqa: BLE001 (the reference's failure, reported as the package's)
            raise PackageError(f"the package's reference fails on case {case.name}: {exc}") from None
        for k, (a, b) in enumerate(zip(mine, engine)):
            if a != b:
                raise PackageError(f"the package's reference answers line {k + 1} of case {case.name} with {a!r}, "
                                   f"the engine with {b!r}: no package whose reference disagrees")
        if len(mine) != len(engine):
            raise PackageError(f"the package's reference gives {len(mine)} lines on case {case.name}, not {len(engine)}")

    def _play(self) -> str:
        return ("Two players, Left and Right, take turns to move, starting from a position of this game; the\n"
                r"positions Left can move to are those \texttt{left} gives, Right's those \texttt{right} gives. "
                "A player who cannot move loses. Every play ends.")

    def _defined(self) -> str:
        parts = (r" A position is the sum of the independent games \texttt{components} lists: a move is a move in "
                 "one of them." if self.rules_game.rules.components is not None else "")
        return ("\\texttt{parse}\nreads a position from one input line, \\texttt{left} gives Left's moves and "
                r"\texttt{right} Right's." + parts)

    def _output(self) -> str:
        value = (r"$V$ is the position's value, its canonical form, in CGSuite's notation: integers, dyadic "
                 r"fractions (\texttt{3/4}), \texttt{*}, \texttt{*2}, \texttt{\^{}}, \texttt{v}, \texttt{\^{}*}, "
                 r"\texttt{x\^{}\^{}*k} and \texttt{v3} for sums of a number, ups and a nimber, \texttt{+-G} for a "
                 r"game equal to its negative with Left options \texttt{G} (\texttt{+-\{A,B\}} for several), "
                 r"\texttt{Tiny(G)} and \texttt{Miny(G)}, and \texttt{\{A,B|C\}} otherwise (an unbraced lone option "
                 r"written with more bars: \texttt{\{2|1||0\}}), options in CGSuite's order; $O$ is the outcome "
                 r"class: \texttt{L} (Left wins whoever starts), \texttt{R} (Right does), \texttt{N} (the player to "
                 r"move wins) or \texttt{P} (the player to move loses)")
        if self.rules_game.rules.answer is not None:
            return rf"For each line, print the text the rules' \texttt{{answer($V$, $O$)}} returns, where {value}."
        return rf"For each line, print $V$ and $O$ separated by a space, where {value}."


class PartizanContest(RulesContest):
    """``gamecert package --rules FILE``: the contest problem of a partizan rules game with ``positions``."""

    made = PartizanRulesProblem
