"""stress and audit --claim on a general game written as rules (tests/general/cases/take_or_pass.py).

The candidate program (tests/general/take_or_pass_candidate.py) solves each line by its own rounds of the
win / lose recurrence; with ``--tokens-ignored`` it answers the subtraction game {1, 2}, as if nobody held a
pass token, which is wrong exactly where passing makes a draw.
"""

from __future__ import annotations

from pathlib import Path

from gamecert.verify.engine.play import MENU_HINT
from tests.support import candidate, run

TAKE_OR_PASS = str(Path(__file__).resolve().parent / "cases" / "take_or_pass.py")


def test_stress_a_right_program():
    result = run(["stress", "--rules", TAKE_OR_PASS, "--candidate", candidate("general/take_or_pass_candidate.py"),
                  "--count", "20"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "stress take_or_pass: 20 cases passed (seed 1)\n"


def test_stress_finds_and_shrinks_a_wrong_program(tmp_path):
    # With one token and the opponent none, a heap of 3 is a draw: the mover passes back to the same position.
    result = run(["stress", "--rules", TAKE_OR_PASS, "--candidate",
                  candidate("general/take_or_pass_candidate.py", "--tokens-ignored"), "--out", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert result.stdout == (
        "stress take_or_pass: wrong answer on case 1 of 200 (edge: every position of sizes 0 to 8; seed 1), shrunk in "
        f"9 steps to [3 1 0]: {tmp_path}/take_or_pass-wrong-answer.in (token 1 at output line 1: expected 'draw', got 'lose')\n"
    )
    assert (tmp_path / "take_or_pass-wrong-answer.in").read_text() == "3 1 0\n"
    assert (tmp_path / "take_or_pass-wrong-answer.ans").read_text() == "draw\n"


def test_a_claim_of_outcomes_fails_at_the_smallest_draw():
    result = run(["audit", "--rules", TAKE_OR_PASS, "--claim", "without_tokens", "--exhaustive", "6"])
    assert result.exit_code == 3, result.output
    assert result.stdout.splitlines()[0].startswith(
        "claim without_tokens: FAILED at position 3 1 0: claims lose, the certified value is draw ("
    )


def test_a_claim_of_winners_fails_where_the_mover_can_only_draw():
    result = run(["audit", "--rules", TAKE_OR_PASS, "--claim", "mover_wins", "--exhaustive", "6"])
    assert result.exit_code == 3, result.output
    assert result.stdout.splitlines()[0].startswith(
        "claim mover_wins: FAILED at position 4 0 1: claims the player to move wins, the certified value is draw ("
    )


def test_a_claim_returning_junk_is_bad_input(tmp_path):
    rules = tmp_path / "junk.py"
    rules.write_text(Path(TAKE_OR_PASS).read_text() + "\n\ndef junk(position):\n    return 1.5\n")
    line = rules.read_text().splitlines().index("def junk(position):") + 1
    result = run(["audit", "--rules", str(rules), "--claim", "junk", "--exhaustive", "2"])
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        f"error: {rules}:{line}:1: junk((0, 0, 0)) returned 1.5, expected \"win\", \"lose\" or \"draw\", a pair such as "
        "(\"win\", 3), or a winner (bool)\n"
    )


def test_play_the_certified_strategy_wins_a_won_position():
    result = run(["play", "--rules", TAKE_OR_PASS, "--position", "4 2 0", "--human", "second"], input="2 2 0\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "The first mover (gamecert): win 3: gamecert wins.\n"
        "gamecert: to 3 0 2\n"
        f"position 3 0 2; your move ({MENU_HINT}):\n"
        "  1. 2 2 0\n"
        "  2. 1 2 0\n"
        "you: to 2 2 0\n"
        "gamecert: to 0 0 2\n"
        "position 0 0 2; the game is over: gamecert wins.\n"
    )


def test_play_refuses_an_illegal_move_and_keeps_a_draw():
    # Passing from 3 1 0 comes back to 3 1 0; the third time the game is a draw.
    result = run(["play", "--rules", TAKE_OR_PASS, "--position", "3 1 0", "--human", "first"], input="2 0 0\n3 1 0\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "The first mover (you): draw: neither can force a win.\n"
        f"position 3 1 0; your move ({MENU_HINT}):\n"
        "  1. 2 0 1\n"
        "  2. 1 0 1\n"
        "  3. 3 1 0\n"
        "illegal move: 2 0 0 is not one move from 3 1 0; try again\n"
        "you: to 3 1 0\n"
        "gamecert: to 3 1 0\n"
        "position 3 1 0; the game is over: a draw.\n"
    )


def test_show_colours_each_position_by_its_value_and_marks_the_best_moves(tmp_path):
    out = tmp_path / "take.svg"
    result = run(["show", "--rules", TAKE_OR_PASS, "--position", "4 1 0", "--out", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    # From 4 1 0: 3 0 1 (lose 2), 2 0 1 (win 1), and 4 1 0 passes to itself; 8 positions in all.
    assert "8 positions drawn" in svg
    assert svg.count('class="position win query self-loop"') == 1
    assert svg.count('class="position lose') == 3
    assert svg.count('class="best-move"') == 6  # one from each position with a move (all but 0 1 0 and 0 0 1)
    assert "0. 4 1 0: win 3" in svg and "3. 0 0 1: lose 0" in svg
