"""The Bunny-and-Egg game class: its core methods, its formulations and its capabilities, and a
judge-size `gamecert solve` that loads no heavy library."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from importlib.resources.abc import Traversable

import pytest

from gamecert.solvers.bunny_egg.solver import bunny_egg, format_bunny_egg_answer, parse_bunny_egg
from gamecert.verify.bunny_egg import generator
from gamecert.verify.bunny_egg.audit import BUNNY_AUDITS
from gamecert.verify.bunny_egg.contest import PROBLEM, BunnyEggProblem
from gamecert.verify.bunny_egg.families import long_game
from gamecert.verify.bunny_egg.game import BunnyEggGame
from gamecert.verify.capabilities import Audits, Contest, ExhaustiveAudit, Pictures, StressCases
from gamecert.verify.registry import get_game

SAMPLE_3 = "4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n"


def test_the_registry_holds_the_class():
    game = get_game("bunny-egg")
    assert isinstance(game, BunnyEggGame) and game.name == "bunny-egg"
    kinds = [type(c).__mro__[1] for c in game.capabilities()]
    assert kinds == [StressCases, Audits, ExhaustiveAudit, Pictures, Contest]


def test_core_matches_the_solver():
    game = BunnyEggGame()
    instance = game.parse(SAMPLE_3.encode(), "<s>", True)
    solution = game.fast_solve(instance)
    assert game.format(solution) == format_bunny_egg_answer(bunny_egg(parse_bunny_egg(SAMPLE_3))) == "2\n1\n2\n"
    chunks: list[bytes] = []
    game.write_answer(solution, chunks.append)
    assert b"".join(chunks) == b"2\n1\n2\n"
    data = game.describe(solution)
    assert game.to_json(solution) == json.loads(json.dumps(data))
    assert data["bunny_mistakes"] == [1, 2] and data["egg_mistakes"] == [1] and data["answer"] == [1, 2]
    assert game.answer(solution) == solution.verdicts()
    assert game.certify(instance, solution) == []


def test_small_is_the_judge_size():
    game = BunnyEggGame()
    assert game.small(long_game(40, 40, 799, 0))
    assert not game.small(parse_bunny_egg(long_game(41, 40, 1, 0).text(), judge_limits=False))


@pytest.mark.parametrize("text", [SAMPLE_3, long_game(4, 5, 9, 3).text()])
def test_every_formulation_agrees(text):
    game = BunnyEggGame()
    instance = game.parse(text)
    fast = game.answer(game.fast_solve(instance))
    for formulation in game.formulations():
        assert formulation.fits(instance) is None, formulation.name
        assert formulation.run(instance) == fast, formulation.name


def test_formulations_predict_their_time_not_a_size():
    from gamecert.verify.engine.crosscheck import too_slow

    instance = long_game(40, 40, 799, 0)
    formulations = BunnyEggGame().formulations()
    assert all(f.fits(instance) is None for f in formulations)
    predicted = {f.name: f.predict(instance) for f in formulations}
    # The board search is exponential in the cells; the matching routes are linear in cells x positions.
    assert predicted["search"] > 1e10 > 600 > max(predicted[name] for name in ("lp", "sat-konig"))
    search = formulations[0]
    assert re.fullmatch(r"predicted \d\.\de\+\d+ years > 60 s", too_slow(search, instance, 60.0))
    assert too_slow(search, instance, 0) is None  # no limit: nothing is skipped for its prediction


def test_stress_cases_are_the_generator_functions():
    cases = BunnyEggGame().capability(StressCases)
    assert list(cases.edge_cases(6)) == list(generator.edge_cases(6))
    text = cases.random_case(random.Random(4), 9)
    assert text == generator.random_case(random.Random(4), 9)
    assert list(cases.reductions(text)) == list(generator.reductions(text))


def test_audits_pictures_and_contest():
    game = BunnyEggGame()
    assert game.capability(Audits).audits() == BUNNY_AUDITS
    assert [a.name for a in BUNNY_AUDITS] == ["bunny-exhaustive", "bunny-random"]
    pictures = game.capability(Pictures)
    assert pictures.focus_option is None
    instance = game.parse(SAMPLE_3)
    svg = pictures.draw(instance, game.solve(instance))
    assert svg.startswith("<svg") and "Bunny made 2 mistakes" in svg
    problem = game.capability(Contest).problem()
    assert problem is PROBLEM and isinstance(problem, BunnyEggProblem)
    assert isinstance(problem.resources, Traversable)
    assert problem.resource(problem.statement).startswith("\\problemname{Bunny and Egg}")
    assert [c.name for c in problem.cases("small", 0)][:3] == ["judge-sample-1", "judge-sample-2", "judge-sample-3"]


#: Run in a fresh interpreter: a judge-size solve in both output modes, then the heavy modules loaded.
SOLVE_AND_LIST = """
import sys
from gamecert.verify.cli import main
path = sys.argv[1]
for mode in ([], ["--json"]):
    sys.argv = ["gamecert", "solve", "bunny-egg", path, *mode]
    try:
        main()
    except SystemExit as exc:
        assert not exc.code, exc.code
heavy = ("networkx", "ortools", "pysat", "numba", "dask", "cairosvg")
print(" ".join(m for m in heavy if m in sys.modules), file=sys.stderr)
"""


def test_judge_size_solve_loads_no_heavy_library(tmp_path):
    path = tmp_path / "in.txt"
    path.write_text(long_game(40, 40, 799, 1).text())  # the largest board, the longest record
    done = subprocess.run([sys.executable, "-c", SOLVE_AND_LIST, str(path)], capture_output=True, text=True, check=True)
    assert done.stderr.strip() == ""
    answer, _, rest = done.stdout.partition("{")
    assert answer == format_bunny_egg_answer(bunny_egg(long_game(40, 40, 799, 1)))
    assert json.loads("{" + rest)["k"] == 799
