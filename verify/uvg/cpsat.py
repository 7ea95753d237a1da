"""Undirected vertex geography as one CP-SAT model (OR-Tools), asked again with bounds changed.

The player to move from ``v`` loses iff some maximum matching avoids ``v``
(``docs/theory.md``, *Undirected vertex geography*). One integer model, any
graph (odd cycles included: CP-SAT proves integer optima itself). Nothing here
uses matching algorithms; it shares no code with :mod:`solvers` beyond the
Graph type.
"""

from __future__ import annotations

from gamecert.solvers.errors import SolverError
from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import Outcomes

#: CP-SAT search workers: one, as ``gamecert check`` runs a formulation per core.
CPSAT_WORKERS = 1


def cpsat_outcomes(graph: Graph) -> Outcomes:
    """Decide undirected vertex geography from every start vertex by one CP-SAT model.

    ``loses[v]`` is True iff some maximum matching leaves ``v`` uncovered.
    ``nu`` is filled in.

    Notes
    -----
    Booleans ``x_e`` (edge chosen) and ``y_v`` (``v`` counted as uncovered),
    ``AtMostOne(x(δ(v)) ∪ {y_v})`` per vertex, maximise ``(n + 1)·Σ x + Σ_{v ∈ U}
    y_v``: a matching edge outweighs all of ``y``, so an optimum is a maximum
    matching leaving as many vertices of ``U`` uncovered as possible. Each
    vertex it leaves uncovered is avoidable and leaves ``U`` (``y_v = 0`` from
    then on); an optimum with no ``y`` set proves that every maximum matching
    covers all of ``U``. Each solve is hinted with the previous optimum. At most
    ``n + 1`` solves, in practice a handful; each is NP-hard in general (an
    integer program), quick in practice.

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> cpsat_outcomes(graph_from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]))
    Outcomes(loses=(True, True, True, True, True), nu=2)
    """
    from ortools.sat.python import cp_model

    n = graph.n
    model = cp_model.CpModel()
    # Model
    x = {(u, v): model.NewBoolVar(f"x[{u},{v}]") for u, v in graph.edges().tolist()}
    y = [model.NewBoolVar(f"y[{v}]") for v in range(n)]
    incident: list[list] = [[] for _ in range(n)]
    for (u, v), var in x.items():
        incident[u].append(var)
        incident[v].append(var)
    # Constraints
    for v in range(n):
        model.AddAtMostOne([*incident[v], y[v]])
    model.Maximize((n + 1) * sum(x.values()) + sum(y))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = CPSAT_WORKERS
    # The LP relaxation of every constraint (bipartite graphs: integral), which one worker leaves out by default.
    solver.parameters.linearization_level = 2
    loses = [False] * n
    nu = None
    for _ in range(n + 1):
        # Solve
        status = solver.Solve(model)
        if status != cp_model.OPTIMAL:
            raise SolverError(f"CP-SAT ended with status {solver.StatusName(status)}, not OPTIMAL")
        chosen = [e for e, var in x.items() if solver.Value(var)]
        uncovered = [v for v in range(n) if solver.Value(y[v])]
        covered = {w for e in chosen for w in e}
        if len(covered) != 2 * len(chosen) or covered.intersection(uncovered):
            raise SolverError("CP-SAT solution is not a matching with its uncovered vertices")
        if nu is not None and len(chosen) != nu:
            raise SolverError(f"CP-SAT optimum has {len(chosen)} edges, ν = {nu} before")
        nu = len(chosen)
        if not uncovered:
            return Outcomes(tuple(loses), nu)
        model.ClearHints()
        picked = set(chosen)
        for e, var in x.items():
            model.AddHint(var, e in picked)
        for v in uncovered:
            loses[v] = True
            model.Add(y[v] == 0)
    raise SolverError(f"CP-SAT: {n + 1} solves, each setting a new vertex uncovered")
