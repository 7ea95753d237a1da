"""Fast solvers for matching games and rectangle-cutting games.

Every solver is a pure function returning a frozen dataclass that carries its
own certificate; :mod:`verify` checks those certificates and cross-checks the
answers against independent formulations.
"""

from .decomposition import AlternatingPaths, Decomposition, Matching, Outcomes, gallai_edmonds, maximum_matching
from .graph import Graph, graph_from_edges, graph_from_networkx, grid_graph
from .maze import Maze, MazeSolution, format_maze_answer, maze_game, parse_maze

__all__ = [
    "AlternatingPaths",
    "Decomposition",
    "Graph",
    "Matching",
    "Maze",
    "MazeSolution",
    "Outcomes",
    "format_maze_answer",
    "gallai_edmonds",
    "graph_from_edges",
    "graph_from_networkx",
    "grid_graph",
    "maximum_matching",
    "maze_game",
    "parse_maze",
]
