"""Short partizan games: canonical forms, their sums and comparison, stops, thermographs and cooling, and the
solver of rules files whose players have their own moves (``KIND = "partizan"``).

:mod:`.form` holds the hash-consed :class:`~.form.Form`; :mod:`.engine` the arithmetic of canonical forms;
:mod:`.notation` CGSuite's notation, written and read; :mod:`.thermo` stops, thermographs, mean,
temperature and cooling; :mod:`.solver` the solver of rules.
"""

from gamecert.solvers.partizan.engine import (
    ZERO,
    add,
    add_all,
    as_nus,
    birthday,
    canonical,
    canonical_of,
    equal,
    le,
    neg,
    number,
    nus,
    outcome,
    subtract,
)
from gamecert.solvers.partizan.form import Form, from_plain
from gamecert.solvers.partizan.notation import NotationError, notation, parse_notation, plain_notation
from gamecert.solvers.partizan.solver import PartizanSolution, partizan_game
from gamecert.solvers.partizan.thermo import Thermograph, cool, mean, stops, temperature, thermograph

__all__ = [
    "ZERO",
    "Form",
    "NotationError",
    "PartizanSolution",
    "Thermograph",
    "add",
    "add_all",
    "as_nus",
    "birthday",
    "canonical",
    "canonical_of",
    "cool",
    "equal",
    "from_plain",
    "le",
    "mean",
    "neg",
    "notation",
    "number",
    "nus",
    "outcome",
    "parse_notation",
    "partizan_game",
    "plain_notation",
    "stops",
    "subtract",
    "temperature",
    "thermograph",
]
