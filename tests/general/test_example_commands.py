"""Every general and score example in examples/ through every command: solve (plain, --json), check,
show, play, stress, audit --claim and package.

The examples are found by their ``KIND``, so a new one joins by itself. Each runs on a small input
whose answer comes from outside the solver: a value its docstring states or worked by hand, checked
in tests/general/test_examples.py and tests/score/test_examples.py against brute force of the game's
statement. An example without an entry in :data:`SMALL` is asked about its first positions, answered
by the contract's definitions run as written (``labels``, ``values`` of those test files).
"""

from __future__ import annotations

import json
import re
from functools import cache
from html import escape
from pathlib import Path

import pytest

from gamecert.solvers.general.solver import GeneralSolution
from gamecert.solvers.turn.value import Value
from gamecert.solvers.rules.rules import Limits
from gamecert.solvers.score.solver import ScoreSolution
from gamecert.verify.capabilities import Contest
from gamecert.verify.engine.play import MENU_HINT
from gamecert.verify.general.certificate import check_general
from gamecert.verify.rules.load import load_module, load_rules, rules_game
from gamecert.verify.score.certificate import check_score
from tests.general.test_examples import BERZERK_SAMPLES, MADMAX_SAMPLES, labels
from tests.score.test_examples import values
from tests.support import candidate, run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NAMES = sorted(p.name for p in EXAMPLES.glob("*.py") if getattr(load_module(str(p)), "KIND", None) in ("general", "score"))

#: A small input and its judge output, each from the example's docstring or worked by hand (see tests/*/test_examples.py).
SMALL = {
    "berzerk.py": BERZERK_SAMPLES[0],  # the judge's first sample
    "madmax.py": MADMAX_SAMPLES[0],  # the judge's first sample
    "cat_and_mouse.py": ("[[1,3],[0],[3],[0,2]]\n", "1\n"),  # LeetCode 913's second example: the mouse wins
    # X to move completes the diagonal; a full board without a line.
    "tic_tac_toe.py": ("X.O/.XO/...\nXOX/OOX/XXO\n", "win 1\ndraw\n"),
    "tictactoe_tiers.py": ("X.O.XO...\nXOXOOXXXO\n", "win 1\ndraw\n"),
    # X holds columns 1-3 of the bottom row (and columns 1 and 2 are full): X's 4 completes the row;
    # with X's 4 dropped after 2233114, O has lost.
    "connect_four.py": ("4x4 1111222233\n4x4 2233114\n", "win 1\nlose 0\n"),
    "connect_four_tiers.py": ("XOXO|XOXO|XO..|....|\nXO..|XO..|XO..|X...|\n", "win 1\nlose 0\n"),
    # 2 x 2: one domino leaves the other no place; one cell: no domino.
    "domineering.py": ("V ../..\nH .\n", "win 1\nlose 0\n"),
    "pass_tokens.py": ("4 2 0\n3 0 2\n4 1 1\n", "win 3\nlose 2\ndraw\n"),  # the docstring's three
    "predict_the_winner.py": ("[1,5,233,7]\n[1,5,2]\n", "true\nfalse\n"),  # LeetCode 486's examples
    # Three lines of the box drawn, B draws the fourth; one box: the second player draws its last line.
    "dots_and_boxes.py": ("1x1 B 1110\n1x1\n", "score 1\nscore -1\n"),
    "kalah.py": ("1 1\n", "score 0\n"),  # South sows into its store, its row is empty: 1 - 1
    # Blue's last car drives off the right edge; Red has no car left, so Blue (to move) has lost.
    "dodgem.py": ("..B/.../.R. B\nB../.../... B\n", "win 1\nlose 0\n"),
    # X places at the third cell, flanking O, and neither can place: 3 - 0; O to move passes first.
    "othello4.py": ("XO../..../..../.... X\nXO../..../..../.... O\n", "score 3\nscore -3\n"),
}


pytestmark = pytest.mark.usefixtures("fresh_registry")


def path(name: str) -> str:
    return str(EXAMPLES / name)


@cache
def rules(name: str):
    return load_rules(path(name))


def whole(name: str) -> bool:
    return rules(name).starts is not None


@cache
def queries(name: str) -> tuple[str, tuple]:
    """The small input and its query positions."""
    r = rules(name)
    text = SMALL[name][0] if name in SMALL else "".join(r.format(p) + "\n" for p in first_positions(name))
    if whole(name):
        return text, tuple(r.starts(r.parse(text)))
    return text, tuple(r.parse(line) for line in text.splitlines())


def first_positions(name: str) -> list:
    r = rules(name)
    found = [p for size in range(3) for p in r.positions(size)]
    return found[:2]


@cache
def definitions(name: str) -> dict:
    """Every position reached from the queries and its value, by the contract's definitions run as written."""
    module = load_module(path(name))
    starts = queries(name)[1]
    if rules(name).kind == "score":
        return {p: Value("score", s) for p, s in values(module, starts).items()}
    return {p: Value(*o) for p, o in labels(module, starts).items()}


def judged(name: str) -> str:
    """The judge output expected: the small input's own (by hand), else the definitions' values as lines."""
    if name in SMALL:
        return SMALL[name][1]
    r, got = rules(name), definitions(name)
    lines = [r.answer(v.outcome, v.number) if r.answer else str(v) for v in (got[q] for q in queries(name)[1])]
    return "".join(line + "\n" for line in lines)


def per_line(name: str) -> bool:
    return not whole(name)


LINES = [n for n in NAMES if per_line(n)]
WHOLE = [n for n in NAMES if whole(n)]
STRESSED = [n for n in LINES if rules(n).positions is not None]


def test_the_examples_are_found_by_kind():
    assert {"tic_tac_toe.py", "berzerk.py", "predict_the_winner.py", "kalah.py"} <= set(NAMES)
    assert "nim.py" not in NAMES and "clobber.py" not in NAMES  # impartial, partizan
    assert WHOLE == ["berzerk.py", "madmax.py"]


# -- solve ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_solve_a_small_input(name):
    result = run(["solve", "--rules", path(name), "-"], input=queries(name)[0])
    assert (result.exit_code, result.stdout) == (0, judged(name)), result.output
    # The hand-worked answer is also the definitions' (where the rules' words tell the outcome apart).
    r, got = rules(name), definitions(name)
    if not whole(name):
        words = [r.answer(v.outcome, v.number) if r.answer else str(v) for v in (got[q] for q in queries(name)[1])]
        assert "".join(w + "\n" for w in words) == judged(name)


def certificate(name: str, rows: list) -> dict:
    """The JSON certificate's rows read back as positions (by the rules' own ``show`` of each position reached)."""
    r = rules(name)
    shown = {r.show(p): p for p in definitions(name)}
    assert len(shown) == len(definitions(name))  # format tells the positions reached apart
    return {shown[row[0]]: row for row in rows}


@pytest.mark.parametrize("name", NAMES)
def test_solve_json_carries_a_certificate_the_checker_accepts(name):
    result = run(["solve", "--rules", path(name), "--json", "-"], input=queries(name)[0])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["answer"] == judged(name).splitlines()
    r, got, starts = rules(name), definitions(name), queries(name)[1]
    assert [Value(q["outcome"], q["number"]) for q in data["queries"]] == [got[q] for q in starts]
    rows = certificate(name, data["certificate"]["table"])
    assert rows.keys() == got.keys()  # every position reached, nothing else
    answers = tuple(got[q] for q in starts)
    if r.kind == "score":
        table = {p: row[1] for p, row in rows.items()}
        ranks = {p: row[2] for p, row in rows.items()}
        assert check_score(r, ScoreSolution(None, starts, answers, table, ranks)) == []
        table[starts[0]] += 1  # the checker can fail
        assert check_score(r, ScoreSolution(None, starts, answers, table, ranks)) != []
    else:
        table = {p: value(row[1]) for p, row in rows.items()}
        assert table == got
        assert check_general(r, GeneralSolution(None, starts, answers, table)) == []
        table[starts[0]] = Value("lose", 7)  # the checker can fail
        assert check_general(r, GeneralSolution(None, starts, answers, table)) != []


def value(text: str) -> Value:
    """A certificate's ``win N``, ``lose N`` or ``draw``."""
    outcome, *number = text.split()
    return Value(outcome, int(number[0]) if number else None)


@pytest.mark.parametrize("name", LINES)
def test_solve_position(name):
    text = queries(name)[0].splitlines()[0]
    r, v = rules(name), definitions(name)[queries(name)[1][0]]
    result = run(["solve", "--rules", path(name), "--position", text])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == [f"position: {r.show(queries(name)[1][0])}", f"value: {v}"]


@pytest.mark.parametrize("name", WHOLE)
def test_solve_position_takes_a_whole_input(name):
    text, starts = queries(name)
    result = run(["solve", "--rules", path(name), "--position", text])
    assert result.exit_code == 0, result.output
    values = [line.removeprefix("value: ") for line in result.stdout.splitlines() if line.startswith("value: ")]
    assert values == [str(definitions(name)[q]) for q in starts]


@pytest.mark.parametrize("command", ["solve", "show"])
@pytest.mark.parametrize("name, why", [
    ("berzerk.py", "parse('2\\n') raised ValueError: expected k from 1 to n - 1 and then k steps from 1 to n - 1 for Rick"),
    ("madmax.py", "parse('2\\n') raised ValueError: expected the first line to be n m"),
])
def test_a_position_of_a_whole_input_file_is_a_whole_input(command, name, why):
    result = run([command, "--rules", path(name), "--position", "2"])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"error: --position: {path(name)} reads its whole input at once (it defines starts): --position takes a whole "
        f"input, and {why}\n"
    )


# -- check ---------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_check_a_one_case_file(name, tmp_path):
    case = tmp_path / "small.toml"
    case.write_text(
        f'game = "{rules(name).name}"\nrules = "{path(name)}"\n'
        'source = "worked by hand (tests/general/test_example_commands.py)"\n'
        f"input = '''\n{queries(name)[0]}'''\nexpected = '''\n{judged(name)}'''\n"
    )
    result = run(["check", str(case)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == (
        "1 case: every answer as expected, every formulation that ran agrees, every certificate valid"
    )


# -- show ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_show_draws_the_principal_line(name, tmp_path):
    out = tmp_path / "picture.svg"
    if whole(name):
        given = tmp_path / "small.in"
        given.write_text(queries(name)[0])
        result = run(["show", "--rules", path(name), str(given), "--out", str(out)])
    else:
        result = run(["show", "--rules", path(name), "--position", queries(name)[0].splitlines()[0], "--out", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    first = queries(name)[1][0]
    assert svg.startswith(("<svg", "<?xml"))
    assert f'principal-line">0. {escape(rules(name).show(first), quote=False)}: {definitions(name)[first]}' in svg


# -- play ----------------------------------------------------------------------------------------


def opening(v: Value, first: str, second: str) -> str:
    verb = {"you": ("win", "lose", "move"), "gamecert": ("wins", "loses", "moves")}
    if v.outcome == "score":
        return f"{first} {verb[first][2]} first and can end {v.number:+d} ahead (certified score {v.number})."
    words = {
        "win": f"{first} {verb[first][0]}",
        "lose": f"{first} {verb[first][1]}, so {second} {verb[second][0]}",
        "draw": "neither can force a win",
    }
    return f"The first mover ({first}): {v}: {words[v.outcome]}."


@pytest.mark.parametrize("name", LINES)
def test_play_first_with_no_moves_typed(name):
    text = queries(name)[0].splitlines()[0]
    first = queries(name)[1][0]
    result = run(["play", "--rules", path(name), "--position", text, "--human", "first"], input="")
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[:2] == [
        opening(definitions(name)[first], "you", "gamecert"),
        f"position {rules(name).show(first)}; your move ({MENU_HINT}):",
    ]
    # Then every position one move away, once, numbered, as the rules' format writes it (after its points, if any).
    r = rules(name)
    afters = dict.fromkeys(m[0] if r.kind == "score" else m for m in r.moves(first))
    assert [re.sub(r"^  +\d+\. ", "", line).split(", scoring")[0].split(" (and moves")[0] for line in lines[2:]] == [
        r.show(a) for a in afters
    ]
    assert [line.split(".")[0].strip() for line in lines[2:]] == [str(i) for i in range(1, len(afters) + 1)]
    assert result.stderr == "error: <stdin>: the input ended before the game did\n"


@pytest.mark.parametrize("name", LINES)
def test_play_second_gamecert_moves_first(name):
    text = queries(name)[0].splitlines()[0]
    first = queries(name)[1][0]
    result = run(["play", "--rules", path(name), "--position", text, "--human", "second"], input="")
    lines = result.stdout.splitlines()
    assert lines[0] == opening(definitions(name)[first], "gamecert", "you")
    assert lines[1].startswith("gamecert: to ")


def test_play_a_line_of_moves():
    # Take or pass from 4 2 0 (win 3): gamecert takes one (3 0 2, lose 2); the person takes one (2 2 0), gamecert two.
    result = run(["play", "--rules", path("pass_tokens.py"), "--position", "4 2 0", "--human", "second"], input="2 2 0\n")
    assert (result.exit_code, result.stdout) == (0, (
        "The first mover (gamecert): win 3: gamecert wins.\n"
        "gamecert: to 3 0 2\n"
        f"position 3 0 2; your move ({MENU_HINT}):\n"
        "  1. 2 2 0\n"
        "  2. 1 2 0\n"
        "you: to 2 2 0\n"
        "gamecert: to 0 0 2\n"
        "position 0 0 2; the game is over: gamecert wins.\n"
    ))


@pytest.mark.parametrize("name", WHOLE)
def test_play_is_not_offered_on_a_whole_input(name):
    result = run(["play", "--rules", path(name), "--position", "2"])
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        f"error: --position: {path(name)} reads its whole input at once (it defines starts): play needs a rules "
        "file of one position per line\n"
    )


# -- stress --------------------------------------------------------------------------------------


def reached_within(name: str, sizes: int, most: int) -> bool:
    """Whether the positions of sizes 0 to ``sizes`` reach at most ``most`` positions."""
    r = rules(name)
    todo = [p for size in range(sizes + 1) for p in r.positions(size)]
    seen = set(todo)
    while todo:
        p = todo.pop()
        if r.result is not None and r.result(p) is not None:
            continue
        for m in r.moves(p):
            q = m[0] if r.kind == "score" else m
            if q not in seen:
                seen.add(q)
                todo.append(q)
                if len(seen) > most:
                    return False
    return True


#: Examples whose positions of sizes 0 to 2 reach at most 3,000 positions: a candidate's run stays short.
#: The others (tic-tac-toe, Connect Four) are stressed through tests/general/test_commands.py's machinery on
#: smaller games; :func:`test_the_examples_left_out_are_the_large_ones` says why each is left out.
STRESS_SMALL = [name for name in STRESSED if name.startswith(("cat", "dom", "pass", "pred", "dots", "kalah"))]


def test_the_examples_left_out_are_the_large_ones():
    for name in STRESSED:
        assert reached_within(name, 2, 3000) == (name in STRESS_SMALL), name
        assert reached_within(name, 0, 3000) == (name in STRESS_SMALL), name


@pytest.mark.slow
@pytest.mark.parametrize("name", STRESS_SMALL)
def test_stress_a_right_candidate(name):
    """The candidate (tests/general/example_candidate.py) runs the contract's definitions on the example's rules."""
    right = candidate("general/example_candidate.py", path(name))
    result = run(["stress", "--rules", path(name), "--candidate", right, "--count", "3", "--max-size", "2"])
    assert (result.exit_code, result.stdout) == (0, f"stress {rules(name).name}: 3 cases passed (seed 1)\n"), result.output


@pytest.mark.parametrize("name", WHOLE)
def test_stress_refuses_a_whole_input(name):
    # Offered for its interactive problem (package --interactive), it has no stress cases.
    result = run(["stress", "--rules", path(name), "--candidate", "true"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "Usage: main stress [OPTIONS] {maze|bunny-egg|geography|split|cutting}\n"
        "Try 'main stress --help' for help.\n\n"
        f"Error: {path(name)} reads its whole input at once (it defines starts): stress needs a rules file of one "
        "position per line (docs/rules.md)\n"
    )


# -- audit --claim -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_audit_claim(name):
    if rules(name).claims:
        result = run(["audit", "--rules", path(name), "--claim", rules(name).claims[0], "--exhaustive", "1"])
        assert result.exit_code in (0, 3), result.output
        return
    result = run(["audit", "--rules", path(name), "--claim", "nothing", "--exhaustive", "1"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Error: no claim 'nothing' in {path(name)}; its claims: none (a claim is a module-level function that is "
        "not one of the rules)"
    )


# -- package -------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", STRESS_SMALL)
def test_package_problem_cases_and_files(name):
    problem = rules_game(path(name), Limits()).capability(Contest).problem()
    cases = list(problem.cases("small", 0))
    assert cases[0].name == "smallest" and cases[0].text
    assert {"sample", "every"} <= {c.group for c in cases}
    assert problem.reference in ("general_reference.py", "score_reference.py")
    assert problem.reference.startswith(rules(name).kind)


@pytest.mark.slow
def test_package_builds(tmp_path):
    out = tmp_path / "predict"
    result = run(["package", "--rules", path("predict_the_winner.py"), "--size", "small", "--out", str(out)])
    assert result.exit_code == 0, result.output
    files = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    assert {
        "problem.yaml", "CERTIFICATION.md", "data/testdata.yaml", "data/sample/001-smallest.in",
        "data/sample/001-smallest.ans", "input_validators/validator/validator.py",
        "problem_statement/problem.en.tex", "submissions/accepted/reference.py",
    } <= files  # fmt: skip
    assert any(f.startswith("data/secret/every/") for f in files)
    # The sample starts with the smallest position, [] (no numbers: a tie, which counts for player 1).
    sample = (out / "data/sample/001-smallest.in").read_text().splitlines()
    assert sample[0] == "[]"
    assert (out / "data/sample/001-smallest.ans").read_text().splitlines()[0] == "true"


@pytest.mark.parametrize("name", WHOLE)
def test_package_needs_positions(name, tmp_path):
    result = run(["package", "--rules", path(name), "--size", "small", "--out", str(tmp_path / "p")])
    assert result.exit_code == 1
    assert "defines no positions(size): a package draws its tests from every position" in result.stderr
