"""``gamecert package --rules FILE`` for general and score games (take or pass; row ends, with extra moves).

The package's validator and reference are standalone Python 3 programs generated from the rules file
(verify/general/contest/, the planner in verify/rules/contest/); here they run as the judge runs them, in a fresh interpreter with nothing imported.
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
from gamecert.verify.turn.contest import TurnRulesProblem
from gamecert.verify.rules.load import rules_game
from tests.support import python_judge, run

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


#: The small package of each kind, written once by ``gamecert package`` (with the wrong program as a wrong answer)
#: and shared by the tests below, which the xdist group keeps on one worker: writing it certifies every case.
PACKAGES: dict[str, Path] = {}
RULES = {"take_or_pass": TAKE_OR_PASS, "row_ends": ROW_ENDS}


def package(which: str, p: TurnRulesProblem, factory) -> Path:
    """The folder of ``which``'s small package, written on first use: ``gamecert package --rules FILE --size small``."""
    if which not in PACKAGES:
        folder = factory.mktemp(which)
        (folder / "wrong.py").write_text(wrong_program(p))
        out = folder / which.replace("_", "")
        written = run(["package", "--rules", RULES[which], "--out", str(out), "--size", "small",
                       "--submission", f"wrong_answer:{folder / 'wrong.py'}"])
        assert written.exit_code == 0, written.output
        PACKAGES[which] = out
    return PACKAGES[which]


def certified_answers(out: Path, cases: list) -> str:
    """The answer file of every case, in the cases' order: the package names case i of a group
    ``NNN-NAME`` (its running number in the group) and holds its answer certified by every formulation."""
    numbers: dict[str, int] = {}
    answers = []
    for c in cases:
        numbers[c.group] = numbers.get(c.group, 0) + 1
        folder = out / "data" / ("sample" if c.group == "sample" else f"secret/{c.group}")
        answers.append(folder / f"{numbers[c.group]:03d}-{c.name}.ans")
    assert sorted(answers) == sorted(out.rglob("*.ans"))
    return "".join(a.read_text() for a in answers)


@pytest.mark.xdist_group("rules-packages")
@pytest.mark.parametrize("which", ["take_or_pass", "row_ends"])
def test_the_reference_agrees_with_every_certified_answer(which, request, tmp_path, tmp_path_factory):
    p, cases = request.getfixturevalue(which)
    reference = program(p, p.reference, tmp_path)
    text = "".join(c.text for c in cases)
    # The answers the package holds are certify_case's for these very cases (same size and seed): certified
    # once, when the package was written, rather than again here.
    expected = certified_answers(package(which, p, tmp_path_factory), cases)
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


def wrong_program(p: TurnRulesProblem) -> str:
    """The reference made wrong: the retrograde calling every unsettled position lost (draws ignored), or the
    minimax passing the turn on every move (extra moves ignored)."""
    reference = p.resource(p.reference)
    wrong = reference.replace('value.setdefault(p, ("draw", None))', 'value.setdefault(p, ("lose", 0))').replace(
        "points + (memo[q] if again else -memo[q])", "points - memo[q]")
    assert wrong != reference
    return wrong


@pytest.mark.slow
@pytest.mark.xdist_group("rules-packages")
@pytest.mark.parametrize("which", ["take_or_pass", "row_ends"])
def test_verifyproblem_accepts_the_reference_and_catches_a_wrong_program(which, request, tmp_path_factory, monkeypatch):
    """``gamecert package`` then ``package --verify`` (config, data, validators, submissions): one package per kind."""
    from gamecert.verify.engine.package import verify_package

    p, _ = request.getfixturevalue(which)
    out = package(which, p, tmp_path_factory)
    python_judge(tmp_path_factory.mktemp("judge"), monkeypatch)
    report = verify_package(out)
    assert report.passed, report.output
    table = {row[0]: row[1:-1] for row in report.rows}
    assert all(cell.startswith("AC") for cell in table["reference.py"])
    assert any(cell.startswith("WA") for cell in table["wrong.py"])


# The interactive problem (general games): its interactor and reference contestant through pipes --------


@pytest.fixture(scope="module")
def interactive(tmp_path_factory):
    """The small interactive package of take or pass, written once."""
    from gamecert.verify.engine.package import write_package

    out = tmp_path_factory.mktemp("interactive") / "takeorpass"
    summary = write_package(rules_game(TAKE_OR_PASS, Limits()), out, "small", 0, interactive=True)
    return out, summary


def played(interactor: Path, contestant: Path, text: str, answer: str, folder: Path) -> tuple[int, str]:
    """The interactor's exit code and judge message after a game against ``contestant``, both run by a fresh
    Python 3 as the judge runs them: ``interactor IN ANS FEEDBACK/``, each one's output the other's input."""
    (folder / "feedback").mkdir()
    (folder / "test.in").write_text(text)
    (folder / "test.ans").write_text(answer)
    player = subprocess.Popen([sys.executable, "-I", "-S", str(contestant)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    jury = subprocess.Popen(
        [sys.executable, "-I", "-S", str(interactor), str(folder / "test.in"), str(folder / "test.ans"),
         f"{folder / 'feedback'}/"], stdin=player.stdout, stdout=player.stdin, stderr=subprocess.DEVNULL,
    )
    player.stdin.close()
    player.stdout.close()
    code = jury.wait(timeout=60)
    player.wait(timeout=60)
    return code, (folder / "feedback" / "judgemessage.txt").read_text()


def test_interactive_cases_and_certified_values(interactive):
    out, summary = interactive
    assert summary.counts == {"sample": 3, "tempted": 2, "won": 2, "lost": 2, "drawn": 2, "longest": 2}
    answers = {c.case.text: c.answer for c in summary.cases}
    # Certified values: a draw by passing back (3 1 0), the longest games of 8 counters without tokens.
    assert answers["3 1 0\n"] == "draw\n"
    assert {answers["7 0 0\n"], answers["6 0 0\n"]} == {"win 5\n", "lose 4\n"}
    for c in summary.cases:
        assert len(c.case.text.splitlines()) == 1
        group = {"win": ("sample", "tempted", "won", "longest"), "lose": ("sample", "lost", "longest"),
                 "draw": ("sample", "drawn")}[c.answer.split()[0]]
        assert c.case.group in group, c.case
    assert (out / "problem.yaml").read_text().count("validation: custom interactive") == 1
    tex = (out / "problem_statement" / "problem.en.tex").read_text()
    assert tex.startswith("\\problemname{Take Or Pass (interactive)}")
    assert "when a position comes for the third time,\nthe start counted: a draw." in tex


@pytest.mark.slow
def test_the_reference_contestant_reaches_every_certified_outcome(interactive, tmp_path):
    out, summary = interactive
    interactor = out / "output_validators" / "interactor" / "interactor.py"
    reference = out / "submissions" / "accepted" / "reference.py"
    for k, c in enumerate(summary.cases):
        (tmp_path / str(k)).mkdir()
        code, message = played(interactor, reference, c.case.text, c.answer, tmp_path / str(k))
        assert code == 42, (c.case, message)
        won = "draw" if c.answer == "draw\n" else "win"
        assert message.startswith("the game ended after ") and f": {won} for the contestant" in message


def test_a_contestant_taking_draws_for_losses_is_rejected_where_a_draw_tempts(interactive, tmp_path):
    # From 5 2 0 (won in 3: take 2, leaving 3 0 2, lost in 2) passing leads to 5 1 1, a draw (both solvers); the
    # wrong contestant's table calls that lost for the jury in 0, its quickest win, so it passes and never wins.
    out, summary = interactive
    reference = (out / "submissions" / "accepted" / "reference.py").read_text()
    wrong = reference.replace('value.setdefault(p, ("draw", None))', 'value.setdefault(p, ("lose", 0))')
    assert wrong != reference  # the interactive reference embeds the general reference
    (tmp_path / "wrong.py").write_text(wrong)
    tempted = [c for c in summary.cases if c.case.group == "tempted"]
    assert [(c.case.text, c.answer) for c in tempted] == [("5 2 0\n", "win 3\n"), ("4 3 0\n", "win 3\n")]
    code, message = played(out / "output_validators" / "interactor" / "interactor.py", tmp_path / "wrong.py",
                           tempted[0].case.text, tempted[0].answer, tmp_path)
    assert code == 43
    assert message.endswith(": draw for the contestant (a win was possible, the start being win 3 for FIRST)\n")


def test_the_interactor_refuses_illegal_moves_and_a_wrong_answer_file(interactive, tmp_path):
    out, _ = interactive
    interactor = out / "output_validators" / "interactor" / "interactor.py"
    cheat = tmp_path / "cheat.py"
    cheat.write_text("import sys\nsys.stdin.readline()\nprint('FIRST', flush=True)\nsys.stdin.readline()\n"
                     "print('0 0 0', flush=True)\nsys.stdin.read()\n")
    (tmp_path / "a").mkdir()
    assert played(interactor, cheat, "3 0 0\n", "lose 2\n", tmp_path / "a") == (
        43, "move 1: '0 0 0' is not one move from '3 0 0'\n")
    (tmp_path / "b").mkdir()
    assert played(interactor, cheat, "3 0 0\n", "win 2\n", tmp_path / "b") == (
        1, "the start's value is lose 2, the answer file says win 2\n")


def test_a_score_game_has_no_interactive_problem(tmp_path):
    result = run(["package", "--rules", ROW_ENDS, "--interactive", "--out", str(tmp_path / "x"), "--size", "small"])
    assert result.exit_code == 2
    assert result.stderr.endswith("Error: row_ends has no interactive problem (--interactive)\n")
    assert not (tmp_path / "x").exists()
