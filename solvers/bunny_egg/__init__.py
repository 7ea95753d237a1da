"""The NOI2011 Bunny and Egg game (Luogu P1971): Bunny's mistakes in a game record.

The solver lives in :mod:`gamecert.solvers.bunny_egg.solver`; its public names are re-exported here.
"""

from gamecert.solvers.bunny_egg.solver import (
    BOARD_LIMIT,
    METHODS,
    PIECE,
    PLAYERS,
    ROUNDS_LIMIT,
    BunnyEgg,
    BunnyEggAnalysis,
    Verdicts,
    bunny_egg,
    format_bunny_egg_answer,
    move_name,
    parse_bunny_egg,
    record_mistakes,
    reduction_graph,
)

__all__ = [
    "BOARD_LIMIT",
    "bunny_egg",
    "BunnyEgg",
    "BunnyEggAnalysis",
    "format_bunny_egg_answer",
    "METHODS",
    "move_name",
    "parse_bunny_egg",
    "PIECE",
    "PLAYERS",
    "record_mistakes",
    "reduction_graph",
    "ROUNDS_LIMIT",
    "Verdicts",
]
