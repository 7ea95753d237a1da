"""``gamecert package --rules FILE`` for general and score games (take or pass; row ends, with extra moves).

The package's validator and reference are standalone Python 3 programs generated from the rules file
(verify/rules/contest/); here they run as the judge runs them, in a fresh interpreter with nothing imported.
The references (a second retrograde analysis, and memoized minimax) share no code with gamecert's solvers:
their agreement with the certified answers of every case is the independent check. Hand values: take or
pass ``3 1 0`` is a draw (the mover passes back to the same position), ``3 0 0`` is lost in 2 (either take
leaves 1 or 2 counters, won in 1); row ends ``0 0 3 0`` is worth 3 (take a 0, move again, take the 3),
which a program ignoring extra moves scores -3.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gamecert.solvers.rules.rules import Limits
from gamecert.verify.capabilities import Contest
from gamecert.verify.engine.package import certify_case
from gamecert.verify.rules.contest import TurnRulesProblem
from gamecert.verify.rules.game import rules_game
from tests.support import run

TESTS = Path(__file__).resolve().parents[1]
TAKE_OR_PASS = str(TESTS / "general" / "cases" / "take_or_pass.py")
ROW_ENDS = str(TESTS / "score" / "cases" / "row_ends.py")


def problem(path: str) -> tuple[TurnRulesProblem, list]:
    p = rules_game(path, Limits()).capability(Contest).problem()
    return p, list(p.cases("small", 0))


def program(p: TurnRulesProblem, name: str, folder: Path) -> Path:
    path = folder / name
    path.write_text(p.resource(name))
    return path


def python(path: Path, text: str) -> subprocess.CompletedProcess:
    """``path`` run by a fresh Python 3 on stdin ``text``, as the judge runs it (no gamecert on its path)."""
    return subprocess.run([sys.executable, "-I", "-S", str(path)], input=text, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def take_or_pass():
    return problem(TAKE_OR_PASS)


@pytest.fixture(scope="module")
def row_ends():
    return problem(ROW_ENDS)


def test_cases_and_limits(take_or_pass, row_ends):
    # take or pass: positions(s) lists (s+1)(s+2)/2 positions; row ends: 2 * 3^s, past 200 at size 5.
    p, cases = take_or_pass
    assert (p.plan.max_size, p.plan.lines, p.reference) == (8, 100, "general_reference.py")
    assert [c.name for c in cases if c.group == "every"] == ["sizes-0-to-7", "sizes-7-to-8"]
    assert cases[0].text == "0 0 0\n0 0 1\n0 1 0\n1 0 0\n0 0 2\n"
    p, cases = row_ends
    assert (p.plan.max_size, p.reference) == (4, "score_reference.py")
    assert p.plan.stop == "positions(5) lists more than 200 positions"
    assert sum(len(c.text.splitlines()) for c in cases if c.group == "every") == 2 * (1 + 3 + 9 + 27 + 81)


def test_statements_say_how_the_kind_is_played_and_answered(take_or_pass, row_ends):
    general = take_or_pass[0].resource("statement.tex")
    assert general.startswith("\\problemname{Take Or Pass}\n\nTake or pass (tests' copy)")
    assert "Positions may repeat: a position from which neither player can force a win is a draw." in general
    assert "\\texttt{win}, \\texttt{lose} or \\texttt{draw} for the player to move." in general
    assert "print \\texttt{win $N$} if the player to move can force a win, \\texttt{lose $N$}" in general
    assert "\\begin{verbatim}\n" + Path(TAKE_OR_PASS).read_text().rstrip("\n") + "\n\\end{verbatim}" in general
    score = row_ends[0].resource("statement.tex")
    assert "each with the points the\nplayer making that move scores." in score
    assert "names the same player is an extra move: that player moves again. Every play ends." in score
    assert "print \\texttt{score $S$}, where $S$ is the most the player to move can guarantee" in score


@pytest.mark.parametrize("which", ["take_or_pass", "row_ends"])
def test_the_reference_agrees_with_every_certified_answer(which, request, tmp_path):
    game_path = {"take_or_pass": TAKE_OR_PASS, "row_ends": ROW_ENDS}[which]
    p, cases = request.getfixturevalue(which)
    game = rules_game(game_path, Limits())
    reference = program(p, p.reference, tmp_path)
    text = "".join(c.text for c in cases)
    expected = "".join(certify_case(game, c).answer for c in cases)
    answered = python(reference, text)
    assert answered.returncode == 0, answered.stderr
    assert answered.stdout == expected
    # The cases hold what a wrong program gets wrong: draws and long games; extra moves and negative scores.
    assert {"draw", "win 5", "lose 4"} <= set(expected.splitlines()) or {"score -1", "score 3"} <= set(
        expected.splitlines()
    )


@pytest.mark.parametrize(
    "which, text, expected",
    [
        ("take_or_pass", "3 1 0\n3 0 0\n0 0 0\n", "draw\nlose 2\nlose 0\n"),
        ("row_ends", "0 0 3 0\n1 0 3 0\n0 1 3 1\n0\n", "score 3\nscore 3\nscore -1\nscore 0\n"),
    ],
)
def test_references_by_hand(tmp_path, request, which, text, expected):
    p, _ = request.getfixturevalue(which)
    answered = python(program(p, p.reference, tmp_path), text)
    assert (answered.returncode, answered.stdout) == (0, expected)


def test_the_validator_accepts_every_case_and_refuses_other_positions(take_or_pass, tmp_path):
    p, cases = take_or_pass
    validator = program(p, "validator.py", tmp_path)
    assert all(python(validator, c.text).returncode == 42 for c in cases)
    for text, reason in {"9 0 0\n": "line 1: not a position of size 0 to 8",
                         "1  0 0\n": "line 1: expected the position written as '1 0 0'"}.items():
        checked = python(validator, text)
        assert (checked.returncode, checked.stdout) == (43, reason + "\n"), text


def test_a_package_needs_positions_and_one_position_per_line(tmp_path):
    rules = tmp_path / "walk.py"
    rules.write_text('KIND = "general"\n\n\ndef parse(line):\n    return int(line)\n\n\n'
                     "def moves(n):\n    return [n - 1] if n else []\n")
    result = run(["package", "--rules", str(rules), "--out", str(tmp_path / "a"), "--size", "small"])
    assert (result.exit_code, result.stderr) == (1, (
        f"error: --out {tmp_path / 'a'}: {rules} defines no positions(size): a package draws its tests from every "
        "position of each size (docs/rules.md)\n"))
    with rules.open("a") as f:
        f.write("\n\ndef positions(size):\n    return [size]\n\n\ndef starts(instance):\n    return [instance]\n")
    result = run(["package", "--rules", str(rules), "--out", str(tmp_path / "b"), "--size", "small"])
    assert (result.exit_code, result.stderr) == (1, (
        f"error: --out {tmp_path / 'b'}: {rules} reads a whole input (starts): a package's tests are one position "
        "per line\n"))


# verifyproblem (slow: one package per kind) ---------------------------------------------------


@pytest.fixture
def python_judge(tmp_path, monkeypatch):
    """problemtools runs Python 3 with PyPy3, which this machine may lack: a languages.yaml in XDG_CONFIG_HOME
    (problemtools' own configuration place) runs it with this Python instead."""
    config = tmp_path / "config" / "problemtools"
    config.mkdir(parents=True)
    (config / "languages.yaml").write_text(
        f"python3:\n    compile: '{sys.executable} -m py_compile {{files}}'\n"
        f"    run: '{sys.executable} \"{{mainfile}}\"'\n"
    )
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config.parent))


def verified(tmp_path: Path, path: str, name: str, wrong: str) -> dict:
    """``gamecert package`` then ``package --verify`` (config, data, validators, submissions) with the wrong
    submission ``wrong`` beside the reference; verifyproblem's table, a row per submission."""
    from gamecert.verify.engine.package import verify_package

    out = tmp_path / name
    wrong_path = tmp_path / "wrong.py"
    wrong_path.write_text(wrong)
    written = run(["package", "--rules", path, "--out", str(out), "--size", "small",
                   "--submission", f"wrong_answer:{wrong_path}"])
    assert written.exit_code == 0, written.output
    report = verify_package(out)
    assert report.passed, report.output
    return {row[0]: row[1:-1] for row in report.rows}


@pytest.mark.slow
def test_verifyproblem_general(tmp_path, python_judge, take_or_pass):
    # A wrong program: the reference's retrograde that calls every unsettled position lost (draws ignored).
    p, _ = take_or_pass
    reference = p.resource(p.reference)
    wrong = reference.replace('value.setdefault(p, ("draw", None))', 'value.setdefault(p, ("lose", 0))')
    assert wrong != reference
    table = verified(tmp_path, TAKE_OR_PASS, "takeorpass", wrong)
    assert all(cell.startswith("AC") for cell in table["reference.py"])
    assert any(cell.startswith("WA") for cell in table["wrong.py"])


@pytest.mark.slow
def test_verifyproblem_score(tmp_path, python_judge, row_ends):
    # A wrong program: the reference's minimax with the turn passing on every move (extra moves ignored).
    p, _ = row_ends
    reference = p.resource(p.reference)
    wrong = reference.replace("points + (memo[q] if again else -memo[q])", "points - memo[q]")
    assert wrong != reference
    table = verified(tmp_path, ROW_ENDS, "rowends", wrong)
    assert all(cell.startswith("AC") for cell in table["reference.py"])
    assert any(cell.startswith("WA") for cell in table["wrong.py"])
