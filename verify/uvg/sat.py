"""Undirected vertex geography as cardinality-constrained CNF (python-sat).

The player to move from ``v`` loses iff some maximum matching avoids ``v``
(``docs/theory.md``, *Undirected vertex geography*). A SAT solver answers both halves: ν is the largest ``k`` for
which "at most one chosen edge per vertex, at least ``k`` chosen edges" is
satisfiable, and ``v`` is avoidable iff adding "no chosen edge at ``v``" keeps
``k = ν`` satisfiable. Nothing here uses matching theory; it shares no code
with :mod:`solvers` beyond the Graph type.
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType, ITotalizer
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

from gamecert.solvers.errors import SolverError
from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import Outcomes

#: python-sat backend, chosen by measurement (see :func:`fits`).
SAT_BACKEND = "cadical153"
#: Largest graph (vertices) the SAT formulation is run on. No edge limit is
#: needed: the clauses grow as O(n² + m) and even complete graphs of 100
#: vertices stay quick (see ``benchmarks/limits.md``).
SAT_MAX_VERTICES = 60


def fits(graph: Graph) -> str | None:
    """Whether :func:`sat_outcomes` runs on ``graph`` (None) or why not.

    Proving "no matching of ν + 1 edges" (or "none of ν edges avoiding
    ``v``") is a pigeonhole-like statement, hard for resolution on
    grid-like graphs (mutilated chessboards). Random sparse graphs,
    triangular lattices and complete graphs stay quick well past the limit;
    grids with cells removed blow up, with every backend tried, and decide the
    limit of :data:`SAT_MAX_VERTICES` vertices: the largest size whose whole
    :func:`sat_outcomes` call still finishes within seconds. The measurements
    are in ``benchmarks/limits.md``.
    """
    if graph.n > SAT_MAX_VERTICES:
        return f"{graph.n} vertices > {SAT_MAX_VERTICES} (SAT limit)"
    return None


class _MatchingCNF:
    """The matching constraints and, per connected component, an "at least k edges" switch.

    Variables, from an :class:`~pysat.formula.IDPool` keyed by domain
    objects: ``("x", u, v)`` (``u < v``) is "edge uv is chosen";
    ``("covered", v)`` implies "some chosen edge meets ``v``". With at most
    one chosen edge per vertex, ``2k`` covered vertices force ``k`` chosen
    edges, so "at least ``k`` edges in component ``c``" is asked as the
    assumption ``¬rhs_c[|c| - 2k]`` on a totalizer over the negated
    ``covered`` literals of ``c`` (at most ``|c| - 2k`` of its vertices
    uncovered); the other components stay unconstrained.
    """

    def __init__(self, graph: Graph) -> None:
        self.n = graph.n
        pool = IDPool()
        self.x, covered, self.incident, cnf = matching_clauses(graph, pool)
        self.component, self.vertices = graph.components()
        self.edges: list[list[tuple[int, int]]] = [[] for _ in self.vertices]
        for u, v in self.x:
            self.edges[self.component[u]].append((u, v))
        # Totalizer outputs: rhs_c[j] is implied by "at least j + 1 vertices
        # of c uncovered". Auxiliary variables come after every pool variable.
        self.rhs: list[list[int]] = []
        top = pool.top
        for comp_edges, members in zip(self.edges, self.vertices):
            rhs: list[int] = []
            if comp_edges:
                lits = [-covered[v] for v in members]
                total = ITotalizer(lits=lits, ubound=len(lits) - 1, top_id=top)
                cnf.extend(total.cnf.clauses)
                top = total.top_id
                rhs = list(total.rhs)
            self.rhs.append(rhs)
        self.cnf = cnf

    def at_least(self, c: int, k: int) -> list[int]:
        """Assumptions forcing at least ``k`` chosen edges in component ``c`` (``1 <= 2k <= |c|``)."""
        return [-self.rhs[c][len(self.vertices[c]) - 2 * k]]

    def avoiding(self, v: int) -> list[int]:
        """Assumptions forcing no chosen edge at vertex ``v``."""
        return [-lit for lit in self.incident[v]]

    def matching(self, c: int, model: list[int]) -> list[tuple[int, int]]:
        """The chosen edges of component ``c`` in ``model``."""
        chosen = set(lit for lit in model if lit > 0)
        return [e for e in self.edges[c] if self.x[e] in chosen]


def matching_clauses(
    graph: Graph, pool: IDPool
) -> tuple[dict[tuple[int, int], int], list[int], list[list[int]], CNF]:
    """Edge variables, covered variables, each vertex's edge literals, and the matching clauses.

    Shared by :class:`_MatchingCNF` and the DIMACS export
    (:mod:`gamecert.verify.uvg.export`), so the file holds the clauses solved here.
    """
    edges = [(int(u), int(v)) for u, v in graph.edges()]
    # Model
    x = {(u, v): pool.id(("x", u, v)) for u, v in edges}
    covered = [pool.id(("covered", v)) for v in range(graph.n)]
    incident: list[list[int]] = [[] for _ in range(graph.n)]
    for (u, v), lit in x.items():
        incident[u].append(lit)
        incident[v].append(lit)
    # Constraints: at most one chosen edge per vertex; covered(v) needs one.
    cnf = CNF()
    for v, lits in enumerate(incident):
        cnf.append([-covered[v], *lits])
        if len(lits) > 1:
            enc = EncType.pairwise if len(lits) <= 6 else EncType.seqcounter
            cnf.extend(CardEnc.atmost(lits, bound=1, vpool=pool, encoding=enc).clauses)
    return x, covered, incident, cnf


def _matching_number(cnf: _MatchingCNF, solver: Solver, c: int) -> tuple[int, list[tuple[int, int]]]:
    """ν of component ``c`` and a maximum matching of it: raise ``k`` past each model until UNSAT."""
    best: list[tuple[int, int]] = []
    while len(best) < len(cnf.edges[c]) and 2 * (len(best) + 1) <= len(cnf.vertices[c]):
        # Solve
        if not solver.solve(assumptions=cnf.at_least(c, len(best) + 1)):
            break
        found = cnf.matching(c, solver.get_model())
        if len(found) <= len(best):
            raise SolverError(f"SAT model has {len(found)} edges, asked for at least {len(best) + 1}")
        best = found
    return len(best), best


def sat_matching_number(graph: Graph) -> int:
    """The matching number ν of a graph, found by a SAT solver.

    Notes
    -----
    CNF: pairwise (or sequential-counter) at-most-one per vertex, a
    ``covered(v) → x(δ(v))`` clause per vertex, and per connected component
    an incremental totalizer [1]_ over its ``¬covered`` literals ("at least
    ``k`` edges" as "at least ``2k`` covered vertices"). A component's bound
    is raised past the size of each model found until the solver answers
    UNSAT, so at most ``ν + #components`` calls on one incremental CaDiCaL
    instance; ν is the sum. Splitting by
    component is sound by counting alone (components share no edge, so a
    matching is maximum iff its part in every component is) and keeps the
    UNSAT proofs local. Counting covered vertices instead of edges is what
    makes the UNSAT calls easy: on the giant component of a random graph
    it is orders of magnitude quicker than a totalizer or a sequential
    counter over the edges (measurements in ``benchmarks/limits.md``).
    ``O(n² + m)`` clauses; exponential time in the worst case.

    References
    ----------
    .. [1] R. Martins, S. Joshi, V. Manquinho, I. Lynce, "Incremental
       cardinality constraints for MaxSAT", CP 2014.
       DOI 10.1007/978-3-319-10428-7_39

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> sat_matching_number(graph_from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]))
    2
    """
    return len(sat_maximum_matching(graph))


def sat_maximum_matching(graph: Graph) -> list[tuple[int, int]]:
    """A maximum matching of a graph, found by a SAT solver (edges ``(u, v)``, ``u < v``).

    Notes
    -----
    The models that :func:`sat_matching_number` raises its bound past, the
    last (largest) one per component; ν is its size.

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> len(sat_maximum_matching(graph_from_edges(4, [(0, 1), (1, 2), (2, 3)])))
    2
    """
    cnf = _MatchingCNF(graph)
    with Solver(name=SAT_BACKEND, bootstrap_with=cnf.cnf) as solver:
        return [e for c in range(len(cnf.vertices)) for e in _matching_number(cnf, solver, c)[1]]


def sat_outcomes(graph: Graph) -> Outcomes:
    """Decide undirected vertex geography from every start vertex by SAT calls.

    ``loses[v]`` is True iff "a matching of at least ν edges, none at ``v``"
    is satisfiable. ``nu`` is filled in.

    Notes
    -----
    ν_c per component ``c`` as in :func:`sat_matching_number`, then per
    vertex ``v`` of ``c`` one call on the same incremental solver with the
    assumptions ``¬x_e`` for ``e ∈ δ(v)`` and the bound ``k = ν_c`` on
    ``c``'s totalizer (``v`` is avoided by a maximum matching of G iff by one
    of its component). Shortcuts, sound by counting alone: every model
    meeting the bound ν_c is a maximum matching of ``c``, so each vertex of
    ``c`` it leaves uncovered is avoidable without a call of its own; and
    when ``2ν_c = |c|`` a maximum matching covers all of ``c``, so none of
    it is avoidable.

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> sat_outcomes(graph_from_edges(3, [(0, 1), (1, 2)]))
    Outcomes(loses=(True, False, True), nu=1)
    """
    cnf = _MatchingCNF(graph)
    loses = [True] * graph.n
    nu = 0
    with Solver(name=SAT_BACKEND, bootstrap_with=cnf.cnf) as solver:
        for c, members in enumerate(cnf.vertices):
            nu_c, matching = _matching_number(cnf, solver, c)
            nu += nu_c
            for u, v in matching:
                loses[u] = loses[v] = False
            if nu_c == 0 or 2 * nu_c == len(members):
                continue
            for v in members:
                if loses[v]:
                    continue
                # Solve
                if not solver.solve(assumptions=cnf.at_least(c, nu_c) + cnf.avoiding(v)):
                    continue
                matching = cnf.matching(c, solver.get_model())
                covered = {w for e in matching for w in e}
                if len(matching) != nu_c or v in covered:
                    raise SolverError(
                        f"SAT model avoiding {v} has {len(matching)} edges (ν = {nu_c}) or covers {v}"
                    )
                for w in members:
                    if w not in covered:
                        loses[w] = True
    return Outcomes(tuple(loses), nu)
