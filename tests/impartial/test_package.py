"""``gamecert package --rules FILE``: a Kattis problem for an impartial rules game with ``positions``.

The package's validator and reference are standalone Python 3 programs
generated from the rules file (verify/impartial/contest/, the planner in verify/rules/contest/); here they run as the
judge runs them, in a fresh interpreter. Expected answers come from theory or
from another solver: Nim by Bouton's theorem, misère Nim by its closed form
(lost iff every heap is 1 and their number is odd, or some heap is larger and
the xor is 0), the Split Game by gamecert's built-in solver (which shares no
code with rules files), and the validator's verdicts from what the statement
promises.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gamecert.solvers.rules.rules import Limits
from gamecert.verify.capabilities import Contest
from gamecert.verify.rules.contest import RulesProblem
from gamecert.verify.rules.load import rules_game
from tests.support import python_judge, run

ROOT = Path(__file__).resolve().parents[2]
NIM, MISERE_NIM, SPLIT = (str(ROOT / "examples" / f) for f in ("nim.py", "misere_nim.py", "split.py"))

def problem(path: str, size: str = "small") -> tuple[RulesProblem, list]:
    game = rules_game(path, Limits())
    p = game.capability(Contest).problem()
    return p, list(p.cases(size, 0))


def program(p: RulesProblem, name: str, folder: Path) -> Path:
    path = folder / name
    path.write_text(p.resource(name))
    return path


def python(path: Path, text: str) -> subprocess.CompletedProcess:
    """``path`` run by a fresh Python 3 on stdin ``text``, as the judge runs it (no gamecert on its path)."""
    return subprocess.run([sys.executable, "-I", "-S", str(path)], input=text, capture_output=True, text=True)


def test_nim_cases_and_limits():
    # examples/nim.py: positions(s) is the single heap s (size 0: no heap, the empty line). A small package
    # takes sizes 0..8, 100 lines a file.
    p, cases = problem(NIM)
    assert (p.plan.max_size, p.plan.lines) == (8, 100)
    names = [(c.group, c.name) for c in cases]
    assert names == [
        ("sample", "smallest"), ("every", "sizes-0-to-8"), ("random", "random-1"), ("random", "random-2"),
        ("largest", "largest-sizes"), ("largest", "size-8-repeated"),
    ]
    text = {c.name: c.text for c in cases}
    assert text["smallest"] == "\n1\n2\n3\n4\n"
    assert text["sizes-0-to-8"] == "\n" + "".join(f"{n}\n" for n in range(1, 9))
    assert text["largest-sizes"] == "".join(f"{n}\n" for n in range(8, 0, -1)) + "\n"
    assert text["size-8-repeated"] == "8\n" * 100
    assert all(len(text[f"random-{i}"].splitlines()) == 100 for i in (1, 2))
    assert {g for g, _ in p.groups} == {"every", "random", "largest"}


def test_statement():
    p, _ = problem(NIM)
    tex = p.resource("statement.tex")
    source = Path(NIM).read_text()
    first = "Nim: heaps of counters; a move takes one or more counters from one heap."
    assert tex.startswith("\\problemname{Nim}\n\n" + first)
    assert "\\begin{verbatim}\n" + source.rstrip("\n") + "\n\\end{verbatim}" in tex
    assert "The input has between $1$ and $100$ lines." in tex
    assert "for a size $s$ from $0$ to\n$8$, written exactly as \\texttt{format} writes it." in tex
    assert "\\texttt{win $N$}" in tex and "A player who cannot move loses." in tex
    misere, _ = problem(MISERE_NIM)
    assert "The player who makes the last move loses" in misere.resource("statement.tex")


def test_statement_escapes_the_docstring(tmp_path):
    rules = tmp_path / "odd.py"
    rules.write_text(
        '"""50% of $5 & #1_x {y} ~z ^w \\\\ end."""\n\n\ndef parse(line):\n    return int(line)\n\n\n'
        "def moves(n):\n    return range(n)\n\n\ndef positions(size):\n    return [size]\n"
    )
    p, _ = problem(str(rules))
    first = p.resource("statement.tex").split("\n\n")[1]
    assert first == r"50\% of \$5 \& \#1\_x \{y\} \textasciitilde{}z \textasciicircum{}w \textbackslash{} end."


def test_validator_accepts_every_case_and_refuses_what_the_statement_excludes(tmp_path):
    p, cases = problem(NIM)
    validator = program(p, "validator.py", tmp_path)
    for case in cases:
        assert python(validator, case.text).returncode == 42, case.name
    refused = {
        "9\n": "line 1: not a position of size 0 to 8",
        "03\n": "line 1: expected the position written as '3'",
        "3": "expected the last line to end with a newline",
        "": "expected at least one line",
        "3\r\n": "expected no carriage return",
        "x\n": "line 1: parse raised ValueError: expected heap sizes (whole numbers 0 or more), got 'x'",
        "0\n": "line 1: expected the position written as ''",  # no heap: the empty line, size 0
        "1\n" * 101: "expected at most 100 lines, got 101",
    }
    for text, reason in refused.items():
        checked = python(validator, text)
        assert (checked.returncode, checked.stdout) == (43, reason + "\n"), repr(text)


@pytest.mark.parametrize(
    "path, text, expected",
    [
        (NIM, "3 4 5\n1 2 3\n7\n\n", "win 2\nlose 0\nwin 7\nlose 0\n"),  # Bouton: the xor of the heaps
        (MISERE_NIM, "1 1 1\n2 2\n1 1\n3\n1 2 3\n", "lose\nlose\nwin\nwin\nlose\n"),
    ],
)
def test_reference_answers_by_theory(tmp_path, path, text, expected):
    p, _ = problem(path)
    answered = python(program(p, "reference.py", tmp_path), text)
    assert answered.returncode == 0, answered.stderr
    assert answered.stdout == expected


def test_reference_agrees_with_the_builtin_split_solver(tmp_path):
    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7) if a * b > 1]
    text = "".join(f"{a} {b}\n" for a, b in pairs)
    builtin = run(["solve", "split", "-"], input=text)
    assert builtin.exit_code == 0, builtin.output
    p, cases = problem(SPLIT)
    reference = program(p, "reference.py", tmp_path)
    assert python(reference, text).stdout == builtin.stdout
    for case in cases:  # the package's own cases: the reference against the built-in solver
        assert python(reference, case.text).stdout == run(["solve", "split", "-"], input=case.text).stdout, case.name


def test_package_needs_positions_and_lines_parse_reads(tmp_path):
    rules = tmp_path / "bare.py"
    rules.write_text("def parse(line):\n    return tuple(map(int, line.split()))\n\n\ndef moves(p):\n    return []\n")
    result = run(["package", "--rules", str(rules), "--out", str(tmp_path / "a"), "--size", "small"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: --out {tmp_path / 'a'}: {rules} defines no positions(size): a package draws its tests from every "
        "position of each size (docs/rules.md)\n"
    )
    with rules.open("a") as f:
        f.write("\n\ndef positions(size):\n    return [(size,)]\n")
    result = run(["package", "--rules", str(rules), "--out", str(tmp_path / "b"), "--size", "small"])
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"error: --out {tmp_path / 'b'}: str (the rules give no format) writes the position (0,) as '(0,)', "
        "and parse((0,)) raised ValueError"
    )
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_package_cli_writes_python_programs(tmp_path):
    out = tmp_path / "nimgame"
    result = run(["package", "--rules", NIM, "--out", str(out), "--size", "small"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:4] == ["sample           1 cases", "every            1 cases", "random           2 cases",
                         "largest          2 cases"]
    assert lines[-1] == "submissions: accepted/reference.py"
    assert (out / "input_validators" / "validator" / "validator.py").is_file()
    assert (out / "submissions" / "accepted" / "reference.py").is_file()
    assert not list(out.rglob("*.cpp"))
    # Every answer file is Bouton's: heap n alone has value n; the empty line, no heap, is lost.
    for answer in out.rglob("*.ans"):
        heaps = answer.with_suffix(".in").read_text().split("\n")[:-1]
        assert answer.read_text() == "".join(f"win {n}\n" if n else "lose 0\n" for n in heaps), answer.name


@pytest.mark.slow
def test_verifyproblem_accepts_the_reference_and_catches_a_wrong_program(tmp_path, monkeypatch):
    """The real verifyproblem on the small Nim package, Python 3 run by this Python (:func:`python_judge`)."""
    from gamecert.verify.engine.package import verify_package, write_package

    python_judge(tmp_path, monkeypatch)
    wrong = tmp_path / "always_lose.py"
    wrong.write_text("import sys\nsys.stdout.write(''.join('lose 0\\n' for _ in sys.stdin))\n")
    out = tmp_path / "nimgame"
    write_package(rules_game(NIM, Limits()), out, "small", 0, [("wrong_answer", wrong)])
    report = verify_package(out)
    assert report.passed, report.output
    table = {row[0]: row[1:-1] for row in report.rows}
    assert all(cell.startswith("AC") for cell in table["reference.py"])
    assert any(cell.startswith("WA") for cell in table["always_lose.py"])
