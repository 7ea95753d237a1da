"""A third cutting rule, defined here and nowhere else, seen through every command.

"Wide Cutting Game": every cut must leave both parts at least 3 wide (so
every piece is at least 3x3), and the player without a cut loses. Its
answers are cross-checked by the literal rule search, and nothing in
``solvers/`` or ``verify/`` names it: the game is ``CuttingGame(WIDE)``,
registered for the duration of each test.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from gamecert.solvers.cutting.rules import CuttingRule
from gamecert.verify.capabilities import (
    Audits,
    Contest,
    ExhaustiveAudit,
    Pictures,
    PositionPlay,
    Positions,
    StressCases,
)
from gamecert.verify.cutting.audit import pieces_up_to
from gamecert.verify.cutting.certificate import check_sg_table
from gamecert.verify.cutting.exhaustive import audit_area
from gamecert.verify.cutting.game import CuttingGame
from gamecert.verify.cutting.search import rule_search
from gamecert.verify.engine.campaign import run_campaign
from gamecert.verify.engine.cases import case_text
from gamecert.verify.registry import registered
from tests.support import candidate, run, untimed

WIDE = CuttingRule(
    name="wide",
    summary="Wide Cutting Game: every cut leaves both parts at least 3 wide; FIRST or SECOND",
    title="Wide Cutting Game",
    min_side=3,
    judge_limit=60,
    words=("FIRST", "SECOND"),
    sides=(("A", "the side A"), ("B", "the side B")),
    search_area=150,
    piece_area=120,
    sum_area=60,
    sum_side=8,
    case_side=12,
)

#: The candidate program for this rule, and one that plays the Cutting Game's cuts (at 2..n-2) instead.
RIGHT = candidate("cutting/candidate.py", "--min-side", "3", "--words", "FIRST", "SECOND")
CUTTING_CUTS = candidate("cutting/candidate.py", "--rule", "cutting", "--words", "FIRST", "SECOND")

SAMPLE = "3 3\n3 6\n6 6\n4 5\n"


@pytest.fixture
def wide():
    with registered(CuttingGame(WIDE)) as game:
        yield game


def searched(pairs: list[tuple[int, int]]) -> str:
    """The judge answer of ``pairs`` by the rule search on the literal rules (no Sprague-Grundy theory)."""
    memo: dict = {}
    win, lose = WIDE.words
    return "".join((win if rule_search([p], WIDE, memo) else lose) + "\n" for p in pairs)


def test_answers_equal_the_rule_search_on_every_piece_up_to_area_120():
    game = CuttingGame(WIDE)
    pairs = pieces_up_to(WIDE, 120)
    assert len(pairs) == 246 and min(min(p) for p in pairs) == 3
    text = "".join(f"{a} {b}\n" for a, b in pairs)
    solution = game.fast_solve(game.parse(text))
    assert game.format(solution) == searched(pairs)
    assert game.certify(game.parse(text), solution) == []
    # Both formulations fit and agree with the fast answer.
    instance = game.parse(text)
    for formulation in game.formulations():
        assert formulation.fits(instance) is None, formulation.name
        assert formulation.run(instance) == game.answer(solution), formulation.name


def test_the_game_is_read_from_the_rule():
    game = CuttingGame(WIDE)
    assert (game.name, game.summary) == ("wide", WIDE.summary)
    for kind in (StressCases, Audits, ExhaustiveAudit, Pictures, PositionPlay, Positions):
        assert game.capability(kind) is not None, kind.__name__
    assert game.capability(Contest) is None  # no contest data, no contest problem
    assert [f.name for f in game.formulations()] == ["rule-search", "plain-sg"]
    # The kernel's two paths (array fill up to 250, compiled beyond) agree on this rule.
    from gamecert.solvers.cutting import _kernels, grundy_table

    table = grundy_table(WIDE, 260).values
    assert (table[:61, :61] == grundy_table(WIDE, 60).values).all()
    assert (table == _kernels.grundy_kernel(260, 3, False)).all()
    assert check_sg_table(table[:80, :80], WIDE) == []
    assert (table[:3, :] == -1).all() and (table[:, :3] == -1).all() and table[3, 3] == 0


def test_solve_judge_output_and_json(wide):
    result = run(["solve", "wide"], input=SAMPLE)
    assert result.exit_code == 0, result.output
    assert result.stdout == searched([(3, 3), (3, 6), (6, 6), (4, 5)]) == "SECOND\nFIRST\nFIRST\nSECOND\n"
    result = run(["solve", "wide", "--json"], input=SAMPLE)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "wide" and data["answer"] == ["SECOND", "FIRST", "FIRST", "SECOND"]
    assert data["pieces"] == [[3, 3], [3, 6], [6, 6], [4, 5]]
    assert data["certificate"]["rule"] == "wide"
    assert check_sg_table(np.array(data["certificate"]["table"]), WIDE) == []
    # The judge format follows the rule: sides 3..60, named A and B.
    result = run(["solve", "wide"], input="3 3\n2 5\n")
    assert result.exit_code == 1
    assert result.stderr.strip() == "error: <stdin>:2:1: expected the side A in 3..60, got 2"
    result = run(["solve", "wide"], input="3 61\n")
    assert result.exit_code == 1 and "expected the side B in 3..60, got 61 (judge limit" in result.stderr
    result = run(["solve", "wide", "--position", "3x6 4x7", "--json"])
    assert result.exit_code == 0, result.output
    position = json.loads(result.stdout)
    assert position["game"] == "wide" and position["values"] == [1, 1] and position["answer"] == "SECOND"


def test_check_a_case_written_by_the_rule_search(wide, tmp_path):
    pairs = [(a, b) for a in range(3, 13) for b in range(3, 13) if a * b <= WIDE.search_area]
    text = "".join(f"{a} {b}\n" for a, b in pairs)
    source = "agreement: rule search (gamecert.verify.cutting.search, literal rules, no Sprague-Grundy theory)"
    case = tmp_path / "rule-search-small.toml"
    case.write_text(case_text("wide", source, text, searched(pairs)))
    result = run(["check", str(case)])
    assert result.exit_code == 0, result.output
    assert "every formulation that ran agrees" in result.stdout
    # A wrong expected answer is caught.
    flipped = searched(pairs).replace("FIRST", "X").replace("SECOND", "FIRST").replace("X", "SECOND")
    case.write_text(case_text("wide", source, text, flipped))
    assert run(["check", str(case)]).exit_code != 0


@pytest.mark.slow
def test_stress_a_right_and_a_wrong_candidate(wide, tmp_path):
    result = run(["stress", "wide", "--candidate", RIGHT, "--count", "30", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    result = run(["stress", "wide", "--candidate", CUTTING_CUTS, "--count", "30", "--out", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert result.stdout.startswith("stress wide: wrong answer on case ")
    shrunk = (tmp_path / "wide-wrong-answer.in").read_text()
    a, b = map(int, shrunk.split())  # shrunk to one piece, which the rule search decides
    assert (tmp_path / "wide-wrong-answer.ans").read_text() == searched([(a, b)])


def test_audit_quick(wide):
    result = run(["audit", "--game", "wide", "--quick"])
    assert result.exit_code == 0, result.output
    lines = untimed(result.stdout)
    pieces = sum(1 for a in range(3, 21) for b in range(3, 21) if a * b <= 60)
    assert lines[0] == f"wide-pieces: {pieces} pieces up to area 60 agree (T)"
    assert lines[1] == "wide-sums: 30 random sums of 2-4 pieces (total area <= 36, seed 0) agree (T)"


def test_exhaustive_audit_shards_rebuild_the_rule_from_their_options(wide):
    campaign = wide.capability(ExhaustiveAudit).audit_campaign(30)
    options = json.loads(json.dumps(campaign.options))  # what a worker elsewhere receives
    assert CuttingRule.from_data(options["rule"]) == WIDE
    shard = campaign.shards[-1]
    counts, found = audit_area(shard.params, options)
    assert counts["sums"] > 0 and counts["disagreements"] == 0 and found == []
    result = run(["audit", "--game", "wide", "--exhaustive", "24", "--jobs", "0"])
    assert result.exit_code == 0, result.output
    assert untimed(result.stdout)[0].startswith("wide-exhaustive: ")


@pytest.mark.slow
def test_exhaustive_audit_runs_in_worker_processes(wide):
    # Shards run on a local Dask cluster: the workers never saw this test's registry.
    result = run_campaign(wide.capability(ExhaustiveAudit).audit_campaign(30), jobs=2)
    assert result.totals["disagreements"] == 0 and result.totals["sums"] > 0
    local = run_campaign(wide.capability(ExhaustiveAudit).audit_campaign(30), jobs=0)
    assert result.totals == local.totals
    assert {s.worker for s in result.shards} != {s.worker for s in local.shards}


def test_show_position(wide):
    result = run(["show", "wide", "--position", "3x6 4x7"])
    assert result.exit_code == 0, result.output
    assert "Wide Cutting Game: Sprague-Grundy values of every piece up to 8x8" in result.stdout
    assert "1 xor 1 = 0: the player to move loses (value 0)" in result.stdout
    result = run(["show", "wide", "--position", "2x6"])
    assert result.exit_code == 1 and result.stderr.startswith("error: --position: expected a side in 3..60, got 2")


def test_play_position_with_piped_moves(wide):
    # 3x6 has value 1 (one cut, into 3x3 + 3x3): the person moving first wins.
    result = run(["play", "wide", "--position", "3x6"], input="1 v 2\n1 h 1\n1 v 3\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "The first mover (you) wins: the Sprague-Grundy value of 3x6 is 1, not 0, so a cut to value 0 exists.\n"
        "pieces 1:3x6; your move:\n"
        "illegal move: that cut leaves a part narrower than 3, which the rules do not allow; try again\n"
        "illegal move: that cut leaves a part narrower than 3, which the rules do not allow; try again\n"
        "you: cut piece 1 vertically after column 3 (3x3 + 3x3)\n"
        "pieces 1:3x3 2:3x3; gamecert cannot move: you win.\n"
    )
