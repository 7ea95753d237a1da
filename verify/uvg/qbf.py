"""Undirected vertex geography as a quantified Boolean formula, solved by a QBF solver (pyqbf).

"The player to move from ``v`` wins" is written as a prenex CNF with one
quantifier block per move, ∃ for the player to move (moves 1, 3, 5, …) and ∀
for the opponent (moves 2, 4, …), and handed to one of pyqbf's solvers
(DepQBF by default). The formula states the rules of the game and nothing
else: no matchings, no search. It shares no code with :mod:`solvers` or with
:mod:`gamecert.verify.uvg.search` beyond the Graph and Outcomes types, and :func:`qdimacs_text` writes
the same formula as a QDIMACS file anyone can re-check with their own solver.

Encoding (a game-over flag construction; see :func:`qbf_wins` for the proof
sketch). Let ``N`` be the number of vertices of ``v``'s component, ``Δ`` its
largest degree, ``T`` a bound on the number of moves (the longest simple path
from ``v``: ``N - 1``, and for a bipartite component with classes ``X ∋ v``
and ``Y`` also ``min(2|X| - 1, 2|Y|)``), ``b = max(1, ⌈log2 Δ⌉)`` and ``S_t``
the vertices that can hold the token after ``t`` moves (``S_0 = {v}``,
``S_t = N(S_{t-1}) \\ {v}``). Move ``t`` is a ``b``-bit code ``c``: "move
the token to the ``c``-th neighbour (0-based, sorted) of its vertex". Codes
``c >= deg`` and moves to visited vertices are illegal. Variables:

* ``code[t, i]``, ``i < b``: the bits of move ``t`` (∃ if ``t`` odd, ∀ if even);
* ``sel[t, k]``, ``k < Δ``: ``code_t = k``;
* ``at[t, w]``, ``w ∈ S_t``: the token is on ``w`` after move ``t``
  (``at[0, v]`` is a unit);
* ``seen[t, w]``: ``w`` visited by move ``t`` (shared with ``at`` when ``w``
  was not reachable before, and carried over unchanged when ``w ∉ S_t``);
* ``live[t]``, ``t`` even: moves ``1..t`` were all legal (``live[0]`` is a
  unit; an odd move leaves ``live`` unchanged, as the ∃ player is forced to
  be legal while the game is live).

Clauses: ``sel`` defined from the bits; while ``live[t-1]`` holds (the
clauses carry ``¬live[t-1]``), ``at[t, w] ↔ ∨_u (at[t-1, u] ∧ sel[t,
idx(u, w)])`` over the edges ``uw`` with ``u ∈ S_{t-1}``, and ∃ moves must
be legal; ``live[t] ↔
live[t-1] ∧ ∨_w (at[t, w] ∧ ¬seen[t-1, w])`` for ∀ moves; ``seen`` carried
forward; and, if ``T`` is even, ``¬live[T]`` (after ``T`` legal moves the ∃
player is stuck). Every auxiliary variable sits in the first ∃ block after
the choices that determine it (a trailing ∃ block when ``T`` is even).

Size, with ``s_t = |S_t|`` and ``e_t`` the number of moves ``u → w`` with
``u ∈ S_{t-1}``, ``w ≠ v``: exactly ``2 + Σ_t (b + Δ + s_t + f_t) + ⌊T/2⌋``
variables, where ``f_t <= s_t`` counts the vertices of ``S_t`` already
reachable before (``f_T = 0``), and at most
``3 + Σ_t (Δ(b + 1) + 2 e_t + 6 s_t + 2)`` clauses. With ``s_t <= N`` and
``e_t <= 2m`` (``m`` edges in the component): at most
``T(b + Δ + 2N + 1) + 2`` variables and ``T(Δ(b + 1) + 4m + 6N + 2) + 3``
clauses, ``O(T (m + N))`` with ``T < N``. A 3×4 open maze (``N = 12``,
``m = 17``, ``Δ = 4``, ``b = 2``, ``T = 11``) from a corner: 164 variables,
647 clauses, 11 blocks. The exact counts are in the QDIMACS comments.
"""

from __future__ import annotations

import os
import select
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass

from pyqbf.formula import PCNF
from pyqbf.solvers import Solver
from pysat.formula import IDPool

from gamecert.solvers.errors import GamecertError, SolverError
from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import Outcomes
from gamecert.verify.errors import TimeLimitError

#: The solvers :func:`qbf_wins` accepts (pyqbf's names).
QBF_SOLVERS = ("depqbf", "qute", "rareqs", "qfun", "caqe")
#: Default backend, chosen by measurement (see :func:`fits`).
QBF_SOLVER = "depqbf"
#: Largest graph (vertices) :func:`qbf_outcomes` is run on by the cross-check.
QBF_MAX_VERTICES = 20
#: Wall-clock seconds one QBF call (one start vertex) may take before
#: :class:`~gamecert.verify.errors.TimeLimitError`; with a limit each call runs in a forked child.
QBF_TIME_LIMIT = 10.0


def fits(graph: Graph) -> str | None:
    """Whether :func:`qbf_outcomes` runs on ``graph`` (None) or why not.

    One QBF per start vertex, each of ``O(T (m + N))`` clauses with ``T``
    alternations: the solver's work grows exponentially with the number of
    moves. ``python benchmarks/qbf.py`` measures whole :func:`qbf_outcomes`
    calls on open boards, random mazes and random graphs against the rule
    search, which stays far quicker on all of them; DepQBF was much quicker
    than the other backends tried (Qute, RAReQS). Hence DepQBF and
    :data:`QBF_MAX_VERTICES` vertices (a whole cross-check of a few
    seconds); the measurements are in ``benchmarks/limits.md``. A single
    call past :data:`QBF_TIME_LIMIT` seconds raises
    :class:`~gamecert.verify.errors.TimeLimitError`, which the cross-check shows as
    skipped.
    """
    if graph.n > QBF_MAX_VERTICES:
        return f"{graph.n} vertices > {QBF_MAX_VERTICES} (QBF limit)"
    return None


@dataclass(frozen=True)
class QbfEncoding:
    """The prenex CNF of "the player to move from ``start`` wins", with what each variable means.

    ``prefix`` lists the blocks in order as ``(quantifier, variables)`` with
    quantifier ``"e"`` or ``"a"``; ``clauses`` are DIMACS literal lists;
    ``meaning[x - 1]`` describes variable ``x``; ``moves`` is the bound ``T``;
    ``codes[t - 1]`` are the bits of move ``t``'s neighbour index, least
    significant first; ``component`` lists ``start``'s component, the only
    vertices the formula speaks of.
    """

    start: int
    component: tuple[int, ...]
    moves: int
    code_bits: int
    codes: tuple[tuple[int, ...], ...]
    prefix: tuple[tuple[str, tuple[int, ...]], ...]
    clauses: tuple[tuple[int, ...], ...]
    meaning: tuple[str, ...]

    @property
    def num_vars(self) -> int:
        return len(self.meaning)

    def pcnf(self) -> PCNF:
        """The formula as a pyqbf :class:`~pyqbf.formula.PCNF`."""
        f = PCNF()
        f.from_clauses([list(c) for c in self.clauses], by_ref=True)  # a fresh list: no deep copy of it
        for quantifier, block in self.prefix:
            (f.exists if quantifier == "e" else f.forall)(*block)
        f.nv = self.num_vars
        return f


def qbf_encoding(graph: Graph, v: int, name: Callable[[int], object] | None = None) -> QbfEncoding:
    """Encode "the player to move from ``v`` wins" (undirected vertex geography) as a QBF.

    Parameters
    ----------
    graph : the game's graph
    v : the start vertex (the token is on it, it counts as visited)
    name : how vertices are named in :attr:`QbfEncoding.meaning` (default
        ``graph.name``)

    Notes
    -----
    The encoding of the module docstring; built in ``O(T (m + N) + Δ b T)``
    time and space.

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> enc = qbf_encoding(graph_from_edges(3, [(0, 1), (1, 2)]), 0)
    >>> enc.moves, [q for q, _ in enc.prefix]
    (2, ['e', 'a', 'e'])
    """
    if not 0 <= v < graph.n:
        raise GamecertError(f"start vertex {v} out of range 0..{graph.n - 1}")
    name = graph.name if name is None else name
    adj = [graph.neighbors(u).tolist() for u in range(graph.n)]
    return _encode(adj, v, name)


def _move_bound(adj: list[list[int]], v: int) -> tuple[list[int], int]:
    """``v``'s component (BFS order) and an upper bound on the length of a simple path from ``v``."""
    colour = {v: 0}
    order = [v]
    bipartite = True
    for u in order:  # grows while read: a BFS queue
        for w in adj[u]:
            if w not in colour:
                colour[w] = 1 - colour[u]
                order.append(w)
            elif colour[w] == colour[u]:
                bipartite = False
    bound = len(order) - 1
    if bipartite:
        # A path from v alternates classes: ceil((L+1)/2) <= |X|, floor((L+1)/2) <= |Y|.
        x = sum(1 for u in order if colour[u] == 0)
        bound = min(bound, 2 * x - 1, 2 * (len(order) - x))
    return order, bound


def _encode(adj: list[list[int]], v: int, name: Callable[[int], object]) -> QbfEncoding:
    component, moves = _move_bound(adj, v)
    delta = max(len(adj[u]) for u in component)
    bits = max(1, (delta - 1).bit_length())
    # Model
    pool = IDPool()
    meaning: dict[int, str] = {}
    block_of: dict[int, int] = {}  # variable -> index of its quantifier block (block t = move t, 1-based)
    clauses: list[list[int]] = []

    def var(key: tuple, block: int, text: str) -> int:
        x = pool.id(key)
        meaning[x] = text
        block_of[x] = block
        return x

    def aux_block(t: int) -> int:
        """The first ∃ block at or after move ``t``: where what move ``t`` determines is quantified."""
        return t if t % 2 == 1 else t + 1

    live = {0: var(("live", 0), 1, "game live at start (unit)")}
    at = {(0, v): var(("at", 0, v), 1, f"token on vertex {name(v)} at start (unit)")}
    clauses += [[live[0]], [at[0, v]]]
    # seen[w]: the latest variable meaning "w visited so far" (absent: not reachable yet).
    seen: dict[int, int] = {}
    codes: list[list[int]] = []
    reach = [v]
    for t in range(1, moves + 1):
        mover = "player to move" if t % 2 else "opponent"
        quantifier = "exists" if t % 2 else "forall"
        code = [
            var(("code", t, i), t, f"move {t} ({mover}, {quantifier}): bit {i} of neighbour index") for i in range(bits)
        ]
        codes.append(code)
        sel = [var(("sel", t, k), aux_block(t), f"move {t}: neighbour index = {k}") for k in range(delta)]
        nxt = sorted({w for u in reach for w in adj[u]} - {v})
        for w in nxt:
            at[t, w] = var(("at", t, w), aux_block(t), f"token on vertex {name(w)} after move {t}")
        guard = -live[t - 1]
        # Constraints: sel[t, k] <-> (code bits spell k), bit i has weight 2^i.
        for k, s in enumerate(sel):
            spell = [c if k >> i & 1 else -c for i, c in enumerate(code)]
            clauses += [[-s, lit] for lit in spell]
            clauses.append([s, *(-lit for lit in spell)])
        # Constraints: at[t, w] <-> some u in S_{t-1}: at[t-1, u] and code = index of w in adj[u].
        into: dict[int, list[int]] = {w: [] for w in nxt}
        for u in reach:
            here = at[t - 1, u]
            for k, w in enumerate(adj[u]):
                if w == v:
                    continue  # the start is visited: code k leaves no position, an illegal move
                there = at[t, w]
                clauses.append([guard, -here, -sel[k], there])
                clauses.append([guard, -there, -here, sel[k]])
                into[w].append(here)
        for w in nxt:
            clauses.append([guard, -at[t, w], *into[w]])
        # Constraints: legality.
        if t % 2 == 1:
            # The ∃ player must move legally while the game is live.
            live[t] = live[t - 1]
            clauses.append([guard, *(at[t, w] for w in nxt)])
            clauses += [[guard, -at[t, w], -seen[w]] for w in nxt if w in seen]
        else:
            # An illegal ∀ move ends the game in the ∃ player's favour: live[t] false.
            live[t] = var(("live", t), aux_block(t), f"moves 1..{t} all legal")
            clauses.append([-live[t], live[t - 1]])
            clauses.append([-live[t], *(at[t, w] for w in nxt)])
            clauses += [[-live[t], -at[t, w], -seen[w]] for w in nxt if w in seen]
            fresh = [[at[t, w]] + ([-seen[w]] if w in seen else []) for w in nxt]  # "moved to w, unvisited"
            clauses += [[guard, *(-lit for lit in f), live[t]] for f in fresh]
        # Constraints: seen carried forward (not needed after the last move).
        if t < moves:
            for w in nxt:
                if w not in seen:
                    seen[w] = at[t, w]
                    continue
                now = var(("seen", t, w), aux_block(t), f"vertex {name(w)} visited by move {t}")
                clauses += [[-now, seen[w], at[t, w]], [now, -seen[w]], [now, -at[t, w]]]
                seen[w] = now
        reach = nxt
    if moves % 2 == 0:
        # All T moves legal, the last by the opponent: the player to move is stuck and loses.
        clauses.append([-live[moves]])
    nblocks = max(block_of.values())
    blocks: list[list[int]] = [[] for _ in range(nblocks)]
    for x in range(1, pool.top + 1):
        blocks[block_of[x] - 1].append(x)
    prefix = tuple(("e" if b % 2 == 0 else "a", tuple(xs)) for b, xs in enumerate(blocks) if xs)
    return QbfEncoding(
        start=v,
        component=tuple(component),
        moves=moves,
        code_bits=bits,
        codes=tuple(map(tuple, codes)),
        prefix=prefix,
        clauses=tuple(tuple(c) for c in clauses),
        meaning=tuple(meaning[x] for x in range(1, pool.top + 1)),
    )


def qbf_wins(graph: Graph, v: int, solver: str = QBF_SOLVER, time_limit: float | None = QBF_TIME_LIMIT) -> bool:
    """Decide whether the player to move from ``v`` wins undirected vertex geography, by a QBF solver.

    Parameters
    ----------
    graph : the game's graph
    v : the start vertex
    solver : one of :data:`QBF_SOLVERS`
    time_limit : seconds before :class:`~gamecert.verify.errors.TimeLimitError` (None: no limit)

    Notes
    -----
    The formula of :func:`qbf_encoding` is true iff the player to move wins.
    Proof sketch, by induction on the moves: while ``live[t-1]`` holds,
    moves ``1..t-1`` were legal and ``at[t-1]`` is the one-hot token position,
    so the clauses of move ``t`` define ``at[t]`` as the vertex the code
    names (none for an out-of-range code or the start vertex) and ``seen`` as
    the visited set. An ∃ move must then be legal, so a player with no legal
    move falsifies the formula; an illegal ∀ move (out-of-range code or a
    visited vertex, which includes having no legal move) forces ``live[t]``
    false, which switches off every later clause, so the formula is true from
    there. After ``T`` legal moves the next player is stuck (no simple path
    from ``v`` is longer than ``T``): the ∃ player wins iff ``T`` is odd.
    Every auxiliary variable is a function of earlier choices, so placing it
    in the next ∃ block keeps the game's value. Solving is PSPACE-complete in
    general; the formula has ``T`` alternations and ``O(T (m + N))`` clauses
    (module docstring), and the solvers' time grows exponentially with ``T``
    (see :func:`fits`). The same game question on directed graphs is
    PSPACE-complete [1]_; the QBF view of positional games and its
    "corrective" alternative to a game-over flag are studied in [2]_.

    References
    ----------
    .. [1] T. J. Schaefer, "On the complexity of some two-person
       perfect-information games", J. Comput. Syst. Sci. 16(2), 1978.
       DOI 10.1016/0022-0000(78)90045-4
    .. [2] V. Mayer-Eichberger, A. Saffidine, "Positional games and QBF:
       the corrective encoding", SAT 2020. DOI 10.1007/978-3-030-51825-7_31

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> path = graph_from_edges(3, [(0, 1), (1, 2)])
    >>> [qbf_wins(path, v) for v in range(3)]
    [False, True, False]
    """
    return _decide(graph, [v], solver, time_limit)[0]


def _decide(graph: Graph, starts: list[int], solver: str, time_limit: float | None) -> list[bool]:
    """Encode and solve each start's QBF: in one forked child when there is a time limit, else here.

    The child answers one byte per start; the parent allows ``time_limit``
    seconds (wall clock) for each answer and kills the child past it. That, a
    crash of the solver, or an answer that is not True/False raises
    :class:`SolverError`. (DepQBF's own ``--max-secs`` is no use here: on
    reaching it pyqbf reports False, indistinguishable from an answer.) One
    child per call, not per start: a fork is not free in a process that has
    loaded OR-Tools and numba.
    """
    if solver not in QBF_SOLVERS:
        raise GamecertError(f"unknown QBF solver {solver!r}; choose from {', '.join(QBF_SOLVERS)}")
    for v in starts:
        if not 0 <= v < graph.n:
            raise GamecertError(f"start vertex {v} out of range 0..{graph.n - 1}")
    adj = [graph.neighbors(u).tolist() for u in range(graph.n)]

    def answer(v: int) -> bool:
        return _solve_here(_encode(adj, v, graph.name).pcnf(), solver, f"start {v}")

    if time_limit is None or not hasattr(os, "fork"):
        return [answer(v) for v in starts]
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: one byte per start, or "E" and a message; never returns
        code = 0
        try:
            os.close(read_end)
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            for v in starts:
                os.write(write_end, b"1" if answer(v) else b"0")
        except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises
            os.write(write_end, b"E" + str(exc).encode()[:500])
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    reply = b""
    try:
        while len(reply) < len(starts) and b"E" not in reply:
            ready, _, _ = select.select([read_end], [], [], time_limit)
            if not ready:
                os.kill(pid, signal.SIGKILL)
                raise TimeLimitError(
                    f"QBF ({solver}) on start {starts[len(reply)]} ran past the time limit of {time_limit:g} s"
                )
            chunk = os.read(read_end, 1 << 12)
            if not chunk:
                break
            reply += chunk
        if b"E" in reply:
            while chunk := os.read(read_end, 1 << 12):
                reply += chunk
    finally:
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
    answers, _, error = reply.partition(b"E")
    if b"E" in reply:
        raise SolverError(error.decode(errors="replace"))
    if len(answers) != len(starts) or answers.strip(b"01"):
        raise SolverError(f"QBF ({solver}) died without an answer (wait status {status})")
    return [byte == ord("1") for byte in answers]


def _solve_here(formula: PCNF, solver: str, what: str) -> bool:
    # Solve
    with Solver(name=solver, bootstrap_with=formula) as s:
        result = s.solve()
    if result is not True and result is not False:
        raise SolverError(f"QBF ({solver}) on {what} gave no answer ({result!r})")
    return result


def qbf_outcomes(graph: Graph, solver: str = QBF_SOLVER, time_limit: float | None = QBF_TIME_LIMIT) -> Outcomes:
    """Decide undirected vertex geography from every start vertex, one QBF call per vertex.

    ``loses[v]`` is ``not qbf_wins(graph, v)``; ``nu`` is left None. With a
    time limit the calls run in one forked child, each call under the limit.

    Examples
    --------
    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> qbf_outcomes(graph_from_edges(5, [(0, 1), (1, 2), (2, 0), (2, 3), (2, 4)])).losing
    [3, 4]
    """
    return Outcomes(tuple(not w for w in _decide(graph, list(range(graph.n)), solver, time_limit)))


def qdimacs_text(
    graph: Graph, v: int, header_comments: list[str], name: Callable[[int], object] | None = None
) -> str:
    """The QBF "the player to move from ``v`` wins" as QDIMACS text, with comments saying what it means.

    ``header_comments`` come first (one ``c`` line each); then what TRUE and
    FALSE mean, the neighbour order the move codes index, the size, and one
    line per variable. ``name`` names vertices (default ``graph.name``).

    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> text = qdimacs_text(graph_from_edges(2, [(0, 1)]), 0, ["example"])
    >>> text.splitlines()[0], [l for l in text.splitlines() if l.startswith("p ")]
    ('c example', ['p cnf 5 8'])
    """
    name = graph.name if name is None else name
    enc = qbf_encoding(graph, v, name)
    lines = [*header_comments]
    lines += [
        "gamecert QBF: undirected vertex geography (token on the start vertex, which counts as visited;",
        "players alternately move it to an adjacent unvisited vertex; who cannot move loses).",
        f"TRUE means: the player to move from vertex {name(v)} wins. FALSE: that player loses.",
        "Quantifier blocks: move t is exists for odd t (player to move), forall for even t (opponent);",
        f"at most {enc.moves} moves. A move is a {enc.code_bits}-bit neighbour index (bit i has weight 2^i)",
        "into the current vertex's neighbour list below; an index past the list or to a visited vertex",
        "is illegal: the exists player must not make one, a forall one makes the formula true.",
        f"size: {enc.num_vars} variables, {len(enc.clauses)} clauses, {len(enc.prefix)} blocks",
        "neighbour lists (index 0, 1, ...):",
    ]
    for u in sorted(enc.component):
        lines.append(f"  {name(u)}: " + " ".join(str(name(w)) for w in graph.neighbors(u).tolist()))
    lines.append("variables:")
    lines += [f"  {x} = {text}" for x, text in enumerate(enc.meaning, start=1)]
    out = [f"c {line}".rstrip() for line in lines]
    out.append(f"p cnf {enc.num_vars} {len(enc.clauses)}")
    out += [f"{q} {' '.join(map(str, block))} 0" for q, block in enc.prefix]
    out += [" ".join(map(str, c)) + " 0" for c in enc.clauses]
    return "\n".join(out) + "\n"
