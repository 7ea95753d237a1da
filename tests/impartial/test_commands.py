"""``stress``, ``audit --claim`` and ``solve --max-positions`` on impartial games written as rules files.

The rules files and their cases are under ``tests/impartial/cases/``: Kayles
and Nim. Expected values come from published sources: the Kayles values and
their period from OEIS A002186 (Guy and Smith 1956: period 12 from n = 71,
the exceptions n = 0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70), Nim's
from Bouton's theorem (the xor of the heaps).
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.rules.rules import Limits
from gamecert.verify.capabilities import StressCases
from gamecert.verify.rules.load import rules_game
from tests.support import candidate, run, untimed

CASES = Path(__file__).resolve().parent / "cases"
KAYLES = str(CASES / "kayles.py")
NIM = str(CASES / "nim.py")


pytestmark = pytest.mark.usefixtures("fresh_registry")


# stress -----------------------------------------------------------------------------------------


def test_stress_a_right_kayles_program(tmp_path):
    result = run(["stress", "--rules", KAYLES, "--candidate", candidate("impartial/kayles_candidate.py"),
                  "--count", "20", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "stress kayles: 20 cases passed (seed 1)\n"


def test_stress_finds_and_shrinks_a_formula_right_only_from_some_n_on(tmp_path):
    # The period-12 formula holds from n = 71 on; the first row it gets wrong is 3 (value 3, the formula says 8).
    result = run(["stress", "--rules", KAYLES, "--candidate", candidate("impartial/kayles_candidate.py", "--period"),
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
    right = run(["stress", "--rules", KAYLES, "--candidate", candidate("impartial/kayles_candidate.py"),
                 "--count", "60", "--jobs", "2"])
    assert right.exit_code == 0, right.output
    assert right.stdout.splitlines()[1] == (
        "  cases 60, passed 60; 2 shards (0 from the store, 2 run now)"
    )
    wrong = run(["stress", "--rules", KAYLES, "--candidate", candidate("impartial/kayles_candidate.py", "--period"),
                 "--count", "60", "--jobs", "2"])
    assert wrong.exit_code == 3, wrong.output
    assert f"expected (gamecert solve --rules {KAYLES}):" in wrong.stdout


def test_stress_shrinks_to_the_fewest_and_smallest_positions(tmp_path):
    # Adding the heaps instead of xoring them is right for one heap; the smallest sum it gets wrong is 1 + 1.
    result = run(["stress", "--rules", NIM, "--candidate", candidate("impartial/nim_candidate.py", "--sum"),
                  "--out", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert (tmp_path / "nim-wrong-answer.in").read_text() == "1 1\n"
    assert (tmp_path / "nim-wrong-answer.ans").read_text() == "lose 0\n"


def test_stress_a_right_nim_program_on_random_cases(tmp_path):
    result = run(["stress", "--rules", NIM, "--candidate", candidate("impartial/nim_candidate.py"),
                  "--count", "30", "--max-size", "6", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "stress nim: 30 cases passed (seed 1)\n"


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


# solve --max-positions --------------------------------------------------------------------------


def test_max_positions_counts_the_query_positions_themselves(tmp_path):
    # each line's heap is a new component: ten of them pass a limit of three, as one line of 10 does
    nim = str(Path(__file__).resolve().parent / "cases" / "nim.py")
    ten = tmp_path / "ten.in"
    ten.write_text("".join(f"{n}\n" for n in range(1, 11)))
    result = run(["solve", "--rules", nim, "--max-positions", "3", str(ten)])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"error: {nim}:21:1: moves(3): the game has more than 3 positions (--max-positions)\n"
