"""``gamecert stress --rules FILE --interactive`` on tic-tac-toe: a perfect contestant
(``tic_tac_toe_contestant.py``) passes, one that lets a won start slip to a draw gets the jury's wrong answer,
and a rules file that reads a whole input is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import candidate, run

pytestmark = pytest.mark.usefixtures("fresh_registry")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def stress(tmp_path, mode: str, count: str, seed: str = "1"):
    return run([
        "stress", "--rules", str(EXAMPLES / "tic_tac_toe.py"), "--interactive", "--candidate",
        candidate("general/tic_tac_toe_contestant.py", mode), "--count", count, "--seed", seed, "--max-size", "5",
        "--out", str(tmp_path),
    ])


@pytest.mark.slow
def test_a_perfect_contestant_passes(tmp_path):
    result = stress(tmp_path, "perfect", "4")
    assert (result.exit_code, result.stdout) == (0, "stress tic_tac_toe --interactive: 4 cases passed (seed 1)\n")


@pytest.mark.slow
def test_a_won_start_drawn_is_a_wrong_answer(tmp_path):
    # Seed 6 draws the start .O./.X./... of the first case: X to move wins (win 5: X in a corner beside the O);
    # the first move that does not lose, X in the top left corner, only draws.
    result = stress(tmp_path, "draws", "1", "6")
    saved = tmp_path / "tic_tac_toe-interactive-wrong-answer"
    assert result.exit_code == 3
    assert result.stdout == (
        "stress tic_tac_toe --interactive: wrong answer on case 1 of 1 (edge: every position of sizes 0 to 2; seed 6), "
        f"already minimal: [.O./.X./...]: {saved}.in (the game ended after 7 moves: draw for the contestant (a win "
        "was possible, the start being win 5 for FIRST))\n"
    )
    assert saved.with_suffix(".ans").read_text() == "win 5\n"
    transcript = saved.with_suffix(".transcript").read_text().splitlines()
    assert transcript[1:5] == ["> .O./.X./...", "< FIRST", "> TURN", "< XO./.X./..."]
    assert transcript[-2] == "> END"


def test_a_whole_input_rules_file_is_refused():
    result = run(["stress", "--rules", str(EXAMPLES / "berzerk.py"), "--interactive", "--candidate", "true"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: --interactive: berzerk has no case generator to draw starts from (a rules file needs positions(size) "
        "and one position per input line)"
    )
