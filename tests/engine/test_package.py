"""gamecert package: the writer's checks, its files, certification failures and the CLI's errors."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.resources import files

import pytest
import yaml

from gamecert.solvers.cutting.rules import CUTTING
from gamecert.solvers.errors import InputError
from gamecert.verify import registry
from gamecert.verify.capabilities import Contest
from gamecert.verify.cutting.game import CuttingGame
from gamecert.verify.engine import package
from gamecert.verify.engine.package import certify_case, contest_problem, parse_verifyproblem, verify_package, write_package
from gamecert.verify.engine.problem import ContestProblem, TestCase
from gamecert.verify.errors import CertificationError, PackageError
from gamecert.verify.game import Capability, Formulation
from gamecert.verify.registry import get_game
from tests.support import TESTS, cached_compiles, run

# The Cutting Game judges' sample and its published answer.
SAMPLE, SAMPLE_ANSWER = "2 2\n3 2\n4 2\n", "LOSE\nLOSE\nWIN\n"


class ToyProblem(ContestProblem):
    """The Cutting Game's files with three cases of our own."""

    game = "cutting"
    title = "Cutting Game"
    source = "POJ 2311"
    resources = files("gamecert.verify.cutting.contest")
    statement = "cutting_statement.tex"
    validator = "cutting_validator.cpp"
    reference = "cutting_reference.cpp"
    groups = (("edge", "edge pieces"),)

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        yield TestCase("sample", "judge-sample", SAMPLE, "the judges' sample")
        yield TestCase("edge", "smallest", "2 2\n", "the smallest piece")
        if size == "judge":
            yield TestCase("edge", "wide", "200 2\n", "the widest strip")


TOY = ToyProblem()


class ToyContest(Contest):
    def problem(self) -> ContestProblem:
        return TOY


class ToyGame(CuttingGame):
    """The Cutting Game with the toy problem as its contest, under ``name``."""

    def __init__(self, name: str = "cutting") -> None:
        super().__init__(CUTTING)
        self.name = name

    def capabilities(self) -> tuple[Capability, ...]:
        return tuple(c for c in super().capabilities() if not isinstance(c, Contest)) + (ToyContest(),)


class Liar(Formulation):
    """Says the first player wins every query."""

    name = "liar"

    def fits(self, pieces) -> str | None:
        return None

    def run(self, pieces) -> tuple[bool, ...]:
        return tuple(True for _ in pieces)


class LyingGame(ToyGame):
    def formulations(self) -> tuple[Formulation, ...]:
        return (Liar(),)


class RejectingGame(CuttingGame):
    """The Cutting Game with a certificate checker that rejects every certificate."""

    def __init__(self) -> None:
        super().__init__(CUTTING)

    def certify(self, pieces, solution) -> list[str]:
        return ["entry 2x2 is not the mex"]


def test_a_package_holds_the_kattis_layout_and_certified_answers(tmp_path):
    out = tmp_path / "cutting"
    extra = TESTS / "cutting" / "submissions" / "wrong_answer" / "cutting_offbyone.cpp"
    summary = write_package(ToyGame(), out, "judge", 0, [("wrong_answer", extra)])
    assert summary.counts == {"sample": 1, "edge": 2}
    assert (out / "data" / "sample" / "001-judge-sample.ans").read_text() == SAMPLE_ANSWER
    assert (out / "data" / "secret" / "edge" / "001-smallest.ans").read_text() == "LOSE\n"
    meta = yaml.safe_load((out / "problem.yaml").read_text())
    assert meta["name"] == "Cutting Game" and meta["validator_flags"] == "case_sensitive space_change_sensitive"
    assert "\\problemname{Cutting Game}" in (out / "problem_statement" / "problem.en.tex").read_text()
    assert (out / "input_validators" / "validator" / "validator.cpp").read_text().startswith("// Input validator")
    assert (out / "submissions" / "wrong_answer" / "cutting_offbyone.cpp").read_bytes() == extra.read_bytes()
    assert summary.submissions == ("accepted/reference.cpp", "wrong_answer/cutting_offbyone.cpp")
    note = (out / "CERTIFICATION.md").read_text()
    assert "| sample/001-judge-sample | the judges' sample | certificate, rule-search, plain-sg |" in note
    assert "| secret/edge/002-wide | the widest strip | certificate, plain-sg |" in note
    assert yaml.safe_load((out / "data" / "testdata.yaml").read_text()) == {"on_reject": "continue"}


def test_a_disagreeing_formulation_stops_the_package(tmp_path):
    with pytest.raises(CertificationError, match="sample/judge-sample: liar disagrees"):
        write_package(LyingGame(), tmp_path / "cutting")
    assert not (tmp_path / "cutting").exists()


def test_a_rejected_certificate_stops_the_package():
    with pytest.raises(CertificationError, match="the certificate is rejected: entry 2x2 is not the mex"):
        certify_case(RejectingGame(), TestCase("sample", "s", SAMPLE, ""))


def test_an_interactive_package_certifies_each_position_once(monkeypatch):
    # Two tests of one judge input (other names, as other roles or start cells have) and a third of another.
    calls = []

    def counted(game, case):
        calls.append(case.name)
        return certify_case(game, case)

    monkeypatch.setattr(package, "certify_case", counted)
    certify = package.certify_once()
    game = get_game("cutting")
    first = certify(game, TestCase("sample", "a", SAMPLE, ""))
    again = certify(game, TestCase("roles", "b", SAMPLE, ""))
    other = certify(game, TestCase("roles", "c", "2 2\n", ""))
    assert calls == ["a", "c"]
    assert again is first and again.answer == first.answer and first.checks[0] == "certificate"
    assert other.answer != first.answer


def test_a_case_outside_the_judge_limits_is_bad_input():
    with pytest.raises(InputError):
        certify_case(get_game("cutting"), TestCase("edge", "big", "201 2\n", ""))


@pytest.mark.parametrize(
    "name, message",
    [("Cutting", "not a Kattis short name"), ("cut-game", "not a Kattis short name")],
)
def test_the_folder_name_is_a_kattis_short_name(tmp_path, name, message):
    with pytest.raises(PackageError, match=message):
        write_package(ToyGame(), tmp_path / name)


def test_verifyproblem_failures_are_read_as_failures():
    log = (
        "   accepted/reference.cpp (C++) OK: AC [CPU: 0.00s @ testcase secret/a/001]\n"
        "ERROR wrong_answer/x.cpp (C++) got AC [CPU: 0.00s @ testcase secret/a/001]\n"
        "p tested: 1 error, 0 warnings\n"
    )
    report = parse_verifyproblem(log)
    assert [(v.submission, v.ok, v.detail) for v in report.verdicts] == [
        ("accepted/reference.cpp", True, "AC [CPU: 0.00s @ testcase secret/a/001]"),
        ("wrong_answer/x.cpp", False, "AC [CPU: 0.00s @ testcase secret/a/001]"),
    ]
    assert (report.errors, report.warnings, report.passed) == (1, 0, False)


def test_cli_needs_a_game_or_a_package():
    result = run(["package"])
    assert result.exit_code == 2
    assert "give GAME and --out DIR to write a package, or --verify DIR to check one" in result.output


def test_cli_game_needs_out():
    result = run(["package", "maze"])
    assert result.exit_code == 2 and "GAME needs --out DIR" in result.output


def test_cli_refuses_an_occupied_folder(tmp_path):
    (tmp_path / "maze").mkdir()
    (tmp_path / "maze" / "x").write_text("")
    result = run(["package", "maze", "--out", str(tmp_path / "maze")])
    assert result.exit_code == 1
    assert result.output == f"error: --out {tmp_path / 'maze'}: expected a new or empty folder\n"


def test_cli_refuses_a_folder_name_kattis_refuses(tmp_path):
    result = run(["package", "maze", "--out", str(tmp_path / "Maze_1")])
    assert result.exit_code == 1
    assert (
        result.output
        == f"error: --out {tmp_path / 'Maze_1'}: the folder's name is the problem's short name: only a-z and 0-9\n"
    )


def test_cli_submission_needs_a_category(tmp_path):
    result = run(["package", "maze", "--out", str(tmp_path / "maze"), "--submission", "wrong:x.cpp"])
    assert result.exit_code == 2 and "expected CATEGORY:PATH" in result.output


def test_cli_submission_must_exist(tmp_path):
    missing = tmp_path / "none.cpp"
    result = run(["package", "maze", "--out", str(tmp_path / "maze"), "--submission", f"wrong_answer:{missing}"])
    assert result.exit_code == 1
    assert result.output == f"error: --submission {missing}: no such file or folder\n"


def test_cli_verify_needs_a_package(tmp_path):
    result = run(["package", "--verify", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output == f"error: --verify {tmp_path}: expected a problem package folder (with problem.yaml)\n"


def test_cli_writes_a_package_and_summarises_it(tmp_path):
    registry.register(ToyGame("toycut"))
    try:
        result = run(["package", "toycut", "--out", str(tmp_path / "toy"), "--size", "small"])
    finally:
        registry.unregister("toycut")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == ["sample           1 cases", "edge             1 cases"]
    assert lines[2].startswith("1 secret cases, ") and lines[3] == "submissions: accepted/reference.cpp"
    assert (tmp_path / "toy" / "data" / "secret" / "edge" / "001-smallest.ans").read_text() == "LOSE\n"


def test_cli_refuses_two_submissions_of_one_name(tmp_path):
    program = TESTS / "cutting" / "submissions" / "wrong_answer" / "cutting_offbyone.cpp"
    args = ["package", "cutting", "--out", str(tmp_path / "cut"), "--submission", f"wrong_answer:{program}"]
    result = run(args + ["--submission", f"wrong_answer:{program}"])
    assert result.exit_code == 1
    assert (
        result.output == f"error: --out {tmp_path / 'cut'}: two submissions would be wrong_answer/cutting_offbyone.cpp\n"
    )


@pytest.mark.parametrize("game", ["maze", "bunny-egg", "geography", "split", "cutting"])
def test_contest_cases_are_seeded_and_within_the_judge_limits(game):
    g = get_game(game)
    problem = contest_problem(g)
    first = list(problem.cases("small", 0))
    assert [(c.group, c.name, c.text) for c in first] == [(c.group, c.name, c.text) for c in problem.cases("small", 0)]
    assert {c.text for c in first} != {c.text for c in problem.cases("small", 1)}
    groups = {c.group for c in first}
    assert groups == {"sample"} | {group for group, _ in problem.groups}
    assert len({c.text for c in first}) == len(first)  # no test twice
    for c in first:
        g.parse(c.text, f"{c.group}/{c.name}", True)  # raises InputError outside the judge's limits


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_cli_verify_fails_when_a_submission_lands_outside_its_category(tmp_path):
    # The reference itself, filed as a wrong answer: verifyproblem accepts it, which is an error.
    right = tmp_path / "right.cpp"
    right.write_text(TOY.resource(TOY.reference))
    out = tmp_path / "toy"
    cached_compiles(tmp_path)
    registry.register(ToyGame("toycut"))
    try:
        args = ["package", "toycut", "--out", str(out), "--size", "small"]
        result = run(args + ["--submission", f"wrong_answer:{right}", "--verify", str(out)])
    finally:
        registry.unregister("toycut")
    assert result.exit_code == 3, result.output
    lines = result.output.splitlines()
    assert lines[4].startswith("ok  accepted/reference.cpp: AC")
    assert lines[5].startswith("BAD wrong_answer/right.cpp: AC")
    assert lines[6].split() == ["Submission", "sample", "edge", "Time"]
    assert lines[-1].startswith("verifyproblem FAILED: 1 errors, 0 warnings")


def test_verifyproblem_is_stopped_at_its_time_limit(tmp_path):
    # verifyproblem's own start (Python and its imports) takes longer than 0.05 s: it is stopped, never waited for.
    (tmp_path / "problem.yaml").write_text("name: x\n")
    report = verify_package(tmp_path, seconds=0.05)
    assert not report.passed and report.returncode == -1 and report.seconds < 5
    assert report.lines()[-2:] == [
        "ERROR verifyproblem was stopped at the 0.05 s time limit",
        f"verifyproblem FAILED: 1 errors, 0 warnings ({report.seconds:.1f} s)",
    ]
