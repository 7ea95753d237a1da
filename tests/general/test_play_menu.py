"""``play --rules``: the person's moves listed, numbered; a number or a position typed; ``?`` for the values."""

from __future__ import annotations

from pathlib import Path

from gamecert.verify.engine.play import MENU_HINT
from tests.support import run

TIC_TAC_TOE = str(Path(__file__).resolve().parents[2] / "examples" / "tic_tac_toe.py")
PROMPT = f"your move ({MENU_HINT}):"


def play(rules: str, position: str, typed: str, human: str = "first"):
    return run(["play", "--rules", rules, "--position", position, "--human", human], input=typed)


def test_tic_tac_toe_by_move_numbers_with_the_values_asked():
    result = play(TIC_TAC_TOE, "XX./OO./...", "?\n3\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "The first mover (you): win 1: you win.\n"
        f"position XX./OO./...; {PROMPT}\n"
        "  1. XXX/OO./...\n"
        "  2. XX./OOX/...\n"
        "  3. XX./OO./X..\n"
        "  4. XX./OO./.X.\n"
        "  5. XX./OO./..X\n"
        "  1. XXX/OO./...  win 1\n"
        "  2. XX./OOX/...  draw\n"
        "  3. XX./OO./X..  lose 2\n"
        "  4. XX./OO./.X.  lose 2\n"
        "  5. XX./OO./..X  lose 2\n"
        "you: to XX./OO./X..\n"
        "gamecert: to XX./OOO/X..\n"
        "position XX./OOO/X..; the game is over: gamecert wins.\n"
    )


def test_each_value_is_the_certified_value_of_the_position_after_turned_to_the_mover(tmp_path):
    listed = play(TIC_TAC_TOE, "XO./.../...", "?\n").stdout.splitlines()[2:]
    rows = [line.split(None, 2) for line in listed[len(listed) // 2 :]]  # the second listing: number, board, value
    assert [n for n, _, _ in rows] == [f"{i}." for i in range(1, 8)]  # seven empty cells, each one move
    (tmp_path / "after.txt").write_text("".join(f"{board}\n" for _, board, _ in rows))
    after = run(["solve", "--rules", TIC_TAC_TOE, str(tmp_path / "after.txt")]).stdout.splitlines()
    flip = {"win": "lose", "lose": "win"}
    turned = [("draw" if a == "draw" else f"{flip[a.split()[0]]} {int(a.split()[1]) + 1}") for a in after]
    assert [value for _, _, value in rows] == turned
    assert "win 5" in turned  # the longest win of tic-tac-toe starts here (solve --stats)


def test_a_number_out_of_range_help_and_a_typed_position():
    result = play(TIC_TAC_TOE, "XX./OO./...", "9\nhelp\n#6\nXXX/OO./...\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[7] == "illegal move: there is no move 9: expected 1 to 5; try again"
    assert lines[8] == f"Type a move's {MENU_HINT}; #N is always a number, =TEXT always a position:"
    assert lines[9:14] == lines[2:7]  # the moves again
    assert lines[14] == "illegal move: there is no move 6: expected 1 to 5; try again"
    assert lines[15:] == ["you: to XXX/OO./...", "position XXX/OO./...; the game is over: you win."]


def test_a_number_that_is_also_a_position_is_asked_about(tmp_path):
    rules = tmp_path / "walk.py"
    rules.write_text(
        'KIND = "general"\n\n\ndef parse(line):\n    return int(line)\n\n\n'
        "def moves(n):\n    return [n - k for k in (1, 2) if k <= n]\n"
    )
    # From 3 the moves reach 2 and 1: "1" is move 1 (to 2) and the position 1.
    result = play(str(rules), "3", "1\n=1\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:5] == [
        f"position 3; {PROMPT}",
        "  1. 2",
        "  2. 1",
        "1 is move 1 (2) and a position too: type #1 or =1",
    ]
    assert result.stdout.splitlines()[5] == "you: to 1"
    numbered = play(str(rules), "3", "#1\n")
    assert numbered.stdout.splitlines()[4] == "you: to 2"
    only_number = play(str(rules), "3", "2\n")  # move 2 reaches 1; the position 2 is move 1: a number and a position
    assert only_number.stdout.splitlines()[4] == "2 is move 2 (1) and a position too: type #2 or =2"
