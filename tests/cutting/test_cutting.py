"""The rectangle-cutting games: fast tables against the literal rule search and the checkers."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecert.solvers.cutting.rules import CUTTING, SPLIT, CuttingRule
from gamecert.solvers.cutting.solver import (
    Piece,
    cutting_game,
    cutting_position,
    cutting_queries,
    format_cutting_answer,
    format_split_answer,
    grundy_table,
    parse_cutting,
    parse_position,
    parse_split,
    split_game,
)
from gamecert.solvers.errors import GamecertError, InputError
from gamecert.verify.cli import main
from gamecert.verify.cutting.audit import sum_difference
from gamecert.verify.cutting.certificate import check_sg_table
from gamecert.verify.cutting.reference import reference_grundy
from gamecert.verify.cutting.search import fits, rule_search
from gamecert.verify.errors import CertificateError

SPLIT_SAMPLE = "1 2\n1 6\n4 3\n3 5\n"
SPLIT_SAMPLE_OUT = "Bob\nAlice\nAlice\nBob\n"
CUTTING_SAMPLE = "2 2\n3 2\n4 2\n"
CUTTING_SAMPLE_OUT = "LOSE\nLOSE\nWIN\n"

RULES = (SPLIT, CUTTING)
IDS = [r.name for r in RULES]
# Shared across tests: position key -> player to move wins, one table per rule.
MEMO: dict[CuttingRule, dict] = {rule: {} for rule in RULES}


def fast_wins(pieces: list[tuple[int, int]], rule: CuttingRule) -> list[bool]:
    sol = cutting_queries(tuple(Piece(a, b) for a, b in pieces), rule)
    return sol.first_player_wins.tolist()


def plain_wins(pieces: list[tuple[int, int]], rule: CuttingRule) -> list[bool]:
    g = reference_grundy(rule, max(max(p) for p in pieces))
    return [g[a][b] != 0 for a, b in pieces]


SOLVERS = [fast_wins, plain_wins]


# Samples --------------------------------------------------------------------


def test_split_sample_byte_exact():
    assert format_split_answer(split_game(parse_split(SPLIT_SAMPLE))) == SPLIT_SAMPLE_OUT


def test_cutting_sample_byte_exact():
    assert format_cutting_answer(cutting_game(parse_cutting(CUTTING_SAMPLE))) == CUTTING_SAMPLE_OUT


def test_samples_through_the_rule_search():
    assert [rule_search([p], SPLIT) for p in [(1, 2), (1, 6), (4, 3), (3, 5)]] == [False, True, True, False]
    assert [rule_search([p], CUTTING) for p in [(2, 2), (3, 2), (4, 2)]] == [False, False, True]


def test_split_game_and_cutting_game_are_their_rules():
    pieces = (Piece(1, 2), Piece(1, 6), Piece(4, 3), Piece(3, 5))
    assert split_game(pieces).first_player_wins.tolist() == fast_wins([(1, 2), (1, 6), (4, 3), (3, 5)], SPLIT)
    assert cutting_game(pieces[2:]).first_player_wins.tolist() == fast_wins([(4, 3), (3, 5)], CUTTING)


# Rule search against Sprague-Grundy -------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES, ids=IDS)
@pytest.mark.parametrize("solve", SOLVERS)
def test_every_piece_up_to_8x8_matches_rule_search(rule, solve):
    low = rule.min_side
    pieces = [(a, b) for a in range(low, 9) for b in range(low, 9) if a * b > 1]
    expected = [rule_search([p], rule, MEMO[rule]) for p in pieces]
    assert solve(pieces, rule) == expected


def test_literal_cutting_game_wins_at_once_with_a_side_of_length_1():
    # The premise of the lemma: a piece 1 x k (k >= 2) lets the mover cut out a 1x1.
    assert all(rule_search([(1, k)], CUTTING) for k in range(2, 9))
    assert all(rule_search([(1, k), (4, 4)], CUTTING) for k in range(2, 5))


def test_literal_split_game_strips():
    # 1x2 and 1x3 can only be cut into a 1x1: the mover loses. 1x4 splits into 1x2 + 1x2.
    assert [rule_search([(1, k)], SPLIT) for k in (2, 3, 4, 5)] == [False, False, True, True]


def _piece(rule: CuttingRule, top: int):
    low = rule.min_side
    return st.tuples(st.integers(low, top), st.integers(low, top)).filter(lambda p: p[0] * p[1] > 1)


@st.composite
def small_sums(draw, rule: CuttingRule, top: int):
    pieces = draw(st.lists(_piece(rule, top), min_size=1, max_size=3))
    if fits(pieces, rule) is not None:
        pieces = pieces[:1]
    return pieces


@pytest.mark.slow
@pytest.mark.parametrize("rule, top", [(SPLIT, 6), (CUTTING, 8)], ids=IDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_sums_match_rule_search(rule, top, data):
    # The xor's verdict, and a named winning move replayed under the literal rules.
    assert sum_difference(data.draw(small_sums(rule, top)), rule, MEMO[rule]) is None


# Winning moves -----------------------------------------------------------------


def _after(pieces: tuple[Piece, ...], sol) -> tuple[Piece, ...]:
    m = sol.move
    return pieces[: m.piece] + pieces[m.piece + 1:] + m.parts


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES, ids=IDS)
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_winning_move_reaches_a_zero_position(rule, data):
    pieces = tuple(Piece(a, b) for a, b in data.draw(st.lists(_piece(rule, 40), min_size=1, max_size=4)))
    sol = cutting_position(pieces, rule)
    assert (sol.move is None) == (sol.value == 0)
    if sol.move is None:
        return
    m = sol.move
    p = pieces[m.piece]
    a, b = m.parts
    # The cut is a legal cut of that piece under the rule.
    low = rule.min_side
    if m.direction == "horizontal":
        assert (a.cols, b.cols) == (p.cols, p.cols) and a.rows + b.rows == p.rows
    else:
        assert (a.rows, b.rows) == (p.rows, p.rows) and a.cols + b.cols == p.cols
    assert min(a.rows, a.cols, b.rows, b.cols) >= low
    assert Piece(1, 1) not in (a, b)
    assert cutting_position(_after(pieces, sol), rule).value == 0


@pytest.mark.parametrize(
    "rule, pieces",
    [(SPLIT, (Piece(3, 5), Piece(1, 6))), (CUTTING, (Piece(4, 2), Piece(3, 5), Piece(4, 4)))],
    ids=IDS,
)
def test_winning_move_wins_under_the_literal_rules(rule, pieces):
    sol = cutting_position(pieces, rule)
    assert sol.first_player_wins and rule_search([(p.rows, p.cols) for p in pieces], rule)
    after = [(p.rows, p.cols) for p in _after(pieces, sol)]
    assert rule_search(after, rule) is False


def test_position_text_of_a_move():
    sol = cutting_position(parse_position("3x5 1x6", SPLIT), SPLIT)
    assert sol.values == (0, 2)
    assert str(sol.move) == "cut piece 2 vertically after column 3: 1x3 + 1x3"


# Certificates --------------------------------------------------------------------


@pytest.mark.parametrize("rule", RULES, ids=IDS)
def test_certificate_accepts_the_real_table(rule):
    assert check_sg_table(grundy_table(rule, 60).values, rule) == []


@pytest.mark.parametrize("rule", RULES, ids=IDS)
def test_certificate_accepts_the_plain_table_and_rectangles(rule):
    assert check_sg_table(reference_grundy(rule, 25), rule) == []
    assert check_sg_table(grundy_table(rule, 30).values[:9, :27], rule) == []


@pytest.mark.parametrize("rule", RULES, ids=IDS)
def test_certificate_reports_a_corrupted_entry(rule):
    g = grundy_table(rule, 40).values.copy()
    g[37, 40] = g[40, 37] = g[37, 40] + 1
    violations = check_sg_table(g, rule)
    assert violations
    first = violations[0]
    assert (first.rows, first.cols) == (37, 40) and first.stored == g[37, 40] and first.mex == g[37, 40] - 1


def test_certificate_reports_the_wrong_rule():
    g = grundy_table(SPLIT, 12).values.copy()
    g[:2, :] = -1
    g[:, :2] = -1
    assert check_sg_table(g, CUTTING)


@pytest.mark.parametrize(
    "table, message",
    [
        (np.zeros((3, 3, 3), dtype=int), "expected a 2-D integer table, got 3-D int64"),
        (np.zeros((3, 3)), "expected a 2-D integer table, got 2-D float64"),
        (np.full((3, 3), -1), "entry 1x2 is -1, expected a value >= 0"),
        (np.zeros((3, 3), dtype=int), "entry 0x0 is undefined in the split game, expected -1, got 0"),
    ],
)
def test_certificate_rejects_malformed_tables(table, message):
    with pytest.raises(CertificateError) as err:
        check_sg_table(table, SPLIT)
    assert str(err.value) == message


# Bad input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "parse, text, message",
    [
        (parse_split, "1 2\n1 151\n", "<stdin>:2:3: expected the side M in 1..150, got 151 (judge limit; --no-judge-limits lifts it)"),
        (parse_split, "0 2\n", "<stdin>:1:1: expected the side N in 1..150, got 0"),
        (parse_split, "2 2\n1 1\n", "<stdin>:2:1: expected a sheet larger than 1x1 (N*M > 1), got 1 1"),
        (parse_split, "2 2.5\n", "<stdin>:1:3: expected the side M (an integer), got '2.5'"),
        (parse_split, "1 2\n1 6\n4\n", "<stdin>:3:2: expected the side M after N = 4, found end of input (an odd number of integers)"),
        (parse_split, "\n\n", "<stdin>:1:1: expected at least one line 'N M'"),
        (parse_cutting, "2 2\n1 5\n", "<stdin>:2:1: expected the width W in 2..200, got 1"),
        (parse_cutting, "201 5\n", "<stdin>:1:1: expected the width W in 2..200, got 201 (judge limit; --no-judge-limits lifts it)"),
        (parse_cutting, "5 x\n", "<stdin>:1:3: expected the height H (an integer), got 'x'"),
        (parse_cutting, "5 5 5", "<stdin>:1:6: expected the height H after W = 5, found end of input (an odd number of integers)"),
    ],
)
def test_bad_judge_input(parse, text, message):
    with pytest.raises(InputError) as err:
        parse(text)
    assert str(err.value) == message


def test_no_judge_limits_lifts_the_upper_limit_only():
    assert parse_split("1 151\n", judge_limits=False) == (Piece(1, 151),)
    with pytest.raises(InputError, match="expected the width W in 2..2000, got 1"):
        parse_cutting("1 300\n", judge_limits=False)


@pytest.mark.parametrize(
    "text, rule, message",
    [
        ("3x5 2y7", SPLIT, "<position>:1:5: expected a piece 'AxB' such as 3x5, got '2y7'"),
        ("3x5  1x7", CUTTING, "<position>:1:6: expected a side in 2..200, got 1"),
        ("3x5 2x151", SPLIT, "<position>:1:7: expected a side in 1..150, got 151 (judge limit; --no-judge-limits lifts it)"),
        ("1x1", SPLIT, "<position>:1:1: expected a piece larger than 1x1 (a 1x1 piece ends the game)"),
        ("  ", SPLIT, "<position>:1:3: expected at least one piece 'AxB'"),
    ],
    ids=["bad-piece", "cutting-side-1", "beyond-judge-limit", "one-by-one", "empty"],
)
def test_bad_positions(text, rule, message):
    with pytest.raises(InputError) as err:
        parse_position(text, rule)
    assert str(err.value) == message


def test_solver_boundary_rejects_bad_pieces():
    with pytest.raises(GamecertError):
        cutting_game((Piece(1, 5),))
    with pytest.raises(GamecertError):
        grundy_table("chess", 5)
    with pytest.raises(GamecertError):
        cutting_queries((Piece(2, 5),), "cutting")  # a rule is a CuttingRule, not its name


# CLI -------------------------------------------------------------------------------


@pytest.mark.parametrize("game, text, out", [("split", SPLIT_SAMPLE, SPLIT_SAMPLE_OUT), ("cutting", CUTTING_SAMPLE, CUTTING_SAMPLE_OUT)])
def test_cli_samples_byte_exact(game, text, out, tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["solve", game], input=text)
    assert result.exit_code == 0 and result.output == out
    f = tmp_path / "in.txt"
    f.write_bytes(text.replace("\n", "\r\n").encode())
    result = runner.invoke(main, ["solve", game, str(f)])
    assert result.exit_code == 0 and result.output == out


def test_cli_json_values():
    result = CliRunner().invoke(main, ["solve", "split", "--json"], input=SPLIT_SAMPLE)
    data = json.loads(result.output)
    assert data["answer"] == ["Bob", "Alice", "Alice", "Bob"]
    assert data["values"] == [0, 2, 1, 0]
    assert check_sg_table(np.array(data["certificate"]["table"]), SPLIT) == []


def test_cli_position_with_move():
    result = CliRunner().invoke(main, ["solve", "cutting", "--position", "4x2 3x5 4x4", "--json"])
    data = json.loads(result.output)
    assert result.exit_code == 0 and data["answer"] == "WIN"
    parts = [tuple(p) for p in data["move"]["parts"]]
    rest = [tuple(p) for i, p in enumerate(data["pieces"]) if i != data["move"]["piece"] - 1]
    assert rule_search(rest + parts, CUTTING) is False
    text = CliRunner().invoke(main, ["solve", "split", "--position", "3x5 2x7"]).output
    assert text.startswith("position: 3x5 2x7\nvalues: 0 ")


@pytest.mark.slow
def test_cli_limits_and_errors():
    runner = CliRunner()
    result = runner.invoke(main, ["solve", "cutting"], input="250 2\n")
    assert result.exit_code == 1
    assert result.output.strip() == "error: <stdin>:1:1: expected the width W in 2..200, got 250 (judge limit; --no-judge-limits lifts it)"
    result = runner.invoke(main, ["solve", "cutting", "--no-judge-limits"], input="250 2\n")
    assert result.exit_code == 0 and result.output in ("WIN\n", "LOSE\n")
    assert (result.output == "WIN\n") == plain_wins([(250, 2)], CUTTING)[0]
    result = runner.invoke(main, ["solve", "split"], input="3 4 5\n")
    assert result.exit_code == 1 and "an odd number of integers" in result.output


@pytest.mark.slow
def test_cli_check_covers_the_cutting_cases():
    from gamecert.verify.engine.cases import default_cases_dir

    root = default_cases_dir()
    result = CliRunner().invoke(main, ["check", str(root / "split"), str(root / "cutting")])
    assert result.exit_code == 0, result.output
    assert "every formulation that ran agrees" in result.output
