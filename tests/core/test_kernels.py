"""Kernels give the same results compiled (numba) and as plain Python."""

from __future__ import annotations

import numpy as np
import pytest

from gamecert.solvers import jit
from gamecert.solvers.bunny_egg.solver import bunny_egg
from gamecert.solvers.cutting import _kernels as cutting_kernels
from gamecert.solvers.cutting.rules import CUTTING, SPLIT
from gamecert.solvers.cutting.solver import grundy_table
from gamecert.solvers.matching.gallai_edmonds import METHODS, gallai_edmonds
from gamecert.solvers.matching.graph import graph_from_edges, grid_graph
from gamecert.solvers.maze.solver import Maze
from gamecert.verify.bunny_egg.families import random_game
from gamecert.verify.maze import families as fam


def decomposition_arrays(dec):
    return (
        dec.matching.mate,
        dec.part,
        dec.component,
        dec.paths.node_vertex,
        dec.paths.node_next,
        dec.paths.start,
    )


def both_modes(fn):
    with jit.python_kernels(False):
        compiled = fn()
    with jit.python_kernels(True):
        assert jit.running_python()
        python = fn()
    return compiled, python


def assert_same_arrays(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("density", [0.0, 0.1, 0.3])
def test_maze_decomposition(method, density):
    g = grid_graph(Maze.from_rows(fam.random_maze(23, 31, density, seed=4)).free)[0]
    compiled, python = both_modes(lambda: decomposition_arrays(gallai_edmonds(g, method)))
    assert_same_arrays(compiled, python)


@pytest.mark.parametrize("seed", range(4))
def test_general_graph_decomposition(seed):
    rng = np.random.default_rng(seed)
    g = graph_from_edges(60, rng.integers(0, 60, (90, 2)))
    assert g.side is None  # an odd cycle: the blossom kernels run
    compiled, python = both_modes(lambda: decomposition_arrays(gallai_edmonds(g)))
    assert_same_arrays(compiled, python)


@pytest.mark.parametrize("method", ["incremental", "incremental-forward"])
def test_bunny_egg_replay(method):
    game = random_game(7, 9, seed=3)
    compiled, python = both_modes(lambda: bunny_egg(game, method))
    fields = ("wins", "winning_move", "nu")
    assert_same_arrays([getattr(compiled, f) for f in fields], [getattr(python, f) for f in fields])
    assert compiled.bunny_mistakes == python.bunny_mistakes


@pytest.mark.parametrize("rule", [SPLIT, CUTTING], ids=lambda r: r.name)
def test_grundy_tables(rule):
    compiled, python = both_modes(lambda: cutting_kernels.grundy_kernel(14, rule.min_side, rule.no_unit))
    np.testing.assert_array_equal(compiled, python)
    # Small tables are filled by diagonals with array operations: the same table.
    for size in (*range(0, 30), 120):
        np.testing.assert_array_equal(
            grundy_table(rule, size).values, cutting_kernels.grundy_kernel(size, rule.min_side, rule.no_unit)
        )


def test_environment_forces_a_mode(monkeypatch):
    monkeypatch.setenv("GAMECERT_KERNELS", "compiled")
    with jit.python_kernels():
        assert not jit.running_python()
    monkeypatch.setenv("GAMECERT_KERNELS", "python")
    assert jit.running_python()
