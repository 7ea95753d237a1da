"""The general kind's contest problem: ``gamecert package --rules FILE``."""

from __future__ import annotations

from gamecert.verify.turn.contest import TurnContest, TurnRulesProblem


class GeneralRulesProblem(TurnRulesProblem):
    """The contest problem of one general rules game: win, lose or draw with remoteness (a second retrograde
    analysis as reference)."""

    reference = "general_reference.py"

    def _points(self) -> str:
        return "."

    def _result(self) -> str:
        return r"\texttt{win}, \texttt{lose} or \texttt{draw} for the player to move."

    def _stuck(self) -> str:
        return "loses."

    def _ends(self) -> str:
        return "Positions may repeat: a position from which neither player can force a win is a draw."

    def _defined(self) -> str:
        return "\\texttt{parse}\nreads a position from one input line and \\texttt{moves} gives the positions\none move away."

    def _output(self) -> str:
        rules = self.rules_game.rules
        remoteness = (r"$N$ is the remoteness: 0 where the game is over; otherwise the winner plays to win as soon "
                      r"as possible and the loser to lose as late as possible, and $N$ is the number of moves "
                      "until the game ends")
        if rules.answer is not None:
            return (r"For each line, print the text the rules' \texttt{answer(outcome, $N$)} returns, where "
                    r"\texttt{outcome} is \texttt{\"win\"} or \texttt{\"lose\"} for the player to move, or "
                    r"\texttt{\"draw\"} (and $N$ \texttt{None}) when neither player can force a win; "
                    + remoteness + ".")
        return (r"For each line, print \texttt{win $N$} if the player to move can force a win, \texttt{lose $N$} "
                r"if the opponent can, and \texttt{draw} otherwise; " + remoteness + ".")


class GeneralContest(TurnContest):
    """``gamecert package --rules FILE``: the contest problem of a general rules game."""

    made = GeneralRulesProblem
