"""The QBF portfolio: every solver's verdict on small formulas, the outermost block's model, time limits, disagreement;
the same through the launcher a large process has fork its runs (verify/engine/qbf_server.py)."""

from __future__ import annotations

import os
import resource
from pathlib import Path

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
    stop_launcher,
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


def test_malformed_formulas_are_named():
    from gamecert.verify.engine.qbf_server import malformed

    f = _formula([("e", [1]), ("a", [2])], [[1, 2], [1, 3]])
    assert malformed(f) == "1 variables of clauses unquantified (3)"
    assert malformed(_formula(*CASES[3][:2])) is None


@pytest.fixture
def launcher_first(monkeypatch):
    """This process's runs go through a launcher of their own from the first (see ``qbf._Launcher``)."""
    from gamecert.verify.engine import qbf

    monkeypatch.setattr(qbf, "LAUNCHER_AFTER", 1)
    monkeypatch.setattr(qbf, "LAUNCHER_RSS", 0)
    monkeypatch.setattr(qbf._Launcher, "_owner", 0)  # a fresh count, as in a newly forked process
    yield qbf._Launcher
    qbf.stop_launcher()
    monkeypatch.setattr(qbf._Launcher, "_owner", 0)


def _children(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        found.update(int(p) for p in (task / "children").read_text().split())
    return found


def test_runs_through_the_launcher_give_every_verdict(launcher_first):
    for prefix, clauses, expected in CASES:
        for preprocess in (False, True):
            runs = solve_portfolio(_formula(prefix, clauses), QBF_SOLVERS, time_limit=60, preprocess=preprocess)
            assert [r.verdict for r in runs] == ["true" if expected else "false"] * len(QBF_SOLVERS), runs
            assert all(r.cpu is not None for r in runs)
    launcher = launcher_first._mine
    assert launcher is not None and launcher.process.poll() is None
    assert first_model(solve_portfolio(_formula(*CASES[3][:2]), PORTFOLIO, time_limit=60, model=True)) == (1, -2)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    stop_launcher()  # its runs' CPU time counts here once it is reaped
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert after.ru_utime + after.ru_stime > before.ru_utime + before.ru_stime
    assert launcher.process.returncode == 0 and launcher_first._mine is None


def _pigeons(holes: int) -> PCNF:
    """``holes + 1`` pigeons in ``holes`` holes, one to a hole: false, and slow to refute by search."""
    var = {(p, h): p * holes + h + 1 for p in range(holes + 1) for h in range(holes)}
    clauses = [[var[p, h] for h in range(holes)] for p in range(holes + 1)]
    clauses += [[-var[p, h], -var[q, h]] for h in range(holes) for p in range(holes + 1) for q in range(p)]
    return _formula([("e", sorted(var.values()))], clauses)


def test_the_launcher_kills_runs_at_their_limit_and_leaves_none_behind(launcher_first):
    formula = _formula(*CASES[0][:2])
    assert solve_qbf(formula, "caqe", time_limit=0.0).verdict == "timeout"
    runs = solve_portfolio(formula, ("depqbf", "rareqs", "caqe"), time_limit=60, race=True)
    assert all(r.verdict in ("true", "stopped") for r in runs) and any(r.verdict == "true" for r in runs)
    assert solve_qbf(_pigeons(11), "depqbf", time_limit=0.5).verdict == "timeout"
    launcher = launcher_first._mine
    read_end, write_end = os.pipe()
    pid = launcher.start(write_end, (_pigeons(11), "depqbf", False, False, ()))
    os.close(write_end)
    assert pid in _children(launcher.process.pid)
    launcher.close()  # the launcher kills and reaps the run still going, then ends
    assert launcher.process.returncode == 0
    assert os.read(read_end, 100) == b""
    os.close(read_end)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_dead_launcher_leaves_the_runs_to_this_process(launcher_first):
    solve_qbf(_formula(*CASES[0][:2]), "depqbf", time_limit=60)
    launcher = launcher_first._mine
    launcher.process.kill()
    launcher.process.wait()
    for prefix, clauses, expected in CASES:
        assert solve_qbf(_formula(prefix, clauses), "depqbf", time_limit=60).answer is expected
    assert launcher_first._mine is None


def test_a_small_process_forks_its_runs_itself(launcher_first, monkeypatch):
    from gamecert.verify.engine import qbf

    monkeypatch.setattr(qbf, "LAUNCHER_RSS", 1 << 60)  # no process is that large: its own forks are cheaper
    for prefix, clauses, expected in CASES:
        assert solve_qbf(_formula(prefix, clauses), "depqbf", time_limit=60).answer is expected
    assert launcher_first._mine is None
