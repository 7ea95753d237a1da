"""General games as SAT (python-sat): labels and a remoteness in binary per position, a level ranking.

Per position ``x``: Booleans ``win[x]`` and ``lose[x]`` (the player to move
wins, or loses; neither: a draw) and the remoteness ``rem[x]`` in ``B`` bits,
``B`` the bits of a bound on every remoteness (the longest play, or the
number of positions in a loopy game:
:func:`~gamecert.verify.turn.bounds.remoteness_bound`). The clauses are
local to a position and its moves, and the remoteness doubles as a level
ranking (as in translations of logic programs to SAT): a won position has a
winning move to a position ranked exactly one lower and none ranked more
than one lower; a lost position has only losing moves, every one ranked
lower, one exactly one lower. Ranks fall strictly along the moves that
decide a position, so a cycle of positions that only claim to be decided
has no ranking, and the clauses have one model in the labels and in the
remoteness of every decided position: the game's. ``O((P + M) log P)``
clauses for ``P`` positions and ``M`` moves, against the ``O(P (P + M))`` of
unrolling "won within ``k``" for every ``k``. The queries' labels and
remoteness are proven by a satisfiable call (every label assumed) and an
unsatisfiable one ("some label fails" assumed), on one incremental solver.
Nothing here uses the fast solver.
"""

from __future__ import annotations

import math

import numpy as np

from gamecert.solvers.errors import SolverError
from gamecert.solvers.turn.value import Value
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.game import Rate
from gamecert.verify.turn.bounds import remoteness_bound
from gamecert.verify.turn.graph import TurnGraph
from gamecert.verify.turn.sat import unique

#: python-sat backend (as for the impartial games).
SAT_BACKEND = "cadical153"
#: Measured seconds per clause, built and solved (:func:`predict`).
RATE = Rate(8e-6, "clause", "python benchmarks/routes.py general")


def clauses(graph: TurnGraph) -> int:
    """About how many clauses :func:`sat_values` writes: ``(8 + 7 B) P + (6 + 9 B) M`` for ``B`` bits.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> clauses(turn_graph(GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else []), [3]))
    160
    """
    bits = remoteness_bound(graph).bit_length()
    return (8 + 7 * bits) * len(graph.positions) + (6 + 9 * bits) * graph.moves


def predict(graph: TurnGraph) -> float:
    """Predicted seconds of :func:`sat_values` on ``graph``, from the measured rate per clause."""
    return RATE.seconds(clauses(graph))


class _Clauses:
    """A CNF under construction: fresh variables, a true literal, and clauses a row each in arrays.

    Clauses of the same shape for many positions or moves at once are the rows
    of one integer array (:meth:`rows`), their literals arrays of one length
    side by side; comparisons of binary numbers (:meth:`equal`,
    :meth:`at_most`) take a number per row, its bits as columns.
    """

    def __init__(self) -> None:
        self.top = 0
        self.cnf: list[list[int]] = []
        self.blocks: list[np.ndarray] = []
        self.true = self.new()
        self.cnf.append([self.true])

    def new(self) -> int:
        self.top += 1
        return self.top

    def fresh(self, *shape: int) -> np.ndarray:
        """New variables in an array of ``shape``, numbered in row-major order."""
        count = math.prod(shape)
        out = np.arange(self.top + 1, self.top + 1 + count, dtype=np.int64).reshape(shape)
        self.top += count
        return out

    def rows(self, *columns) -> None:
        """One clause per row: the literals of ``columns`` (arrays of one length, or ints for every row)."""
        self.blocks.append(np.column_stack(np.broadcast_arrays(*columns)))

    def equal(self, when: list[np.ndarray], a: np.ndarray, b: np.ndarray) -> None:
        """Per row ``AND when -> a = b`` (numbers as literals, least significant bit first, of one length)."""
        off = [-c for c in when]
        for j in range(a.shape[1]):
            p, q = a[:, j], b[:, j]
            self.rows(*off, -p, q)
            self.rows(*off, p, -q)

    def at_most(self, when: list[np.ndarray], a: np.ndarray, b: np.ndarray) -> None:
        """Per row ``AND when -> a <= b``: at the highest bit where ``a`` and ``b`` differ, ``b`` has the 1.

        ``same`` (a fresh variable per bit but the lowest) is implied where
        ``when`` holds and the bits above agree; a bit where ``same`` holds
        above it and ``a`` has a 1 that ``b`` lacks is forbidden.
        """
        off = [-c for c in when]
        bits = a.shape[1]
        same = self.fresh(len(a), max(bits - 1, 0))
        for j in range(bits - 1, -1, -1):
            p, q = a[:, j], b[:, j]
            self.rows(*off, -p, q)
            if j:
                here = same[:, j - 1]
                self.rows(*off, -p, -q, here)
                self.rows(*off, p, q, here)
                off = [-here]

    def add_to(self, solver) -> None:
        """Every clause into ``solver`` (python-sat)."""
        solver.append_formula(self.cnf)
        for block in self.blocks:
            solver.append_formula(block.tolist())


def sat_values(graph: TurnGraph) -> tuple[Value, ...]:
    """Decide every query of a general game by SAT calls: win or lose with remoteness, or draw.

    Parameters
    ----------
    graph : the game's position graph (:func:`~gamecert.verify.turn.graph.turn_graph`)

    Returns
    -------
    One :class:`~gamecert.solvers.turn.value.Value` per query.

    Raises
    ------
    TimeLimitError
        when the graph's listing stopped (its ``stopped``).
    SolverError
        if a call contradicts the unique model.

    Notes
    -----
    For a move ``i`` of ``x`` to ``y``, ``good_i`` is ``lose[y]`` (on an extra
    move ``win[y]``) and ``bad_i`` is ``win[y]`` (extra: ``lose[y]``);
    ``inc[y] = rem[y] + 1`` (an incrementer, ``B + 1`` bits). Where play
    stops the labels are constants (``result``, or lost with no move) and
    ``rem = 0``. Elsewhere: ``NOT win OR NOT lose``; closure: ``good_i ->
    win`` and ``(AND_i bad_i) -> lose``; support, with a fresh ``sel_i ->
    rem[x] = inc[y_i]``: ``win -> OR_i sel_i``, ``win AND sel_i -> good_i``,
    ``win AND good_i -> rem[x] <= inc[y_i]`` (the winner hurries); ``lose ->
    bad_i``, ``lose -> inc[y_i] <= rem[x]`` (the loser delays), ``lose -> OR_i
    sel_i``; a draw has ``rem = 0``. Comparisons bit by bit from the top
    (:class:`_Clauses`).

    One model, by induction on ``j``: the positions won (lost) in exactly ``j``
    are those a model labels won (lost) with ``rem = j``. A model's won
    position at ``j`` has a good move to one it labels lost at ``j - 1``, by
    induction truly lost in ``j - 1``, so it wins within ``j``; its good moves
    to truly lost positions of remoteness ``m`` are labelled lost at ``m``
    (induction), so ``j <= m + 1``: exactly ``j``. Lost likewise, with every
    move. Conversely closure labels every truly decided position (its
    deciding moves reach labelled ones), and the exclusion and the induction
    fix its ``rem``. What is left is a draw in both. The game's own labelling
    satisfies the clauses. One incremental CaDiCaL: the first model gives
    each query's label; one SAT call under all of them and one UNSAT call
    under "some label fails" (clauses switched on by a fresh assumption)
    prove them all.
    ``O((P + M) B)`` clauses, ``B = O(log P)``.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.verify.turn.graph import turn_graph
    >>> loop = GeneralRules("loop", "l.py", int, lambda n: [n, n - 1] if n else [])
    >>> [str(v) for v in sat_values(turn_graph(loop, [0, 1, 2]))]
    ['lose 0', 'win 1', 'draw']
    """
    from pysat.solvers import Solver

    if graph.stopped:
        raise TimeLimitError(graph.stopped)
    positions, options, extra = graph.positions, graph.options, graph.extra
    bits = remoteness_bound(graph).bit_length()
    f = _Clauses()
    t = f.true
    n = len(positions)
    over = [graph.over(x) for x in range(n)]
    live = np.array([o is None for o in over], dtype=bool)
    # Model: win[x], lose[x] for the player to move at x (constants where play stops); rem[x], B bits.
    win, lose = np.empty(n, np.int64), np.empty(n, np.int64)
    rem = np.full((n, bits), -t, np.int64)
    own = f.fresh(int(live.sum()), 2 + bits)
    win[live], lose[live], rem[live] = own[:, 0], own[:, 1], own[:, 2:]
    for x in np.flatnonzero(~live).tolist():
        win[x] = t if over[x] == "win" else -t
        lose[x] = t if over[x] == "lose" else -t
    # inc[y] = rem[y] + 1, B + 1 bits: a half adder per bit, o = b XOR carry and c = b AND carry.
    inc = np.full((n, bits + 1), -t, np.int64)
    inc[~live, 0] = t
    adder = f.fresh(int(live.sum()), bits, 2)
    carry = np.full(len(adder), t, np.int64)
    for j in range(bits):
        b, o, c = rem[live, j], adder[:, j, 0], adder[:, j, 1]
        f.rows(-c, b)
        f.rows(-c, carry)
        f.rows(c, -b, -carry)
        f.rows(-o, b, carry)
        f.rows(-o, -b, -carry)
        f.rows(o, -b, carry)
        f.rows(o, b, -carry)
        carry = c
    inc[live] = np.column_stack([adder[:, :, 0], carry])
    # The moves of undecided positions, in order of their position: i from src[i] to dst[i].
    degree = np.array([len(o) if live[x] else 0 for x, o in enumerate(options)], dtype=np.int64)
    src = np.repeat(np.arange(n), degree)
    dst = np.fromiter((y for x, o in enumerate(options) if live[x] for y in o), np.int64, len(src))
    extras = np.fromiter((e for x, es in enumerate(extra) if live[x] for e in es), bool, len(src))
    # Constraints
    w, l, r, up = win[src], lose[src], np.column_stack([rem[src], np.full(len(src), -t)]), inc[dst]
    good = np.where(extras, win[dst], lose[dst])
    bad = np.where(extras, lose[dst], win[dst])
    sel = f.fresh(len(src))  # the move that sets the remoteness
    f.rows(-good, w)  # a winning move makes a win
    f.equal([sel], r, up)
    f.rows(-w, -sel, good)
    f.at_most([w, good], r, up)  # the winner takes the soonest win
    f.rows(-l, bad)
    f.at_most([l], up, r)  # the loser the latest loss
    f.rows(-win[live], -lose[live])
    for j in range(bits):
        f.rows(win[live], lose[live], -rem[live, j])  # a draw's remoteness is 0
    ends = np.cumsum(degree).tolist()
    for x in np.flatnonzero(live).tolist():
        moves = slice(ends[x] - int(degree[x]), ends[x])
        sels = sel[moves].tolist()
        f.cnf.append([int(lose[x]), *(-bad[moves]).tolist()])  # only losing moves make a loss
        f.cnf.append([-int(win[x]), *sels])
        f.cnf.append([-int(lose[x]), *sels])
    # Solve
    out = []
    with Solver(name=SAT_BACKEND) as solver:
        f.add_to(solver)
        if not solver.solve():
            raise SolverError("SAT: the clauses of the game have no model, yet the game's labelling is one")
        model = solver.get_model()

        def holds(lit: int) -> bool:
            return (model[abs(lit) - 1] > 0) == (lit > 0)

        win, lose, rem = win.tolist(), lose.tolist(), rem.tolist()
        labels = []
        for q in graph.roots:
            if holds(win[q]) or holds(lose[q]):
                word, head = ("win", win[q]) if holds(win[q]) else ("lose", lose[q])
                n = sum(1 << j for j, b in enumerate(rem[q]) if holds(b))
                out.append(Value(word, n))
                labels.append([head, *(b if n >> j & 1 else -b for j, b in enumerate(rem[q]))])
            else:
                out.append(Value("draw", None))
                labels.append([-win[q], -lose[q]])
        unique(solver, labels, f.true, f.new, out)
    return tuple(out)
