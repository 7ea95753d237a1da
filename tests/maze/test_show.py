"""Maze pictures: rendered to PNG by cairosvg, every cell's colour read back against the solver's verdict."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gamecert.solvers.matching.types import D
from gamecert.solvers.maze.solver import Maze, maze_game, parse_maze
from gamecert.verify.engine import svg as draw
from gamecert.verify.maze.show import maze_cell_centre, maze_picture
from tests.pictures import pixel, render, rgb
from tests.support import run

SAMPLE = "3 3\n.##\n...\n#.#\n"


def random_maze(rows: int, cols: int, walls: float, seed: int) -> Maze:
    rng = np.random.default_rng(seed)
    return Maze(rng.random((rows, cols)) >= walls)


def check_every_cell(solution) -> int:
    """Assert each cell's centre has its verdict's colour; returns the cells checked."""
    rows, cols = solution.maze.shape
    image = render(maze_picture(solution))
    wins = {tuple(rc) for rc in solution.winning_cells.tolist()}
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            if not solution.maze.free[r - 1, c - 1]:
                want = draw.WALL
            else:
                want = draw.WIN if (r, c) in wins else draw.LOSE
            assert pixel(image, *maze_cell_centre(rows, cols, r, c)) == rgb(want), (r, c)
    return rows * cols


def test_sample_cells_have_their_verdicts_colours():
    solution = maze_game(parse_maze(SAMPLE))
    image = render(maze_picture(solution))
    # The judge's answer: AA wins from (2,3) and (3,2) only.
    assert pixel(image, *maze_cell_centre(3, 3, 2, 3)) == rgb(draw.WIN)
    assert pixel(image, *maze_cell_centre(3, 3, 3, 2)) == rgb(draw.WIN)
    assert pixel(image, *maze_cell_centre(3, 3, 1, 1)) == rgb(draw.LOSE)
    assert pixel(image, *maze_cell_centre(3, 3, 1, 2)) == rgb(draw.WALL)
    assert check_every_cell(solution) == 9


@pytest.mark.parametrize("seed", range(4))
def test_random_boards_every_cell(seed):
    rng = random.Random(seed)
    maze = random_maze(rng.randint(3, 14), rng.randint(3, 14), 0.3, seed)
    assert check_every_cell(maze_game(maze)) == maze.free.size


def test_a_lying_picture_is_caught():
    """Swap the verdicts of one cell in the drawing: the pixel check must notice."""
    solution = maze_game(parse_maze(SAMPLE))
    svg = maze_picture(solution).replace(draw.WIN, "#000001", 1)
    image = render(svg)
    colours = {pixel(image, *maze_cell_centre(3, 3, r, c)) for r, c in ((2, 3), (3, 2))}
    assert rgb("#000001") in colours


@pytest.mark.slow
def test_judge_size_board_every_cell():
    """A 100 x 100 board: all 10,000 cells read back (cells are 10 px, so the picture stays legible)."""
    solution = maze_game(random_maze(100, 100, 0.3, 7))
    assert check_every_cell(solution) == 10_000


def test_proof_of_every_cell_is_drawn_along_its_path():
    maze = random_maze(4, 5, 0.3, 5)
    solution = maze_game(maze)
    dec = solution.decomposition
    rows, cols = maze.shape
    kinds = set()
    for v in range(solution.graph.n):
        image = render(maze_picture(solution, solution.cell(v)))
        path = dec.paths.path(v) if dec.part[v] == D else [v, int(dec.matching.mate[v])]
        kinds.add(bool(dec.part[v] == D))
        for u in path:
            assert pixel(image, *maze_cell_centre(rows, cols, *solution.cell(u))) == rgb(draw.PROOF)
    assert kinds == {True, False}


def test_show_cli_svg_png_and_errors(tmp_path):
    board = tmp_path / "m.txt"
    board.write_text(SAMPLE)
    result = run(["show", "maze", str(board)])
    assert result.exit_code == 0
    assert result.stdout.startswith("<svg ") and result.stdout.endswith("</svg>\n")
    assert "AA wins from 2 of 5 free cells" in result.stdout
    out = tmp_path / "m.png"
    result = run(["show", "maze", str(board), "--cell", "2,3", "--out", str(out)])
    assert result.exit_code == 0 and result.stdout == ""
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result = run(["show", "maze", str(board), "--cell", "1,2"])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: --cell 1,2: ")
    result = run(["show", "maze", str(board), "--out", str(tmp_path / "m.gif")])
    assert result.exit_code == 2
    result = run(["show", "maze", str(board), "--vertex", "3"])
    assert result.exit_code == 2
    assert "--vertex is not available for maze" in result.stderr
