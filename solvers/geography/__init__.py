"""Undirected vertex geography on any graph: who wins from each start vertex, with the certificate.

The solver lives in :mod:`gamecert.solvers.geography.solver`; its public names are re-exported here.
"""

from gamecert.solvers.geography.solver import (
    FORMATS,
    MAX_VERTICES,
    GeographyInput,
    GeographySolution,
    format_geography_answer,
    geography_game,
    geography_networkx,
    parse_geography,
)

__all__ = [
    "format_geography_answer",
    "FORMATS",
    "geography_game",
    "geography_networkx",
    "GeographyInput",
    "GeographySolution",
    "MAX_VERTICES",
    "parse_geography",
]
