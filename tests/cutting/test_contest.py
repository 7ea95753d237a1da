"""The Split and Cutting contest problems: input validators enforce the limits exactly, and the
small packages pass Kattis verifyproblem with the wrong and slow programs caught (slow)."""

from __future__ import annotations

from importlib import resources

import pytest

from gamecert.solvers.cutting.rules import CUTTING, SPLIT
from gamecert.verify.capabilities import Contest
from gamecert.verify.cutting.contest import CuttingProblem
from gamecert.verify.registry import get_game
from tests.support import check_small_package, compiled, validate


@pytest.fixture(scope="module")
def validators(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cutting")
    out = {}
    for rule in (SPLIT, CUTTING):
        source = resources.files("gamecert.verify.cutting.contest").joinpath(rule.contest.validator)
        with resources.as_file(source) as path:
            out[rule.name] = compiled(path, folder)
    return out


@pytest.mark.parametrize("name, rule", [("split", SPLIT), ("cutting", CUTTING)])
def test_contest_problem_is_read_from_the_rule(name, rule):
    problem = get_game(name).capability(Contest).problem()
    assert isinstance(problem, CuttingProblem) and problem.rule == rule
    assert (problem.game, problem.title, problem.validator) == (name, rule.title, f"{name}_validator.cpp")
    for file in (problem.statement, problem.validator, problem.reference):
        assert problem.resource(file).strip()
    sample = next(iter(problem.cases("small", 0)))
    assert (sample.group, sample.text) == ("sample", rule.sample)


@pytest.mark.parametrize(
    "rule, text",
    [
        ("split", "1 2\n1 6\n4 3\n3 5\n"),
        ("split", "150 150\n2 1\n"),
        ("split", "1 2\n" * 22_499),
        ("cutting", "2 2\n3 2\n4 2\n"),
        ("cutting", "200 200\n2 200\n"),
        ("cutting", "2 2\n" * 40_000),
    ],
)
def test_valid_inputs(validators, rule, text):
    assert validate(validators[rule], text) == 42


@pytest.mark.parametrize(
    "rule, text",
    [
        ("split", "1 1\n"),  # N*M = 1
        ("split", "151 2\n"),
        ("split", "0 2\n"),
        ("split", "1 2\n" * 22_500),  # one line too many
        ("split", ""),
        ("split", "2  3\n"),
        ("split", "2 3"),  # no final newline
        ("split", "2 3 4\n"),
        ("cutting", "1 5\n"),  # side below 2
        ("cutting", "201 2\n"),
        ("cutting", "2 2\n" * 40_001),
        ("cutting", "2 2\n\n"),
    ],
)
def test_invalid_inputs(validators, rule, text):
    assert validate(validators[rule], text) == 43


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("rule", ["split", "cutting"])
def test_small_package_passes_verifyproblem(tmp_path, rule):
    # The groups where every wrong program is caught and the slow one passes the time limit.
    catching = {"split": ("random", "heavy"), "cutting": ("sample", "heavy")}[rule]
    check_small_package(rule, "cutting", tmp_path / rule, prefix=rule, catching=catching)
