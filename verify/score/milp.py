"""Score games as a mixed-integer program (OR-Tools pywraplp with SCIP): each value equals its best option.

One integer variable per position, its value for the player to move; one
binary variable per move, "this is the move the player to move picks". The
value is at least every option (the move's points plus the value reached,
for the mover on an extra move and against the mover otherwise) and, by a
big-M bound switched on by the picked move, at most the picked option: so it
equals the best. Play ends (the graph is ordered bottom-up when listed), so
from the positions where play stops upwards every value is forced: the
program has one value per position. One solve finds the queries' values,
and a second proves them all by finding "some query takes another value"
infeasible. Nothing here uses the fast solver.
"""

from __future__ import annotations

from gamecert.solvers.errors import SolverError
from gamecert.solvers.turn.value import Value
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.game import Rate
from gamecert.verify.turn.bounds import score_bounds
from gamecert.verify.turn.graph import TurnGraph

#: pywraplp backend: SCIP, which OR-Tools' wheels carry.
MILP_BACKEND = "SCIP"
#: Seconds one solve may take; past it the formulation is skipped.
MILP_TIME_LIMIT = 60.0
#: Measured seconds per (position or move) and solve; two solves (:func:`predict`).
RATE = Rate(4e-5, "(position or move) x solve", "python benchmarks/routes.py score")


def predict(graph: TurnGraph) -> float:
    """Predicted seconds of :func:`milp_values`: two solves, each about linear in the positions and moves."""
    return RATE.seconds((len(graph.positions) + graph.moves) * 2)


def milp_values(graph: TurnGraph) -> tuple[Value, ...]:
    """Decide every query of a score game by mixed-integer programs: the most the player to move can guarantee.

    Parameters
    ----------
    graph : the game's position graph (:func:`~gamecert.verify.turn.graph.turn_graph` of score rules)

    Returns
    -------
    One :class:`~gamecert.solvers.turn.value.Value` (outcome ``"score"``) per query.

    Raises
    ------
    TimeLimitError
        when the graph's listing stopped (its ``stopped``) or a solve runs past :data:`MILP_TIME_LIMIT`.
    SolverError
        if a solve ends otherwise than optimal, or a query's value is not unique.

    Notes
    -----
    ``v[x]`` integer in ``[-U[x], U[x]]`` (``U[x]`` the most any play from
    ``x`` scores in absolute value,
    :func:`~gamecert.verify.turn.bounds.score_bounds`); ``pick[x, i]``
    binary. Where play stops, ``v[x]`` is ``result`` (0 with no move).
    Elsewhere, with ``o_i = points_i + v[y]`` on an extra move and ``points_i
    - v[y]`` otherwise: ``v[x] >= o_i`` for every move, ``v[x] <= o_i + M_i
    (1 - pick[x, i])`` with ``M_i = U[x] + U[y] - points_i``, the least that
    leaves ``v[x]`` free where the move is not picked (``o_i >= points_i -
    U[y]``), ``Σ_i pick[x, i] = 1``. In an order where every
    position comes after its moves' positions, each ``v[x]`` is then forced
    to the best ``o_i``: one feasible value per position. SCIP finds the
    queries' values ``s_q`` (maximizing their sum); then with binaries
    ``above_q``, ``below_q`` (``v[q] >= s_q + 1``, ``v[q] <= s_q - 1`` where set,
    by big-M from the domain) and ``Σ above + below >= 1``, the program must
    be infeasible: two solves prove every query.

    >>> from gamecert.solvers.rules.rules import ScoreRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> take = ScoreRules("take", "t.py", int, lambda n: [(n - k, k) for k in (1, 2) if k <= n])
    >>> [str(v) for v in milp_values(turn_graph(take, [0, 1, 3]))]
    ['score 0', 'score 1', 'score 1']
    """
    from ortools.linear_solver import pywraplp

    if graph.stopped:
        raise TimeLimitError(graph.stopped)
    solver = pywraplp.Solver.CreateSolver(MILP_BACKEND)
    if solver is None:
        raise SolverError(f"MILP: OR-Tools has no {MILP_BACKEND} backend")
    solver.SetTimeLimit(int(MILP_TIME_LIMIT * 1000))
    top = score_bounds(graph)
    # Model: value[x] for the player to move at x; pick[x, i]: the move x's player picks.
    value = {x: solver.IntVar(-top[x], top[x], f"value[{x}]") for x in range(len(graph.positions))}
    # Constraints
    for x, v in value.items():
        final = graph.final(x)
        if final is not None:
            solver.Add(v == final)
            continue
        picks = []
        for i, (y, e, pts) in enumerate(zip(graph.options[x], graph.extra[x], graph.points[x])):
            option = pts + value[y] if e else pts - value[y]
            pick = solver.BoolVar(f"pick[{x},{i}]")
            picks.append(pick)
            solver.Add(v >= option)  # at least every option
            solver.Add(v <= option + (top[x] + top[y] - pts) * (1 - pick))  # at most the picked one
        solver.Add(solver.Sum(picks) == 1)
    # Solve
    solver.Maximize(solver.Sum([value[r] for r in graph.roots]))
    _optimum(solver, pywraplp, "the queries' values")
    found = [round(value[r].solution_value()) for r in graph.roots]
    # Constraints: some query's value differs (above or below), which must be infeasible.
    moved = []
    for i, (r, v) in enumerate(zip(graph.roots, found)):
        up, down = solver.BoolVar(f"above[{i}]"), solver.BoolVar(f"below[{i}]")
        solver.Add(value[r] >= v + 1 - (v + 1 + top[r]) * (1 - up))
        solver.Add(value[r] <= v - 1 + (top[r] - v + 1) * (1 - down))
        moved += [up, down]
    solver.Add(solver.Sum(moved) >= 1)
    solver.Minimize(0)
    status = solver.Solve()
    if status == pywraplp.Solver.OPTIMAL or status == pywraplp.Solver.FEASIBLE:
        i = next(i for i, b in enumerate(moved) if b.solution_value() > 0.5) // 2
        raise SolverError(f"MILP: query {i + 1} takes {found[i]} and {round(value[graph.roots[i]].solution_value())}, yet play ends")
    if status != pywraplp.Solver.INFEASIBLE:
        raise TimeLimitError(f"MILP ({MILP_BACKEND}) ended with status {status} (some query with another value)")
    return tuple(Value("score", v) for v in found)


def _optimum(solver, pywraplp, what: str) -> int:
    status = solver.Solve()
    if status in (pywraplp.Solver.NOT_SOLVED, pywraplp.Solver.FEASIBLE):  # stopped by the time limit
        raise TimeLimitError(f"MILP ({MILP_BACKEND}) ran past {MILP_TIME_LIMIT:g} s ({what})")
    if status != pywraplp.Solver.OPTIMAL:
        raise SolverError(f"MILP ({MILP_BACKEND}) ended with status {status} ({what}), expected OPTIMAL")
    found = solver.Objective().Value()
    if abs(found - round(found)) > 1e-6:
        raise SolverError(f"MILP ({MILP_BACKEND}): {what} is {found}, not an integer")
    return round(found)
