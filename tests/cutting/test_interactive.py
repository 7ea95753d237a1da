"""The interactive Split and Cutting problems: the input validator enforces the start's limits, the
interactor refuses every malformed or illegal line, and gamecert's own play engine, talking to the
compiled interactor through pipes, wins from every random start when it takes the winning side and
loses when it takes the other (the jury never gives a won game away)."""

from __future__ import annotations

import random

import pytest

from gamecert.solvers.cutting.rules import CUTTING, SPLIT
from gamecert.solvers.cutting.solver import Piece, available_cuts, cutting_position
from gamecert.verify.cutting.contest.interactive import CuttingInteractive, start_text
from gamecert.verify.engine.interactive import ROLES, duel
from gamecert.verify.registry import get_game
from tests.support import check_small_package, compiled_files, interaction, validate

PROBLEMS = {"split": CuttingInteractive(SPLIT), "cutting": CuttingInteractive(CUTTING)}


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    """The interactor and the input validator of each rule, compiled from the package's files."""
    out = {}
    for name, problem in PROBLEMS.items():
        out[name, "interactor"] = compiled_files(problem.interactor_files(), tmp_path_factory.mktemp(f"{name}i"))
        out[name, "validator"] = compiled_files(problem.validator_files(), tmp_path_factory.mktemp(f"{name}v"))
    return out


@pytest.mark.parametrize(
    "rule, text",
    [
        ("split", "1\n1 2\n"),
        ("split", "2\n150 100\n150 50\n"),
        ("split", "1000\n" + "1 2\n" * 1000),
        ("cutting", "1\n200 200\n"),
        ("cutting", "3\n2 2\n2 3\n3 2\n"),
    ],
)
def test_valid_starts(programs, rule, text):
    assert validate(programs[rule, "validator"], text) == 42


@pytest.mark.parametrize(
    "rule, text",
    [
        ("split", "1\n1 1\n"),  # a 1x1 piece
        ("split", "1\n151 2\n"),
        ("split", "2\n150 150\n1 2\n"),  # total area 22,502
        ("split", "1001\n" + "1 2\n" * 1001),
        ("split", "0\n"),
        ("split", "2\n1 2\n"),  # fewer pieces than K
        ("split", "1\n1 2\n1 3\n"),  # more
        ("split", "1\n01 2\n"),
        ("cutting", "1\n1 5\n"),  # a side of 1
        ("cutting", "1\n2  2\n"),
        ("cutting", "1\n2 2"),  # no final newline
    ],
)
def test_invalid_starts(programs, rule, text):
    assert validate(programs[rule, "validator"], text) == 43


@pytest.mark.parametrize(
    "rule, start, answer, contestant, code, message",
    [
        # The statement's examples: one cut, and the jury has none.
        ("split", "1\n1 6\n", "FIRST\n", "FIRST\n1 0 3\n", 42, "the contestant won in 1 moves as FIRST"),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n1 2 0\n", 42, "the contestant won in 1 moves as FIRST"),
        (
            "cutting",
            "1\n4 2\n",
            "FIRST\n",
            "SECOND\n",
            43,
            "after 1 moves you have no cut left and lose (you chose SECOND; FIRST wins from the start)",
        ),
        ("cutting", "1\n4 2\n", "FIRST\n", "first\n", 43, 'expected FIRST or SECOND, got "first"'),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n1 2 0\n1 0 0\n", 43, "you wrote output after the jury's 0 0 0"),
        (
            "cutting",
            "1\n4 2\n",
            "FIRST\n",
            "FIRST\n1  2 0\n",
            43,
            'move 1: expected a move "P R C" (three integers, single spaces), got "1  2 0"',
        ),
        (
            "cutting",
            "1\n4 2\n",
            "FIRST\n",
            "FIRST\n1 02 0\n",
            43,
            'move 1: expected a move "P R C" (three integers, single spaces), got "1 02 0"',
        ),
        (
            "cutting",
            "1\n4 2\n",
            "FIRST\n",
            "FIRST\n1 2 0",
            43,
            'move 1: the line "1 2 0" has no end of line, expected a move "P R C" (three integers, single spaces)',
        ),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n2 2 0\n", 43, "move 1: piece 2 does not exist (pieces 1..1)"),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n1 2 1\n", 43, 'move 1: "1 2 1": exactly one of R and C must be 0'),
        (
            "cutting",
            "1\n4 2\n",
            "FIRST\n",
            "FIRST\n1 4 0\n",
            43,
            "move 1: piece 1 is 4x2: a cut after row 4 does not exist (rows 1..3)",
        ),
        (
            "cutting",
            "1\n4 2\n",
            "FIRST\n",
            "FIRST\n1 1 0\n",
            43,
            f"move 1: cutting piece 1 (4x2) after row 1: {CUTTING.refusal}",
        ),
        (
            "split",
            "1\n1 6\n",
            "FIRST\n",
            "FIRST\n1 0 1\n",
            43,
            f"move 1: cutting piece 1 (1x6) after column 1: {SPLIT.refusal}",
        ),
        (
            "split",
            "1\n1 6\n",
            "FIRST\n",
            "FIRST\n",
            43,
            'move 1: your program ended its output, expected a move "P R C" (three integers, single spaces)',
        ),
        # A judge answer that disagrees with the interactor's own table is a judge error, not a verdict.
        (
            "split",
            "1\n1 6\n",
            "SECOND\n",
            "FIRST\n1 0 3\n",
            1,
            "judge error: the answer file says SECOND wins, the interactor's table says FIRST",
        ),
    ],
)
def test_interactor_judges_scripted_lines(programs, tmp_path, rule, start, answer, contestant, code, message):
    assert interaction(programs[rule, "interactor"], start, answer, contestant, tmp_path) == (code, message)


def test_jury_numbers_the_new_piece_and_takes_the_win(programs):
    # 1x3 (no cut) + 1x4 (one cut, into 1x2 + 1x2): FIRST wins. The contestant takes SECOND; the jury
    # cuts piece 2 after column 2, the other half becoming piece 3, and the contestant has no cut.
    problem, game = PROBLEMS["split"], get_game("split")
    result = duel(programs["split", "interactor"], problem, game, "2\n1 3\n1 4\n", "SECOND")
    assert result.moves == (("jury", "2 0 2"),) and result.violations == ()
    assert (result.exit_code, result.feedback.strip()) == (
        43,
        "after 1 moves you have no cut left and lose (you chose SECOND; FIRST wins from the start)",
    )
    # Taking FIRST, gamecert's engine cuts 1x4 itself and the jury has nothing left.
    result = duel(programs["split", "interactor"], problem, game, "2\n1 3\n1 4\n", "FIRST")
    assert result.moves == (("contestant", "2 0 2"), ("jury", "0 0 0")) and result.exit_code == 42


@pytest.mark.parametrize("rule", ["split", "cutting"])
def test_the_jury_keeps_the_value_of_the_sum(rule):
    # Along random games, the value kept cut by cut is the solver's on the whole position, and the jury's
    # move at value 0 is the first legal cut.
    problem, rng = PROBLEMS[rule], random.Random(3)
    for _ in range(10):
        engine = problem.play_engine(get_game(rule), "3\n5 4\n3 7\n2 2\n")
        while engine.moves():
            assert engine.value == cutting_position(tuple(engine.pieces), problem.rule, engine.table).value
            if engine.value == 0:
                assert engine.engine_move() == engine.moves()[0]
            engine.play(rng.choice(engine.moves()))
        assert engine.value == 0 and not problem.can_move(engine)


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["split", "cutting"])
def test_engine_against_interactor_both_roles(programs, rule):
    """gamecert's engine, as the contestant, wins exactly when it takes the certified winning role,
    and the jury plays legally, never gives a won game away, and when it must lose leaves the fewest
    winning replies, on random sums of small pieces."""
    problem, game = PROBLEMS[rule], get_game(rule)
    rng = random.Random(f"{rule} pipes")
    lo = problem.rule.min_side
    won = {role: 0 for role in ROLES}
    losing_jury_moves = 0
    for _ in range(10):
        pieces = [(rng.randint(lo, 9), rng.randint(lo + 1, 9)) for _ in range(rng.randint(1, 3))]
        text = start_text(pieces)
        winner = "FIRST" if problem.mover_wins(problem.play_engine(game, text)) else "SECOND"
        for role in ROLES:
            result = duel(programs[rule, "interactor"], problem, game, text, role)
            assert result.violations == (), (pieces, role, result)
            assert result.contestant_won == (role == winner), (pieces, role, result)
            won[role] += role == winner
            if role == winner:
                losing_jury_moves += assert_fewest_replies(problem, game, text, result.moves)
    assert min(won.values()) > 0 and losing_jury_moves > 0  # both roles won somewhere; losing jury moves checked


def winning_replies(rule, table, pieces: list[Piece]) -> int:
    """The cuts of the player to move in ``pieces`` that leave the sum's values xoring to 0."""
    x = 0
    for p in pieces:
        x ^= table.value(p)
    return sum(
        x ^ table.value(p) ^ table.value(a) ^ table.value(b) == 0
        for p in pieces
        for _, _, a, b in available_cuts(p, rule)
    )


def assert_fewest_replies(problem, game, text, moves) -> int:
    """Every jury move of a game it lost left the contestant the fewest winning replies of all its cuts
    (the rule interactor.cpp documents), recomputed here from gamecert's own table. Returns the
    number of jury moves checked."""
    engine = problem.play_engine(game, text)
    checked = 0
    rule, table = problem.rule, engine.table
    for side, line in moves:
        if line == problem.no_move:
            break
        move = problem.read_line(engine, line)
        if side == "jury":
            options = [
                winning_replies(rule, table, engine.pieces[: c.piece] + list(c.parts) + engine.pieces[c.piece + 1 :])
                for c in engine.moves()
            ]
            chosen = engine.pieces[: move.piece] + list(move.parts) + engine.pieces[move.piece + 1 :]
            assert winning_replies(rule, table, chosen) == min(options), (text, moves, line)
            checked += 1
        engine.play(move)
    return checked


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("rule", ["split", "cutting"])
def test_small_package_passes_verifyproblem(tmp_path, rule):
    # The group where every wrong program is caught; the slow one passes the time limit on each of its cases, so
    # it is given the first only.
    report = check_small_package(
        rule, "cutting", tmp_path / f"{rule}i", prefix=f"play_{rule}_", interactive=True, catching=("large",),
        slow_on="secret/large/001",
    )
    table = {row[0]: row[1:-1] for row in report.rows}
    assert len([name for name in table if name != "reference.cpp"]) == 5
