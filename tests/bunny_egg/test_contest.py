"""The Bunny and Egg contest problem: its input validator enforces the judge's limits exactly (legal
moves, a record Egg wins), and the small package passes Kattis verifyproblem with the wrong and
slow programs caught (slow)."""

from __future__ import annotations

from importlib import resources

import pytest

from gamecert.verify.bunny_egg.contest import PROBLEM, SAMPLES, egg_wins
from tests.support import check_small_package, compiled, validate


@pytest.fixture(scope="module")
def validator(tmp_path_factory):
    source = PROBLEM.resources.joinpath(PROBLEM.validator)
    with resources.as_file(source) as path:
        return compiled(path, tmp_path_factory.mktemp("bunny"))


@pytest.mark.parametrize("text", [*SAMPLES, "1 40\n.O" + "X" * 38 + "\n1\n1 2\n1 3\n"])
def test_valid_inputs(validator, text):
    assert validate(validator, text) == 42
    assert egg_wins(text)


@pytest.mark.parametrize(
    "text",
    [
        "1 41\n.O" + "X" * 39 + "\n1\n1 2\n1 3\n",  # m over the limit
        "1 6\nXO.O.O\n1\n1 2\n1 1\n",  # two empty cells
        "1 6\nXOXOXO\n1\n1 2\n1 1\n",  # no empty cell
        "1 6\nXO.OXO\n0\n",  # k = 0
        "1 6\nXO.OXO\n1\n1 1\n1 2\n",  # Bunny's move not next to the empty cell
        "1 6\nXX.OXO\n1\n1 2\n1 1\n",  # Bunny moves a black piece
        "1 6\nXO.OXO\n1\n1 2\n1 3\n",  # Egg moves a white piece
        "1 7\nXO.OXOO\n1\n1 4\n1 5\n",  # Bunny can still move at the end
        "1 6\nXO.OXO\n1\n1 2\n1 1",  # no final newline
        "1 6\nXO.OXO \n1\n1 2\n1 1\n",  # trailing space
    ],
)
def test_invalid_inputs(validator, text):
    assert validate(validator, text) == 43


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_small_package_passes_verifyproblem(tmp_path):
    # sample and left-behind: the wrong programs that only they catch; heavy: the rest, and the slow one's time limit.
    check_small_package("bunny-egg", "bunny_egg", tmp_path / "bunnyegg", catching=("sample", "left-behind", "heavy"))
