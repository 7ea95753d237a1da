"""Octal games: the nim-sequence of an octal code, its period, and the proof that the period lasts.

:mod:`.code` reads a code into a frozen :class:`~.code.OctalCode`; :mod:`.kernel`
holds the plain quadratic kernel; :mod:`.solver` the public
:func:`~.solver.nim_sequence`, the periodicity search and proof, and the
judge-format queries ``CODE N``. The sparse-space kernel is
:mod:`.sparse` (same contract as :func:`.kernel.nim_sequence_plain`).
"""

from gamecert.solvers.octal.code import OctalCode, parse_code
from gamecert.solvers.octal.solver import (
    OctalAnswers,
    OctalQuery,
    Periodicity,
    nim_sequence,
    octal_periodicity,
    octal_queries,
    parse_octal_queries,
    period_search,
)

__all__ = [
    "OctalAnswers",
    "OctalCode",
    "OctalQuery",
    "Periodicity",
    "nim_sequence",
    "octal_periodicity",
    "octal_queries",
    "parse_code",
    "parse_octal_queries",
    "period_search",
]
