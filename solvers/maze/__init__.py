"""The JSOI2009 maze game (Luogu P4055): AA's winning start cells, with their certificate.

The solver lives in :mod:`gamecert.solvers.maze.solver`; its public names are re-exported here.
"""

from gamecert.solvers.maze.solver import (
    MAZE_LIMIT,
    Maze,
    MazeSolution,
    format_maze_answer,
    maze_game,
    parse_maze,
)

__all__ = [
    "format_maze_answer",
    "Maze",
    "maze_game",
    "MAZE_LIMIT",
    "MazeSolution",
    "parse_maze",
]
