"""General games as quantified Boolean formulas (pyqbf with DepQBF): the game tree to depth k, as a prenex QBF.

"The player to move at ``q`` can force a win within ``k`` moves" is written
with one block of choice variables per move: ∃ where that player moves, ∀
where the opponent does (on an extra move the same player's quantifier
comes again). A move is a binary code, the index of the move among the
position's moves; the positions themselves are auxiliary variables defined
from the codes, in a last ∃ block. The formula states the rules and the
goal, nothing else: no labels, no counters. A query's remoteness is the
least ``k`` for which the player to move wins (or the opponent does: a loss)
within ``k``; a query neither wins within as many moves as there are
positions is a draw. Nothing here uses the fast solver.

Encoding, for the claim "side ``c`` wins within ``k``" (``c = 0``: the player to
move at the query, ``c = 1``: the opponent). A *state* is a position and who
is to move there (0: the query's player to move, 1: the other); the layer
``S_t`` holds the states play can reach in ``t`` moves (``S_0`` the query,
with 0 to move), expanded only where play goes on. Variables:

* ``code[t, s, j]``: bit ``j`` of move ``t``'s index when side ``s`` makes it
  (∃ when ``s = c``, ∀ otherwise; a block only for the sides that can move
  at ``t``);
* ``at[t, u]``, ``u ∈ S_t``: play is at state ``u`` after ``t`` moves
  (``at[0, query]`` a unit);
* ``sel[t, u, i]``: ``at[t-1, u]`` and the mover's code at ``t`` is ``i``;
* ``stuck[t, u]``: the ∀ player at ``u`` gave a code past its moves.

Clauses: ``sel[t, u, i] <-> at[t-1, u] AND code spells i``; ``at[t, v] <->
OR sel`` over the moves into ``v``; the ∃ player's code names a move
(``NOT at[t-1, u] OR OR_i sel[t, u, i]``); ``stuck[t, u] -> at[t-1, u]`` and
``stuck[t, u] -> NOT sel[t, u, i]``; and the goal, one clause: some state
reached within ``k`` moves where play stops and ``c`` has won (``result``
says so, or the loser has no move), or some ``stuck``. A player never gains
by a code that names no move (every position where play goes on has one),
so forbidding it to ∃ and counting it as a win against ∀ keeps the value.
"""

from __future__ import annotations

from gamecert.solvers.errors import SolverError
from gamecert.solvers.general.value import Value
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.general.graph import TurnGraph

#: DepQBF, as for undirected vertex geography (pyqbf's name).
QBF_SOLVER = "depqbf"
#: Most positions: a draw takes two formulas per depth up to the number of positions.
QBF_MAX_POSITIONS = 16
#: Most moves.
QBF_MAX_MOVES = 48

#: A state of the unrolled game: a position's node and who is to move there (0: the query's player to move).
State = tuple[int, int]


def too_large(graph: TurnGraph) -> str | None:
    """Why ``graph`` is too large for :func:`qbf_values`, or None.

    A query takes two formulas per depth ``k`` until it is decided, a draw
    ``2 (P + 1)`` of them for ``P`` positions, each with ``k`` alternations
    and about ``k (P + M)`` clauses: only tiny games, hence
    :data:`QBF_MAX_POSITIONS` and :data:`QBF_MAX_MOVES`.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.general.graph import turn_graph
    >>> too_large(turn_graph(GeneralRules("all", "a.py", int, lambda n: list(range(n)) * 2), [9]))
    '10 positions, 90 moves > 48 (QBF limit)'
    """
    if graph.moves > QBF_MAX_MOVES:
        return f"{len(graph.positions)} positions, {graph.moves} moves > {QBF_MAX_MOVES} (QBF limit)"
    return None


def qbf_values(graph: TurnGraph, solver: str = QBF_SOLVER) -> tuple[Value, ...]:
    """Decide every query of a general game by QBF calls: win or lose with remoteness, or draw.

    Parameters
    ----------
    graph : the game's position graph (:func:`~gamecert.verify.general.graph.turn_graph`)
    solver : a pyqbf solver name

    Returns
    -------
    One :class:`~gamecert.solvers.general.value.Value` per query.

    Raises
    ------
    TimeLimitError
        when the graph's listing stopped (its ``stopped``) or :func:`too_large` rejects it.
    SolverError
        if the solver gives no answer.

    Notes
    -----
    For ``k = 0, 1, ..., P``: :func:`wins_within` for the player to move,
    then for the opponent; the first true one is the label (remoteness
    ``k``: the least depth within which the winner forces the win, so the
    winner hurries and the loser delays). A formula of ``k`` moves is true iff
    the claimed side wins the game tree cut at depth ``k`` (by induction on
    ``k``: a ∃ state is won iff some move's subtree is, a ∀ state iff every
    move's is). Deciding a QBF is PSPACE-complete; the formulas here are
    tiny (:func:`too_large`).

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.general.graph import turn_graph
    >>> loop = GeneralRules("loop", "l.py", int, lambda n: [n, n - 1] if n else [])
    >>> [str(v) for v in qbf_values(turn_graph(loop, [0, 1, 2]))]
    ['lose 0', 'win 1', 'draw']
    """
    reason = graph.stopped or too_large(graph)
    if reason:
        raise TimeLimitError(reason)
    out = []
    for r in graph.roots:
        for k in range(len(graph.positions) + 1):
            if wins_within(graph, r, k, 0, solver):
                out.append(Value("win", k))
                break
            if wins_within(graph, r, k, 1, solver):
                out.append(Value("lose", k))
                break
        else:
            out.append(Value("draw", None))
    return tuple(out)


def _won(graph: TurnGraph, state: State, side: int) -> bool:
    """Whether play stops at ``state`` with ``side`` the winner."""
    over = graph.over(state[0])
    return (over == "win" and state[1] == side) or (over == "lose" and state[1] != side)


def wins_within(graph: TurnGraph, root: int, k: int, side: int, solver: str = QBF_SOLVER) -> bool:
    """Whether ``side`` (0: the player to move at ``root``, 1: the opponent) can force a win within ``k`` moves.

    Encodes the module docstring's QBF and hands it to ``solver``.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.general.graph import turn_graph
    >>> g = turn_graph(GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else []), [3])
    >>> [wins_within(g, g.roots[0], k, 0) for k in range(5)]
    [False, False, False, True, True]
    """
    from pyqbf.formula import PCNF
    from pyqbf.solvers import Solver
    from pysat.formula import IDPool

    options, extra = graph.options, graph.extra
    # Model
    pool = IDPool()
    blocks: list[tuple[str, list[int]]] = []  # the prefix, outermost first
    aux: list[int] = []
    clauses: list[list[int]] = []

    def fresh(key: tuple) -> int:
        x = pool.id(key)
        aux.append(x)
        return x

    layer = {(root, 0): fresh(("at", 0, (root, 0)))}
    clauses.append([layer[root, 0]])
    goal = [layer[root, 0]] if _won(graph, (root, 0), side) else []
    for t in range(1, k + 1):
        moving = [u for u in layer if graph.over(u[0]) is None]
        if not moving:
            break
        code = {}
        for s in (0, 1):
            degrees = [len(options[x]) for x, who in moving if who == s]
            if degrees:
                bits = max(1, (max(degrees) - 1).bit_length())
                code[s] = [pool.id(("code", t, s, j)) for j in range(bits)]
                blocks.append(("e" if s == side else "a", code[s]))
        into: dict[State, list[int]] = {}
        for u in moving:
            x, who = u
            bits = code[who]
            sels = []
            for i, (y, e) in enumerate(zip(options[x], extra[x])):
                sel = fresh(("sel", t, u, i))
                spell = [b if i >> j & 1 else -b for j, b in enumerate(bits)]
                # Constraints: sel <-> at[t-1, u] AND the code spells i.
                clauses += [[-sel, layer[u]], *([-sel, lit] for lit in spell), [sel, -layer[u], *(-lit for lit in spell)]]
                into.setdefault((y, who if e else 1 - who), []).append(sel)
                sels.append(sel)
            if who == side:
                clauses.append([-layer[u], *sels])  # the ∃ player names a move
            elif len(sels) < 1 << len(bits):
                stuck = fresh(("stuck", t, u))
                clauses += [[-stuck, layer[u]], *([-stuck, -sel] for sel in sels)]
                goal.append(stuck)  # the ∀ player named no move: lost
        layer = {}
        for v, sels in into.items():
            at = layer[v] = fresh(("at", t, v))
            # Constraints: at[t, v] <-> some move into v was made.
            clauses += [[-at, *sels], *([at, -sel] for sel in sels)]
            if _won(graph, v, side):
                goal.append(at)
    if not goal:
        return False  # no play within k moves ends in a win for side: the goal clause is empty
    clauses.append(goal)
    blocks.append(("e", aux))
    formula = PCNF(from_clauses=clauses)
    for quantifier, variables in _merged(blocks):
        (formula.exists if quantifier == "e" else formula.forall)(*variables)
    formula.nv = pool.top
    # Solve
    with Solver(name=solver, bootstrap_with=formula) as qbf:
        answer = qbf.solve()
    if answer is not True and answer is not False:
        raise SolverError(f"QBF ({solver}) gave no answer ({answer!r})")
    return answer


def _merged(blocks: list[tuple[str, list[int]]]) -> list[tuple[str, list[int]]]:
    """Adjacent blocks of one quantifier as one block.

    >>> _merged([("e", [1]), ("e", [2]), ("a", [3])])
    [('e', [1, 2]), ('a', [3])]
    """
    out: list[tuple[str, list[int]]] = []
    for quantifier, variables in blocks:
        if out and out[-1][0] == quantifier:
            out[-1] = (quantifier, out[-1][1] + variables)
        else:
            out.append((quantifier, list(variables)))
    return out
