"""gamecert package --interactive: the package's files, the certified roles, the CLI's errors, and the
cases of every interactive problem (seeded, every group filled, each position within the judge's limits)."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.resources import files

import pytest
import yaml

from gamecert.verify import registry
from gamecert.verify.capabilities import InteractiveContest
from gamecert.verify.engine.package import certify_role, interactive_problem
from gamecert.verify.engine.problem import TestCase
from gamecert.verify.errors import PackageError
from gamecert.verify.maze.contest.interactive import MazeInteractive
from gamecert.verify.maze.game import MazeGame
from tests.support import run

BOARD = "3 3\n.##\n...\n#.#\n"


class ToyMazeInteractive(MazeInteractive):
    """The interactive maze's files with three cases: the judges' board from three starts."""

    groups = (("starts", "the judges' board"),)
    resources = files("gamecert.verify.maze.contest")

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        yield TestCase("sample", "centre", BOARD + "2 2\n", "won by FIRST")
        yield TestCase("starts", "corner", BOARD + "1 1\n", "won by FIRST")
        yield TestCase("starts", "end", BOARD + "3 2\n", "won by SECOND")


class ToyContest(InteractiveContest):
    def problem(self) -> ToyMazeInteractive:
        return ToyMazeInteractive()


class ToyMaze(MazeGame):
    name = "toymaze"

    def capabilities(self):
        return (ToyContest(),)


@pytest.mark.slow
def test_cli_writes_an_interactive_package(tmp_path):
    out = tmp_path / "toy"
    with registry.registered(ToyMaze()):
        result = run(["package", "toymaze", "--interactive", "--out", str(out), "--size", "small"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == ["sample           1 cases", "starts           2 cases"]
    assert lines[3] == "submissions: accepted/reference.cpp"
    config = yaml.safe_load((out / "problem.yaml").read_text())
    assert config["validation"] == "custom interactive" and "validator_flags" not in config
    assert sorted(p.name for p in (out / "output_validators" / "interactor").iterdir()) == [
        "interactor.cpp",
        "uvg_jury.hpp",
    ]
    assert sorted(p.name for p in (out / "input_validators" / "validator").iterdir()) == [
        "strict_reader.hpp",
        "validator.cpp",
    ]
    roles = {p.name: p.read_text() for p in sorted((out / "data").rglob("*.ans"))}
    assert roles == {"001-centre.ans": "FIRST\n", "001-corner.ans": "FIRST\n", "002-end.ans": "SECOND\n"}
    assert "\\section*{Interaction}" in (out / "problem_statement" / "problem.en.tex").read_text()
    assert "--interactive" in (out / "CERTIFICATION.md").read_text()


def test_a_role_is_certified_through_the_position():
    # The judges' board is certified as the maze game's own judge input: AA wins from (2,3) and (3,2).
    problem = ToyMazeInteractive()
    certified = certify_role(registry.get_game("maze"), problem, TestCase("s", "x", BOARD + "2 3\n", "x"))
    assert certified.answer == "SECOND\n"
    assert certified.checks[0] == "certificate" and len(certified.checks) > 1


def test_cli_refuses_interactive_for_a_game_without_it(tmp_path):
    result = run(["package", "bunny-egg", "--interactive", "--out", str(tmp_path / "b")])
    assert result.exit_code == 2
    assert "bunny-egg has no interactive problem (--interactive)" in result.output


def test_a_game_without_an_interactive_problem_is_refused():
    with pytest.raises(PackageError, match="bunny-egg has no interactive problem"):
        interactive_problem(registry.get_game("bunny-egg"))


@pytest.mark.slow
@pytest.mark.parametrize("game", list(registry.games_with(InteractiveContest)))
def test_interactive_cases_are_seeded_and_within_the_judge_limits(game):
    g = registry.get_game(game)
    problem = interactive_problem(g)
    first = list(problem.cases("small", 0))
    assert [(c.group, c.name, c.text) for c in first] == [(c.group, c.name, c.text) for c in problem.cases("small", 0)]
    assert {c.group for c in first} == {"sample"} | {group for group, _ in problem.groups}
    assert len({c.text for c in first}) == len(first)
    for c in first:
        g.parse(problem.position(c.text), f"{c.group}/{c.name}", True)
        engine = problem.play_engine(g, c.text)  # the start is a vertex of the position
        assert engine.moves() is not None
