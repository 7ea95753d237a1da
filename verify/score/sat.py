"""Score games as SAT (python-sat): each value in the order encoding, "the value is at least ``t``" per threshold.

Per position ``x`` and threshold ``t`` in ``-U[x] < t <= U[x]`` (``U[x]`` the
most any play from ``x`` scores in absolute value,
:func:`~gamecert.verify.turn.bounds.score_bounds`) one Boolean
``ge[x, t]``: "the player to move at ``x`` guarantees at least ``t``". A value
is the best of its options, so ``ge[x, t]`` holds iff some move's option
reaches ``t``; an option is the move's points plus the value reached (for
the mover on an extra move, against it otherwise), and "``p - v[y] >= t``"
is "NOT ``v[y] >= p - t + 1``": every option's threshold is one literal of
the position reached, and the whole game is clauses without any auxiliary
variable. Play ends, so from the positions where it stops upwards each
``ge`` is forced: one model, the game's. Each query's value is proven by a
satisfiable call (every query's ``ge[q, s]`` and ``NOT ge[q, s + 1]``
assumed) and an unsatisfiable one ("some query is not exactly its ``s``"
switched on), on one incremental solver. ``O(Σ_x U[x] (1 + deg x))`` clauses. Nothing here uses
the fast solver.
"""

from __future__ import annotations

import itertools

from gamecert.solvers.errors import SolverError
from gamecert.solvers.turn.value import Value
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.game import Rate
from gamecert.verify.turn.bounds import score_bounds
from gamecert.verify.turn.graph import TurnGraph
from gamecert.verify.turn.sat import unique

#: python-sat backend (as for general games).
SAT_BACKEND = "cadical153"
#: Measured seconds per clause, built and solved (:func:`predict`).
RATE = Rate(4e-6, "clause", "python benchmarks/routes.py score")


def clauses(graph: TurnGraph) -> int:
    """How many clauses :func:`score_sat_values` writes, about: ``2 U[x] (deg x + 2)`` per position.

    >>> from gamecert.solvers.rules.rules import ScoreRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> clauses(turn_graph(ScoreRules("take", "t.py", int, lambda n: [(n - k, k) for k in (1, 2) if k <= n]), [3]))
    46
    """
    bound = score_bounds(graph)
    return sum(2 * u * (len(o) + 2) for u, o in zip(bound, graph.options))


def predict(graph: TurnGraph) -> float:
    """Predicted seconds of :func:`score_sat_values` on ``graph``, from the measured rate per clause."""
    return RATE.seconds(clauses(graph))


def score_sat_values(graph: TurnGraph) -> tuple[Value, ...]:
    """Decide every query of a score game by SAT calls: the most the player to move can guarantee.

    Parameters
    ----------
    graph : the game's position graph (:func:`~gamecert.verify.turn.graph.turn_graph` of score rules)

    Returns
    -------
    One :class:`~gamecert.solvers.turn.value.Value` (outcome ``"score"``) per query.

    Raises
    ------
    TimeLimitError
        when the graph's listing stopped (its ``stopped``).
    SolverError
        if a call contradicts the unique model.

    Notes
    -----
    ``ge(x, t)`` is the literal "``v[x] >= t``": true for ``t <= -U[x]``, false
    for ``t > U[x]``, else the variable ``ge[x, t]``. Where play stops,
    ``v[x]`` is the final score (units). Elsewhere, for every ``t`` with a
    variable and each move ``i`` to ``y`` scoring ``p``, the option literal
    ``o_i(t)`` is ``ge(y, t - p)`` on an extra move and ``NOT ge(y, p - t +
    1)`` otherwise, and ``ge[x, t] <-> OR_i o_i(t)``; ``ge[x, t + 1] -> ge[x, t]``
    (redundant: it follows from the children's). By induction in an order
    where every position comes after its moves' positions, ``ge[x, t]`` is
    forced to "the best option is at least ``t``" (every option lies within
    ``[-U[x], U[x]]``): one model. ``O(Σ U[x] (1 + deg x))`` clauses,
    pseudo-polynomial in the scores.

    >>> from gamecert.solvers.rules.rules import ScoreRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> take = ScoreRules("take", "t.py", int, lambda n: [(n - k, k) for k in (1, 2) if k <= n])
    >>> [str(v) for v in score_sat_values(turn_graph(take, [0, 1, 3]))]
    ['score 0', 'score 1', 'score 1']
    """
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    if graph.stopped:
        raise TimeLimitError(graph.stopped)
    bound = score_bounds(graph)
    pool = IDPool()
    true = pool.id("true")
    cnf: list[list[int]] = [[true]]

    # Model: ge[x, t], "the player to move at x guarantees at least t", for -U[x] < t <= U[x].
    def ge(x: int, t: int) -> int:
        if t <= -bound[x]:
            return true
        if t > bound[x]:
            return -true
        return pool.id((x, t))

    # Constraints
    for x in range(len(graph.positions)):
        final = graph.final(x)
        u = bound[x]
        for t in range(-u + 1, u + 1):
            if t < u:
                cnf.append([-ge(x, t + 1), ge(x, t)])
            if final is not None:
                cnf.append([ge(x, t)] if final >= t else [-ge(x, t)])
                continue
            options = [
                ge(y, t - p) if e else -ge(y, p - t + 1)
                for y, e, p in zip(graph.options[x], graph.extra[x], graph.points[x])
            ]
            cnf.append([-ge(x, t), *options])  # at least t: some option reaches t
            cnf += [[ge(x, t), -o] for o in options]  # and any option that reaches t makes it
    # Solve
    out = []
    with Solver(name=SAT_BACKEND, bootstrap_with=cnf) as solver:
        if not solver.solve():
            raise SolverError("SAT: the clauses of the score game have no model, yet the game's values are one")
        model = set(lit for lit in solver.get_model() if lit > 0)
        labels = []
        for q in graph.roots:
            u = bound[q]
            s = max((t for t in range(-u, u + 1) if ge(q, t) == true or ge(q, t) in model), default=-u)
            out.append(Value("score", s))
            labels.append([ge(q, s), -ge(q, s + 1)])
        fresh = itertools.count()
        unique(solver, labels, true, lambda: pool.id(("fresh", next(fresh))), out)
    return tuple(out)
