"""Impartial rules games as an integer program (OR-Tools CP-SAT): the Grundy function by mex constraints.

On the position graph of the whole sum (a sum of components is one position:
no components, no xor) the Grundy function is the one function ``g`` with
``g(x)`` different from every option's value and every smaller value taken
by some option (``g(x)`` is the mex of its options' values). Those are
linear constraints over one-hot 0/1 variables; in an acyclic graph they have
exactly one solution, so a query's value is proven by the infeasibility of
any other. Under misère play no Grundy function decides the game: the
outcomes are asked directly, as the kernel of the graph. Nothing here uses
:mod:`gamecert.solvers.impartial.solver`.
"""

from __future__ import annotations

from gamecert.solvers.errors import SolverError
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.game import Rate
from gamecert.verify.impartial.retrograde import Answers, WholeSumGraph

#: Measured seconds per term of the model (:func:`size`), built and solved (:func:`predict`).
RATE = Rate(6e-5, "term", "python benchmarks/routes.py impartial")
#: Seconds CP-SAT may spend on one solve; past it the formulation is skipped.
ILP_TIME_LIMIT = 60.0
#: CP-SAT workers: the models are small and one worker keeps runs reproducible.
ILP_WORKERS = 1


def terms(graph: WholeSumGraph) -> int:
    """Terms of the normal-play model: per position of ``d`` moves, ``d + 1`` values, each compared with ``d`` options.

    >>> from gamecert.solvers.rules.rules import ImpartialRules
    >>> from gamecert.verify.impartial.retrograde import whole_sum_graph
    >>> terms(whole_sum_graph(ImpartialRules("nim", "nim.py", int, range), [2]))
    14
    """
    return sum((len(o) + 1) * (len(o) + 1) for o in graph.options)


def size(graph: WholeSumGraph) -> int:
    """The model's terms: :func:`terms` under normal play; under misère play one per move."""
    return graph.moves if graph.misere else terms(graph)


def predict(graph: WholeSumGraph) -> float:
    """Predicted seconds of :func:`ilp_answers` on ``graph``, from the measured rate per term.

    The normal-play model has ``d + 1`` one-hot variables per position of
    ``d`` moves and ``O(d²)`` terms in its mex constraints (:func:`terms`);
    the misère model one variable per position and a term per move. Building
    and solving cost about the model's size.
    """
    return RATE.seconds(size(graph))


def ilp_answers(graph: WholeSumGraph) -> Answers:
    """Decide every query of an impartial game by integer programs: who wins, and the nim value.

    Parameters
    ----------
    graph : the whole-sum position graph (:func:`~gamecert.verify.impartial.retrograde.whole_sum_graph`)

    Returns
    -------
    One ``(win, value)`` per query (``value`` None under misère play).

    Raises
    ------
    TimeLimitError
        when the graph's listing stopped (``graph.stopped``) or a solve runs past :data:`ILP_TIME_LIMIT`.
    SolverError
        if a solve contradicts the uniqueness of the Grundy function (or of the kernel).

    Notes
    -----
    Normal play: ``x[p, k] in {0, 1}`` for ``k = 0 .. d(p)`` (``d(p)`` the
    number of moves from ``p``; no value exceeds it), "the Grundy value of
    ``p`` is ``k``". Constraints: ``Σ_k x[p, k] = 1``; ``x[p, k] + x[q, k] <= 1``
    for every move ``p -> q`` (the value differs from every option's); and
    for every ``j < d(p)``, ``Σ_{k > j} x[p, k] <= Σ_q x[q, j]`` (a value above
    ``j`` needs an option of value ``j``). By induction from the terminal
    positions the only solution is the Grundy function (Sprague 1935,
    Grundy 1939). Misère play: ``w[p] in {0, 1}``, "``p`` is a P-position":
    ``w[p] + w[q] <= 1`` per move, ``w[p] + Σ_q w[q] >= 1`` when ``p`` has
    moves, ``w[p] = 0`` when it has none (the player to move has won). One
    CP-SAT solve reads every query's answer; then each is proven by an
    INFEASIBLE solve with the answer's variable assumed 0.

    >>> from gamecert.solvers.rules.rules import ImpartialRules
    >>> from gamecert.verify.impartial.retrograde import whole_sum_graph
    >>> ilp_answers(whole_sum_graph(ImpartialRules("nim", "nim.py", int, range), [0, 3]))
    ((False, 0), (True, 3))
    """
    from ortools.sat.python import cp_model

    if graph.stopped:
        raise TimeLimitError(graph.stopped)
    model = cp_model.CpModel()
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = ILP_WORKERS
    solver.parameters.max_time_in_seconds = ILP_TIME_LIMIT
    if graph.misere:
        answer = _misere(graph, model, solver, cp_model)
    else:
        answer = _normal(graph, model, solver, cp_model)
    return tuple(answer)


def _solve(solver, model, cp_model, expect: int, what: str) -> None:
    status = solver.solve(model)
    if status == cp_model.UNKNOWN:
        raise TimeLimitError(f"CP-SAT ran past {ILP_TIME_LIMIT:g} s ({what})")
    if status != expect:
        raise SolverError(
            f"CP-SAT ended with status {solver.status_name(status)} ({what}), expected {solver.status_name(expect)}"
        )


def _normal(graph: WholeSumGraph, model, solver, cp_model) -> list[tuple[bool, int]]:
    options = graph.options
    degree = [len(o) for o in options]
    # Model: x[p, k] is "the Grundy value of position p is k" (k up to p's number of moves).
    x = {(p, k): model.new_bool_var(f"x[{p},{k}]") for p in range(len(options)) for k in range(degree[p] + 1)}
    # Constraints
    for p, opts in enumerate(options):
        model.add(sum(x[p, k] for k in range(degree[p] + 1)) == 1)  # one value
        for q in opts:
            for k in range(min(degree[p], degree[q]) + 1):
                model.add(x[p, k] + x[q, k] <= 1)  # unlike every option's value
        for j in range(degree[p]):
            above = sum(x[p, k] for k in range(j + 1, degree[p] + 1))
            model.add(above <= sum(x[q, j] for q in opts if degree[q] >= j))  # every smaller value is reached
    # Solve
    _solve(solver, model, cp_model, cp_model.OPTIMAL, "the Grundy function")
    values = [next(k for k in range(degree[r] + 1) if solver.boolean_value(x[r, k])) for r in graph.roots]
    for i, (r, v) in enumerate(zip(graph.roots, values)):
        model.add_assumptions([x[r, v].Not()])
        _solve(solver, model, cp_model, cp_model.INFEASIBLE, f"query {i + 1} with any value but {v}")
        model.clear_assumptions()
    return [(v != 0, v) for v in values]


def _misere(graph: WholeSumGraph, model, solver, cp_model) -> list[tuple[bool, None]]:
    options = graph.options
    # Model: w[p] is "position p is a P-position" (the player to move loses).
    w = {p: model.new_bool_var(f"w[{p}]") for p in range(len(options))}
    # Constraints
    for p, opts in enumerate(options):
        for q in opts:
            model.add(w[p] + w[q] <= 1)  # no move from a P-position to a P-position
        if opts:
            model.add(w[p] + sum(w[q] for q in opts) >= 1)  # all moves to N-positions: a P-position
        else:
            model.add(w[p] == 0)  # misère play: no move at all wins for the player to move
    # Solve
    _solve(solver, model, cp_model, cp_model.OPTIMAL, "the misère kernel")
    lost = [solver.boolean_value(w[r]) for r in graph.roots]
    for i, (r, loses) in enumerate(zip(graph.roots, lost)):
        model.add_assumptions([w[r].Not() if loses else w[r]])
        _solve(solver, model, cp_model, cp_model.INFEASIBLE, f"query {i + 1} with the other outcome")
        model.clear_assumptions()
    return [(not loses, None) for loses in lost]
