"""The maze contest problem: its input validator enforces the judge's limits exactly, and the
small package passes Kattis verifyproblem with the wrong and slow programs caught (slow)."""

from __future__ import annotations

from importlib import resources

import pytest

from tests.support import check_small_package, compiled, validate

OPEN = "100 100\n" + ("." * 100 + "\n") * 100


@pytest.fixture(scope="module")
def validator(tmp_path_factory):
    source = resources.files("gamecert.verify.maze.contest").joinpath("validator.cpp")
    with resources.as_file(source) as path:
        return compiled(path, tmp_path_factory.mktemp("maze"))


@pytest.mark.parametrize("text", ["3 3\n.##\n...\n#.#\n", "1 1\n#\n", "1 1\n.\n", OPEN, "1 100\n" + "#" * 100 + "\n"])
def test_valid_inputs(validator, text):
    assert validate(validator, text) == 42


@pytest.mark.parametrize(
    "text",
    [
        "101 1\n" + ".\n" * 101,  # N over the limit
        "1 101\n" + "." * 101 + "\n",  # M over the limit
        "0 1\n",
        "1 0\n\n",
        "03 3\n.##\n...\n#.#\n",  # leading zero
        "3 3\n.##\n..\n#.#\n",  # short row
        "3 3\n.##\n....\n#.#\n",  # long row
        "3 3\n.##\n.x.\n#.#\n",  # bad character
        "3 3\n.##\n... \n#.#\n",  # trailing space
        "3 3\n.##\n...\n#.#",  # no final newline
        "3 3\n.##\n...\n#.#\n\n",  # extra line
        "3  3\n.##\n...\n#.#\n",  # two spaces
        "2 3\n.##\n...\n#.#\n",  # more rows than N
    ],
)
def test_invalid_inputs(validator, text):
    assert validate(validator, text) == 43


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_small_package_passes_verifyproblem(tmp_path):
    # wide: every wrong program is caught there; heavy: the slow one's time limit.
    check_small_package("maze", "maze", tmp_path / "maze", prefix="maze_", catching=("wide", "heavy"))
