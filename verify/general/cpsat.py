"""General games as CP-SAT constraints (OR-Tools): a label and an integer rank per position.

Each position gets one of three labels, win, lose or draw for the player to
move, and a rank (its remoteness where it is won or lost). The constraints
are local, one position and its moves at a time: a won position has a move
to a position lost for its mover (won, on an extra move) ranked one lower,
and none of its winning moves reaches a rank more than one lower; a lost
position has only moves to positions won for their movers (lost, on an extra
move), each ranked lower, one of them exactly one lower; a drawn position
has no winning move and a move to a draw. Ranks strictly fall along the
witnessing moves, which rules out the labellings of a cycle that the local
rules alone would allow, so the constraints have exactly one solution in the
labels and the ranks of won and lost positions (proof in
:func:`cpsat_values`). Each query's label is proven by the infeasibility
of every other. Nothing here uses the fast solver.
"""

from __future__ import annotations

from gamecert.solvers.turn.value import Value
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.game import Rate
from gamecert.verify.turn.bounds import remoteness_bound
from gamecert.verify.turn.cpsat import CPSAT_TIME_LIMIT, CPSAT_WORKERS, solve_expecting
from gamecert.verify.turn.graph import TurnGraph

#: Measured seconds per (position or move) and solve: the model has an integer and four constraints per
#: move; two solves (the labels, then their uniqueness); :func:`predict`. The largest rate of the routes
#: table's three general families (the loopy one's; Connect Four's midgame case runs at about 0.6 of it).
RATE = Rate(1.65e-4, "(position or move) x solve", "python benchmarks/routes.py general")
#: Labels, in the order of the model's variables.
LABELS = ("win", "lose", "draw")


def predict(graph: TurnGraph) -> float:
    """Predicted seconds of :func:`cpsat_values` on ``graph``: two solves, each about linear in the moves."""
    return RATE.seconds((len(graph.positions) + graph.moves) * 2)


def cpsat_values(graph: TurnGraph) -> tuple[Value, ...]:
    """Decide every query of a general game by CP-SAT: win or lose with remoteness, or draw.

    Parameters
    ----------
    graph : the game's position graph (:func:`~gamecert.verify.turn.graph.turn_graph`)

    Returns
    -------
    One :class:`~gamecert.solvers.turn.value.Value` per query.

    Raises
    ------
    TimeLimitError
        when the graph's listing stopped (its ``stopped``) or a solve runs past
        :data:`~gamecert.verify.turn.cpsat.CPSAT_TIME_LIMIT`.
    SolverError
        if a solve contradicts the uniqueness of the labelling.

    Notes
    -----
    Per position ``x``: Booleans ``win[x]``, ``lose[x]``, ``draw[x]`` (exactly
    one) and an integer ``rank[x]`` in ``0 .. D``, ``D`` a bound on every remoteness (the
    longest play, or ``P`` in a loopy game: :func:`~gamecert.verify.turn.bounds.remoteness_bound`). For a move ``i`` to ``y``,
    ``good_i`` is ``lose[y]`` (on an extra move ``win[y]``) and ``bad_i`` is
    ``win[y]`` (extra: ``lose[y]``). Where play stops the label is fixed
    (``result``, or lost with no move) and the rank 0. Elsewhere, with
    ``reached_i`` equal to ``rank[y]`` where ``good_i`` holds and ``D + 1``
    where not: ``win[x] -> rank[x] = 1 + min_i reached_i`` (so some move wins,
    and the winner takes the soonest); ``lose[x] -> bad_i`` for every ``i``
    and ``rank[x] = 1 + max_i rank[y_i]``; ``draw[x] -> NOT good_i`` for every
    ``i``, ``draw[x] -> OR_i draw[y_i]`` and ``rank[x] = 0``. The minimum and
    maximum are CP-SAT's own constraints, whose bounds propagate from the
    positions where play stops upwards.

    Uniqueness, by induction on ``j``: the positions won (lost) with
    remoteness ``j`` are exactly those a solution labels won (lost) with rank
    ``j``. Rank 0 is only where play stops (elsewhere a rank is one more
    than a move's). Truly won in ``j``: a good move to a position decided at
    ``j - 1``, labelled so, which excludes lose and draw, and a rank below
    ``j`` would be a remoteness below ``j``; truly lost in ``j``: every move is
    bad with rank at most ``j - 1``, one exactly, so neither win nor draw
    fits and the rank is ``j``. Conversely a solution's won position at rank
    ``j`` has a winning move to rank ``j - 1``, truly decided, so it wins within ``j``,
    and a lost one has every move truly bad within ``j - 1``. What is left is
    drawn in both. The game's own labelling is a solution (a draw has no
    winning move, and not every move loses, so a move to a draw). One
    CP-SAT solve reads the labels; then one solve with "some query's label
    differs" assumed must be INFEASIBLE: two solves whatever the number of
    queries.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> loop = GeneralRules("loop", "l.py", int, lambda n: [n, n - 1] if n else [])
    >>> [str(v) for v in cpsat_values(turn_graph(loop, [0, 1, 2]))]
    ['lose 0', 'win 1', 'draw']
    """
    from ortools.sat.python import cp_model

    if graph.stopped:
        raise TimeLimitError(graph.stopped)
    positions, options, extra = graph.positions, graph.options, graph.extra
    n = len(positions)
    top = remoteness_bound(graph)
    model = cp_model.CpModel()
    # Model: label[x, "win" | "lose" | "draw"] for the player to move at x, and x's rank.
    label = {(x, word): model.new_bool_var(f"{word}[{x}]") for x in range(n) for word in LABELS}
    rank = {x: model.new_int_var(0, top, f"rank[{x}]") for x in range(n)}
    # Constraints
    for x in range(n):
        win, lose, draw = (label[x, word] for word in LABELS)
        model.add_exactly_one(win, lose, draw)
        over = graph.over(x)
        if over is not None:
            model.add(label[x, over] == 1)
            model.add(rank[x] == 0)
            continue
        ranks = []  # per move: the rank reached where the move wins for x's mover, else top + 1
        for i, (y, e) in enumerate(zip(options[x], extra[x])):
            good = label[y, "win" if e else "lose"]
            bad = label[y, "lose" if e else "win"]
            reached = model.new_int_var(0, top + 1, f"reached[{x},{i}]")
            model.add(reached == rank[y]).only_enforce_if(good)
            model.add(reached == top + 1).only_enforce_if(good.Not())
            ranks.append(reached)
            model.add_implication(lose, bad)  # a lost position's moves all lose
            model.add_implication(draw, good.Not())  # a drawn position has no winning move
        soonest = model.new_int_var(0, top + 1, f"soonest[{x}]")
        model.add_min_equality(soonest, ranks)
        latest = model.new_int_var(0, top, f"latest[{x}]")
        model.add_max_equality(latest, [rank[y] for y in options[x]])
        model.add(rank[x] == soonest + 1).only_enforce_if(win)  # the winner hurries
        model.add(rank[x] == latest + 1).only_enforce_if(lose)  # the loser delays
        model.add_bool_or([draw.Not(), *(label[y, "draw"] for y in options[x])])  # a draw has a move to a draw
        model.add(rank[x] == 0).only_enforce_if(draw)
    # Solve
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = CPSAT_WORKERS
    solver.parameters.max_time_in_seconds = CPSAT_TIME_LIMIT
    solve_expecting(solver, model, cp_model, cp_model.OPTIMAL, "the labelling")
    values = []
    for r in graph.roots:
        word = next(w for w in LABELS if solver.boolean_value(label[r, w]))
        values.append(Value(word, None if word == "draw" else solver.value(rank[r])))
    others = []
    for i, (r, value) in enumerate(zip(graph.roots, values)):
        # Every other label of query i: another outcome, or the same with another rank.
        other = model.new_bool_var(f"other[{i}]")
        if value.number is None:
            model.add(label[r, value.outcome] == 0).only_enforce_if(other)
        else:
            model.add(rank[r] != value.number).only_enforce_if([other, label[r, value.outcome]])
        others.append(other)
    some = model.new_bool_var("some query labelled otherwise")
    model.add_bool_or(others).only_enforce_if(some)
    model.add_assumptions([some])
    solve_expecting(solver, model, cp_model, cp_model.INFEASIBLE, "some query with another label")
    return tuple(values)
