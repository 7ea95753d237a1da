"""What the CP-SAT formulations of general and score games share: the solver's settings and a solve that
must end as expected (:func:`solve_expecting`).

Each kind's model (:mod:`gamecert.verify.general.cpsat`, :mod:`gamecert.verify.score.cpsat`) is solved
once for the values and once more to prove them unique.
"""

from __future__ import annotations

from gamecert.solvers.errors import SolverError
from gamecert.verify.errors import TimeLimitError

#: Seconds CP-SAT may spend on one solve; past it the formulation is skipped.
CPSAT_TIME_LIMIT = 60.0
#: CP-SAT workers: one keeps runs reproducible.
CPSAT_WORKERS = 1


def solve_expecting(solver, model, cp_model, expect: int, what: str) -> None:
    """Solve ``model``; raise unless the status is ``expect`` (past :data:`CPSAT_TIME_LIMIT`: a time limit)."""
    status = solver.solve(model)
    if status == cp_model.UNKNOWN:
        raise TimeLimitError(f"CP-SAT ran past {CPSAT_TIME_LIMIT:g} s ({what})")
    if status != expect:
        raise SolverError(
            f"CP-SAT ended with status {solver.status_name(status)} ({what}), expected {solver.status_name(expect)}"
        )
