"""Undirected vertex geography on a bipartite graph as linear programs (OR-Tools, GLOP), one warm-started model.

The player to move from ``v`` loses iff some maximum matching avoids ``v``
(``docs/theory.md``, *Undirected vertex geography*). On a bipartite graph the
matching polytope is the LP relaxation itself: the vertex-edge incidence matrix,
with an identity block beside it, is totally unimodular, so every basic optimum
of the linear programs here is integral and no branching is needed. Nothing here
uses matching algorithms; it shares no code with :mod:`solvers` beyond the Graph
type, and finds the bipartition itself (:func:`bipartition`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gamecert.solvers.errors import SolverError
from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import Outcomes

#: ``pywraplp`` backend: Google's primal/dual simplex, which keeps its basis between solves (a warm start).
LP_BACKEND = "GLOP"
#: Largest distance of an optimal value from an integer accepted as that integer.
INTEGRAL = 1e-6


def bipartition(graph: Graph) -> list[int] | None:
    """A side 0/1 per vertex with every edge joining the two sides, or None when the graph has an odd cycle.

    Breadth-first search with an explicit queue, ``O(n + m)``.

    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> bipartition(graph_from_edges(3, [(0, 1), (1, 2)])), bipartition(graph_from_edges(3, [(0, 1), (1, 2), (2, 0)]))
    ([0, 1, 0], None)
    """
    side = [-1] * graph.n
    for root in range(graph.n):
        if side[root] >= 0:
            continue
        side[root] = 0
        queue = [root]
        for u in queue:
            for w in graph.neighbors(u).tolist():
                if side[w] < 0:
                    side[w] = 1 - side[u]
                    queue.append(w)
                elif side[w] == side[u]:
                    return None
    return side


def not_bipartite(graph: Graph) -> str | None:
    """Why the LP routes cannot run on ``graph`` (an odd cycle: the LP is not integral there), or None."""
    if bipartition(graph) is None:
        return "the graph has an odd cycle: the matching LP is integral only on bipartite graphs"
    return None


class MatchingLP:
    """max (n + 1)·Σ x_e + Σ_{v ∈ U} y_v  s.t.  x(δ(v)) + y_v ≤ 1 for every vertex v, 0 ≤ x, y ≤ 1.

    ``y_v`` can be 1 only when no chosen edge meets ``v``. A matching edge is
    worth more than all the ``y`` together, so an optimum is a maximum
    matching first, and among those one leaving as many vertices of ``U``
    uncovered as possible. ``U`` starts as every vertex; :meth:`settle`
    takes vertices out of it (their ``y`` bounded by 0). One model, solved
    again after each change from the previous basis.
    """

    def __init__(self, graph: Graph) -> None:
        from ortools.linear_solver import linear_solver_pb2, pywraplp

        self.response = linear_solver_pb2.MPSolutionResponse  # the solution's values read at once, not one call each
        solver = pywraplp.Solver.CreateSolver(LP_BACKEND)
        if solver is None:
            raise SolverError(f"OR-Tools has no {LP_BACKEND} backend")
        self.solver = solver
        self.optimal = pywraplp.Solver.OPTIMAL
        n = graph.n
        # Model
        self.x = {(u, v): solver.NumVar(0.0, 1.0, f"x_{u}_{v}") for u, v in graph.edges().tolist()}
        self.y = [solver.NumVar(0.0, 1.0, f"y_{v}") for v in range(n)]
        incident: list[list] = [[] for _ in range(n)]
        for (u, v), var in self.x.items():
            incident[u].append(var)
            incident[v].append(var)
        # Constraints
        for v in range(n):
            row = solver.Constraint(0.0, 1.0, f"deg_{v}")
            row.SetCoefficient(self.y[v], 1.0)
            for var in incident[v]:
                row.SetCoefficient(var, 1.0)
        objective = solver.Objective()
        for var in self.x.values():
            objective.SetCoefficient(var, float(n + 1))
        for var in self.y:
            objective.SetCoefficient(var, 1.0)
        objective.SetMaximization()

        self.present = [True] * len(self.x)
        self.edges = list(self.x)
        # The columns of the x and y variables in the solver's order (their values' places in a solution).
        self.x_column = np.array([var.index() for var in self.x.values()], dtype=np.int64)
        self.y_column = np.array([var.index() for var in self.y], dtype=np.int64)

    def settle(self, vertices: Sequence[int]) -> None:
        """Take ``vertices`` out of ``U``: their ``y`` no longer counts."""
        for v in vertices:
            self.y[v].SetUb(0.0)

    def ask(self, vertex: int, before: int | None = None) -> None:
        """``U = {vertex}``, when ``U`` was ``{before}`` (or empty: None)."""
        if before is not None:
            self.y[before].SetUb(0.0)
        self.y[vertex].SetUb(1.0)

    def keep_edges(self, present: Sequence[bool]) -> None:
        """Only the edges ``present`` marks (in the order of the graph's edges) may be chosen; the others are
        bounded by 0. Only bounds that change are touched, so the next solve starts from the last basis."""
        for i, (var, want) in enumerate(zip(self.x.values(), present)):
            if want != self.present[i]:
                var.SetUb(1.0 if want else 0.0)
                self.present[i] = want

    def solve(self) -> tuple[list[tuple[int, int]], list[int]]:
        """An optimal matching and the vertices of ``U`` it leaves uncovered (``y_v = 1``), both integral."""
        # Solve
        status = self.solver.Solve()
        if status != self.optimal:
            raise SolverError(f"LP ({LP_BACKEND}) ended with status {status}, not OPTIMAL")
        response = self.response()
        self.solver.FillSolutionResponseProto(response)
        values = np.asarray(response.variable_value, dtype=np.float64)
        chosen = [self.edges[i] for i in np.flatnonzero(_integral(values[self.x_column])).tolist()]
        uncovered = np.flatnonzero(_integral(values[self.y_column])).tolist()
        covered = {w for e in chosen for w in e}
        if len(covered) != 2 * len(chosen) or covered.intersection(uncovered):
            raise SolverError(f"LP ({LP_BACKEND}) solution is not a matching with its uncovered vertices")
        return chosen, uncovered


def _integral(values: np.ndarray) -> np.ndarray:
    """Whether each LP value is 1 (True) or 0 (False); any other value raises: the LP must be integral here."""
    one = np.abs(values - 1.0) <= INTEGRAL
    bad = ~one & (np.abs(values) > INTEGRAL)
    if bad.any():
        raise SolverError(f"LP ({LP_BACKEND}) value {values[bad][0]} is not integral on a bipartite graph")
    return one


def lp_outcomes(graph: Graph) -> Outcomes:
    """Decide undirected vertex geography from every start vertex of a bipartite graph by linear programs.

    ``loses[v]`` is True iff some maximum matching leaves ``v`` uncovered.
    ``nu`` is filled in. Raises ``ValueError`` on a graph with an odd cycle.

    Notes
    -----
    One :class:`MatchingLP`, solved until its ``y`` part is 0: each optimum
    is a maximum matching (its weight dominates), every vertex of ``U`` it
    leaves uncovered is avoidable and leaves ``U``; an optimum whose ``y``
    part is 0 proves, by LP duality, that no maximum matching leaves any
    vertex of ``U`` uncovered, so the rest are unavoidable. Integrality holds
    because the constraint matrix ``[incidence | I]`` of a bipartite graph is
    totally unimodular (Hoffman and Kruskal [1]_), so the simplex method's
    basic optima are 0/1. At most ``n + 1`` solves, in practice a handful,
    each warm-started from the previous basis; polynomial time.

    References
    ----------
    .. [1] A. J. Hoffman, J. B. Kruskal, "Integral boundary points of convex
       polyhedra", in Linear Inequalities and Related Systems, 1956.
       DOI 10.1515/9781400881987-007

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> lp_outcomes(graph_from_edges(3, [(0, 1), (1, 2)]))
    Outcomes(loses=(True, False, True), nu=1)
    """
    if bipartition(graph) is None:
        raise ValueError(not_bipartite(graph))
    lp = MatchingLP(graph)
    loses = [False] * graph.n
    nu = None
    while True:
        matching, uncovered = lp.solve()
        if nu is not None and len(matching) != nu:
            raise SolverError(f"LP ({LP_BACKEND}) optimum has {len(matching)} edges, ν = {nu} before")
        nu = len(matching)
        if not uncovered:
            return Outcomes(tuple(loses), nu)
        for v in uncovered:
            loses[v] = True
        lp.settle(uncovered)


def lp_avoidable(graph: Graph, vertex: int) -> tuple[int, bool]:
    """ν of a bipartite graph, and whether some maximum matching leaves ``vertex`` uncovered: one LP.

    :class:`MatchingLP` with ``U = {vertex}``: its optimum is a maximum
    matching that leaves ``vertex`` uncovered whenever one exists.

    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> lp_avoidable(graph_from_edges(3, [(0, 1), (1, 2)]), 1), lp_avoidable(graph_from_edges(3, [(0, 1), (1, 2)]), 0)
    ((1, False), (1, True))
    """
    if bipartition(graph) is None:
        raise ValueError(not_bipartite(graph))
    lp = MatchingLP(graph)
    lp.settle([v for v in range(graph.n) if v != vertex])
    matching, uncovered = lp.solve()
    return len(matching), vertex in uncovered
