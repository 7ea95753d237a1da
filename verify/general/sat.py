"""General games as SAT (python-sat): the game unrolled over its position graph, "won within k" / "lost within k".

Two Boolean variables per position ``x`` and depth ``k = 0 .. K`` (``K`` the
number of positions): ``win[x, k]``, "the player to move at ``x`` can force a
win within ``k`` moves", and ``lose[x, k]``, "the opponent can force it".
Each is defined from depth ``k - 1`` alone (where ``result`` ends the game
or no move is left, by the position itself), so the clauses have exactly one
model: the game's. A query is won with remoteness ``N`` when ``win[q, N]``
holds and ``win[q, N - 1]`` does not, lost likewise, and drawn when neither
``win[q, K]`` nor ``lose[q, K]`` holds (``K`` moves are enough: the
positions decided within ``k`` stop changing once one depth adds none).
Each query's label is proven by one satisfiable call (the label assumed) and
one unsatisfiable call (its negation assumed). Nothing here uses the fast
solver.
"""

from __future__ import annotations

from gamecert.solvers.errors import SolverError
from gamecert.solvers.general.value import Value
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.general.graph import TurnGraph

#: python-sat backend (as for the impartial games).
SAT_BACKEND = "cadical153"
#: Most positions listed for the SAT formulation.
SAT_MAX_POSITIONS = 2_000
#: Most moves listed for it.
SAT_MAX_MOVES = 20_000
#: Largest unrolling: ``(K + 1) (P + M)`` for ``P`` positions, ``M`` moves and ``K = P`` (see :func:`too_large`).
SAT_MAX_TERMS = 100_000


def size(graph: TurnGraph) -> int:
    """``(K + 1) (P + M)``: about the number of clauses over two (one per variable and one per move and variable).

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.general.graph import turn_graph
    >>> size(turn_graph(GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else []), [3]))
    35
    """
    n = len(graph.positions)
    return (n + 1) * (n + graph.moves)


def too_large(graph: TurnGraph) -> str | None:
    """Why the unrolling of ``graph`` is too large for :func:`sat_values`, or None.

    The unrolling has ``2 P (K + 1)`` variables and about ``2 (K + 1) (P + M)``
    clauses (:func:`size`), built in Python; unit propagation decides it
    (every variable is defined from shallower ones), so building costs
    more than solving. Hence :data:`SAT_MAX_TERMS`.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.general.graph import turn_graph
    >>> too_large(turn_graph(GeneralRules("count", "c.py", int, lambda n: [n - 1, n - 2] if n > 1 else []), [700]))
    '701 positions, 1,398 moves: 1,473,498 terms > 100,000 (SAT limit)'
    """
    terms = size(graph)
    if terms > SAT_MAX_TERMS:
        return f"{len(graph.positions):,} positions, {graph.moves:,} moves: {terms:,} terms > {SAT_MAX_TERMS:,} (SAT limit)"
    return None


def sat_values(graph: TurnGraph) -> tuple[Value, ...]:
    """Decide every query of a general game by SAT calls: win or lose with remoteness, or draw.

    Parameters
    ----------
    graph : the game's position graph (:func:`~gamecert.verify.general.graph.turn_graph`)

    Returns
    -------
    One :class:`~gamecert.solvers.general.value.Value` per query.

    Raises
    ------
    TimeLimitError
        when the graph's listing stopped (its ``stopped``) or :func:`too_large` rejects it.
    SolverError
        if a call contradicts the unique model.

    Notes
    -----
    Clauses, for a position ``x`` where play stops: ``win[x, k]`` and
    ``lose[x, k]`` are units (one variable for every ``k``): a win where
    ``result`` says win, a loss where it says lose or no move is left. For
    any other ``x``: ``NOT win[x, 0]``, ``NOT lose[x, 0]``, and for ``k >= 1``
    ``win[x, k] <-> OR_i good_i`` and ``lose[x, k] <-> AND_i bad_i`` over
    its moves ``i`` to ``y``, where ``good_i`` is ``lose[y, k-1]`` (on an
    extra move ``win[y, k-1]``) and ``bad_i`` is ``win[y, k-1]`` (extra:
    ``lose[y, k-1]``). By induction on ``k`` the one model is the game
    (module docstring; GamesmanOne's remoteness: the winner plays to win
    soonest, the loser to lose latest). One incremental CaDiCaL instance:
    a first call reads each query's label from the model; then per query one
    SAT call under the label (``win[q, N]``, ``NOT win[q, N-1]``) and one
    UNSAT call under its negation (a clause switched on by a fresh
    assumption). ``O((K + 1)(P + M))`` clauses.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.general.graph import turn_graph
    >>> loop = GeneralRules("loop", "l.py", int, lambda n: [n, n - 1] if n else [])
    >>> [str(v) for v in sat_values(turn_graph(loop, [0, 1, 2]))]
    ['lose 0', 'win 1', 'draw']
    """
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    reason = graph.stopped or too_large(graph)
    if reason:
        raise TimeLimitError(reason)
    positions, options, extra = graph.positions, graph.options, graph.extra
    depth = len(positions)
    # Model: ("win" | "lose", position, k): the player to move there wins / loses within k moves
    # (where play stops, one variable for every k).
    pool = IDPool()
    ids = {
        word: [[pool.id((word, p, 0 if graph.over(x) is not None else k)) for k in range(depth + 1)] for x, p in enumerate(positions)]
        for word in ("win", "lose")
    }

    def win(x: int, k: int) -> int:
        return ids["win"][x][k]

    def lose(x: int, k: int) -> int:
        return ids["lose"][x][k]

    # Constraints
    cnf: list[list[int]] = []
    for x in range(len(positions)):
        over = graph.over(x)
        if over is not None:
            cnf.append([win(x, 0) if over == "win" else -win(x, 0)])
            cnf.append([lose(x, 0) if over == "lose" else -lose(x, 0)])
            continue
        cnf += [[-win(x, 0)], [-lose(x, 0)]]  # the game goes on: nothing is decided within 0 moves
        wins, loses = ids["win"], ids["lose"]
        for k in range(1, depth + 1):
            good = [wins[y][k - 1] if e else loses[y][k - 1] for y, e in zip(options[x], extra[x])]
            bad = [loses[y][k - 1] if e else wins[y][k - 1] for y, e in zip(options[x], extra[x])]
            w, l = wins[x][k], loses[x][k]
            cnf.append([-w, *good])  # won: some move reaches a position lost for its mover (won, on an extra move)
            cnf += [[w, -g] for g in good]
            cnf.append([l, *(-b for b in bad)])  # lost: every move reaches a position won for its mover
            cnf += [[-l, b] for b in bad]
    # Solve
    out = []
    with Solver(name=SAT_BACKEND, bootstrap_with=cnf) as solver:
        if not solver.solve():
            raise SolverError("SAT: the unrolled game has no model, yet every variable is defined")
        model = {v for v in solver.get_model() if v > 0}
        for i, r in enumerate(graph.roots):
            value, label = _label(model, r, depth, win, lose)
            if not solver.solve(assumptions=label):
                raise SolverError(f"SAT: query {i + 1} is not {value} in any model")
            switch = pool.id(("not", i))
            solver.add_clause([-switch, *(-lit for lit in label)])  # the label fails
            if solver.solve(assumptions=[switch]):
                raise SolverError(f"SAT: query {i + 1} is {value} in one model and not in another")
            out.append(value)
    return tuple(out)


def _label(model: set[int], r: int, depth: int, win, lose) -> tuple[Value, list[int]]:
    """Query ``r``'s value in ``model``, and the literals that say it."""
    for outcome, var in (("win", win), ("lose", lose)):
        n = next((k for k in range(depth + 1) if var(r, k) in model), None)
        if n is not None:
            return Value(outcome, n), [var(r, n)] + ([-var(r, n - 1)] if n else [])
    return Value("draw", None), [-win(r, depth), -lose(r, depth)]
