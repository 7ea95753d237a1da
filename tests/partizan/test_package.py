"""``gamecert package --rules FILE`` for a partizan rules file: the small package of Toads and Frogs, its
standalone reference (verify/partizan/contest/partizan_reference.py) run as the judge runs it, and verifyproblem."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gamecert.solvers.rules.rules import Limits
from gamecert.verify.capabilities import Contest
from gamecert.verify.engine.package import write_package
from gamecert.verify.errors import PackageError
from gamecert.verify.partizan.contest import PartizanRulesProblem
from gamecert.verify.rules.contest import RulesProblem
from gamecert.verify.rules.load import rules_game
from tests.support import python_judge, run

ROOT = Path(__file__).resolve().parents[2]
TOADS = str(ROOT / "examples" / "toads_and_frogs.py")


def python(path: Path, text: str) -> subprocess.CompletedProcess:
    """``path`` run by a fresh Python 3 on stdin ``text``, as the judge runs it (no gamecert on its path)."""
    return subprocess.run([sys.executable, "-I", "-S", str(path)], input=text, capture_output=True, text=True,
                          check=False)


@pytest.fixture(scope="module")
def toads(tmp_path_factory):
    """The small package of Toads and Frogs, written (every answer certified) once."""
    out = tmp_path_factory.mktemp("partizan") / "toads"
    summary = write_package(rules_game(TOADS, Limits()), out, "small", 0)
    return out, summary


def test_the_package_is_certified_and_states_the_notation(toads):
    out, summary = toads
    assert summary.counts == {"sample": 1, "every": 2, "random": 2, "largest": 1}
    answers = {line for c in summary.cases for line in c.answer.splitlines()}
    # The cases hold more than numbers: nimbers, ups, switches, each with its outcome class.
    assert {"* N", "^ L", "v R", "1* L", "{1/2|0} N", "{0|-1*} N", "-3/2 R"} <= answers
    assert all("certificate" in c.checks for c in summary.cases)
    tex = (out / "problem_statement" / "problem.en.tex").read_text()
    assert tex.startswith("\\problemname{Toads And Frogs}")
    assert "those \\texttt{left} gives, Right's those \\texttt{right} gives." in tex
    assert "For each line, print $V$ and $O$ separated by a space, where $V$ is the position's value" in tex


@pytest.mark.slow
def test_the_reference_prints_every_certified_answer(toads):
    out, summary = toads
    reference = out / "submissions" / "accepted" / "reference.py"
    for c in summary.cases:
        answered = python(reference, c.case.text)
        assert (answered.returncode, answered.stderr) == (0, "")
        assert answered.stdout == c.answer, c.case.name


def test_the_reference_by_hand(toads):
    # T. = {.|} = {0|} = 1 and .F = -1; T.F: Left to .TF = {|T.} = {|1} = 0, Right to TF. = {.F|} = {-1|} = 0,
    # so {0|0} = *, a first-player win.
    out, _ = toads
    answered = python(out / "submissions" / "accepted" / "reference.py", "T.\n.F\nT.F\n")
    assert (answered.returncode, answered.stdout) == (0, "1 L\n-1 R\n* N\n")


def test_a_reference_that_would_disagree_is_refused(monkeypatch, tmp_path):
    # The reference made to write ups as "up": the agreement check on the cases refuses the package.
    template = RulesProblem.template

    def wrong(self, name):
        text = template(self, name)
        return text.replace('arrow = "^" if n > 0 else "v"', 'arrow = "up" if n > 0 else "v"')

    monkeypatch.setattr(PartizanRulesProblem, "template", wrong)
    problem = rules_game(TOADS, Limits()).capability(Contest).problem()
    with pytest.raises(PackageError, match=r"the package's reference answers line \d+ of case .* with 'up L', "
                                           r"the engine with '\^ L'"):
        list(problem.cases("small", 0))


def test_a_package_needs_positions(tmp_path):
    rules = tmp_path / "walk.py"
    rules.write_text('KIND = "partizan"\n\n\ndef parse(line):\n    return int(line)\n\n\n'
                     "def left(n):\n    return [n - 1] if n else []\n\n\ndef right(n):\n    return []\n")
    result = run(["package", "--rules", str(rules), "--out", str(tmp_path / "a"), "--size", "small"])
    assert (result.exit_code, result.stderr) == (1, (
        f"error: --out {tmp_path / 'a'}: {rules} defines no positions(size): a package draws its tests from every "
        "position of each size (docs/rules.md)\n"))


@pytest.mark.slow
def test_verifyproblem_accepts_the_reference(toads, tmp_path, monkeypatch):
    """``package --verify`` (config, data, validators, submissions) on the written package."""
    from gamecert.verify.engine.package import verify_package

    python_judge(tmp_path, monkeypatch)
    out, _ = toads
    report = verify_package(out)
    assert report.passed, report.output
    table = {row[0]: row[1:-1] for row in report.rows}
    assert all(cell.startswith("AC") for cell in table["reference.py"])
