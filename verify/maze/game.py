"""The JSOI2009 maze game in the registry."""

from __future__ import annotations

from types import ModuleType

import numpy as np

from gamecert.solvers.matching.graph import grid_graph
from gamecert.solvers.maze.solver import Maze, MazeSolution, format_maze_answer, maze_game, parse_maze
from gamecert.verify.game import Exhaustive, Game, Pictures
from gamecert.verify.maze import generator
from gamecert.verify.uvg.adapter import (
    decomposition_json,
    decomposition_json_stream,
    explain_outcomes,
    uvg_formulations,
    uvg_play,
)


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


def _json_stream(sol: MazeSolution) -> dict:
    """:func:`_to_json` with its arrays streamed (same bytes through :func:`~gamecert.verify.engine.jsonstream.write_json`)."""
    from gamecert.verify.engine.jsonstream import Rows

    rows, cols = sol.maze.shape
    cells = sol.cells

    def columns(v: np.ndarray) -> np.ndarray:
        c = cells[v]
        return np.stack([c // cols + 1, c % cols + 1], axis=1)

    d = sol.decomposition.D
    return {
        "game": "maze",
        "rows": rows,
        "cols": cols,
        "answer": "WIN" if len(d) else "LOSE",
        "winning_cells": Rows("[%d, %d]", len(d), lambda i, j: (columns(d[i:j]), None)),
    } | decomposition_json_stream(sol.decomposition, "[%d, %d]", columns)


def _certify(maze: Maze, sol: MazeSolution) -> list[str]:
    from gamecert.verify.uvg.certificate import check_decomposition

    return check_decomposition(sol.graph, sol.decomposition, _cell_namer(maze))


def _export_start(maze: Maze, vertex: str | None, source: str):
    from gamecert.verify.uvg.export import maze_start  # loaded by `gamecert export` only

    return maze_start(maze, vertex, source)


def _graph(maze: Maze):
    return grid_graph(maze.free)[0]


def _picture(maze: Maze, sol: MazeSolution, cell: str | None) -> str:
    from gamecert.verify.maze.show import picture

    return picture(maze, sol, cell)


_PLAY, _SOLVE_FROM = uvg_play(_export_start)


def _exhaustive_family() -> ModuleType:
    from gamecert.verify.maze import exhaustive  # campaigns only: not loaded by `gamecert solve`

    return exhaustive


def _contest_problem():
    from gamecert.verify.maze.contest import PROBLEM  # `gamecert package` only

    return PROBLEM


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
    json_stream=_json_stream,
    answer=lambda sol: sol.decomposition.outcomes(),
    certify=_certify,
    explain=lambda maze, expected, got: explain_outcomes(_cell_namer(maze), expected, got),
    # The rule search reads the board text itself, not our grid graph.
    formulations=uvg_formulations(_graph, lambda maze: maze.text().splitlines()[1:]),
    export_start=_export_start,
    pictures=Pictures(_picture, focus="--cell"),
    play=_PLAY,
    solve_from=_SOLVE_FROM,
    exhaustive=Exhaustive(_exhaustive_family, "board side", stress=True),
    contest=_contest_problem,
)
