"""Installed distributions add games through the ``gamecert.games`` entry points: a rules module and a
Game subclass, each installed by pip into a folder of its own and used by a fresh ``gamecert``."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from tests.support import GAMECERT, run

pytestmark = pytest.mark.slow

PYPROJECT = """\
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "gamecert-toy-games"
version = "1.0"

[project.entry-points."gamecert.games"]
subtraction = "toy_games.subtraction"
evens = "toy_games.evens:EvensGame"

[tool.setuptools]
packages = ["toy_games"]
"""

# The subtraction game S(1, 3) as a rules module: heaps of n tokens, take 1 or 3.
SUBTRACTION = '''\
"""Take one or three tokens from a heap; whoever cannot move loses."""
NAME = "subtraction"


def parse(line):
    return int(line)


def moves(n):
    return [n - k for k in (1, 3) if k <= n]
'''

# A Game subclass of its own: "even" or "odd" per line; certify checks the parity again.
EVENS = '''\
from gamecert.verify.game import Game


class EvensGame(Game):
    name = "evens"
    summary = "whether each number is even"

    def parse(self, text, source="<input>", judge_limits=True):
        text = text.decode() if isinstance(text, bytes) else text
        return [int(w) for w in text.split()]

    def solve(self, instance):
        return tuple(n % 2 == 0 for n in instance)

    def write_answer(self, solution, write):
        write("".join("even\\n" if e else "odd\\n" for e in solution).encode())

    def describe(self, solution):
        return {"game": "evens", "answer": list(solution)}

    def answer(self, solution):
        return solution

    def certify(self, instance, solution):
        return [f"{n}" for n, e in zip(instance, solution) if (n % 2 == 0) != e]

    def explain(self, instance, fast, other):
        return "answers differ"
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The toy distribution, installed by pip into a folder of its own."""
    src = tmp_path_factory.mktemp("src")
    (src / "pyproject.toml").write_text(PYPROJECT)
    (src / "toy_games").mkdir()
    (src / "toy_games" / "__init__.py").write_text("")
    (src / "toy_games" / "subtraction.py").write_text(SUBTRACTION)
    (src / "toy_games" / "evens.py").write_text(EVENS)
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", str(target), str(src)],
        check=True, capture_output=True,
    )
    return target


def gamecert(site, *args: str, input: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(site))
    return subprocess.run([GAMECERT, *args], input=input, capture_output=True, text=True, env=env)


def test_an_installed_rules_module_is_a_game(site):
    result = gamecert(site, "solve", "subtraction", "-", input="0\n2\n4\n5\n")
    # S(1, 3): every move changes the parity of the heap, so the even heaps are lost (value 0), the odd won (1).
    assert (result.returncode, result.stdout, result.stderr) == (0, "lose 0\nlose 0\nlose 0\nwin 1\n", "")
    assert "subtraction" in gamecert(site, "solve", "--help").stdout


def test_an_installed_game_class_is_a_game(site):
    result = gamecert(site, "solve", "evens", "-", input="3 4\n")
    assert (result.returncode, result.stdout) == (0, "odd\neven\n")


def test_an_installed_game_is_checked(site, tmp_path):
    (tmp_path / "s.toml").write_text(textwrap.dedent("""\
        game = "subtraction"
        source = "agreement: retrograde analysis by hand (heaps 0..3 of S(1, 3))"
        input = '''
        3
        '''
        expected = '''
        win 1
        '''
        """))
    result = gamecert(site, "check", str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 case: every answer as expected" in result.stdout and result.stderr == ""


def test_without_the_distribution_the_name_is_unknown():
    result = run(["solve", "subtraction", "-"], input="1\n")  # this process: the toy distribution is not on its path
    assert result.exit_code == 2 and "'subtraction' is not one of" in result.stderr
