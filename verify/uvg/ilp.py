"""Undirected vertex geography as integer programs (OR-Tools, CBC backend).

The player to move from ``v`` loses iff some maximum matching avoids ``v``
(``docs/theory.md``, *Undirected vertex geography*). Here that is asked of an integer program directly: the matching
number ``ν`` is the optimum of the matching ILP, and ``v`` is avoidable iff
the same ILP with ``x(δ(v)) = 0`` still reaches ``ν``. Nothing here uses
matching theory; it shares no code with :mod:`solvers` beyond the Graph type.
"""

from __future__ import annotations

from collections.abc import Callable

from ortools.linear_solver import pywraplp

from gamecert.solvers.errors import SolverError
from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import Outcomes

#: Backend of ``pywraplp``, chosen by measurement (see :func:`fits`).
ILP_BACKEND = "CBC"
#: Largest graph (vertices, edges) the ILP formulation is run on.
ILP_MAX_VERTICES = 200
ILP_MAX_EDGES = 1500


def fits(graph: Graph) -> str | None:
    """Whether :func:`ilp_outcomes` runs on ``graph`` (None) or why not.

    :func:`ilp_outcomes` solves up to ``n + 1`` integer programs, so its cost
    is about ``n`` solves of ``m`` binaries. Triangular lattices (odd cycles
    everywhere) are the slowest family, dense complete graphs the next; grids
    with cells removed and sparse random graphs stay quick. CBC was the
    quickest backend overall (SCIP is close, CP-SAT pays a presolve per
    model), hence :data:`ILP_BACKEND`. The limits are where whole calls stop
    finishing within seconds; the vertex limit was raised once ``gamecert
    check`` stopped every step at its time limit, which now cuts off the rest.
    The measurements are in ``benchmarks/limits.md``.
    """
    if graph.n > ILP_MAX_VERTICES:
        return f"{graph.n} vertices > {ILP_MAX_VERTICES} (ILP limit)"
    if graph.m > ILP_MAX_EDGES:
        return f"{graph.m} edges > {ILP_MAX_EDGES} (ILP limit)"
    return None


class MatchingILP:
    """max Σ x_e s.t. x(δ(u)) ≤ 1 for every vertex u, x binary.

    Plus the valid cut x(E(S)) ≤ (|S| - 1) / 2 for each odd connected
    component S. ``solve(avoid=v)`` turns vertex ``v``'s row into
    ``x(δ(v)) = 0`` for that solve only (one model per vertex, sharing the
    build).
    """

    def __init__(self, graph: Graph, name: Callable[[int], str] = str) -> None:
        solver = pywraplp.Solver.CreateSolver(ILP_BACKEND)
        if solver is None:
            raise SolverError(f"OR-Tools has no {ILP_BACKEND} backend")
        self.solver = solver
        edges = [(int(u), int(v)) for u, v in graph.edges()]
        # Model
        # Names as LP/MPS files allow them (no brackets): x_u_v, deg_u, odd_c,
        # vertices named by ``name`` (the export names cells and labels).
        self.x = {(u, v): solver.BoolVar(f"x_{name(u)}_{name(v)}") for u, v in edges}
        incident: list[list] = [[] for _ in range(graph.n)]
        for (u, v), var in self.x.items():
            incident[u].append(var)
            incident[v].append(var)
        # Constraints
        self.degree = {u: solver.Add(sum(xs) <= 1, f"deg_{name(u)}") for u, xs in enumerate(incident) if xs}
        # Valid cuts, sound by counting: a matching inside a connected
        # component S of odd size covers an even number of its vertices, so
        # has at most (|S| - 1) / 2 edges. They spare branch and bound the
        # parity proof on odd components (about halves the time on large
        # complete graphs; measurements in benchmarks/limits.md).
        component, members = graph.components()
        self.component = component
        inside: dict[int, list] = {}
        for (u, v), var in self.x.items():
            inside.setdefault(component[u], []).append(var)
        for c, xs in inside.items():
            if len(members[c]) % 2 == 1:
                solver.Add(sum(xs) <= len(members[c]) // 2, f"odd_{c + 1}")
        solver.Maximize(sum(self.x.values()))

    def solve(self, avoid: int | None = None) -> tuple[int, list[tuple[int, int]]]:
        """The optimum and an optimal matching, with ``x(δ(avoid)) = 0`` if given."""
        row = self.degree.get(avoid) if avoid is not None else None
        if row is not None:
            row.SetUb(0)
        # Solve
        try:
            status = self.solver.Solve()
            # Read the solution before the row is restored: any model change
            # invalidates it.
            return self._solution(status)
        finally:
            if row is not None:
                row.SetUb(1)

    def _solution(self, status: int) -> tuple[int, list[tuple[int, int]]]:
        if status != pywraplp.Solver.OPTIMAL:
            raise SolverError(f"ILP ({ILP_BACKEND}) ended with status {status}, not OPTIMAL")
        value = self.solver.Objective().Value()
        if abs(value - round(value)) > 1e-6:
            raise SolverError(f"ILP ({ILP_BACKEND}) optimum {value} is not integral")
        chosen = [e for e, var in self.x.items() if var.solution_value() > 0.5]
        if len(chosen) != round(value):
            raise SolverError(f"ILP ({ILP_BACKEND}) solution has {len(chosen)} edges, optimum {value}")
        return round(value), chosen


def ilp_matching_number(graph: Graph) -> int:
    """The matching number ν of a graph, as the optimum of the matching ILP.

    Notes
    -----
    ``max Σ x_e`` subject to ``x(δ(u)) ≤ 1`` for every vertex, ``x`` binary,
    solved by branch and bound (CBC through ``pywraplp``). Integrality is
    required: on odd cycles the LP relaxation exceeds ν. Exponential in the
    worst case, fast in practice (Edmonds' matching polytope [1]_ explains why
    few cuts are needed).

    References
    ----------
    .. [1] J. Edmonds, "Maximum matching and a polyhedron with 0,1-vertices",
       J. Res. Nat. Bur. Standards 69B, 1965. DOI 10.6028/jres.069B.013

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> ilp_matching_number(graph_from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]))
    2
    """
    return MatchingILP(graph).solve()[0]


def ilp_outcomes(graph: Graph) -> Outcomes:
    """Decide undirected vertex geography from every start vertex by integer programs.

    ``loses[v]`` is True iff the ILP with ``x(δ(v)) = 0`` still reaches ν,
    i.e. some maximum matching avoids ``v``. ``nu`` is filled in.

    Notes
    -----
    One ILP for ν, then one per vertex not yet known to be avoidable. Two
    shortcuts, both sound by counting alone: every optimal solution found (of
    value ν) is a maximum matching, so every vertex it leaves uncovered is
    avoidable and needs no model of its own; and when that first solution
    covers a whole connected component, every maximum matching does (its
    part in a component is a maximum matching of the component, so it has
    as many edges there as the first solution, which cover the component),
    so none of the component's vertices is avoidable. At most ``n + 1`` ILP solves; each is exponential
    in the worst case.

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> ilp_outcomes(graph_from_edges(3, [(0, 1), (1, 2)]))
    Outcomes(loses=(True, False, True), nu=1)
    """
    ilp = MatchingILP(graph)
    nu, matching = ilp.solve()
    n = graph.n
    loses = [True] * n
    for u, v in matching:
        loses[u] = loses[v] = False
    # Components with a vertex left uncovered by the first maximum matching.
    open_components = {ilp.component[v] for v in range(n) if loses[v]}
    if 2 * nu < n:
        for v in range(n):
            if loses[v] or ilp.component[v] not in open_components:
                continue
            value, matching = ilp.solve(avoid=v)
            if value > nu:
                raise SolverError(f"ILP avoiding {v} found {value} edges, more than ν = {nu}")
            if value == nu:
                covered = {w for e in matching for w in e}
                for w in range(n):
                    if w not in covered:
                        loses[w] = True
                if not loses[v]:
                    raise SolverError(f"ILP avoiding {v} returned a matching covering {v}")
    return Outcomes(tuple(loses), nu)


def ilp_outcomes_batched(graph: Graph, backend: str = ILP_BACKEND) -> Outcomes:
    """Decide undirected vertex geography from every start vertex, many vertices per ILP.

    For graphs too large for one model per vertex (case generation on 100×100
    boards). ``nu`` is filled in.

    Notes
    -----
    ν first (:func:`ilp_matching_number`), then repeatedly: maximise
    ``Σ y_v`` over the vertices ``U`` not yet known avoidable, subject to
    ``x(δ(u)) ≤ 1``, ``Σ x_e = ν`` and ``y_v + x(δ(v)) ≤ 1`` (``y_v = 1``
    only if ``v`` is uncovered). An optimum above 0 is a maximum matching
    leaving some of ``U`` uncovered: every vertex it leaves uncovered is
    avoidable, and ``U`` shrinks. An optimum of 0 proves that no vertex of
    ``U`` is missed by any maximum matching, so all of ``U`` is unavoidable.
    Sound by the same counting as :func:`ilp_outcomes`; at most ``n + 1``
    iterations, in practice a handful. ``backend`` is a ``pywraplp`` solver
    id (``"CBC"``, ``"SCIP"``, ``"SAT"`` for CP-SAT).

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> ilp_outcomes_batched(graph_from_edges(3, [(0, 1), (1, 2)]))
    Outcomes(loses=(True, False, True), nu=1)
    """
    nu = ilp_matching_number(graph)
    solver = pywraplp.Solver.CreateSolver(backend)
    if solver is None:
        raise SolverError(f"OR-Tools has no {backend} backend")
    edges = [(int(u), int(v)) for u, v in graph.edges()]
    # Model
    x = {(u, v): solver.BoolVar(f"x[{u},{v}]") for u, v in edges}
    y = {v: solver.BoolVar(f"y[{v}]") for v in range(graph.n)}
    incident: list[list] = [[] for _ in range(graph.n)]
    for (u, v), var in x.items():
        incident[u].append(var)
        incident[v].append(var)
    # Constraints
    for v in range(graph.n):
        solver.Add(sum(incident[v]) + y[v] <= 1, f"deg[{v}]")
    solver.Add(sum(x.values()) == nu, "nu")
    solver.Maximize(sum(y.values()))
    loses = [False] * graph.n
    while True:
        # Solve
        status = solver.Solve()
        if status != pywraplp.Solver.OPTIMAL:
            raise SolverError(f"ILP ({backend}) ended with status {status}, not OPTIMAL")
        value = round(solver.Objective().Value())
        chosen = [e for e, var in x.items() if var.solution_value() > 0.5]
        if len(chosen) != nu:
            raise SolverError(f"ILP ({backend}) solution has {len(chosen)} edges, expected ν = {nu}")
        if value == 0:
            return Outcomes(tuple(loses), nu)
        covered = {w for e in chosen for w in e}
        fresh = [v for v in range(graph.n) if v not in covered and not loses[v]]
        if not fresh:
            raise SolverError(f"ILP ({backend}) optimum {value} but no new uncovered vertex")
        for v in fresh:
            loses[v] = True
            y[v].SetUb(0)
