"""Undirected vertex geography on a bipartite graph by SAT calls that are all satisfiable (python-sat).

The player to move from ``v`` loses iff some maximum matching avoids ``v``
(``docs/theory.md``, *Undirected vertex geography*). Asking "is there a larger
matching?" of a SAT solver needs unsatisfiability proofs that are
pigeonhole-hard on grids (:mod:`gamecert.verify.uvg.sat`). Here König's
theorem removes them: a matching ``M`` and a vertex cover ``C`` that meet the
complementary slackness conditions (every edge of ``M`` has exactly one end in
``C``, every vertex of ``C`` is covered by ``M``) have ``|M| = |C|``, so both are
optimal; and on a bipartite graph such a pair always exists. Every question is
then a satisfiable formula whose model is its own proof. It shares no code with
:mod:`solvers` beyond the Graph type.
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

from gamecert.solvers.errors import SolverError
from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import Outcomes
from gamecert.verify.uvg.lp import bipartition, not_bipartite

#: python-sat backend.
KONIG_BACKEND = "cadical195"


class KonigCNF:
    """A maximum matching and a minimum vertex cover, certified by each other, as CNF.

    Variables from an :class:`~pysat.formula.IDPool` keyed by domain objects:
    ``("x", u, v)`` edge ``uv`` in ``M``; ``("c", v)`` vertex ``v`` in ``C``;
    ``("free", v)`` no edge of ``M`` at ``v``; ``("ask", v)`` "``v`` is uncovered
    by ``M`` or in ``C``" (an activation literal: assumed, it asks whether
    ``v``'s verdict can be read off the model).

    Clauses: at most one edge of ``M`` per vertex; ``c_u ∨ c_v`` per edge
    (``C`` is a cover); ``¬x_uv ∨ ¬c_u ∨ ¬c_v`` (an edge of ``M`` has one end in
    ``C``); ``c_v → x(δ(v))`` (a vertex of ``C`` is covered); ``free_v → ¬x_e``
    for ``e ∈ δ(v)``; ``ask_v → c_v ∨ free_v``. With ``switchable``, a literal
    ``("present", v)`` per vertex lets assumptions delete vertices: ``x_uv →
    present_u``, ``c_v → present_v``, and the cover clause of ``uv`` holds only
    when both ends are present. Then ``|C| = |M|`` (``v ↦`` its
    ``M``-edge is a bijection from ``C`` onto ``M``) and weak duality
    ``|M| ≤ ν ≤ τ ≤ |C|`` makes both optimal. Every vertex of a minimum cover
    is covered by every maximum matching (each of its ``ν`` edges meets ``C``
    in a distinct vertex, all ``ν`` of them); a vertex that some maximum matching
    misses is avoidable. König's theorem ([1]_) makes the formula with any one
    ``ask_v`` satisfiable: if every maximum matching covers ``v`` then
    ``ν(G - v) = ν - 1``, so ``G - v`` has a cover of ``ν - 1`` vertices and
    adding ``v`` gives a minimum cover containing ``v``.

    References
    ----------
    .. [1] D. Kőnig, "Gráfok és mátrixok", Matematikai és Fizikai Lapok 38, 1931.
    """

    def __init__(self, graph: Graph, switchable: bool = False) -> None:
        n = graph.n
        pool = IDPool()
        self.present = [pool.id(("present", v)) for v in range(n)] if switchable else None
        # Model
        self.x = {(u, v): pool.id(("x", u, v)) for u, v in graph.edges().tolist()}
        self.c = [pool.id(("c", v)) for v in range(n)]
        self.free = [pool.id(("free", v)) for v in range(n)]
        self.ask = [pool.id(("ask", v)) for v in range(n)]
        self.incident: list[list[int]] = [[] for _ in range(n)]
        for (u, v), lit in self.x.items():
            self.incident[u].append(lit)
            self.incident[v].append(lit)
        # Constraints
        cnf = CNF()
        for v, lits in enumerate(self.incident):
            if len(lits) > 1:
                cnf.extend(CardEnc.atmost(lits, bound=1, vpool=pool, encoding=EncType.pairwise).clauses)
            cnf.append([-self.c[v], *lits])
            cnf.extend([-self.free[v], -lit] for lit in lits)
            cnf.append([-self.ask[v], self.c[v], self.free[v]])
        for (u, v), lit in self.x.items():
            cnf.append([self.c[u], self.c[v]] + ([] if self.present is None else [-self.present[u], -self.present[v]]))
            cnf.append([-lit, -self.c[u], -self.c[v]])
        if self.present is not None:
            for (u, v), lit in self.x.items():
                cnf.extend([[-lit, self.present[u]], [-lit, self.present[v]]])
            cnf.extend([-self.c[v], self.present[v]] for v in range(n))
        self.cnf = cnf
        self.pool = pool

    def read(self, model: list[int], loses: list[bool | None]) -> int:
        """Fill in the verdicts a model proves (uncovered: avoidable; in ``C``: unavoidable); returns ``|M|``.

        The model's matching and cover are checked against each other here, by counting, not trusted
        (with ``switchable``, on the vertices the model has present; ``loses`` of the others is left alone).
        """
        true = {lit for lit in model if lit > 0}
        here = range(len(loses)) if self.present is None else [v for v in range(len(loses)) if self.present[v] in true]
        matching = [e for e, lit in self.x.items() if lit in true]
        cover = [v for v, lit in enumerate(self.c) if lit in true]
        covered = {w for e in matching for w in e}
        if len(covered) != 2 * len(matching) or len(cover) != len(matching) or not covered.issuperset(cover):
            raise SolverError(f"SAT model: matching of {len(matching)} edges, cover of {len(cover)} vertices: no duality pair")
        in_cover = set(cover)
        inside = set(here)
        if any(u in inside and v in inside and u not in in_cover and v not in in_cover for u, v in self.x):
            raise SolverError("SAT model: the cover misses an edge")
        if not inside.issuperset(covered):
            raise SolverError("SAT model: the matching meets a deleted vertex")
        for v in here:
            if v not in covered:
                loses[v] = True
            elif v in in_cover:
                loses[v] = False
        return len(matching)


def konig_outcomes(graph: Graph) -> Outcomes:
    """Decide undirected vertex geography from every start vertex of a bipartite graph by satisfiable SAT calls.

    ``loses[v]`` is True iff some maximum matching leaves ``v`` uncovered.
    ``nu`` is filled in. Raises ``ValueError`` on a graph with an odd cycle.

    Notes
    -----
    :class:`KonigCNF` on one incremental CaDiCaL solver. Each model is a
    maximum matching with a minimum cover, which decides every vertex it
    leaves uncovered (avoidable) or puts in the cover (unavoidable). Then,
    while some vertices are undecided, one call whose assumption asks each
    connected component with undecided vertices to decide one of them (a
    clause ``a → ∨ ask_v`` per component over its undecided ``v``, under a
    fresh activation literal ``a``): every call is satisfiable by König's
    theorem and decides at least one vertex per such component, so at most
    ``n`` calls, in practice a few dozen. ``O(Σ deg² + m)`` clauses
    (pairwise at-most-one); each call is NP-hard in general but never needs a
    refutation.

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> konig_outcomes(graph_from_edges(3, [(0, 1), (1, 2)]))
    Outcomes(loses=(True, False, True), nu=1)
    """
    if bipartition(graph) is None:
        raise ValueError(not_bipartite(graph))
    cnf = KonigCNF(graph)
    component, _members = graph.components()
    loses: list[bool | None] = [None] * graph.n
    with Solver(name=KONIG_BACKEND, bootstrap_with=cnf.cnf) as solver:
        assumptions: list[int] = []
        nu = None
        for call in range(graph.n + 1):
            # Solve
            if not solver.solve(assumptions=assumptions):
                raise SolverError("SAT: a König duality pair was refuted; the graph cannot be bipartite")
            size = cnf.read(solver.get_model(), loses)
            if nu is not None and size != nu:
                raise SolverError(f"SAT: a duality pair of {size} edges, ν = {nu} before")
            nu = size
            if assumptions:
                solver.add_clause([-assumptions[0]])  # retire the last call's question
            undecided: dict[int, list[int]] = {}
            for v, verdict in enumerate(loses):
                if verdict is None:
                    undecided.setdefault(component[v], []).append(cnf.ask[v])
            if not undecided:
                return Outcomes(tuple(bool(v) for v in loses), nu)
            question = cnf.pool.id(("question", call))
            for asks in undecided.values():
                solver.add_clause([-question, *asks])
            assumptions = [question]
    raise SolverError(f"SAT: {graph.n + 1} calls left vertices undecided, though each decides one per component")


def konig_avoidable(graph: Graph, vertex: int) -> tuple[int, bool]:
    """ν of a bipartite graph, and whether some maximum matching leaves ``vertex`` uncovered: one satisfiable SAT call.

    :class:`KonigCNF` with ``ask_vertex`` assumed: the model either leaves
    ``vertex`` uncovered (avoidable) or puts it in a minimum cover (covered by
    every maximum matching).

    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> konig_avoidable(graph_from_edges(3, [(0, 1), (1, 2)]), 1), konig_avoidable(graph_from_edges(3, [(0, 1), (1, 2)]), 0)
    ((1, False), (1, True))
    """
    if bipartition(graph) is None:
        raise ValueError(not_bipartite(graph))
    cnf = KonigCNF(graph)
    loses: list[bool | None] = [None] * graph.n
    with Solver(name=KONIG_BACKEND, bootstrap_with=cnf.cnf) as solver:
        # Solve
        if not solver.solve(assumptions=[cnf.ask[vertex]]):
            raise SolverError("SAT: a König duality pair was refuted; the graph cannot be bipartite")
        nu = cnf.read(solver.get_model(), loses)
    if loses[vertex] is None:
        raise SolverError(f"SAT model neither leaves vertex {vertex} uncovered nor puts it in the cover")
    return nu, bool(loses[vertex])
