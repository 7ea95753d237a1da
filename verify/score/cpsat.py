"""Score games as CP-SAT constraints (OR-Tools): each value an integer with a tight domain, the maximum of its options.

Per position ``x`` one integer ``v[x]`` in ``[-U[x], U[x]]`` (``U[x]`` the
most any play from ``x`` scores in absolute value,
:func:`~gamecert.verify.turn.bounds.score_bounds`), and per position
where play goes on one maximum constraint over its options: the move's
points plus the value reached, for the mover on an extra move and against it
otherwise. Play ends, so from the positions where it stops upwards every
value is forced: one solution. One solve reads each query's value; then
one solve with "some query has another value" assumed must be INFEASIBLE.
Nothing here uses the fast solver.
"""

from __future__ import annotations

from gamecert.solvers.turn.value import Value
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.game import Rate
from gamecert.verify.turn.bounds import score_bounds
from gamecert.verify.turn.cpsat import CPSAT_TIME_LIMIT, CPSAT_WORKERS, solve_expecting
from gamecert.verify.turn.graph import TurnGraph

#: Measured seconds per (position or move) and solve (:func:`predict`).
#: Measured on random score DAGs (benchmarks/routes.py score: 8.7 s at 8,950 positions, 1.1 s at 2,656): the solves
#: grow about as the model's size to the power 1.75.
RATE = Rate(3.5e-8, "((position or move) x solve) ** 1.75", "python benchmarks/routes.py score")


def predict(graph: TurnGraph) -> float:
    """Predicted seconds of :func:`score_cpsat_values`: two solves, their time about the 1.75th power of the moves."""
    return RATE.seconds(((len(graph.positions) + graph.moves) * 2) ** 1.75)


def score_cpsat_values(graph: TurnGraph) -> tuple[Value, ...]:
    """Decide every query of a score game by CP-SAT: the most the player to move can guarantee.

    Parameters
    ----------
    graph : the game's position graph (:func:`~gamecert.verify.turn.graph.turn_graph` of score rules)

    Returns
    -------
    One :class:`~gamecert.solvers.turn.value.Value` (outcome ``"score"``) per query.

    Raises
    ------
    TimeLimitError
        when the graph's listing stopped (its ``stopped``) or a solve runs past
        :data:`~gamecert.verify.turn.cpsat.CPSAT_TIME_LIMIT`.
    SolverError
        if a solve contradicts the uniqueness of the values.

    Notes
    -----
    ``v[x] = final`` where play stops (``result``, 0 with no move); else
    ``v[x] = max_i o_i`` with ``o_i = p_i + v[y_i]`` on an extra move and
    ``p_i - v[y_i]`` otherwise (CP-SAT's own maximum constraint, whose bounds
    propagate upwards). In an order where each position follows its moves'
    positions each ``v[x]`` is forced, so the queries' values are unique:
    "some query has another value" is infeasible.

    >>> from gamecert.solvers.rules.rules import ScoreRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> take = ScoreRules("take", "t.py", int, lambda n: [(n - k, k) for k in (1, 2) if k <= n])
    >>> [str(v) for v in score_cpsat_values(turn_graph(take, [0, 1, 3]))]
    ['score 0', 'score 1', 'score 1']
    """
    from ortools.sat.python import cp_model

    if graph.stopped:
        raise TimeLimitError(graph.stopped)
    bound = score_bounds(graph)
    model = cp_model.CpModel()
    # Model: v[x], the value for the player to move at x.
    v = [model.new_int_var(-u, u, f"v[{x}]") for x, u in enumerate(bound)]
    # Constraints
    for x in range(len(graph.positions)):
        final = graph.final(x)
        if final is not None:
            model.add(v[x] == final)
            continue
        options = [p + v[y] if e else p - v[y] for y, e, p in zip(graph.options[x], graph.extra[x], graph.points[x])]
        model.add_max_equality(v[x], options)
    # Solve
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = CPSAT_WORKERS
    solver.parameters.max_time_in_seconds = CPSAT_TIME_LIMIT
    solve_expecting(solver, model, cp_model, cp_model.OPTIMAL, "the values")
    values = [solver.value(v[q]) for q in graph.roots]
    others = []
    for i, (q, s) in enumerate(zip(graph.roots, values)):
        other = model.new_bool_var(f"other[{i}]")
        model.add(v[q] != s).only_enforce_if(other)
        others.append(other)
    some = model.new_bool_var("some query valued otherwise")
    model.add_bool_or(others).only_enforce_if(some)
    model.add_assumptions([some])
    solve_expecting(solver, model, cp_model, cp_model.INFEASIBLE, "some query with another value")
    return tuple(Value("score", s) for s in values)
