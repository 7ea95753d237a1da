"""The score kind's contest problem: ``gamecert package --rules FILE``."""

from __future__ import annotations

from gamecert.verify.turn.contest import TurnContest, TurnRulesProblem


class ScoreRulesProblem(TurnRulesProblem):
    """The contest problem of one score rules game: the best difference of points (memoized minimax as
    reference)."""

    reference = "score_reference.py"

    def _points(self) -> str:
        return ", each with the points the\nplayer making that move scores."

    def _result(self) -> str:
        return r"its value is what the player to move gains over the opponent from there on."

    def _stuck(self) -> str:
        return "gains nothing more (the value 0)."

    def _ends(self) -> str:
        return "Every play ends."

    def _defined(self) -> str:
        return "\\texttt{parse}\nreads a position from one input line and \\texttt{moves} gives the moves, each a pair\n(position, points)."

    def _output(self) -> str:
        rules = self.rules_game.rules
        value = (r"the most the player to move can guarantee with perfect play of both: its own points minus "
                 "the opponent's from this position on")
        if rules.answer is not None:
            return (r"For each line, print the text the rules' \texttt{answer(\"score\", $S$)} returns, "
                    f"where $S$ is {value}.")
        return rf"For each line, print \texttt{{score $S$}}, where $S$ is {value}."


class ScoreContest(TurnContest):
    """``gamecert package --rules FILE``: the contest problem of a score rules game."""

    made = ScoreRulesProblem
