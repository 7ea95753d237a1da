"""The interactive maze problem: its input validator, its interactor against gamecert's own play
engine through pipes (both roles, random boards), the protocol's wrong answers, and the small
package through Kattis verifyproblem with every wrong and slow player caught (slow)."""

from __future__ import annotations

import random

import pytest

from gamecert.verify.engine.interactive import ROLES, duel
from gamecert.verify.maze.contest.interactive import PROBLEM, free_cells, jury_input, random_board
from gamecert.verify.registry import get_game
from tests.support import check_small_package, compiled_files, interaction, run, validate
from tests.uvg.jury import losing_moves_off_the_rule

SAMPLE = "3 3\n.##\n...\n#.#\n"


@pytest.fixture(scope="module")
def validator(tmp_path_factory):
    return compiled_files(PROBLEM.validator_files(), tmp_path_factory.mktemp("validator"))


@pytest.fixture(scope="module")
def interactor(tmp_path_factory):
    return compiled_files(PROBLEM.interactor_files(), tmp_path_factory.mktemp("interactor"))


@pytest.mark.parametrize("text", [SAMPLE + "2 2\n", "1 1\n.\n1 1\n", "2 100\n" + ("." * 100 + "\n") * 2 + "2 100\n"])
def test_valid_inputs(validator, text):
    assert validate(validator, text) == 42


@pytest.mark.parametrize(
    "text",
    [
        SAMPLE,  # no start
        SAMPLE + "1 2\n",  # the start is a wall
        SAMPLE + "4 1\n",  # row out of range
        SAMPLE + "1 0\n",  # column out of range
        SAMPLE + "2 2",  # no final newline
        SAMPLE + "2  2\n",  # two spaces
        SAMPLE + "2 2\n\n",  # extra line
        "3 3\n.##\n..\n#.#\n2 2\n",  # short row
    ],
)
def test_invalid_inputs(validator, text):
    assert validate(validator, text) == 43


@pytest.mark.slow
def test_engine_against_interactor_both_roles(interactor):
    """gamecert's engine, as the contestant, wins exactly when it takes the certified winning role,
    and the jury plays legally, never gives a won game away and, when lost, moves where the contestant's
    winning replies are fewest."""
    game = get_game("maze")
    rng = random.Random(21)
    played = {role: 0 for role in ROLES}
    for _ in range(25):
        rows = random_board(rng, rng.randint(1, 6), rng.randint(1, 6), 0.3)
        cells = free_cells(rows)
        if not cells:
            continue
        text = jury_input(rows, rng.choice(cells))
        winner = "FIRST" if PROBLEM.mover_wins(PROBLEM.play_engine(game, text)) else "SECOND"
        for role in ROLES:
            result = duel(interactor, PROBLEM, game, text, role)
            assert result.violations == (), (text, role, result)
            assert losing_moves_off_the_rule(PROBLEM, game, text, result) == [], (text, role, result)
            assert result.contestant_won == (role == winner), (text, role, result)
            assert result.exit_code in (42, 43)
            played[role] += role == winner
    assert min(played.values()) > 0  # both roles were won somewhere


@pytest.mark.parametrize(
    ("start", "contestant", "code", "feedback"),
    [
        ("2 2", "FIRST\n1 1\n", 43, "illegal move to 1 1: not next to the token"),
        ("1 1", "FIRST\n2 1\n2 1\n", 43, "illegal move to 2 1: visited already"),
        ("2 2", "FIRST\n1 2\n", 43, "not a free cell: '1 2'"),
        ("2 2", "FIRST\n4 2\n", 43, "not a free cell: '4 2'"),
        ("2 2", "FIRST\n2 x\n", 43, "not a free cell: '2 x'"),
        ("2 2", "first\n", 43, "expected FIRST or SECOND, got 'first'"),
        ("2 2", "FIRST\n", 43, "your program stopped before the game ended"),
        ("2 2", "SECOND\n", 43, "you cannot move: you lose"),
        ("2 2", "FIRST\n2 1\n", 43, "you cannot move: you lose"),
    ],
)
def test_protocol_verdicts(interactor, tmp_path, start, contestant, code, feedback):
    # Both starts are won by FIRST; (2,1) from (2,2) is a losing move: the jury goes to (1,1).
    assert interaction(interactor, SAMPLE + start + "\n", "FIRST\n", contestant, tmp_path) == (code, feedback)


def test_a_wrong_ans_file_is_a_judge_error(interactor, tmp_path):
    assert interaction(interactor, SAMPLE + "2 2\n", "SECOND\n", "FIRST\n", tmp_path) == (
        1,
        "judge error: the .ans file's role differs from the jury's verdict",
    )


def test_win_then_nothing_more(interactor, tmp_path):
    # From (1,1) of the judges' board FIRST moves to (2,1); the jury must go to (2,2), FIRST to (2,3)
    # or (3,2), and the jury is stuck; writing more after its "0 0" is a wrong answer.
    test = SAMPLE + "1 1\n"
    assert interaction(interactor, test, "FIRST\n", "FIRST\n2 1\n3 2\n", tmp_path) == (42, "you won")
    assert interaction(interactor, test, "FIRST\n", "FIRST\n2 1\n3 2\n1 1\n", tmp_path) == (
        43,
        "output after the game ended: '1'",
    )


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_small_package_passes_verifyproblem(tmp_path):
    # anti-greedy: every wrong program is caught there; heavy: the slow one's time limit.
    report = check_small_package(
        "maze", "maze", tmp_path / "mazei", prefix="play_", interactive=True, catching=("anti-greedy", "heavy")
    )
    table = {row[0]: row[1:-1] for row in report.rows}
    assert len([name for name in table if name != "reference.cpp"]) == 4


@pytest.mark.slow
def test_stress_interactive_accepts_the_reference(tmp_path):
    """gamecert's own jury (stress --interactive, in the sandbox) against the package's accepted reference,
    written apart from it: the reference takes the winning role and wins every start."""
    reference = compiled_files([(PROBLEM.reference, PROBLEM.resource(PROBLEM.reference))], tmp_path / "reference")
    result = run([
        "stress", "maze", "--interactive", "--candidate", str(reference), "--count", "40", "--max-size", "6",
        "--out", str(tmp_path / "out"),
    ])
    assert (result.exit_code, result.stdout) == (0, "stress maze --interactive: 36 cases passed, 4 without a start (seed 1)\n")
