"""Partizan games written as rules files (``KIND = "partizan"``): :class:`PartizanRulesGame`.

Every command works on it as on a built-in game. It answers one line per
input line: the canonical form of the position in CGSuite's notation and its
outcome class (``L``, ``R``, ``N``, ``P``), or the rules' own ``answer(value,
outcome)``. The engine (:func:`gamecert.solvers.partizan.solver.partizan_game`)
computes the forms; the certificate (:mod:`~gamecert.verify.partizan.certificate`)
checks them with the rules and a plain comparison of its own, and the
formulations (:mod:`~gamecert.verify.partizan.formulations`) cross-check them.
"""

from __future__ import annotations

from functools import partial

from gamecert.solvers.partizan.solver import PartizanSolution, partizan_game
from gamecert.solvers.rules.rules import Guard, PartizanRules
from gamecert.verify.game import Capability, Formulation
from gamecert.verify.partizan.answer import Verdict, claimed, form_key, form_writer, value_text
from gamecert.verify.partizan.certificate import CertificateCheck, check_partizan
from gamecert.verify.partizan.compare import Forms
from gamecert.verify.rules.base import QueryRulesGame


class PartizanRulesGame(QueryRulesGame[list, PartizanSolution]):
    """A partizan game from a rules file: the canonical form and outcome class of each input line's position."""

    about = "partizan: canonical forms"
    rules: PartizanRules

    def solve(self, instance: list) -> PartizanSolution:
        return partizan_game(self.rules, instance, self.limits)

    def lines(self, solution: PartizanSolution) -> list[str]:
        """The answer line of each query: ``VALUE OUTCOME``, or the rules' ``answer(value, outcome)``."""
        values = [value_text(v) for v in solution.values]
        if self.rules.answer is None:
            return [f"{v} {o}" for v, o in zip(values, solution.outcomes)]
        return self.answer_lines(zip(values, solution.outcomes))

    def check(self, solution: PartizanSolution) -> CertificateCheck:
        """The certificate checked (:func:`~gamecert.verify.partizan.certificate.check_partizan`): violations and
        what was checked."""
        return check_partizan(self.rules, claimed(solution), self.limits)

    def describe(self, solution: PartizanSolution) -> dict:
        """The answers (position, value, form, outcome, components), and the certificate: every component
        position's form, and what the checker decided about it."""
        guard = Guard(self.rules, self.limits)  # the rules' format() runs timed
        form_text = form_writer()  # the table's forms share subforms: each is written once
        with guard:
            show = partial(self.rules.show, guard=guard)
            answers = [
                {
                    "position": show(q),
                    "value": value_text(v),
                    "form": form_text(v),
                    "outcome": o,
                    "components": [{"position": show(c), "value": value_text(solution.forms[c])} for c in parts],
                }
                for q, parts, v, o in zip(solution.queries, solution.parts, solution.values, solution.outcomes)
            ]
            table = [[show(p), form_text(f)] for p, f in solution.table.items()]
        found = self.check(solution)
        return {
            "game": self.name,
            "rules": self.rules.path,
            "answer": self.lines(solution),
            "answers": answers,
            "certificate": {
                "table": table,
                "checked": found.checked,
                "violations": found.violations,
                "note": (
                    "table: every component position reached and its canonical form. The checker reads the forms "
                    "only: each query component's form is canonical (no dominated or reversible option, by a plain "
                    "comparison of its own) and equals the position (the second player wins position - form, "
                    "played from the rules; past the search's cap, by induction over the table, one move at a "
                    "time), and each query's form is the sum of its components' forms with the outcome it states"
                ),
            },
        }

    def answer(self, solution: PartizanSolution) -> tuple[Verdict, ...]:
        pool = Forms()
        out = []
        for v, o in zip(solution.values, solution.outcomes):
            out.append(Verdict(o, form_key(pool, pool.add(v.plain())), value_text(v)))
        return tuple(out)

    def certify(self, instance: list, solution: PartizanSolution) -> list[str]:
        return self.check(solution).violations

    def formulations(self) -> tuple[Formulation, ...]:
        from gamecert.verify.partizan.formulations import partizan_formulations

        return partizan_formulations(self)

    def capability_classes(self) -> tuple[type[Capability], ...]:
        """Pictures, play, positions, the contest problem, stress cases (with ``positions``) and claims."""
        from gamecert.verify.partizan.audit import PartizanClaims
        from gamecert.verify.partizan.play import PartizanPositionPlay, PartizanPositions
        from gamecert.verify.partizan.show import PartizanPictures, PartizanPositionPictures
        from gamecert.verify.partizan.stats import PartizanStatistics
        from gamecert.verify.partizan.stream import PartizanStreamedAnswer
        from gamecert.verify.partizan.stress import PartizanStressCases
        from gamecert.verify.partizan.contest import PartizanContest

        return (
            PartizanPictures, PartizanPositionPictures, PartizanPositionPlay, PartizanPositions, PartizanContest,
            PartizanStressCases, PartizanClaims, PartizanStatistics, PartizanStreamedAnswer,
        )

