"""The explicit position graph of a general or score game, read from its rules once: :func:`explore`.

Both kinds of turn game (:mod:`gamecert.solvers.general.solver`,
:mod:`gamecert.solvers.score.solver`) are solved over the graph of every
position reached from the queries, numbered in the order they are met. This
module lists that graph by calling the rules (``player``, ``result``, then
``moves``, once per position, each under the :class:`~gamecert.solvers.rules.rules.Guard`),
holds what the rules return to the contract (docs/rules.md), and reads an
input: one position per line, or, with ``starts``, a whole-input instance
(:func:`parse_queries`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.positions import parse_positions
from gamecert.solvers.rules.rules import Guard, Limits, TurnRules, shown_position

#: How many positions of a loop a message shows.
SHOWN_LOOP = 12


@dataclass(frozen=True)
class Queries:
    """What an input asks: the start positions, in order, and the whole-input instance they come from.

    ``instance`` is what ``parse(text)`` returned when the rules define
    ``starts`` (None when every input line is a position).
    """

    positions: tuple[Hashable, ...]
    instance: Any = None
    whole: bool = False


@dataclass(frozen=True)
class Explored:
    """The graph of every position reached from the queries, positions numbered ``0 .. n-1`` as met.

    ``targets[heads[i]:heads[i + 1]]`` are the numbers of the positions the
    moves from position ``i`` reach, in the order ``moves`` gave them
    (repeats kept); ``points`` the mover's points of each move (score games;
    None for general games). ``ends`` maps the number of each position where
    ``result`` ended the game to what it said (``moves`` was not called there). ``sides[i]``
    is 0 or 1, the player to move, numbered as :attr:`players` lists them
    (None when the rules have no ``player``: the turn passes with every move).
    The queries are the first positions.
    """

    positions: list
    index: dict
    heads: list[int]
    targets: list[int]
    points: list[int] | None
    ends: dict[int, Any]
    sides: bytearray | None
    players: tuple

    def degrees(self) -> list[int]:
        """The number of moves from each position."""
        return np.diff(np.asarray(self.heads, dtype=np.int64)).tolist()

    def predecessors(self) -> tuple[list[int], list[int], list[int] | None]:
        """The moves reversed: ``sources[starts[j]:starts[j + 1]]`` are the positions with a move to ``j``
        (one entry per move), and ``points`` the points of those moves (None for a general game), in
        ``O(M log M)`` time (a stable sort of the targets)."""
        n = len(self.positions)
        targets = np.asarray(self.targets, dtype=np.int64)
        degree = np.diff(np.asarray(self.heads, dtype=np.int64))
        order = np.argsort(targets, kind="stable")
        sources = np.repeat(np.arange(n, dtype=np.int64), degree)[order]
        starts = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(np.bincount(targets, minlength=n), out=starts[1:])
        points = None if self.points is None else np.asarray(self.points, dtype=object)[order].tolist()
        return sources.tolist(), starts.tolist(), points

    def cycle(self, inside: Sequence[bool]) -> list[int]:
        """A cycle of moves among the positions where ``inside`` holds, each of which has a move to another
        of them (an explicit walk until a position repeats)."""
        start = next(i for i, x in enumerate(inside) if x)
        seen: dict[int, int] = {}
        path: list[int] = []
        v = start
        while v not in seen:
            seen[v] = len(path)
            path.append(v)
            v = next(t for t in self.targets[self.heads[v]:self.heads[v + 1]] if inside[t])
        return path[seen[v]:]


class Table(MutableMapping):
    """A certificate's table: position -> entry, kept as the graph's numbering of the positions and a list of
    entries by number (so a solve never hashes its positions again to build it).

    Only the positions of the game have entries: setting another is a ``KeyError``, deleting one a
    ``TypeError``. Tables of one graph share its numbering.

    >>> t = Table({"a": 0, "b": 1}, [5, 7])
    >>> t["b"], dict(t.items()), t == {"a": 5, "b": 7}
    (7, {'a': 5, 'b': 7}, True)
    """

    __slots__ = ("entries", "index")

    def __init__(self, index: dict, entries: list) -> None:
        self.index = index
        self.entries = entries

    def __getitem__(self, position: Hashable) -> Any:
        return self.entries[self.index[position]]

    def __setitem__(self, position: Hashable, entry: Any) -> None:
        self.entries[self.index[position]] = entry

    def __delitem__(self, position: Hashable) -> None:
        raise TypeError("a certificate's table keeps every position")

    def __iter__(self) -> Iterator:
        return iter(self.index)

    def __len__(self) -> int:
        return len(self.index)

    def __repr__(self) -> str:
        return f"Table({len(self)} positions)"


def explore(rules: TurnRules, queries: Sequence[Hashable], guard: Guard) -> Explored:
    """List the graph of every position reached from ``queries`` (breadth first, an explicit queue).

    The kind's reader (``rules.reader``) reads each position's moves and
    results (positions, or ``(position, points)`` pairs). Call inside ``guard``'s block: what
    the rules raise escapes to the caller, which turns it into a located
    error; what they return against the contract (a result or a point that is not one, an unhashable or
    non-iterable return, a third player, more than ``--max-positions``
    positions) raises a :class:`RulesError` here.

    Notes
    -----
    One call of ``player``, ``result`` and ``moves`` per position and one
    dictionary look-up per move: ``O(P + M)`` time and space for ``P``
    positions and ``M`` moves.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> rules = GeneralRules("count", "count.py", int, lambda n: [n - 1] if n else [])
    >>> g = explore(rules, [2], Guard(rules))
    >>> g.positions, g.heads, g.targets
    ([2, 1, 0], [0, 1, 2, 2], [1, 2])
    """
    reader = rules.reader
    index: dict = {}
    positions: list = []
    for q in queries:
        _hashable(guard, "parse", q, q)
        if q not in index:
            index[q] = len(positions)
            positions.append(q)
    limit = guard.limits.max_positions
    if len(positions) > limit:
        guard.doing = ("parse", positions[limit])
        guard.check_size(len(positions))
    moves, result, player = rules.moves, rules.result, rules.player
    read, met, ended = reader.read, reader.met, reader.result
    heads: list[int] = [0]
    targets: list[int] = []
    ends: dict[int, Any] = {}
    points = reader.points()
    sides: bytearray | None = bytearray() if player is not None else None
    seats: dict = {}  # player -> 0 or 1
    get, target, head, add = index.get, targets.append, heads.append, positions.append
    i = 0
    # Invariant: positions[:i] are listed with their moves (heads has i + 1 entries); the rest are met, not listed.
    while i < len(positions):
        p = positions[i]
        if sides is not None:
            guard.doing = ("player", p)
            sides.append(_seat(guard, seats, player(p), p))
        if result is not None:
            guard.doing = ("result", p)
            r = result(p)
            if r is not None:
                ends[i] = ended(guard, p, r)
                head(len(targets))
                i += 1
                continue
        i += 1
        guard.doing = ("moves", p)
        c = None
        try:
            for c in read(guard, p, moves(p), points):
                j = get(c)
                if j is None:
                    if met is not None:
                        met(guard, c, p)
                    j = len(positions)
                    if j >= limit:
                        guard.check_size(j + 1)
                    index[c] = j
                    add(c)
                target(j)
        except TypeError:
            _hashable(guard, "moves", c, p)  # the rules' own TypeError when ``c`` is hashable
            raise
        head(len(targets))
    guard.doing = None
    players = tuple(sorted(seats, key=seats.__getitem__))
    return Explored(positions, index, heads, targets, points, ends, sides, players)


def _seat(guard: Guard, seats: dict, who: Any, p: Any) -> int:
    """0 or 1: the seat of ``who``, the player ``player(p)`` named (a third player is bad rules)."""
    try:
        seat = seats.get(who)
    except TypeError:
        raise guard.error("player", p, f"returned the unhashable player {shown_position(who)} ({type(who).__name__})") from None
    if seat is None:
        if len(seats) == 2:
            a, b = seats
            raise guard.error("player", p, f"named a third player {who!r} (the players are {a!r} and {b!r})")
        seat = seats[who] = len(seats)
    return seat


def _hashable(guard: Guard, function: str, c: Any, p: Any) -> None:
    """Raise unless ``c``, returned by ``function(p)``, is hashable."""
    try:
        hash(c)
    except TypeError:
        raise guard.error(
            function, p,
            f"returned the unhashable position {shown_position(c)} ({type(c).__name__}); positions must be hashable, "
            "e.g. tuples or frozensets",
        ) from None


def loop_error(rules: TurnRules, guard: Guard, cycle: Sequence[Hashable], why: str) -> RulesError:
    """The error for a loop ``cycle[0] -> cycle[1] -> ... -> cycle[0]`` (each arrow a move), ``why`` in brackets."""
    closed = [*cycle, cycle[0]]

    def show(p: Any) -> str:
        try:
            return rules.show(p, guard)
        except RulesError:
            return shown_position(p)

    path = " -> ".join(show(p) for p in closed[:SHOWN_LOOP]) + (" -> …" if len(closed) > SHOWN_LOOP else "")
    return guard.error("moves", cycle[-1], f"a loop: {path} ({why})")


def parse_queries(rules: TurnRules, text: str | bytes, source: str = "<input>", limits: Limits | None = None) -> Queries:
    """The queries of an input: ``parse`` of every line; with ``starts``, ``starts(parse(text))`` of the whole.

    What ``parse`` raises is bad input located in ``source`` (its line; line
    1 for a whole input); what ``starts`` raises or returns against the
    contract is located in the rules file.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> parse_queries(GeneralRules("g", "g.py", int, range), "3\\n4\\n").positions
    (3, 4)
    """
    if rules.starts is None:
        return Queries(tuple(parse_positions(rules, text, source, limits)))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RulesError(source, text[: exc.start].count(b"\n") + 1, 1, "expected UTF-8 text") from None
    guard = Guard(rules, limits or Limits())
    with guard:
        try:
            instance = guard.call("parse", text, rules.parse)
        except RulesError as found:  # located at the input's first line, the rules file's place as detail
            raise RulesError(source, 1, 1, found.message, found.detail or f"  ({found.source}:{found.line})\n") from None
        found = guard.call("starts", instance, rules.starts)
        try:
            starts = tuple(found)
        except TypeError:
            if not hasattr(found, "__iter__"):
                raise guard.error("starts", instance, f"returned {shown_position(found)}, expected an iterable of positions") from None
            raise
        for s in starts:
            _hashable(guard, "starts", s, instance)
    return Queries(starts, instance, whole=True)
