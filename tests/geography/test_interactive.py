"""Interactive vertex geography: its input validator, its interactor against gamecert's own play
engine through pipes (both roles, random graphs with odd cycles), the protocol's wrong answers,
and the small package through Kattis verifyproblem with every wrong and slow player caught (slow)."""

from __future__ import annotations

import random

import pytest

from gamecert.verify.engine.interactive import ROLES, duel
from gamecert.verify.geography.contest import random_graph
from gamecert.verify.geography.contest.interactive import PROBLEM, jury_input
from gamecert.verify.registry import get_game
from tests.support import check_small_package, compiled_files, interaction, validate
from tests.uvg.jury import losing_moves_off_the_rule

# A triangle 1-2-3 with a tail 3-4-5: the player to move wins from 4 only (docs/theory.md).
TAIL = "5 5\n1 2\n2 3\n3 1\n3 4\n4 5\n"


@pytest.fixture(scope="module")
def validator(tmp_path_factory):
    return compiled_files(PROBLEM.validator_files(), tmp_path_factory.mktemp("validator"))


@pytest.fixture(scope="module")
def interactor(tmp_path_factory):
    return compiled_files(PROBLEM.interactor_files(), tmp_path_factory.mktemp("interactor"))


@pytest.mark.parametrize("text", [TAIL + "3\n", "1 0\n1\n", "2 1\n2 1\n2\n"])
def test_valid_inputs(validator, text):
    assert validate(validator, text) == 42


@pytest.mark.parametrize(
    "text",
    [
        TAIL,  # no start
        TAIL + "0\n",  # start out of range
        TAIL + "6\n",
        TAIL + "3",  # no final newline
        TAIL + "3 4\n",  # two numbers
        TAIL + "3\n\n",  # extra line
        "3 1\n2 2\n1\n",  # self-loop
    ],
)
def test_invalid_inputs(validator, text):
    assert validate(validator, text) == 43


@pytest.mark.slow
def test_engine_against_interactor_both_roles(interactor):
    """gamecert's engine, as the contestant, wins exactly when it takes the certified winning role,
    and the jury plays legally, never gives a won game away and, when lost, moves where the contestant's
    winning replies are fewest (graphs dense enough for blossoms)."""
    game = get_game("geography")
    rng = random.Random(22)
    played = {role: 0 for role in ROLES}
    for _ in range(25):
        n = rng.randint(1, 9)
        edges = random_graph(rng, n, rng.randint(0, 2 * n))
        text = jury_input(n, edges, rng.randrange(n))
        winner = "FIRST" if PROBLEM.mover_wins(PROBLEM.play_engine(game, text)) else "SECOND"
        for role in ROLES:
            result = duel(interactor, PROBLEM, game, text, role)
            assert result.violations == (), (text, role, result)
            assert losing_moves_off_the_rule(PROBLEM, game, text, result) == [], (text, role, result)
            assert result.contestant_won == (role == winner), (text, role, result)
            played[role] += role == winner
    assert min(played.values()) > 0


@pytest.mark.parametrize(
    ("start", "answer", "contestant", "code", "feedback"),
    [
        ("1", "SECOND", "FIRST\n4\n", 43, "illegal move to 4: not next to the token"),
        ("1", "SECOND", "FIRST\n9\n", 43, "not a vertex: '9'"),
        ("1", "SECOND", "FIRST\n1\n", 43, "illegal move to 1: not next to the token"),
        ("1", "SECOND", "FIRST\n2\n1\n", 43, "illegal move to 1: visited already"),
        ("5", "SECOND", "FIRST\n4\n1\n", 43, "you cannot move: you lose"),
        ("4", "FIRST", "FIRST\n5\n", 42, "you won"),
        ("4", "FIRST", "FIRST\n5\n0\n", 43, "output after the game ended: '0'"),
        ("4", "SECOND", "FIRST\n", 1, "judge error: the .ans file's role differs from the jury's verdict"),
    ],
)
def test_protocol_verdicts(interactor, tmp_path, start, answer, contestant, code, feedback):
    # Only 4 is covered by every maximum matching: FIRST wins from 4 alone. From 1, the move to 2 loses
    # (the jury answers 3); from 5 the jury answers 4 -> 3 and 1 -> 2; from 4, FIRST takes the leaf 5.
    assert interaction(interactor, TAIL + start + "\n", answer + "\n", contestant, tmp_path) == (code, feedback)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_small_package_passes_verifyproblem(tmp_path):
    # paths: every wrong program is caught there; max: the slow one's time limit.
    report = check_small_package(
        "geography", "geography", tmp_path / "geographyi", prefix="play_", interactive=True, catching=("paths", "max")
    )
    table = {row[0]: row[1:-1] for row in report.rows}
    assert len([name for name in table if name != "reference.cpp"]) == 4
