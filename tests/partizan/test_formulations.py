"""The formulations of partizan rules games: what each answers, where each fits, how a difference is explained."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from gamecert.solvers.rules.rules import Limits, PartizanRules
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.partizan import formulations
from gamecert.verify.partizan.answer import Verdict
from gamecert.verify.partizan.conway import conway_answers
from gamecert.verify.partizan.game import PartizanRulesGame
from gamecert.verify.rules.load import load_rules

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def toads() -> PartizanRulesGame:
    return PartizanRulesGame(load_rules(str(EXAMPLES / "toads_and_frogs.py")), Limits())


@pytest.mark.slow
def test_each_formulation_agrees_with_the_engine(toads):
    # Toads and Frogs: TT.FF = * (Winning Ways' table), T..F = 0, T.F = * too.
    instance = toads.parse("TT.FF\nT..F\nT.F\nTT..FF\n")
    fast = toads.answer(toads.solve(instance))
    assert [str(v) for v in fast] == ["* N", "0 P", "* N", "* N"]
    ran = 0
    for f in toads.formulations():
        if f.fits(instance) is None:
            assert f.run(instance) == fast, f.name
            ran += 1
    assert ran >= 2  # conway always; pycgt and general where installed


def test_formulations_without_their_package_say_so(monkeypatch, toads):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name in ("pycgt",
                        "gamecert.solvers.general.solver") else real(name, *a))
    reasons = {f.name: f.fits([]) for f in toads.formulations()}
    assert reasons == {
        "conway": None,
        "general": "the general solver (gamecert.solvers.general.solver) is not installed",
        "pycgt": "pycgt not installed (pip install 'gamecert[partizan-check]')",
    }


def test_conway_gives_up_past_its_cap():
    walk = PartizanRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], lambda n: [])
    assert [v.outcome for v in conway_answers(walk, [5])] == ["L"]
    with pytest.raises(TimeLimitError, match="more than 3 whole positions"):
        conway_answers(walk, [5], cap=3)


def test_verdicts_compare_forms_only_where_both_give_one():
    assert Verdict("N", "a", "*") == Verdict("N") and Verdict("N", "a") != Verdict("N", "b")
    assert Verdict("N") != Verdict("P") and str(Verdict("P")) == "outcome P" and str(Verdict("P", "k", "0")) == "0 P"


def test_explain_names_the_query_and_both_answers(toads):
    instance = toads.parse("T.F\n")
    fast = toads.answer(toads.solve(instance))
    assert toads.explain(instance, fast, (Verdict("P", "other", "0"),)) == "query 1 (T.F): 0 P, fast says * N"


def test_the_general_rules_pass_the_turn():
    rules = load_rules(str(EXAMPLES / "clobber.py"))
    turns = formulations.turn_rules(rules)
    start = formulations.whole(rules, rules.parse("xo"))
    assert turns.moves((start, "L")) == [(frozenset(), "R")]
