"""Impartial games written as rules files: :class:`ImpartialRulesGame`.

:func:`~gamecert.verify.rules.load.rules_game` turns a rules file of this kind
into one, so every command works on it as on a built-in game. An impartial game
answers one line per input line (``win N`` or ``lose 0``: the nim value under
normal play; ``win`` / ``lose`` under misère play; or the rules' own
``answer``), certified by the value of every position reached.
"""

from __future__ import annotations

from functools import partial

from gamecert.solvers.impartial.solver import ImpartialSolution, impartial_game, shown_whole
from gamecert.solvers.rules.rules import Guard, ImpartialRules
from gamecert.verify.game import Capability, Formulation
from gamecert.verify.rules.base import QueryRulesGame

#: An impartial answer per query: whether the player to move wins, and the nim value (None under misère play).
Verdict = tuple[bool, "int | None"]


class ImpartialRulesGame(QueryRulesGame[list, ImpartialSolution]):
    """An impartial game from a rules file: nim values (normal play) or outcomes (misère play) per input line."""

    rules: ImpartialRules

    @property
    def about(self) -> str:
        return f"impartial, {'misère' if self.rules.misere else 'normal'} play"

    def solve(self, instance: list) -> ImpartialSolution:
        return impartial_game(self.rules, instance, self.limits)

    def lines(self, solution: ImpartialSolution) -> list[str]:
        rules = self.rules
        if rules.answer is None:
            if rules.misere:
                return ["win" if w else "lose" for w in solution.wins]
            return [f"win {v}" if w else "lose 0" for w, v in zip(solution.wins, solution.values)]
        return self.answer_lines(zip(solution.wins, solution.values))

    def describe(self, solution: ImpartialSolution) -> dict:
        """The answers, each query's components and value, and the certificate's table."""
        guard = Guard(self.rules, self.limits)  # the rules' format() runs timed
        with guard:
            show = partial(shown_whole, self.rules, guard=guard)  # a misère sum (Sum) as its components
            if solution.misere:
                table = [[show(p), "win" if w else "lose"] for p, w in solution.table.items()]
                note = (
                    "table: every whole-sum position reached (with components: its components joined by +) and whether "
                    "the player to move wins (misère play)"
                )
            else:
                table = [[show(p), v] for p, v in solution.table.items()]
                note = "table: every component position reached and its Sprague-Grundy value; each is the mex of its options"
            return {
                "game": self.name,
                "rules": self.rules.path,
                "play": "misere" if solution.misere else "normal",
                "answer": self.lines(solution),
                "queries": [
                    {"position": show(q), "components": [show(c) for c in parts], "win": w, "value": v}
                    for q, parts, w, v in zip(solution.queries, solution.parts, solution.wins, solution.values)
                ],
                "certificate": {"table": table, "note": note},
            }

    def answer(self, solution: ImpartialSolution) -> tuple[Verdict, ...]:
        return tuple(zip(solution.wins, solution.values))

    def certify(self, instance: list, solution: ImpartialSolution) -> list[str]:
        from gamecert.verify.impartial.certificate import check_impartial

        return check_impartial(self.rules, solution, self.limits)

    def verdict(self, answer: Verdict) -> str:
        win, value = answer
        return ("win" if win else "lose") + ("" if value is None else f" {value}")

    def formulations(self) -> tuple[Formulation, ...]:
        from gamecert.verify.impartial import formulations

        return formulations.impartial_formulations(self)

    def capability_classes(self) -> tuple[type[Capability], ...]:
        """Pictures, play, positions, the contest problem, stress cases (with ``positions``) and claims."""
        from gamecert.verify.impartial.audit import ImpartialClaims
        from gamecert.verify.impartial.contest import ImpartialContest
        from gamecert.verify.impartial.play import ImpartialPositionPlay, ImpartialPositions
        from gamecert.verify.impartial.show import ImpartialPictures, ImpartialPositionPictures
        from gamecert.verify.impartial.stats import ImpartialStatistics
        from gamecert.verify.rules.stress import LineStressCases

        return (
            ImpartialPictures, ImpartialPositionPictures, ImpartialPositionPlay, ImpartialPositions, ImpartialContest,
            LineStressCases, ImpartialClaims, ImpartialStatistics,
        )
