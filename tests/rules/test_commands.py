"""``check``, ``stress`` and ``audit --claim`` on games written as rules files.

The rules files and their cases are under ``tests/rules/cases/``: Kayles and
Nim (impartial) and a token on a path (graph rules). Expected values come from
published sources: the Kayles values and their period from OEIS A002186
(Guy and Smith 1956: period 12 from n = 71, the exceptions n = 0, 3, 6, 9, 11,
15, 18, 21, 22, 28, 34, 39, 57, 70), Nim's from Bouton's theorem (the xor of
the heaps), the path's from its maximum matchings.
"""

from __future__ import annotations

import itertools
import random
import shutil
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.rules.rules import Limits
from gamecert.verify.capabilities import StressCases
from gamecert.verify.rules.audit import value_period
from gamecert.verify.rules.load import rules_game
from tests.support import apart, candidate, run, untimed

CASES = Path(__file__).resolve().parent / "cases"
KAYLES = str(CASES / "kayles.py")
NIM = str(CASES / "nim.py")
PATH = str(CASES / "path.py")
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
    result = run(["check", str(CASES)])
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
    result = run(["check", "--rules", KAYLES, str(CASES / "kayles-rows.toml")])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith("1 case: every answer as expected")


# stress -----------------------------------------------------------------------------------------


def test_stress_a_right_kayles_program(tmp_path):
    result = run(["stress", "--rules", KAYLES, "--candidate", candidate("rules/kayles_candidate.py"),
                  "--count", "20", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "stress kayles: 20 cases passed (seed 1)\n"


def test_stress_finds_and_shrinks_a_formula_right_only_from_some_n_on(tmp_path):
    # The period-12 formula holds from n = 71 on; the first row it gets wrong is 3 (value 3, the formula says 8).
    result = run(["stress", "--rules", KAYLES, "--candidate", candidate("rules/kayles_candidate.py", "--period"),
                  "--out", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert result.stdout == (
        "stress kayles: wrong answer on case 1 of 200 (edge: every position of sizes 0 to 10; seed 1), shrunk in 5 steps "
        f"to [3]: {tmp_path}/kayles-wrong-answer.in (token 2 at output line 1: expected '3', got '8')\n"
    )
    assert (tmp_path / "kayles-wrong-answer.in").read_text() == "3\n"
    assert (tmp_path / "kayles-wrong-answer.ans").read_text() == "win 3\n"
    assert (tmp_path / "kayles-wrong-answer.orig.in").read_text() == "".join(f"{n}\n" for n in range(11))


@pytest.mark.slow
def test_stress_campaign_of_a_rules_game_on_dask_workers():
    # The rules file is no importable module: its functions reach the workers by value.
    right = run(["stress", "--rules", KAYLES, "--candidate", candidate("rules/kayles_candidate.py"),
                 "--count", "60", "--jobs", "2"])
    assert right.exit_code == 0, right.output
    assert right.stdout.splitlines()[1] == (
        "  cases 60, passed 60; 2 shards (0 from the store, 2 run now)"
    )
    wrong = run(["stress", "--rules", KAYLES, "--candidate", candidate("rules/kayles_candidate.py", "--period"),
                 "--count", "60", "--jobs", "2"])
    assert wrong.exit_code == 3, wrong.output
    assert f"expected (gamecert solve --rules {KAYLES}):" in wrong.stdout


def test_stress_shrinks_to_the_fewest_and_smallest_positions(tmp_path):
    # Adding the heaps instead of xoring them is right for one heap; the smallest sum it gets wrong is 1 + 1.
    result = run(["stress", "--rules", NIM, "--candidate", candidate("rules/nim_candidate.py", "--sum"),
                  "--out", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert (tmp_path / "nim-wrong-answer.in").read_text() == "1 1\n"
    assert (tmp_path / "nim-wrong-answer.ans").read_text() == "lose 0\n"


def test_stress_a_right_nim_program_on_random_cases(tmp_path):
    result = run(["stress", "--rules", NIM, "--candidate", candidate("rules/nim_candidate.py"),
                  "--count", "30", "--max-size", "6", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "stress nim: 30 cases passed (seed 1)\n"


def test_stress_without_positions_is_refused(tmp_path):
    rules = tmp_path / "bare.py"
    rules.write_text("def parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return range(n)\n")
    result = run(["stress", "--rules", str(rules), "--candidate", "true"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == (
        f"Error: stress draws its cases from positions(size), which {rules} does not define (docs/rules.md)"
    )


def test_stress_of_a_graph_without_instances_is_refused(tmp_path):
    rules = tmp_path / "edge.py"
    rules.write_text("def parse(text):\n    return text\n\n\ndef graph(text):\n    return [1, 2], [(1, 2)]\n")
    result = run(["stress", "--rules", str(rules), "--candidate", "true"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == (
        f"Error: stress draws its cases from instances(size), which {rules} does not define (docs/rules.md)"
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


def test_stress_a_graph_rules_game(tmp_path):
    # A token on a path of one vertex: the player to move loses; a program saying "win" everywhere is wrong there.
    wrong = tmp_path / "all_win.py"
    wrong.write_text("import sys\nn = int(sys.stdin.read())\nprint(''.join(f'{v} win\\n' for v in range(1, n + 1)), end='')\n")
    result = run(["stress", "--rules", PATH, "--candidate", f"python3 -I -S {wrong}", "--out", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert (tmp_path / "path-wrong-answer.in").read_text() == "1\n"
    assert (tmp_path / "path-wrong-answer.ans").read_text() == "1 lose\n"


def kayles_cases() -> StressCases:
    return rules_game(KAYLES, Limits()).capability(StressCases)


def test_reductions_drop_lines_then_replace_a_position_by_smaller_ones():
    cases = kayles_cases()
    list(cases.edge_cases(10))  # a stress run lists the sizes up to --max-size first
    assert list(cases.reductions("5\n9\n")) == (
        ["9\n", "5\n"]
        + [f"{n}\n9\n" for n in range(5)]  # moves from 5 are pairs of rows, which parse cannot read
        + [f"5\n{n}\n" for n in range(9)]
    )


def test_edge_cases_of_kayles():
    assert list(kayles_cases().edge_cases(4)) == [
        ("every position of sizes 0 to 4", "0\n1\n2\n3\n4\n"),
        ("size 0: 0", "0\n"),
        ("size 1: 1", "1\n"),
        ("size 2: 2", "2\n"),
    ]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=6), st.integers(0, 2**32))
def test_every_reduction_is_smaller(rows, seed):
    cases = kayles_cases()
    list(cases.edge_cases(12))
    text = "".join(f"{n}\n" for n in rows)
    for smaller in cases.reductions(text):
        got = [int(line) for line in smaller.split("\n")[:-1]]
        if len(got) < len(rows):
            continue  # fewer lines
        changed = [(a, b) for a, b in zip(rows, got) if a != b]
        assert len(got) == len(rows) and len(changed) == 1 and changed[0][1] < changed[0][0]
    rng = random.Random(seed)
    for size in range(4):
        drawn = cases.random_case(rng, size).split("\n")[:-1]
        assert 1 <= len(drawn) <= 5 and all(0 <= int(line) <= size for line in drawn)


# audit --claim ----------------------------------------------------------------------------------


def test_audit_a_right_claim_and_the_period():
    result = run(["audit", "--rules", KAYLES, "--claim", "published_value", "--exhaustive", "120"])
    assert result.exit_code == 0, result.output
    assert untimed(result.stdout) == [
        "claim published_value: 121 positions of sizes 0 to 120 agree (T)",
        "  nim values for n = 0 to 120: preperiod 71, period 12",  # OEIS A002186
    ]


def test_audit_a_wrong_claim():
    result = run(["audit", "--rules", KAYLES, "--claim", "period_formula", "--exhaustive", "120"])
    assert result.exit_code == 3, result.output
    assert untimed(result.stdout) == [
        "claim period_formula: FAILED at position 3: claims 8, the certified value is 3 (T)",
        f"  certified answer: printf '%s\\n' 3 | gamecert solve --rules {KAYLES}",
    ]
    assert result.stderr == "claim period_formula failed\n"


def test_audit_a_claim_of_the_winner_and_one_on_sums():
    result = run(["audit", "--rules", KAYLES, "--claim", "first_player_wins", "--exhaustive", "30"])
    assert result.exit_code == 0, result.output
    assert untimed(result.stdout) == [
        "claim first_player_wins: 31 positions of sizes 0 to 30 agree (T)",
        "  nim values for n = 0 to 30: no period found up to 30",
    ]
    # Positions of Nim with at most three heaps: round((n + 3)^2 / 12) of n counters, 102 for n = 0..12.
    result = run(["audit", "--rules", NIM, "--claim", "bouton", "--exhaustive", "12"])
    assert result.exit_code == 0, result.output
    assert untimed(result.stdout) == ["claim bouton: 102 positions of sizes 0 to 12 agree (T)"]


def test_audit_the_period_of_one_position_per_size(tmp_path):
    # The subtraction game S(1, 2) on one heap, positions (n,): its nim values are n mod 3 (Winning Ways, ch. 4).
    rules = tmp_path / "take12.py"
    rules.write_text(textwrap.dedent("""\
        def parse(line):
            return (int(line),)


        def moves(p):
            return [(p[0] - k,) for k in (1, 2) if k <= p[0]]


        def positions(size):
            return [(size,)]


        def mod3(p):
            return p[0] % 3
        """))
    result = run(["audit", "--rules", str(rules), "--claim", "mod3", "--exhaustive", "8"])
    assert result.exit_code == 0, result.output
    assert untimed(result.stdout) == [
        "claim mod3: 9 positions of sizes 0 to 8 agree (T)",
        "  nim values for n = 0 to 8: preperiod 0, period 3",
    ]


def test_audit_a_wrong_claim_of_the_winner(tmp_path):
    rules = tmp_path / "kayles.py"
    rules.write_text(Path(KAYLES).read_text() + "\n\ndef odd_rows_win(n):\n    return n % 2 == 1\n")
    result = run(["audit", "--rules", str(rules), "--claim", "odd_rows_win", "--exhaustive", "10"])
    assert result.exit_code == 3, result.output
    assert untimed(result.stdout)[0] == (
        "claim odd_rows_win: FAILED at position 2: claims the player to move loses, "
        "the player to move wins (certified value 2) (T)"
    )


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


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        ("    return 'two'\n", 1, "claim(0) returned 'two', expected a nim value (int) or a winner (bool: True when the player to move wins)"),
        ("    return 1 // n\n", 2, "claim(0) raised ZeroDivisionError: integer division or modulo by zero"),
    ],
    ids=["not-a-value", "raises"],
)
def test_a_claim_that_breaks_its_contract_is_bad_input(tmp_path, body, line, message):
    rules = tmp_path / "kayles.py"
    source = Path(KAYLES).read_text() + "\n\n"
    first = source.count("\n") + 1
    rules.write_text(source + "def claim(n):\n" + body)
    result = run(["audit", "--rules", str(rules), "--claim", "claim", "--exhaustive", "3"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == f"error: {rules}:{first + line - 1}:{1 if line == 1 else 12}: {message}"


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
