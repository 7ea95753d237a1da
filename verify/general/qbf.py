"""General games as quantified Boolean formulas: the game tree to the longest play, a prenex QBF per question.

"Side ``c`` can force a win within ``k`` moves" is decided through its
negation, "the other side keeps ``c`` from winning within ``k`` moves", a
safety game, written with one block of choice variables per move: ∃ where
the keeping side moves, ∀ where ``c`` does (on an extra move the same side's
quantifier comes again). A move is a binary code, the index of the move
among the position's moves; the states play reaches are one variable per
state and layer, each layer's in an ∃ block right after the codes that
decide it (so that what a solver learns about a state holds whichever order
of moves reached it). The formula states the rules and the goal, nothing
else: no labels, no counters, no ranks.

Depth. In a game whose every play ends (tic-tac-toe, Othello), no play
from a query takes more than ``D`` moves, the longest play, computed here
from the listing (:func:`~gamecert.verify.turn.bounds.play_depths`):
a side that wins at all wins within ``D``, so two formulas of depth ``D``
give the outcome (neither side wins: a draw), and a binary search on ``k``
over the monotone "wins within ``k``" gives the remoteness, about ``2 +
log2 D`` formulas per query. In a loopy game the independent bound is the
number of positions ``P``: a decided position's remoteness is below ``P``
(the remoteness falls by one along the moves that fix it, so none
repeats), so "neither side wins within ``P``" is a draw; the formulas then
grow as ``P M``, and :func:`predict` says so.

Each formula goes to one QBF solver of pyqbf (DepQBF, RAReQS, CAQE, ...)
in a killable child (:mod:`gamecert.verify.engine.qbf`); ``check`` runs one
route per solver, so the solvers cross-check each other as well as the
rest.

Encoding (:func:`survives_formula`), for "side ``s`` keeps the other side
from winning within ``k`` moves". A *state* is a position and who is to
move there (0: the query's player to move, 1: the other); the layer ``S_t``
holds the states play can reach in ``t`` moves without stopping (``S_0``
the query). Variables:

* ``code[t, p, j]``: bit ``j`` of move ``t``'s index when side ``p`` makes
  it (∃ when ``p = s``, ∀ otherwise; a block only for the sides that can
  move at ``t``). A position with ``d`` moves reads ``n = ⌈log2 d⌉`` bits;
  a code past its moves is *corrected* to a legal move (``c - 2^(n-1)``),
  so neither player can choose an illegal move and nothing has to forbid
  or punish one (the corrective encoding);
* ``at[t, v]``, ``v ∈ S_t``: play may be at ``v`` after ``t`` moves
  (``at[0, query]`` a unit).

Clauses, one per move ``(u, i)`` out of a state of ``S_{t-1}`` to ``v``:
``at[t-1, u] AND code names i -> at[t, v]`` when play goes on at ``v``;
``-> false`` when the other side has won at ``v`` (``result`` says so, or
the player to move there has no move); none when play stops in a draw or
a win of ``s``, or ``t = k``. The ``at`` are bounded from below only: the
∃ side may set more of them, which only adds clauses it must satisfy, so
the least setting, the states play really reaches, is its best, and the
formula is true iff ``s`` can steer every play of ``k`` moves clear of the
other side's wins. About ``M_k`` clauses of at most ``n + 2`` literals for
the ``M_k`` moves out of the layers; when no move reaches a win of the
other side within ``k`` the answer is true without a solver.
:func:`won_within_formula` writes the claim itself, ``c`` ∃, with exact
state variables and a goal clause; it is the independent encoding the tests
compare with. Nothing here uses the fast solver.
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
#: Measured: seconds per clause of a formula, times ``GROWTH`` per move of its depth (DepQBF and RAReQS on
#: tic-tac-toe's and Connect Four's boards and on random layered games, benchmarks/limits.md).
RATE = Rate(3.0e-5, "clause x GROWTH ** depth", "python benchmarks/routes.py general")
#: How a formula's time grows with each move of depth, at a given number of clauses.
GROWTH = 1.05

#: A state of the unrolled game: a position's node and who is to move there (0: the query's player to move).
State = tuple[int, int]


def predict(graph: TurnGraph) -> float:
    """Predicted seconds of :func:`qbf_values` on ``graph``: per query and formula, its clauses times ``GROWTH ** depth``.

    A formula of a game whose plays all end has about one clause per move
    reachable from the query; a loopy game's repeats them in each of its
    ``P`` layers. A query takes about ``2 + log2 D`` formulas.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> take = GeneralRules("take", "t.py", int, lambda n: [n - k for k in (1, 2) if k <= n])
    >>> predict(turn_graph(take, [10])) < 1 < 60 < predict(turn_graph(take, [200]))
    True
    """
    depths = play_depths(graph)
    total = 0.0
    for r in graph.roots:
        reach = _moves_from(graph, r)
        depth = len(graph.positions) if depths is None else depths[r]
        clauses = reach * (depth if depths is None else 1)
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
    graph : the game's position graph (:func:`~gamecert.verify.turn.graph.turn_graph`)
    solver : a pyqbf solver name

    Returns
    -------
    One :class:`~gamecert.solvers.turn.value.Value` per query.

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

    The negation of :func:`survives_formula` for the other side, solved by
    ``solver`` in a killable child (:func:`~gamecert.verify.engine.qbf.solve_qbf`).

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> g = turn_graph(GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else []), [3])
    >>> [wins_within(g, g.roots[0], k, 0) for k in range(5)]
    [False, False, False, True, True]
    """
    from gamecert.verify.engine.qbf import solve_qbf

    formula = survives_formula(graph, root, k, 1 - side)
    if isinstance(formula, bool):
        return not formula
    with _children_die_with_us():
        run = solve_qbf(formula, solver, time_limit=QBF_TIME_LIMIT)
    if run.verdict == "timeout":
        raise TimeLimitError(f"QBF ({solver}) ran past {QBF_TIME_LIMIT:g} s (side {side} within {k} moves)")
    if run.answer is None:
        raise SolverError(f"QBF ({solver}) gave no answer: {run.verdict} {run.message}")
    return not run.answer


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


def _spell(bits: list[int], i: int, degree: int) -> list[int]:
    """The code literals that name move ``i`` of a position with ``degree`` moves, corrected.

    The position reads the low ``n = ⌈log2 degree⌉`` bits of the layer's
    code; a code ``c < degree`` is move ``c``, a code ``c ≥ degree`` (no
    move) is corrected to move ``c - 2^(n-1)``, a legal one. So the codes
    naming move ``i`` are a cube: all ``n`` bits, or the low ``n - 1`` when
    ``i + 2^(n-1)`` is one of the corrected codes.

    >>> _spell([5, 6, 7], 1, 3), _spell([5, 6, 7], 0, 3), _spell([5, 6, 7], 0, 1)
    ([5], [-5, -6], [])
    """
    n = (degree - 1).bit_length()
    top = 1 << n >> 1
    width = n - 1 if i < top and i + top >= degree else n
    return [bits[j] if i >> j & 1 else -bits[j] for j in range(width)]


def _prefix(clauses: list[list[int]], blocks: list[tuple[str, list[int]]], top: int):
    """The pyqbf ``PCNF`` of ``clauses`` under ``blocks`` (outermost first, adjacent blocks of one quantifier merged)."""
    from pyqbf.formula import PCNF

    formula = PCNF()
    formula.from_clauses(clauses, by_ref=True)  # not deep-copied: the clauses are this formula's alone
    for quantifier, variables in _merged(blocks):
        if variables:
            (formula.exists if quantifier == "e" else formula.forall)(*variables)
    formula.nv = top
    return formula


def survives_formula(graph: TurnGraph, root: int, k: int, side: int):
    """The prenex CNF (a pyqbf ``PCNF``) of "``side`` keeps the other side from winning within ``k`` moves
    from ``root``", or True / False when that needs no solver.

    The negation of "the other side wins within ``k``": the formula
    :func:`wins_within` solves. ``side`` is ∃ and picks its moves as states:
    per layer ``t`` an ∃ block of ``at[t, v]`` for the states ``v`` that play
    can reach in ``t`` moves without stopping, right after the other side's
    code of move ``t``. At a state ``u`` of ``side`` one clause ``at[t-1, u] ->
    OR at[t, v]`` over its moves into states where play goes on (none when
    some move stops play in a draw or a win of ``side``, or ``t = k``); per
    move ``i`` out of a state ``u`` of the other side one clause ``at[t-1, u]
    AND code names i -> at[t, v]``, or ``-> false`` when the other side has
    won at ``v``.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> g = turn_graph(GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else []), [3])
    >>> survives_formula(g, 0, 2, 1), survives_formula(g, 0, 3, 1).prefix
    (True, [1, 2, 3])
    """
    from pysat.formula import IDPool

    options, extra = graph.options, graph.extra
    if _won(graph, (root, 0), 1 - side):
        return False
    # Model
    pool = IDPool()
    blocks: list[tuple[str, list[int]]] = []  # the prefix, outermost first
    clauses: list[list[int]] = []
    layer = {(root, 0): pool.id(("at", 0, (root, 0)))}
    clauses.append([layer[root, 0]])
    forbids = False  # a clause without a positive literal: without one, every at true satisfies all
    for t in range(1, k + 1):
        moving = [u for u in layer if graph.over(u[0]) is None]
        if not moving:
            break
        blocks.append(("e", list(layer.values())))  # what play reached, right after the codes that decide it
        degrees = [len(options[x]) for x, who in moving if who != side]
        code = [pool.id(("code", t, j)) for j in range((max(degrees, default=1) - 1).bit_length())]
        blocks.append(("a", code))
        reached: dict[State, int] = {}

        def at(v: State) -> int:
            if v not in reached:
                reached[v] = pool.id(("at", t, v))
            return reached[v]

        for u in moving:
            x, who = u
            steps = [(y, (y, who if e else 1 - who)) for y, e in zip(options[x], extra[x])]
            if who == side:
                # Constraints: side moves from u to some state where play goes on, unless a move is safe at once:
                # it stops play unbeaten, or it is move k and play goes on.
                safe = [not _won(graph, v, 1 - side) if graph.over(y) is not None else t == k for y, v in steps]
                if not any(safe):
                    picks = dict.fromkeys(at(v) for y, v in steps if graph.over(y) is None)
                    clauses.append([-layer[u], *picks])
                    forbids |= not picks
                continue
            for i, (y, v) in enumerate(steps):
                named = [-lit for lit in _spell(code, i, len(steps))]
                # Constraints: play at u and the code naming move i reach v, which the other side must not have won.
                if _won(graph, v, 1 - side):
                    clauses.append([-layer[u], *named])
                    forbids = True
                elif graph.over(y) is None and t < k:
                    clauses.append([-layer[u], *named, at(v)])
        layer = reached
    if not forbids:
        return True  # no play within k moves can be made to end in the other side's win
    blocks.append(("e", list(layer.values())))
    return _prefix(clauses, blocks, pool.top)


def won_within_formula(graph: TurnGraph, root: int, k: int, side: int):
    """The prenex CNF (a pyqbf ``PCNF``) of "``side`` wins within ``k`` moves from ``root``", or False when no play
    within ``k`` moves ends in a win for ``side`` (the goal clause would be empty).

    The claim itself, ``side`` ∃, an independent encoding of what
    :func:`survives_formula` negates (the tests compare the two): per
    layer the states as ``at[t, v] <-> OR sel`` and each move as ``sel[t, u,
    i] <-> at[t-1, u] AND code names i`` (corrected codes, :func:`_spell`),
    and one goal clause: some reached state won by ``side``.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> g = turn_graph(GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else []), [3])
    >>> won_within_formula(g, 0, 0, 0), [q for q, _ in _merged([("e", [1]), ("a", [2])])]
    (False, ['e', 'a'])
    """
    from pysat.formula import IDPool

    options, extra = graph.options, graph.extra
    # Model
    pool = IDPool()
    blocks: list[tuple[str, list[int]]] = []  # the prefix, outermost first
    clauses: list[list[int]] = []
    layer = {(root, 0): pool.id(("at", 0, (root, 0)))}
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
                code[s] = [pool.id(("code", t, s, j)) for j in range((max(degrees) - 1).bit_length())]
                blocks.append(("e" if s == side else "a", code[s]))
        into: dict[State, list[int]] = {}
        aux = []
        for u in moving:
            x, who = u
            for i, (y, e) in enumerate(zip(options[x], extra[x])):
                spell = _spell(code[who], i, len(options[x]))
                sel = pool.id(("sel", t, u, i))
                aux.append(sel)
                # Constraints: sel <-> at[t-1, u] AND the code names i.
                clauses += [[-sel, layer[u]], *([-sel, lit] for lit in spell), [sel, -layer[u], *(-lit for lit in spell)]]
                into.setdefault((y, who if e else 1 - who), []).append(sel)
        layer = {}
        for v, sels in into.items():
            at = layer[v] = pool.id(("at", t, v))
            aux.append(at)
            # Constraints: at[t, v] <-> some move into v was made.
            clauses += [[-at, *sels], *([at, -sel] for sel in sels)]
            if _won(graph, v, side):
                goal.append(at)
        blocks.append(("e", aux))  # what play reached after t moves, right after the codes that decide it
    if not goal:
        return False  # no play within k moves ends in a win for side: the goal clause is empty
    clauses.append(goal)
    return _prefix(clauses, [("e", [1]), *blocks], pool.top)


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
