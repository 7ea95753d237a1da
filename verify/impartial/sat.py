"""Impartial rules games as SAT (python-sat): the P-positions as the kernel of the position graph.

A position is a P-position (the player to move loses) iff every move from it
reaches an N-position; in an acyclic graph exactly one set of positions
satisfies that (the graph's unique kernel), so the clauses
``p[x] <-> AND over moves x -> y of NOT p[y]`` have exactly one model, and a
query's outcome is proven by the UNSAT of its negation. The graph is that of
the whole sum, a sum of components being one position (no components, no
xor, no Sprague–Grundy theory in the solver). Under normal play the nim value
``v`` of a position ``G`` is found as the one ``v`` for which ``G + *v`` (``G``
beside a nim heap of ``v``) is a P-position. Nothing here uses
:mod:`gamecert.solvers.impartial.solver`.
"""

from __future__ import annotations

from gamecert.solvers.errors import SolverError
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.game import Rate
from gamecert.verify.impartial.retrograde import Answers, WholeSumGraph

#: python-sat backend (as for undirected vertex geography).
SAT_BACKEND = "cadical153"
#: Measured seconds per clause (:func:`clauses`), the CNF built and solved (:func:`predict`).
RATE = Rate(8e-6, "clause", "python benchmarks/routes.py impartial")


def heaps(graph: WholeSumGraph) -> int:
    """The largest nim heap beside the queries: no value exceeds its position's number of moves (0 under misère play).

    A value is the mex of its options' values, so it is at most the number of
    options; the heaps ``0 .. heaps(graph)`` are enough for every query.
    """
    if graph.misere or not graph.roots:
        return 0
    return max(len(graph.options[r]) for r in graph.roots)


def size(graph: WholeSumGraph) -> tuple[int, int]:
    """Positions and moves of the graph solved: ``G + *h`` for ``h = 0 .. heaps(graph)``.

    A position ``(x, h)`` moves in ``x`` (heap kept) or to any smaller heap.
    """
    h = heaps(graph)
    n = len(graph.positions)
    return n * (h + 1), graph.moves * (h + 1) + n * h * (h + 1) // 2


def clauses(graph: WholeSumGraph) -> int:
    """The clauses :func:`sat_answers` writes: one per position and one per move of ``G + *h`` (:func:`size`).

    >>> from gamecert.solvers.rules.rules import ImpartialRules
    >>> from gamecert.verify.impartial.retrograde import whole_sum_graph
    >>> clauses(whole_sum_graph(ImpartialRules("nim", "nim.py", int, range), [2]))
    27
    """
    return sum(size(graph))


def predict(graph: WholeSumGraph) -> float:
    """Predicted seconds of :func:`sat_answers` on ``graph``, from the measured rate per clause.

    Unit propagation alone decides an acyclic kernel (from the terminal
    positions up), so building the CNF costs more than solving it: the time
    grows with the clauses.
    """
    return RATE.seconds(clauses(graph))


def sat_answers(graph: WholeSumGraph) -> Answers:
    """Decide every query of an impartial game by SAT calls: who wins, and the nim value.

    Parameters
    ----------
    graph : the whole-sum position graph (:func:`~gamecert.verify.impartial.retrograde.whole_sum_graph`)

    Returns
    -------
    One ``(win, value)`` per query (``value`` None under misère play).

    Raises
    ------
    TimeLimitError
        when the graph's listing stopped (``graph.stopped``).
    SolverError
        if a SAT call contradicts the kernel's uniqueness.

    Notes
    -----
    One Boolean ``p[x, h]`` per position ``x`` of the whole sum and heap
    ``h``: "``x + *h`` is a P-position". Clauses: ``NOT p[x,h] OR NOT p[y]``
    for every move to ``y`` (a P-position has no move to a P-position) and
    ``p[x,h] OR p[y1] OR ...`` over all its moves (with every move to an
    N-position it is a P-position; with no move at all it is one). Misère
    play has no heap, and a position with no move is an N-position (unit
    ``NOT p[x]``). In an acyclic graph these clauses have one model (the
    kernel; von Neumann & Morgenstern 1944, *Theory of Games*, 30.7). One
    incremental CaDiCaL instance: one call reads the model; then the answer
    is proven by UNSAT under the negated assumption: under misère play the
    query's outcome; under normal play ``x + *v`` for ``v = 0, 1, ...`` in
    turn, each proven an N-position until the first P-position, whose ``v`` is
    the value (a position is equivalent to ``*v`` iff ``x + *v`` is a
    P-position; *Winning Ways*, ch. 3). ``O(size)`` clauses.

    >>> from gamecert.solvers.rules.rules import ImpartialRules
    >>> from gamecert.verify.impartial.retrograde import whole_sum_graph
    >>> sat_answers(whole_sum_graph(ImpartialRules("nim", "nim.py", int, range), [0, 3]))
    ((False, 0), (True, 3))
    """
    from pysat.formula import CNF, IDPool
    from pysat.solvers import Solver

    if graph.stopped:
        raise TimeLimitError(graph.stopped)
    positions, options = graph.positions, graph.options
    top = heaps(graph)
    # Model: p[(position, heap)] is "the position beside a nim heap of that size is a P-position".
    pool = IDPool()
    p = {(x, h): pool.id((positions[x], h)) for x in range(len(positions)) for h in range(top + 1)}
    # Constraints
    cnf = CNF()
    for (x, h), lit in p.items():
        moves = [p[y, h] for y in options[x]] + [p[x, j] for j in range(h)]
        for other in moves:
            cnf.append([-lit, -other])  # a P-position has no move to a P-position
        if moves or not graph.misere:
            cnf.append([lit, *moves])  # every move to an N-position (or none, normal play): a P-position
        else:
            cnf.append([-lit])  # misère play: no move at all wins for the player to move
    # Solve
    out = []
    with Solver(name=SAT_BACKEND, bootstrap_with=cnf) as solver:
        if not solver.solve():
            raise SolverError("SAT: the kernel clauses have no model, yet the graph is acyclic")
        model = {v for v in solver.get_model() if v > 0}
        for r in graph.roots:
            if graph.misere:
                lost = _proven(solver, p[r, 0], p[r, 0] in model)
                out.append((not lost, None))
                continue
            value = next((v for v in range(len(options[r]) + 1) if _proven(solver, p[r, v], p[r, v] in model)), None)
            if value is None:
                raise SolverError(f"SAT: no heap up to {len(options[r])} makes a P-position beside the query")
            out.append((value != 0, value))
    return tuple(out)


def _proven(solver, lit: int, holds: bool) -> bool:
    """``holds`` (the model's value of ``lit``), proven by the UNSAT of its negation."""
    if solver.solve(assumptions=[-lit if holds else lit]):
        raise SolverError("SAT: the kernel is not unique, yet the graph is acyclic")
    return holds
