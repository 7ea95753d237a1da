"""The kernel against the same game written as rules: examples/octal.py (a rules file of "Your own game")
and the rules formulations (verify/rules) on each code's literal moves."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers import jit
from gamecert.solvers.octal import nim_sequence, parse_code
from gamecert.verify.octal.game import OctalGame
from gamecert.verify.rules.load import rules_game
from tests.support import run

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "octal.py")


def rules_values(code: str, heaps) -> list[int]:
    game = rules_game(EXAMPLE)
    solution = game.solve(game.parse("".join(f"{code} {n}\n" for n in heaps)))
    return list(solution.values)


@pytest.mark.parametrize("code", ["0.77", "0.07", "4.7", "0.6", "0.15", "4.102"])
def test_rules_file_equals_the_kernel(code):
    with jit.python_kernels():  # judge-size heaps run the kernel as plain Python (tests/octal/test_octal.py compares it compiled)
        expected = nim_sequence(code, 300).tolist()
    assert rules_values(code, range(301)) == expected


@pytest.mark.slow
def test_rules_file_equals_the_kernel_to_two_thousand():
    assert rules_values("0.137", range(2001)) == nim_sequence("0.137", 2000).tolist()


def test_rules_file_answers_as_solve_octal():
    text = "0.77 70\n0.07 0\n.137 33\n4.7 5\n0.6 40\n0.007 9\n"
    ours = run(["solve", "octal"], input=text)
    theirs = run(["solve", "--rules", EXAMPLE], input=text)
    assert (ours.exit_code, theirs.exit_code) == (0, 0)
    assert ours.output == theirs.output


codes = st.tuples(st.sampled_from("04"), st.lists(st.sampled_from("01234567"), min_size=1, max_size=3)).map(
    lambda t: parse_code(t[0] + "." + "".join(t[1]))
)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(codes, st.integers(0, 9)), min_size=1, max_size=4))
def test_rules_formulations_agree_on_small_heaps(queries):
    game = OctalGame()
    instance = game.parse("".join(f"{c} {n}\n" for c, n in queries))
    fast = game.answer(game.solve(instance))
    for formulation in game.formulations():
        if formulation.name in ("retrograde", "search"):  # SAT and ILP run on the bundled cases (cases/octal)
            assert formulation.fits(instance) is None
            assert formulation.run(instance) == fast, formulation.name
