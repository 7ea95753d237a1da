"""Impartial rules games by retrograde analysis: the explicit position graph, solved from the bottom up.

Every position reachable from the queries is listed first, with its moves,
by calling the rules; then the graph is solved from its terminal positions
upwards (Kahn's order: a position is decided once all its options are). Under
normal play the graph is one of component positions, each decided by its
Sprague–Grundy value, and a query's value is the xor of its components'
values; under misère play it is the graph of whole sums (a sum is one
position, a move is a move in one of its components), each decided by its
outcome.

This module also holds what the other independent formulations read the
rules through: :class:`GuardedRules` (every call into the rules file under a
:class:`~gamecert.solvers.rules.rules.Guard`, its result held to the
contract), :class:`WholeSums` (the moves of a sum of components as one
position) and :func:`whole_sum_graph`. Nothing here uses
:mod:`gamecert.solvers.impartial.solver`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from gamecert.solvers.rules.rules import ImpartialRules, Limits
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.rules.guarded import GuardedRules, WholeSum, bottom_up

#: One answer per query: whether the player to move wins, and the nim value (None under misère play);
#: what :meth:`~gamecert.verify.impartial.game.ImpartialRulesGame.answer` returns.
Answers = tuple[tuple[bool, "int | None"], ...]


# -- the rules, called under a guard -----------------------------------------------------------


# -- whole sums ----------------------------------------------------------------------------------


class WholeSums:
    """The moves of whole sums, each sum keyed by the sorted tuple of its components' numbers.

    Each component is numbered when first met and its moves are asked of the
    rules once; a move of a sum replaces one of its components by the
    components of one of that component's moves. Without ``components`` in
    the rules a sum is the rules' own position (its own key) and its moves
    are the rules' moves. Use inside the ``with`` block of ``calls``.

    >>> nim = ImpartialRules("nim", "nim.py", int, range, components=lambda p: p if isinstance(p, tuple) else (p,))
    >>> with GuardedRules(nim, Limits()) as calls:
    ...     sums = WholeSums(calls)
    ...     key = sums.start((2, 1))
    ...     [sums.position(k).components() for k in sums.moves(key)]
    [[0, 1], [1, 1], [0, 2]]
    """

    def __init__(self, calls: GuardedRules) -> None:
        self.calls = calls
        self.split = calls.rules.components is not None
        self.number: dict[Hashable, int] = {}
        self.component: list[Hashable] = []
        self._moves: list[tuple[tuple[int, ...], ...] | None] = []  # number -> each move's parts, numbered

    def numbered(self, c: Hashable) -> int:
        n = self.number.get(c)
        if n is None:
            n = self.number[c] = len(self.component)
            self.component.append(c)
            self._moves.append(None)
        return n

    def start(self, query: Hashable) -> Hashable:
        """The key of a query's whole sum."""
        self.calls.hashable(query)
        if not self.split:
            return query
        return tuple(sorted(self.numbered(c) for c in self.calls.parts(query)))

    def moves(self, key: Hashable) -> tuple[Hashable, ...]:
        """The distinct keys one move from ``key``."""
        if not self.split:
            return tuple(dict.fromkeys(self.calls.moves(key)))
        out: list[Hashable] = []
        for i, c in enumerate(key):
            if i and key[i - 1] == c:
                continue  # equal components have the same moves
            moves = self._moves[c]
            if moves is None:
                moves = tuple(tuple(self.numbered(d) for d in parts) for parts in self.calls.options(self.component[c]))
                self._moves[c] = moves
            rest = key[:i] + key[i + 1 :]
            out += [tuple(sorted(rest + parts)) for parts in moves]
        return tuple(dict.fromkeys(out))

    def position(self, key: Hashable) -> Hashable:
        """The position a key stands for: a :class:`WholeSum`, or the rules' own position."""
        return WholeSum.of(self.component[c] for c in key) if self.split else key


@dataclass(frozen=True)
class WholeSumGraph:
    """The whole sums reachable from the queries, each with its moves: the game with no components.

    ``positions[x]`` is node ``x`` (a :class:`WholeSum` when the rules give
    ``components``, else the rules' own position); ``options[x]`` the distinct
    nodes one move away; ``roots[i]`` query ``i``'s node; ``order`` every node
    after all its options. ``stopped`` is empty, or why listing stopped
    before the end: then ``options`` and ``order`` are empty and
    ``positions`` holds the positions found so far.
    """

    positions: tuple[Hashable, ...]
    options: tuple[tuple[int, ...], ...]
    roots: tuple[int, ...]
    order: tuple[int, ...]
    misere: bool
    stopped: str = ""

    @property
    def moves(self) -> int:
        return sum(len(o) for o in self.options)


def whole_sum_graph(
    rules: ImpartialRules,
    queries: Sequence[Hashable],
    limits: Limits | None = None,
    stop: bool = False,
) -> WholeSumGraph:
    """List the position graph of the whole sums reachable from the queries.

    Parameters
    ----------
    rules : the game's :class:`~gamecert.solvers.rules.rules.ImpartialRules`
    queries : positions, as the rules' ``parse`` returns them
    limits : positions, memory and seconds per rules call allowed
    stop : past ``limits.max_positions`` positions, stop listing and say so in the graph's ``stopped``
        (else raise)

    Raises
    ------
    RulesError
        if the rules raise, return what the contract forbids, or make a loop.
    TimeLimitError
        past ``limits.max_positions`` positions, unless ``stop`` (then the graph says so in ``stopped``).

    Notes
    -----
    A work list over the positions in the order found (breadth first): each
    is expanded once by :class:`WholeSums`, which asks the rules for the
    moves of each component once. Then :func:`bottom_up` orders the graph, which proves it
    acyclic. ``O(P + M)`` time and space for ``P`` whole sums and ``M`` moves
    between them (exponential in the number of components of a query).

    >>> nim = ImpartialRules("nim", "nim.py", int, range, components=lambda p: p if isinstance(p, tuple) else (p,))
    >>> g = whole_sum_graph(nim, [(1, 1)])
    >>> len(g.positions), g.options[g.roots[0]]
    (3, (1,))
    """
    limits = limits or Limits()
    ids: dict[Hashable, int] = {}  # a whole sum's key -> its node
    keys: list[Hashable] = []
    options: list[tuple[int, ...]] = []
    calls = GuardedRules(rules, limits)
    sums = WholeSums(calls)

    def node(key: Hashable) -> int:
        x = ids.get(key)
        if x is None:
            x = ids[key] = len(keys)
            keys.append(key)
        return x

    with calls:
        roots = tuple(node(sums.start(q)) for q in queries)
        # Invariant: keys[:len(options)] are expanded, the rest are found but not yet expanded.
        while len(options) < len(keys):
            if len(keys) > limits.max_positions:
                why = f"more than {limits.max_positions:,} whole-sum positions (--max-positions)"
                if not stop:
                    raise TimeLimitError(why)
                return WholeSumGraph(tuple(sums.position(k) for k in keys), (), roots, (), rules.misere, why)
            options.append(tuple(node(k) for k in sums.moves(keys[len(options)])))
    positions = tuple(sums.position(k) for k in keys)
    order, cycle = bottom_up(options)
    if cycle:
        raise calls.loop([positions[x] for x in cycle])
    return WholeSumGraph(positions, tuple(options), roots, tuple(order), rules.misere)


# -- retrograde analysis -----------------------------------------------------------------------


def retrograde_answers(rules: ImpartialRules, queries: Sequence[Hashable], limits: Limits | None = None) -> Answers:
    """Solve an impartial game by retrograde analysis: who wins each query, and its nim value.

    Parameters
    ----------
    rules : the game's :class:`~gamecert.solvers.rules.rules.ImpartialRules`
    queries : positions, as the rules' ``parse`` returns them
    limits : positions, memory and seconds per rules call allowed

    Returns
    -------
    One ``(win, value)`` per query: ``value`` the nim value under normal
    play, None under misère play.

    Raises
    ------
    RulesError
        if the rules raise, return what the contract forbids, or make a loop.
    TimeLimitError
        past ``limits.max_positions`` positions.

    Notes
    -----
    The explicit graph is listed first (a work list, breadth first), then
    solved bottom-up in Kahn's order: every position keeps a count of its
    options not yet decided and is decided when the count reaches 0, so the
    terminal positions come first (Knuth, *TAOCP* 2.2.3, Algorithm T; the
    retrograde analysis of endgame tables, Ströhlein 1970). Normal play: the
    graph of component positions, each decided by its Sprague–Grundy value
    (the mex of its options' values, an option's value the xor of its
    components'; Sprague 1935, Grundy 1939). Misère play: the graph of whole
    sums (:func:`whole_sum_graph`); a sum with no move is won (the opponent
    made the last move), else it is won iff some move reaches a lost one.
    Positions left undecided lie on a loop, which is reported. ``O(P + M)``
    time and space for ``P`` positions and ``M`` moves.

    >>> kayles = ImpartialRules("kayles", "k.py", int, lambda n: [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)],
    ...                         components=lambda p: [k for k in ((p,) if isinstance(p, int) else p) if k])
    >>> retrograde_answers(kayles, [3, 4, (1, 1)])
    ((True, 3), (True, 1), (False, 0))
    """
    limits = limits or Limits()
    if rules.misere:
        return _misere(whole_sum_graph(rules, queries, limits))
    return _normal(rules, queries, limits)


def _normal(rules: ImpartialRules, queries: Sequence[Hashable], limits: Limits) -> Answers:
    ids: dict[Hashable, int] = {}
    positions: list[Hashable] = []
    options: list[tuple[tuple[int, ...], ...]] = []  # per component position: each move's components
    calls = GuardedRules(rules, limits)

    def node(p: Hashable) -> int:
        x = ids.get(p)
        if x is None:
            x = ids[p] = len(positions)
            positions.append(p)
        return x

    with calls:
        roots = []
        for q in queries:
            calls.hashable(q)
            roots.append(tuple(node(c) for c in calls.parts(q)))
        # Invariant: positions[:len(options)] are expanded.
        while len(options) < len(positions):
            if len(positions) > limits.max_positions:
                raise TimeLimitError(f"more than {limits.max_positions:,} component positions (--max-positions)")
            c = positions[len(options)]
            options.append(tuple(tuple(node(d) for d in parts) for parts in calls.options(c)))
    children = [list(dict.fromkeys(d for parts in opts for d in parts)) for opts in options]
    order, cycle = bottom_up(children)
    if cycle:
        raise calls.loop([positions[x] for x in cycle])
    value = [-1] * len(positions)
    for x in order:
        # Invariant: every component of every option of x has its value.
        reached = set()
        for parts in options[x]:
            v = 0
            for d in parts:
                v ^= value[d]
            reached.add(v)
        mex = 0
        while mex in reached:
            mex += 1
        value[x] = mex
    out = []
    for parts in roots:
        v = 0
        for d in parts:
            v ^= value[d]
        out.append((v != 0, v))
    return tuple(out)


def _misere(graph: WholeSumGraph) -> Answers:
    win = [False] * len(graph.positions)
    for x in graph.order:
        # Invariant: every option of x is decided. No move at all: the opponent made the last one.
        opts = graph.options[x]
        win[x] = not opts or any(not win[y] for y in opts)
    return tuple((win[r], None) for r in graph.roots)
