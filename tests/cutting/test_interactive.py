"""The interactive Split and Cutting problems: the input validator enforces the start's limits, the
interactor refuses every malformed or illegal line, and gamecert's own play engine, talking to the
compiled interactor through pipes, wins from every random start when it takes the winning side and
loses when it takes the other (the jury never gives a won game away)."""

from __future__ import annotations

import random
import subprocess
from importlib import resources
from pathlib import Path

import pytest

from gamecert.solvers.cutting.rules import CUTTING, SPLIT
from gamecert.solvers.cutting.solver import Piece, cutting_position
from gamecert.verify.cutting.contest.interactive import rule_header, start_text
from gamecert.verify.cutting.play import CuttingPlay
from tests.support import compiled, validate

RULES = {"split": SPLIT, "cutting": CUTTING}


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    """The interactor and the input validator of each rule, compiled beside its ``rule.h``."""
    out = {}
    for name, rule in RULES.items():
        folder = tmp_path_factory.mktemp(name)
        (folder / "rule.h").write_text(rule_header(rule))
        for source in ("interactor.cpp", "interactive_validator.cpp"):
            text = resources.files("gamecert.verify.cutting.contest").joinpath(source).read_text()
            (folder / source).write_text(text)
            out[name, source] = compiled(folder / source, folder)
    return out


def judge(programs, rule: str, start: str, answer: str, contestant: str, tmp_path: Path) -> tuple[int, str, str]:
    """The interactor on one start with a scripted contestant: exit code, its feedback, what it wrote."""
    (tmp_path / "t.in").write_text(start)
    (tmp_path / "t.ans").write_text(answer)
    feedback = tmp_path / "feedback"
    feedback.mkdir(exist_ok=True)
    run = subprocess.run(
        [str(programs[rule, "interactor.cpp"]), str(tmp_path / "t.in"), str(tmp_path / "t.ans"), f"{feedback}/"],
        input=contestant, capture_output=True, text=True, timeout=30, check=False,
    )
    return run.returncode, (feedback / "judgemessage.txt").read_text().strip(), run.stdout


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
    assert validate(programs[rule, "interactive_validator.cpp"], text) == 42


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
    assert validate(programs[rule, "interactive_validator.cpp"], text) == 43


@pytest.mark.parametrize(
    "rule, start, answer, contestant, code, message",
    [
        # The statement's examples: one cut, and the jury has none.
        ("split", "1\n1 6\n", "FIRST\n", "FIRST\n1 0 3\n", 42, "the contestant won in 1 moves as FIRST"),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n1 2 0\n", 42, "the contestant won in 1 moves as FIRST"),
        ("cutting", "1\n4 2\n", "FIRST\n", "SECOND\n", 43, "after 1 moves you have no cut left and lose (you chose SECOND; FIRST wins from the start)"),
        ("cutting", "1\n4 2\n", "FIRST\n", "first\n", 43, 'expected FIRST or SECOND, got "first"'),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n1 2 0\n1 0 0\n", 43, "you wrote output after the jury's 0 0 0"),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n1  2 0\n", 43, 'move 1: expected a move "P R C" (three integers, single spaces), got "1  2 0"'),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n1 02 0\n", 43, 'move 1: expected a move "P R C" (three integers, single spaces), got "1 02 0"'),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n1 2 0", 43, 'move 1: the line "1 2 0" has no end of line, expected a move "P R C" (three integers, single spaces)'),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n2 2 0\n", 43, "move 1: piece 2 does not exist (pieces 1..1)"),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n1 2 1\n", 43, 'move 1: "1 2 1": exactly one of R and C must be 0'),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n1 4 0\n", 43, "move 1: piece 1 is 4x2: a cut after row 4 does not exist (rows 1..3)"),
        ("cutting", "1\n4 2\n", "FIRST\n", "FIRST\n1 1 0\n", 43, f"move 1: cutting piece 1 (4x2) after row 1: {CUTTING.refusal}"),
        ("split", "1\n1 6\n", "FIRST\n", "FIRST\n1 0 1\n", 43, f"move 1: cutting piece 1 (1x6) after column 1: {SPLIT.refusal}"),
        ("split", "1\n1 6\n", "FIRST\n", "FIRST\n", 43, "move 1: your program ended its output, expected a move \"P R C\" (three integers, single spaces)"),
        # A judge answer that disagrees with the interactor's own table is a judge error, not a verdict.
        ("split", "1\n1 6\n", "SECOND\n", "FIRST\n1 0 3\n", 1, "judge error: the answer file says SECOND wins, the interactor's table says FIRST"),
    ],
)
def test_interactor_judges_scripted_lines(programs, tmp_path, rule, start, answer, contestant, code, message):
    assert judge(programs, rule, start, answer, contestant, tmp_path)[:2] == (code, message)


def test_interactor_writes_the_start_then_answers(programs, tmp_path):
    # 1x3 (no cut) + 1x4 (one cut): FIRST wins; the contestant takes SECOND and the jury takes the win.
    code, message, written = judge(programs, "split", "2\n1 3\n1 4\n", "FIRST\n", "SECOND\n", tmp_path)
    assert written.startswith("2\n1 3\n1 4\n")
    assert code == 43 and message.startswith("after 1 moves you have no cut left")
    assert written.splitlines()[3] == "2 0 2"  # the only cut: 1x4 into 1x2 + 1x2, the new piece is 3


def play_engine_against(programs, rule_name: str, pieces: list[tuple[int, int]], winning: bool, tmp_path: Path):
    """gamecert's play engine as the contestant, talking to the interactor through pipes; it takes
    the winning side if ``winning``, else the other. Returns the interactor's exit code and feedback."""
    rule = RULES[rule_name]
    engine = CuttingPlay(rule, " ".join(f"{a}x{b}" for a, b in pieces))
    first_wins = cutting_position(tuple(Piece(a, b) for a, b in pieces), rule).value != 0
    role = "FIRST" if first_wins == winning else "SECOND"
    text = start_text(pieces)
    (tmp_path / "t.in").write_text(text)
    (tmp_path / "t.ans").write_text("FIRST\n" if first_wins else "SECOND\n")
    (tmp_path / "feedback").mkdir(exist_ok=True)
    jury = subprocess.Popen(
        [str(programs[rule_name, "interactor.cpp"]), str(tmp_path / "t.in"), str(tmp_path / "t.ans"), f"{tmp_path}/feedback/"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        assert [jury.stdout.readline() for _ in range(len(pieces) + 1)] == text.splitlines(keepends=True)
        jury.stdin.write(role + "\n")
        jury.stdin.flush()
        order = list(range(1, len(pieces) + 1))  # the protocol's number of each of the engine's pieces
        mine = role == "FIRST"
        while engine.moves():
            if mine:
                cut = engine.engine_move()
                at = (cut.at, 0) if cut.direction == "horizontal" else (0, cut.at)
                jury.stdin.write(f"{order[cut.piece]} {at[0]} {at[1]}\n")
                jury.stdin.flush()
            else:
                p, r, c = map(int, jury.stdout.readline().split())
                assert (p, r, c) != (0, 0, 0), "the jury gave up with cuts left"
                i = order.index(p)
                cut = engine.read_move(f"{i + 1} {'h' if r else 'v'} {r or c}")  # Illegal if the jury cheats
            order.insert(cut.piece + 1, len(order) + 1)
            engine.play(cut)
            mine = not mine
        if mine:  # the engine is stuck: the jury has won
            jury.stdin.close()
        else:
            assert jury.stdout.readline() == "0 0 0\n"
            jury.stdin.close()
        code = jury.wait(timeout=30)
    finally:
        if jury.poll() is None:
            jury.kill()
            jury.wait()
    return code, (tmp_path / "feedback" / "judgemessage.txt").read_text().strip()


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["split", "cutting"])
def test_play_engine_against_the_interactor_on_both_sides(programs, tmp_path, rule):
    rng = random.Random(f"{rule} pipes")
    lo = RULES[rule].min_side
    for trial in range(12):
        pieces = [(rng.randint(lo, 9), rng.randint(lo + 1, 9)) for _ in range(rng.randint(1, 3))]
        for winning in (True, False):
            code, message = play_engine_against(programs, rule, pieces, winning, tmp_path)
            assert code == (42 if winning else 43), (pieces, winning, message)
            assert message.startswith("the contestant won" if winning else "after"), message
