"""General games as quantified Boolean formulas: the game tree to the longest play, a prenex QBF per question.

"Side ``c`` can force a win within ``k`` moves" is written with one block
of choice variables per move: ∃ where that side moves, ∀ where the other
does (on an extra move the same side's quantifier comes again). A move is a
binary code, the index of the move among the position's moves; the states
play reaches are auxiliary variables defined from the codes, each layer's
in an ∃ block right after the codes that decide it (so that what a solver
learns about a state holds whichever order of moves reached it). The
formula states the rules and the goal, nothing else: no labels, no
counters, no ranks.

Depth. In a game whose every play ends (tic-tac-toe, Othello), no play
from a query takes more than ``D`` moves, the longest play, computed here
from the listing (:func:`~gamecert.verify.general.bounds.play_depths`):
a side that wins at all wins within ``D``, so two formulas of depth ``D``
give the outcome (neither true: a draw), and a binary search on ``k`` over
the monotone "wins within ``k``" gives the remoteness, about ``2 + log2 D``
formulas per query. In a loopy game the independent bound is the number of
positions ``P``: a decided position's remoteness is below ``P`` (the
remoteness falls by one along the moves that fix it, so none repeats), so
"neither side wins within ``P``" is a draw; the formulas then grow as
``P (P + M)``, and :func:`predict` says so.

Each formula goes to one QBF solver of pyqbf (DepQBF, RAReQS, CAQE, ...)
in a killable child (:mod:`gamecert.verify.engine.qbf`); ``check`` runs one
route per solver, so the solvers cross-check each other as well as the
rest.

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
About ``(b + 3) M_k`` clauses for the ``M_k`` moves out of the layers and
``b`` code bits. Nothing here uses the fast solver.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager

from gamecert.solvers.errors import SolverError
from gamecert.solvers.turn.value import Value
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.game import Rate
from gamecert.verify.turn.bounds import play_depths
from gamecert.verify.turn.graph import TurnGraph

#: DepQBF, as for undirected vertex geography (pyqbf's name).
QBF_SOLVER = "depqbf"
#: The solvers ``check`` runs, one route each: a QCDCL search and a CEGAR expansion solver.
QBF_SOLVERS = ("depqbf", "rareqs")
#: Seconds one solver may spend on one formula (its child is killed past it).
QBF_TIME_LIMIT = 120.0
#: Measured: seconds per clause of a formula, times ``GROWTH`` per move of its depth (DepQBF on the empty
#: tic-tac-toe board, 10^5 clauses and depth 9, and on chains of "take 1 or 2", depth 30 to 100).
RATE = Rate(6.5e-4, "clause x GROWTH ** depth", "python benchmarks/routes.py general")
#: How a formula's time grows with each move of depth, at a given number of clauses.
GROWTH = 1.05

#: A state of the unrolled game: a position's node and who is to move there (0: the query's player to move).
State = tuple[int, int]


def predict(graph: TurnGraph) -> float:
    """Predicted seconds of :func:`qbf_values` on ``graph``: per query and formula, its clauses times ``GROWTH ** depth``.

    A formula of a game whose plays all end has about ``b + 3`` clauses per
    move reachable from the query (``b`` code bits); a loopy game's repeats
    them in each of its ``P`` layers. A query takes about ``2 + log2 D``
    formulas.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> take = GeneralRules("take", "t.py", int, lambda n: [n - k for k in (1, 2) if k <= n])
    >>> predict(turn_graph(take, [10])) < 1 < 60 < predict(turn_graph(take, [200]))
    True
    """
    depths = play_depths(graph)
    bits = max(1, (max((len(o) for o in graph.options), default=1) - 1).bit_length())
    total = 0.0
    for r in graph.roots:
        reach = _moves_from(graph, r)
        depth = len(graph.positions) if depths is None else depths[r]
        clauses = (bits + 3) * reach * (depth if depths is None else 1)
        formulas = 2 + max(1, depth).bit_length()
        if clauses:  # a query where play stops needs no formula
            total += RATE.exponential(GROWTH, depth, formulas * clauses)
    return total


def _moves_from(graph: TurnGraph, root: int) -> int:
    """The number of moves out of the positions reachable from ``root``."""
    seen, stack = {root}, [root]
    while stack:
        for y in graph.options[stack.pop()]:
            if y not in seen:
                seen.add(y)
                stack.append(y)
    return sum(len(graph.options[x]) for x in seen)


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
        when the graph's listing stopped (its ``stopped``) or a formula runs past :data:`QBF_TIME_LIMIT`.
    SolverError
        if the solver fails.

    Notes
    -----
    Per query with depth bound ``D`` (its longest play, or ``P`` in a loopy
    game): :func:`wins_within` ``D`` for the player to move, then for the
    opponent; neither is a draw. For the winner, a binary search for the
    least ``k`` with a win within ``k``: the remoteness (the winner hurries,
    the loser delays). A formula of ``k`` moves is true iff the claimed side
    wins the game tree cut at depth ``k`` (by induction on ``k``: an ∃ state
    is won iff some move's subtree is, a ∀ state iff every move's is), and
    winning within ``k`` implies winning within ``k + 1``. Deciding a QBF is
    PSPACE-complete; :func:`predict` estimates the time.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> loop = GeneralRules("loop", "l.py", int, lambda n: [n, n - 1] if n else [])
    >>> [str(v) for v in qbf_values(turn_graph(loop, [0, 1, 2]))]
    ['lose 0', 'win 1', 'draw']
    """
    if graph.stopped:
        raise TimeLimitError(graph.stopped)
    depths = play_depths(graph)
    out = []
    for r in graph.roots:
        top = len(graph.positions) if depths is None else depths[r]
        side = next((c for c in (0, 1) if wins_within(graph, r, top, c, solver)), None)
        if side is None:
            out.append(Value("draw", None))
            continue
        low, high = -1, top  # invariant: side does not win within low moves, and wins within high
        while high - low > 1:
            mid = (low + high) // 2
            if wins_within(graph, r, mid, side, solver):
                high = mid
            else:
                low = mid
        out.append(Value("lose" if side else "win", high))
    return tuple(out)


def _won(graph: TurnGraph, state: State, side: int) -> bool:
    """Whether play stops at ``state`` with ``side`` the winner."""
    over = graph.over(state[0])
    return (over == "win" and state[1] == side) or (over == "lose" and state[1] != side)


def wins_within(graph: TurnGraph, root: int, k: int, side: int, solver: str = QBF_SOLVER) -> bool:
    """Whether ``side`` (0: the player to move at ``root``, 1: the opponent) can force a win within ``k`` moves.

    :func:`won_within_formula` solved by ``solver`` in a killable child
    (:func:`~gamecert.verify.engine.qbf.solve_qbf`).

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> g = turn_graph(GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else []), [3])
    >>> [wins_within(g, g.roots[0], k, 0) for k in range(5)]
    [False, False, False, True, True]
    """
    from gamecert.verify.engine.qbf import solve_qbf

    formula = won_within_formula(graph, root, k, side)
    if isinstance(formula, bool):
        return formula
    with _children_die_with_us():
        run = solve_qbf(formula, solver, time_limit=QBF_TIME_LIMIT)
    if run.verdict == "timeout":
        raise TimeLimitError(f"QBF ({solver}) ran past {QBF_TIME_LIMIT:g} s (side {side} within {k} moves)")
    if run.answer is None:
        raise SolverError(f"QBF ({solver}) gave no answer: {run.verdict} {run.message}")
    return run.answer


#: Whether a child forked now is to die with this process (:func:`_children_die_with_us`).
_DIE_WITH_PARENT = False
_HOOKED = False


@contextmanager
def _children_die_with_us() -> Iterator[None]:
    """Inside the block, a child this process forks gets SIGKILL when this process dies (Linux).

    The portfolio's solver runs in a forked child that only this process
    kills at its deadline; a ``check`` step stopped past its time limit
    would leave it running. ``prctl(PR_SET_PDEATHSIG)`` in the child, set by
    a fork hook, ends it with us.
    """
    global _DIE_WITH_PARENT, _HOOKED
    if not _HOOKED:
        os.register_at_fork(after_in_child=_die_with_parent)
        _HOOKED = True
    _DIE_WITH_PARENT = True
    try:
        yield
    finally:
        _DIE_WITH_PARENT = False


def _die_with_parent() -> None:
    global _DIE_WITH_PARENT
    if not _DIE_WITH_PARENT:
        return
    _DIE_WITH_PARENT = False  # the child's own forks (QuAPI's) are its business
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the portfolio's own deadline still holds
        return
    if os.getppid() == 1:  # the parent died before the signal was armed
        os._exit(1)


def won_within_formula(graph: TurnGraph, root: int, k: int, side: int):
    """The prenex CNF (a pyqbf ``PCNF``) of "``side`` wins within ``k`` moves from ``root``", or False when no play
    within ``k`` moves ends in a win for ``side`` (the goal clause would be empty).

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> g = turn_graph(GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else []), [3])
    >>> won_within_formula(g, 0, 0, 0), [q for q, _ in _merged([("e", [1]), ("a", [2])])]
    (False, ['e', 'a'])
    """
    from pyqbf.formula import PCNF
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
    blocks.append(("e", aux))
    aux = []
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
        blocks.append(("e", aux))  # what play reached after t moves, right after the codes that decide it
        aux = []
    if not goal:
        return False  # no play within k moves ends in a win for side: the goal clause is empty
    clauses.append(goal)
    blocks.append(("e", aux))
    formula = PCNF(from_clauses=clauses)
    for quantifier, variables in _merged(blocks):
        (formula.exists if quantifier == "e" else formula.forall)(*variables)
    formula.nv = pool.top
    return formula


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
