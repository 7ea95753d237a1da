"""``check``, ``stress`` and ``audit --claim`` on rules files: what every kind shares.

``check`` of rules cases (each naming its rules file, or the game ``--rules``
registers), the refusals of ``stress`` that the base rules game and the
position catalog give, the usage errors of ``audit --claim``, and the period
of a value sequence (verify/rules/audit.py). The rules files and cases are
the kinds' own: Kayles and Nim in ``tests/impartial/cases/``, a token on a
path in ``tests/graph/cases/``. Kayles' values come from OEIS A002186.
"""

from __future__ import annotations

import itertools
import shutil
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.verify.rules.audit import value_period
from tests.engine.test_cases import TIME_LIMIT
from tests.support import TESTS, apart, run

IMPARTIAL_CASES = TESTS / "impartial" / "cases"
GRAPH_CASES = TESTS / "graph" / "cases"
KAYLES = str(IMPARTIAL_CASES / "kayles.py")
SUMMARY = "4 cases: every answer as expected, every formulation that ran agrees, every certificate valid"


pytestmark = pytest.mark.usefixtures("fresh_registry")


def write_case(folder: Path, name: str, game: str, rules: str, input: str, expected: str) -> Path:
    path = folder / f"{name}.toml"
    path.write_text(
        f'game = "{game}"\nrules = "{rules}"\nsource = "test"\n'
        f"input = '''\n{input}'''\nexpected = '''\n{expected}'''\n"
    )
    return path


# check ------------------------------------------------------------------------------------------


def test_check_the_case_folder():
    # The routes bundled cases are checked with in tests (tests/engine/test_cases.py): those predicted within 10 s.
    result = run(["check", "--time-limit", str(TIME_LIMIT), str(IMPARTIAL_CASES), str(GRAPH_CASES)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == SUMMARY
    assert [row.split(":")[0] for row in result.stdout.splitlines() if row.endswith(("case", "cases"))] == [
        "kayles", "nim", "path"
    ]


def test_check_a_wrong_expected_answer(tmp_path):
    shutil.copy(KAYLES, tmp_path / "kayles.py")
    # Kayles with 3 pins has value 3 (OEIS A002186), not 4.
    write_case(tmp_path, "wrong", "kayles", "kayles.py", "2\n3\n", "win 2\nwin 4\n")
    result = run(["check", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert "wrong   WRONG" in result.stdout
    assert "output line 2 is 'win 3', expected 'win 4'" in result.stdout
    assert result.stderr == "1 case failed the cross-check\n"


def test_check_a_case_whose_game_is_not_its_rules(tmp_path):
    shutil.copy(KAYLES, tmp_path / "kayles.py")
    case = write_case(tmp_path, "named", "nim", "kayles.py", "2\n", "win 2\n")
    result = run(["check", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr == f"error: {case}:1:1: expected game = 'kayles', the game of kayles.py; got 'nim'\n"


def test_check_a_case_naming_a_missing_rules_file(tmp_path):
    case = write_case(tmp_path, "lost", "kayles", "lost.py", "2\n", "win 2\n")
    result = run(["check", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr == f"error: {case}:2:1: expected a rules file, but {tmp_path / 'lost.py'} is not a file\n"


def test_check_with_rules_registered_by_the_option():
    result = run(["check", "--rules", KAYLES, str(IMPARTIAL_CASES / "kayles-rows.toml")])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith("1 case: every answer as expected")


# stress -----------------------------------------------------------------------------------------


def test_stress_without_positions_is_refused(tmp_path):
    rules = tmp_path / "bare.py"
    rules.write_text("def parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return range(n)\n")
    result = run(["stress", "--rules", str(rules), "--candidate", "true"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == (
        f"Error: stress draws its cases from positions(size), which {rules} does not define (docs/rules.md)"
    )


def test_stress_refuses_positions_it_cannot_write(tmp_path):
    rules = tmp_path / "tuples.py"
    rules.write_text(textwrap.dedent("""\
        def parse(line):
            return int(line)


        def moves(n):
            return range(n)


        def positions(size):
            return [(size,)]
        """))
    result = run(["stress", "--rules", str(rules), "--candidate", "true"])
    assert result.exit_code == 1
    assert apart(result.stderr) == (
        f"error: {rules}:9:1: stress cannot write the position (0,) as an input line: str(position) is '(0,)', "
        "and parse of it raised ValueError: invalid literal for int() with base 10: '(0,)'; define format(position) "
        "returning the line that parse reads back as the position\n"
    )


# audit --claim ----------------------------------------------------------------------------------


def test_audit_an_unknown_claim():
    result = run(["audit", "--rules", KAYLES, "--claim", "nope", "--exhaustive", "5"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        f"Error: no claim 'nope' in {KAYLES}; its claims: published_value, period_formula, first_player_wins"
    )


def test_audit_of_a_rules_game_needs_a_claim_and_a_size():
    result = run(["audit", "--rules", KAYLES])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: kayles is audited by its claims: add --claim NAME --exhaustive N "
        "(its claims: published_value, period_formula, first_player_wins)"
    )
    result = run(["audit", "--rules", KAYLES, "--claim", "published_value"])
    assert result.exit_code == 2 and "--claim NAME takes --exhaustive N" in result.stderr


# the period of a value sequence -----------------------------------------------------------------


def literal_period(values: list[int]) -> tuple[int, int] | None:
    """The definition, by brute force: the smallest (preperiod, period) whose periodic part shows three periods."""
    n = len(values)
    for pre, p in sorted(itertools.product(range(n), range(1, n + 1))):
        if n - pre >= 3 * p and all(values[k] == values[k + p] for k in range(pre, n - p)):
            return pre, p
    return None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 2), max_size=16))
def test_value_period_is_the_definition(values):
    assert value_period(values) == literal_period(values)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=8), st.lists(st.integers(0, 9), min_size=1, max_size=5), st.integers(3, 6))
def test_value_period_of_a_built_periodic_sequence(pre, period, repeats):
    values = pre + period * repeats
    found = value_period(values)
    # (len(pre), len(period)) fits the definition, so the smallest preperiod found is at most len(pre).
    assert found is not None and found[0] <= len(pre)
    start, p = found
    n = len(values)
    assert n - start >= 3 * p and all(values[k] == values[k + p] for k in range(start, n - p))
