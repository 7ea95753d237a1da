"""The rectangle-cutting games: Split Game (cutting out a 1x1 loses) and Cutting Game (POJ 2311:
cutting out a 1x1 wins), by Sprague–Grundy tables.

The solver lives in :mod:`gamecert.solvers.cutting.solver`; its public names are re-exported here.
"""

from gamecert.solvers.cutting.solver import (
    CUTTING_LIMIT,
    JUDGE_LIMIT,
    MAX_TABLE,
    MIN_SIDE,
    RULES,
    SPLIT_LIMIT,
    Cut,
    GrundyTable,
    Piece,
    PositionSolution,
    QueryAnswers,
    cutting_game,
    cutting_position,
    cutting_queries,
    format_cutting_answer,
    format_position,
    format_split_answer,
    grundy_table,
    parse_cutting,
    parse_position,
    parse_queries,
    parse_split,
    split_game,
)

__all__ = [
    "Cut",
    "cutting_game",
    "CUTTING_LIMIT",
    "cutting_position",
    "cutting_queries",
    "format_cutting_answer",
    "format_position",
    "format_split_answer",
    "grundy_table",
    "GrundyTable",
    "JUDGE_LIMIT",
    "MAX_TABLE",
    "MIN_SIDE",
    "parse_cutting",
    "parse_position",
    "parse_queries",
    "parse_split",
    "Piece",
    "PositionSolution",
    "QueryAnswers",
    "RULES",
    "split_game",
    "SPLIT_LIMIT",
]
