"""The QBF portfolio: every solver's verdict on small formulas, the outermost block's model, time limits, disagreement."""

from __future__ import annotations

import pytest
from pyqbf.formula import PCNF

from gamecert.verify.engine.qbf import (
    PORTFOLIO,
    QBF_SOLVERS,
    QbfRun,
    agreed_verdict,
    first_model,
    solve_portfolio,
    solve_qbf,
)
from gamecert.verify.errors import QbfDisagreementError


def _formula(prefix: list[tuple[str, list[int]]], clauses: list[list[int]]) -> PCNF:
    f = PCNF(from_clauses=clauses)
    for quantifier, block in prefix:
        (f.exists if quantifier == "e" else f.forall)(*block)
    return f


# ∃x ∀y: (x ∨ y) ∧ (x ∨ ¬y) is true with x = 1; ∀x ∃y: (x ∨ y) ∧ (¬x ∨ ¬y) true; ∃x ∀y: x ≠ y false.
CASES = [
    ([("e", [1]), ("a", [2])], [[1, 2], [1, -2]], True),
    ([("a", [1]), ("e", [2])], [[1, 2], [-1, -2]], True),
    ([("e", [1]), ("a", [2])], [[1, 2], [-1, -2]], False),
    ([("e", [1, 2]), ("a", [3]), ("e", [4])], [[1], [-2], [3, 4], [-3, -4]], True),
]


@pytest.mark.parametrize("solver", QBF_SOLVERS)
@pytest.mark.parametrize("preprocess", [False, True])
def test_every_solver_decides_small_formulas(solver, preprocess):
    for prefix, clauses, expected in CASES:
        run = solve_qbf(_formula(prefix, clauses), solver, time_limit=60, preprocess=preprocess)
        assert run.verdict == ("true" if expected else "false"), run
        assert run.answer is expected
        assert run.seconds >= 0 and run.cpu is not None


def test_portfolio_reads_back_the_outermost_block():
    runs = solve_portfolio(_formula(*CASES[3][:2]), PORTFOLIO, time_limit=60, model=True)
    assert [r.solver for r in runs] == list(PORTFOLIO)
    assert agreed_verdict(runs) is True
    assert first_model(runs) == (1, -2)
    assert runs[0].model == (1, -2)  # depqbf gives it; the others carry none
    assert all(r.model is None for r in runs[1:])


def test_qdimacs_text_is_accepted():
    run = solve_qbf("p cnf 2 2\ne 1 0\na 2 0\n1 2 0\n-1 -2 0\n", "depqbf", time_limit=60)
    assert run.verdict == "false"


def test_time_limit_kills_the_run():
    # A zero limit times out before any child can answer; the child is killed and reaped.
    run = solve_qbf(_formula(*CASES[0][:2]), "caqe", time_limit=0.0)
    assert run.verdict == "timeout" and run.answer is None and run.cpu is None


def test_race_stops_the_others():
    runs = solve_portfolio(_formula(*CASES[0][:2]), ("depqbf", "rareqs", "caqe"), time_limit=60, race=True)
    decided = [r for r in runs if r.answer is not None]
    assert decided and all(r.verdict in ("true", "stopped") for r in runs)


def test_disagreement_is_an_error():
    runs = [QbfRun("depqbf", False, "true", 0.1), QbfRun("rareqs", True, "false", 0.1)]
    with pytest.raises(QbfDisagreementError, match="depqbf says true, rareqs\\+bloqqer says false"):
        agreed_verdict(runs, "the test formula")
    assert agreed_verdict([QbfRun("caqe", False, "timeout", 1.0)]) is None


def test_unknown_solver_is_refused():
    with pytest.raises(Exception, match="unknown QBF solver 'minisat'"):
        solve_qbf(_formula(*CASES[0][:2]), "minisat")
