"""The JSOI2009 maze game: :class:`MazeGame` and its capabilities.

AA puts the token on a free cell; YY moves first, to a neighbouring free
cell; nobody enters a cell twice; whoever cannot move loses. It is
undirected vertex geography on the grid graph of the free cells
(:class:`~gamecert.verify.uvg.game.UvgGame`): AA wins from the cells the
player to move loses from. Vertices are the free cells in row-major order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gamecert.solvers.matching.graph import Graph, grid_graph
from gamecert.solvers.maze.solver import Maze, MazeSolution, format_maze_answer, maze_game, parse_maze
from gamecert.verify.capabilities import Contest, ExportStart, InteractiveContest
from gamecert.verify.game import Capability, Write
from gamecert.verify.maze.generator import MazeStressCases
from gamecert.verify.uvg.adapter import decomposition_json, vertex_rows
from gamecert.verify.uvg.game import UvgGame, UvgMidGame, UvgPictures, UvgStartPlay

if TYPE_CHECKING:
    from gamecert.verify.engine.interactive import InteractiveProblem
    from gamecert.verify.engine.problem import ContestProblem
    from gamecert.verify.uvg.start import CellStart

#: A cell as users name it: 1-based ``(row, col)``.
Cell = tuple[int, int]


class CellNames:
    """Vertex -> ``"(row,col)"`` (1-based) on one board, vertices being its free cells in row-major order."""

    def __init__(self, maze: Maze) -> None:
        self.cols = maze.shape[1]
        self.flat = np.flatnonzero(maze.free.ravel())

    def cell(self, v: int) -> Cell:
        r, c = divmod(int(self.flat[v]), self.cols)
        return r + 1, c + 1

    def __call__(self, v: int) -> str:
        return "({},{})".format(*self.cell(v))


class CellColumns:
    """The JSON integers of vertex names (``[row, col]``, 1-based) for an array of vertices of one solution."""

    def __init__(self, solution: MazeSolution) -> None:
        self.cells = solution.cells
        self.cols = solution.maze.shape[1]

    def __call__(self, v: np.ndarray) -> np.ndarray:
        c = self.cells[v]
        return np.stack([c // self.cols + 1, c % self.cols + 1], axis=1)


class MazeGame(UvgGame[Maze, MazeSolution]):
    """The maze game: AA's winning start cells, certified by the Gallai–Edmonds decomposition."""

    name = "maze"
    summary = "JSOI2009 maze game: AA's winning start cells"

    def parse(self, text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> Maze:
        return parse_maze(text, source, judge_limits)

    def solve(self, maze: Maze) -> MazeSolution:
        return maze_game(maze)

    def small(self, maze: Maze) -> bool:
        # Judge-size boards (up to 100x100) solve quicker as plain Python than numba
        # loads (benchmarks/limits.md).
        return int(maze.free.sum()) <= 10_000

    def write_answer(self, solution: MazeSolution, write: Write) -> None:
        write(format_maze_answer(solution.winning_cells).encode())

    def describe(self, solution: MazeSolution) -> dict:
        """The answer, AA's winning cells and the decomposition, cells named ``[row, col]`` (1-based)."""
        rows, cols = solution.maze.shape
        columns = CellColumns(solution)
        d = solution.decomposition.D
        return {
            "game": "maze",
            "rows": rows,
            "cols": cols,
            "answer": "WIN" if len(d) else "LOSE",
            "winning_cells": vertex_rows("[%d, %d]", d, columns),
        } | decomposition_json(solution.decomposition, "[%d, %d]", columns)

    def graph(self, maze: Maze) -> Graph:
        return grid_graph(maze.free)[0]

    def namer(self, maze: Maze) -> CellNames:
        return CellNames(maze)

    def search_rows(self, maze: Maze) -> list[str]:
        # The rule search reads the board text itself, not our grid graph.
        return maze.text().splitlines()[1:]

    def capabilities(self) -> tuple[Capability, ...]:
        from gamecert.verify.maze.exhaustive import MazeBoards

        starts = MazeStarts()
        return (
            MazeStressCases(),
            starts,
            UvgStartPlay(starts),
            UvgMidGame(starts),
            MazePictures(starts),
            MazeBoards(),
            MazeContest(),
            MazeInteractiveContest(),
        )


class MazeStarts(ExportStart[Maze]):
    """Start cells named ``ROW,COL`` (1-based), for ``export``, ``play``, ``solve --from`` and ``show --cell``."""

    def export_start(self, maze: Maze, vertex: str | None, source: str) -> CellStart:
        from gamecert.verify.uvg.start import maze_start  # export, play, show --cell, solve --from only

        return maze_start(maze, vertex, source)


class MazePictures(UvgPictures[Maze, MazeSolution, Cell]):
    """``gamecert show maze [--cell ROW,COL]``: the board by verdict, the matching, one cell's proof.

    A malformed ``--cell`` or a wall raises ``InputError`` located in ``--cell``.
    """

    focus_option = "--cell"

    def focused(self, maze: Maze, vertex: int) -> Cell:
        """The free cell of start ``vertex``, 1-based."""
        return CellNames(maze).cell(vertex)

    def draw(self, maze: Maze, solution: MazeSolution, focus: Cell | None = None) -> str:
        from gamecert.verify.maze.show import maze_picture

        return maze_picture(solution, focus)


class MazeContest(Contest):
    """``gamecert package maze``."""

    def problem(self) -> ContestProblem:
        from gamecert.verify.maze.contest import PROBLEM  # `gamecert package` only

        return PROBLEM


class MazeInteractiveContest(InteractiveContest):
    """``gamecert package maze --interactive``."""

    def problem(self) -> InteractiveProblem:
        from gamecert.verify.maze.contest.interactive import PROBLEM  # `gamecert package --interactive` only

        return PROBLEM
