"""The geography contest problem (limits of our own): its input validator enforces them exactly,
and the small package passes Kattis verifyproblem with the wrong and slow programs caught (slow)."""

from __future__ import annotations

from importlib import resources

import pytest

from tests.support import check_small_package, compiled, validate


@pytest.fixture(scope="module")
def validator(tmp_path_factory):
    source = resources.files("gamecert.verify.geography.contest").joinpath("validator.cpp")
    with resources.as_file(source) as path:
        return compiled(path, tmp_path_factory.mktemp("geography"))


@pytest.mark.parametrize(
    "text",
    [
        "5 5\n1 2\n2 3\n3 1\n3 4\n4 5\n",
        "1 0\n",
        "2000 0\n",
        "2 1\n2 1\n",
        "200 19900\n" + "".join(f"{i} {j}\n" for i in range(1, 201) for j in range(i + 1, 201)),
    ],
)
def test_valid_inputs(validator, text):
    assert validate(validator, text) == 42


@pytest.mark.parametrize(
    "text",
    [
        "0 0\n",
        "2001 0\n",
        "5 20001\n",
        "3 1\n2 2\n",  # self-loop
        "3 2\n1 2\n2 1\n",  # the same edge twice
        "3 1\n1 4\n",  # vertex out of range
        "3 2\n1 2\n",  # fewer edges than m
        "3 1\n1 2\n2 3\n",  # more edges than m
        "3 1\n1 2",  # no final newline
    ],
)
def test_invalid_inputs(validator, text):
    assert validate(validator, text) == 43


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_small_package_passes_verifyproblem(tmp_path):
    # heavy: every wrong program is caught there, and the slow one passes the time limit.
    check_small_package("geography", "geography", tmp_path / "geography", prefix="geography_", catching=("heavy",))
