"""The Bunny-and-Egg stress generator: its families, long and short records, reductions, shrinking,
and a wrong program caught."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.bunny_egg import bunny_egg as analyse_bunny_egg
from gamecert.solvers.bunny_egg import parse_bunny_egg
from gamecert.solvers.jit import python_kernels
from gamecert.verify.bunny_egg import generator as bunny_egg
from gamecert.verify.engine.stress import StressKind, stress
from gamecert.verify.registry import get_game
from tests.generator_checks import check_reductions, check_valid, shrink
from tests.support import candidate


def test_bunny_egg_edge_cases_cover_the_families():
    cases = {name: parse_bunny_egg(text) for name, text in bunny_egg.edge_cases(40)}
    # The longest record the largest board allows: the empty cell visits every cell.
    longest = cases["40x40 longest record (snake)"]
    assert longest.k == (40 * 40 - 1) // 2
    assert cases["smallest corridor 1x3"].shape == (1, 3)
    assert cases["corridor 1x40 from the end"].k == 19
    assert {"judge sample 1", "judge sample 2", "judge sample 3"} <= set(cases)
    # Around the start every neighbour is white: Bunny has four choices.
    game = cases["start surrounded by O"]
    r, c = game.start
    assert all(game.board[r + dr, c + dc] == ord("O") for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
    assert max(g.k for name, g in cases.items() if "random walk" in name) > 500


def test_bunny_egg_random_records_are_long_and_short():
    ks = [parse_bunny_egg(bunny_egg.random_case(random.Random(seed), 12)).k for seed in range(60)]
    assert min(ks) == 1 and max(ks) >= 30


def test_bunny_egg_large_record_reductions():
    text = dict(bunny_egg.edge_cases(40))["40x40 long random walk"]
    assert check_reductions("bunny-egg", text, limit=12) == 12
    first = next(bunny_egg.reductions(text))
    assert bunny_egg.measure(first) < bunny_egg.measure(text)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 8))
def test_bunny_egg_reductions_hypothesis(seed, size):
    text = bunny_egg.random_case(random.Random(seed), size)
    check_valid("bunny-egg", text)
    check_reductions("bunny-egg", text)


def has_bunny_mistake(text: str) -> bool:
    with python_kernels():  # tiny boards: skip loading numba
        return bool(analyse_bunny_egg(parse_bunny_egg(text)).bunny_mistakes)


def test_bunny_egg_shrinks_a_mistake_to_one_round():
    shrunk = 0
    for seed in range(30):
        text = bunny_egg.random_case(random.Random(seed), 8)
        if not has_bunny_mistake(text):
            continue
        small = shrink(bunny_egg, text, has_bunny_mistake)
        cells, k, _ = bunny_egg.measure(small)
        assert has_bunny_mistake(small) and k == 1 and cells <= 6, small
        shrunk += 1
    assert shrunk >= 4


def test_stress_bunny_egg_catches_a_dropped_last_mistake(tmp_path):
    result = stress(get_game("bunny-egg"), candidate("bunny_egg/candidate.py", "--wrong"), count=30, seed=3,
                    max_size=8, timeout=20, out=tmp_path)
    assert result.failure is not None and result.failure.verdict.kind is StressKind.WRONG
    shrunk = result.failure.shrunk
    cells, k, _ = bunny_egg.measure(shrunk.text)
    assert cells <= 4 and k == 1 and shrunk.steps >= 1
    assert cells < bunny_egg.measure(result.failure.case.text)[0]
    assert (tmp_path / "bunny-egg-wrong-answer.ans").read_text().split() == ["1", "1"]

