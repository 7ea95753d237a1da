"""Fast solvers for matching games and rectangle-cutting games.

Every solver is a pure function returning a frozen dataclass that carries its
own certificate; :mod:`verify` checks those certificates and cross-checks the
answers against independent formulations. The names below are imported on
first use, so a command that needs one game does not load the others.
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "AlternatingPaths": "decomposition",
    "Decomposition": "decomposition",
    "Matching": "decomposition",
    "Outcomes": "decomposition",
    "gallai_edmonds": "decomposition",
    "maximum_matching": "decomposition",
    "Graph": "graph",
    "graph_from_edges": "graph",
    "graph_from_networkx": "graph",
    "grid_graph": "graph",
    "Maze": "maze",
    "MazeSolution": "maze",
    "format_maze_answer": "maze",
    "maze_game": "maze",
    "parse_maze": "maze",
    "general_gallai_edmonds": "blossom",
    "general_maximum_matching": "blossom",
    "geography_game": "geography",
    "geography_networkx": "geography",
    "parse_geography": "geography",
    "format_geography_answer": "geography",
    "bunny_egg": "bunny_egg",
    "parse_bunny_egg": "bunny_egg",
    "format_bunny_egg_answer": "bunny_egg",
    "grundy_table": "cutting",
    "split_game": "cutting",
    "cutting_game": "cutting",
    "cutting_position": "cutting",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return __all__
