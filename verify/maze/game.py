"""The JSOI2009 maze game in the registry."""

from __future__ import annotations

import numpy as np

from gamecert.solvers.matching.graph import grid_graph
from gamecert.solvers.maze.solver import Maze, MazeSolution, format_maze_answer, maze_game, parse_maze
from gamecert.verify.game import Game
from gamecert.verify.maze import generator
from gamecert.verify.uvg.adapter import decomposition_json, explain_outcomes, uvg_formulations
from gamecert.verify.uvg.export import maze_start


def _cell_namer(maze: Maze):
    """Vertex -> "(row,col)" (1-based), vertices being free cells in row-major order."""
    cols = maze.shape[1]
    flat = np.flatnonzero(maze.free.ravel())

    def name(v: int) -> str:
        r, c = divmod(int(flat[v]), cols)
        return f"({r + 1},{c + 1})"

    return name


def _to_json(sol: MazeSolution) -> dict:
    rows, cols = sol.maze.shape
    return {
        "game": "maze",
        "rows": rows,
        "cols": cols,
        "answer": "WIN" if len(sol.decomposition.D) else "LOSE",
        "winning_cells": sol.winning_cells.tolist(),
    } | decomposition_json(sol.decomposition, lambda v: list(sol.cell(v)))


def _certify(maze: Maze, sol: MazeSolution) -> list[str]:
    from gamecert.verify.uvg.certificate import check_decomposition

    return check_decomposition(sol.graph, sol.decomposition, _cell_namer(maze))


def _graph(maze: Maze):
    return grid_graph(maze.free)[0]


MAZE = Game(
    name="maze",
    summary="JSOI2009 maze game: AA's winning start cells",
    parse=lambda text, source, judge_limits: parse_maze(text, source, judge_limits),
    solve=maze_game,
    # Judge-size boards (up to 100x100) solve quicker as plain Python than numba
    # loads (benchmarks/limits.md).
    small=lambda maze: int(maze.free.sum()) <= 10_000,
    generator=generator,
    format=lambda sol: format_maze_answer(sol.winning_cells),
    to_json=_to_json,
    answer=lambda sol: sol.decomposition.outcomes(),
    certify=_certify,
    explain=lambda maze, expected, got: explain_outcomes(_cell_namer(maze), expected, got),
    # The rule search reads the board text itself, not our grid graph.
    formulations=uvg_formulations(_graph, lambda maze: maze.text().splitlines()[1:]),
    export_start=maze_start,
    contest="gamecert.verify.maze.contest:PROBLEM",
)
