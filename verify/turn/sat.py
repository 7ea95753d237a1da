"""What the SAT formulations of general and score games share: every query's value proven unique (:func:`unique`).

Each kind's encoding (:mod:`gamecert.verify.general.sat`, :mod:`gamecert.verify.score.sat`) labels the
queries' values by literals; one satisfiable call with every label assumed and one unsatisfiable call
with "some label fails" assumed prove that the labels hold in every model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gamecert.solvers.errors import SolverError


def unique(solver, labels: list[list[int]], true: int, fresh: Callable[[], int], values: Sequence) -> None:
    """Prove that every query's label (a conjunction of literals) holds in every model, by one SAT and one UNSAT call.

    The SAT call assumes every label; the UNSAT call switches on "some label
    fails": per query a fresh ``fails_i`` implying the negation of its label,
    and the clause ``switch -> OR_i fails_i``. ``true`` is the literal that is
    a unit (constants in labels), ``fresh()`` a new variable, ``values`` the
    queries' values for the message.
    """
    every = sorted({lit for label in labels for lit in label if abs(lit) != true})
    if any(lit == -true for label in labels for lit in label):
        raise SolverError("SAT: a query's label contradicts its constant")
    if not solver.solve(assumptions=every):
        raise SolverError("SAT: the queries' labels hold together in no model")
    switch, fails = fresh(), []
    for label in labels:
        fail = fresh()
        solver.add_clause([-fail, *(-lit for lit in label if lit != true)])
        fails.append(fail)
    solver.add_clause([-switch, *fails])
    if solver.solve(assumptions=[switch]):
        model = solver.get_model()
        i = next(i for i, fail in enumerate(fails) if model[fail - 1] > 0)
        raise SolverError(f"SAT: query {i + 1} is {values[i]} in one model and not in another")
