"""The impartial kind's contest problem: ``gamecert package --rules FILE`` (its reference, a second
Sprague–Grundy search, is :mod:`~gamecert.verify.impartial.contest.reference`)."""

from __future__ import annotations

from gamecert.solvers.impartial.solver import impartial_game
from gamecert.verify.rules.contest import RulesContest, RulesProblem


class ImpartialRulesProblem(RulesProblem):
    """The contest problem of one impartial rules game with ``positions``."""

    def reached(self, queries: list) -> int:
        """How many positions the solver stores to answer ``queries``."""
        return len(impartial_game(self.rules_game.rules, queries, self.rules_game.limits).table)

    def _play(self) -> str:
        """The statement's paragraph on how the game is played."""
        rules = self.rules_game.rules
        end = ("The player who makes the last move loses: a player who cannot move wins."
               if rules.misere else "A player who cannot move loses.")
        return ("Two players take turns to move, starting from a position of this game; the\n"
                "positions one move away from a position are those its rules below give.\n"
                f"{end} For each position of the input, does the player to move win with\nperfect play?")

    def _defined(self) -> str:
        """The statement's sentence on what the rules file's functions do."""
        parts = (r" A position is the sum of the independent games \texttt{components} lists: a move is a move in "
                 "one of them." if self.rules_game.rules.components is not None else "")
        return ("\\texttt{parse}\nreads a position from one input line and \\texttt{moves} gives the positions\n"
                "one move away." + parts)

    def _output(self) -> str:
        """The statement's output section."""
        rules = self.rules_game.rules
        if rules.answer is not None:
            return (r"For each line, print the text the rules' \texttt{answer(win, value)} returns, where "
                    r"\texttt{win} says whether the player to move wins and \texttt{value} is the position's "
                    "nim value" + (r" (\texttt{None}: misère play)." if rules.misere else "."))
        if rules.misere:
            return r"For each line, print \texttt{win} if the player to move wins and \texttt{lose} otherwise."
        return (r"For each line, print \texttt{win $N$} if the player to move wins, where $N$ is the "
                "position's nim value (its Sprague--Grundy value: the xor of its components' values), "
                r"and \texttt{lose 0} if the player to move loses.")


class ImpartialContest(RulesContest):
    """``gamecert package --rules FILE``: the contest problem of an impartial rules game with ``positions``."""

    made = ImpartialRulesProblem
