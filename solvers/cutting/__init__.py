"""The rectangle-cutting games: Split Game (cutting out a 1x1 loses), Cutting Game (POJ 2311:
cutting out a 1x1 wins) and any other rule described by a
:class:`~gamecert.solvers.cutting.rules.CuttingRule`, by Sprague–Grundy tables.

The rules live in :mod:`gamecert.solvers.cutting.rules`, the solver in
:mod:`gamecert.solvers.cutting.solver`; their public names are re-exported here, each
imported on first use, so that the judge's path (:mod:`gamecert.solvers.cutting.judge`)
reads the rules without loading the solver's numpy.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing's own constant would import typing on the judge's path
if TYPE_CHECKING:  # the names as static tools see them
    from gamecert.solvers.cutting.rules import CUTTING, SPLIT, ContestData, CuttingRule
    from gamecert.solvers.cutting.solver import (
        MAX_TABLE,
        RULES,
        Cut,
        GrundyTable,
        Piece,
        Pieces,
        PositionSolution,
        QueryAnswers,
        cutting_game,
        cutting_position,
        cutting_queries,
        format_answer,
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
    "ContestData",
    "Cut",
    "CUTTING",
    "cutting_game",
    "cutting_position",
    "cutting_queries",
    "CuttingRule",
    "format_answer",
    "format_cutting_answer",
    "format_position",
    "format_split_answer",
    "grundy_table",
    "GrundyTable",
    "MAX_TABLE",
    "parse_cutting",
    "parse_position",
    "parse_queries",
    "parse_split",
    "Piece",
    "Pieces",
    "PositionSolution",
    "QueryAnswers",
    "RULES",
    "SPLIT",
    "split_game",
]

#: The re-exported names of :mod:`.rules`; the others are :mod:`.solver`'s.
_RULES_NAMES = {"ContestData", "CUTTING", "CuttingRule", "SPLIT"}


def __getattr__(name: str):
    if name in _RULES_NAMES:
        from gamecert.solvers.cutting import rules as module
    elif name in __all__:
        from gamecert.solvers.cutting import solver as module
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
