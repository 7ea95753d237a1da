"""The position graph of a general or score game, as the independent formulations read it.

Every position reachable from the queries is listed once, with its result,
its moves and, for each move, whether it is an extra move (the mover moves
again) and, in a score game, its points. The rules are called through a
:class:`~gamecert.solvers.rules.rules.Guard` (:class:`TurnCalls`), ``result``
before ``moves``, and what they return is held to the contract by the kind's
move reader (``rules.reader``, :mod:`gamecert.solvers.turn.moves`), which
reads the rules and solves nothing. The
formulations (:mod:`~gamecert.verify.general.search`,
:mod:`~gamecert.verify.general.sat`, :mod:`~gamecert.verify.general.qbf`,
:mod:`~gamecert.verify.general.cpsat`, :mod:`gamecert.verify.score.search`,
:mod:`gamecert.verify.score.milp`) share this listing and nothing else; none
of it uses the fast solvers or their graph (:mod:`gamecert.solvers.turn.graph`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import Limits, TurnRules, shown_position
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.rules.guarded import SHOWN_LOOP, GuardedRules, bottom_up

def queries(instance: Any) -> tuple[Hashable, ...]:
    """The query positions of an instance: its ``positions`` or ``queries`` field, or the instance itself.

    The game class's instance carries the start positions in order; a plain
    list of positions (as the tests pass) is its own queries.

    >>> queries([3, 1]), queries(type("Q", (), {"positions": (2,)})())
    ((3, 1), (2,))
    """
    for field in ("positions", "queries"):
        found = getattr(instance, field, None)
        if found is not None:
            return tuple(found)
    return tuple(instance)


class TurnCalls(GuardedRules):
    """A general or score game's ``player``, ``result`` and ``moves``, each call under a guard and checked.

    Use it as a context manager around the calls (as
    :class:`~gamecert.verify.rules.guarded.GuardedRules`): what the rules
    raise or return against the contract becomes a
    :class:`~gamecert.solvers.errors.RulesError` located in the rules file.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> with TurnCalls(GeneralRules("count", "count.py", int, lambda n: range(n)), Limits()) as calls:
    ...     calls.result(2), calls.moves(2)
    (None, ((0, None), (1, None)))
    """

    def __init__(self, rules: TurnRules, limits: Limits) -> None:
        super().__init__(rules, limits)  # type: ignore[arg-type]
        self.reader = rules.reader  # how the kind reads moves and results
        self.players: list[Hashable] = []  # the players named so far, at most two

    def player(self, position: Hashable) -> int:
        """0 for the first player the rules named, 1 for the second (0 when the rules have no ``player``)."""
        if self.rules.player is None:
            return 0
        who = self.guard.call("player", position)
        self.guard.doing = None
        try:
            hash(who)
        except TypeError:
            raise self.guard.error(
                "player", position, f"returned the unhashable player {shown_position(who)} ({type(who).__name__})"
            ) from None
        if who not in self.players:
            if len(self.players) == 2:
                a, b = self.players
                raise self.guard.error("player", position, f"named a third player {who!r} (the players are {a!r} and {b!r})")
            self.players.append(who)
        return self.players.index(who)

    def result(self, position: Hashable) -> str | int | None:
        """``result(position)``: None while the game goes on, else the outcome (general) or score for the mover."""
        if self.rules.result is None:
            return None
        guard = self.guard
        found = guard.call("result", position)
        guard.doing = None
        return None if found is None else self.reader.result(guard, position, found)

    def moves(self, position: Hashable) -> tuple[tuple[Hashable, int | None], ...]:  # type: ignore[override]
        """Every move from ``position`` as ``(position reached, points)``, points None where moves score nothing."""
        guard, reader = self.guard, self.reader
        found = guard.call("moves", position)
        points = reader.points()
        # a generator runs the rules' code as it is read: inside the guard's call
        reached = guard.call("moves", position, lambda _: tuple(reader.read(guard, position, found, points)))
        guard.doing = None
        for target in reached:
            if reader.met is not None:
                reader.met(guard, target, position)
            try:
                hash(target)
            except TypeError:
                raise guard.error(
                    "moves",
                    position,
                    f"returned the unhashable position {shown_position(target)} ({type(target).__name__}); "
                    "positions must be hashable, e.g. tuples or frozensets",
                ) from None
        return tuple(zip(reached, points if points is not None else (None,) * len(reached)))

    def loop(self, cycle: Sequence[Hashable], why: str) -> RulesError:  # type: ignore[override]
        """The error for a loop ``cycle[0] -> cycle[1] -> ... -> cycle[0]`` (``why`` in brackets)."""
        closed = [*cycle, cycle[0]]
        path = " -> ".join(self.show(p) for p in closed[:SHOWN_LOOP]) + (" -> …" if len(closed) > SHOWN_LOOP else "")
        return self.guard.error("moves", cycle[-1], f"a loop: {path} ({why})")


@dataclass(frozen=True)
class TurnGraph:
    """Every position reached from the queries of a general or score game, numbered as found.

    ``positions[x]`` is node ``x``; ``ends[x]`` what ``result`` gave there
    (None while the game goes on); ``options[x]`` the node each move reaches
    (``()`` where ``result`` ends the game), ``extra[x]`` for each move whether
    the mover moves again there, and ``points[x]`` (score games; None in a
    general game) what each move scores; ``roots[i]`` is query ``i``'s node.
    ``stopped`` is empty, or why listing stopped before the end: then the
    lists cover only the positions expanded so far.
    """

    positions: tuple[Hashable, ...]
    ends: tuple[Any, ...]
    options: tuple[tuple[int, ...], ...]
    extra: tuple[tuple[bool, ...], ...]
    points: tuple[tuple[int, ...], ...] | None
    roots: tuple[int, ...]
    stopped: str = ""

    @property
    def moves(self) -> int:
        return sum(len(o) for o in self.options)

    def over(self, x: int) -> str | None:
        """A general game's outcome at ``x`` for the player to move where play stops there, else None.

        ``result`` decides it, or a position with no move is lost.
        """
        if self.ends[x] is not None:
            return self.ends[x]
        return None if self.options[x] else "lose"

    def final(self, x: int) -> int | None:
        """A score game's value at ``x`` where play stops there (``result``, or 0 with no move), else None."""
        if self.ends[x] is not None:
            return self.ends[x]
        return None if self.options[x] else 0


def turn_graph(
    rules: TurnRules,
    starts: Sequence[Hashable],
    limits: Limits | None = None,
    stop: bool = False,
) -> TurnGraph:
    """List every position of a general or score game reachable from ``starts``, with its moves.

    Parameters
    ----------
    rules : a :class:`~gamecert.solvers.rules.rules.GeneralRules` or
        :class:`~gamecert.solvers.rules.rules.ScoreRules`
    starts : the query positions, as the rules' ``parse`` returns them
    limits : positions, memory and seconds per rules call allowed
    stop : past ``limits.max_positions`` positions, stop listing and say so in the graph's ``stopped``
        (else raise)

    Raises
    ------
    RulesError
        if the rules raise or return what the contract forbids, or a score game loops.
    TimeLimitError
        past ``limits.max_positions`` positions, unless ``stop`` (then the graph says so in ``stopped``).

    Notes
    -----
    A work list, breadth first: each position is asked ``player``, then
    ``result``, then (while the game goes on) ``moves``, once. A move is an
    extra move when the rules name a ``player`` and it is the same at both
    ends. A score game's graph is then ordered bottom-up (Kahn), which
    proves it ends or finds a loop. ``O(P + M)`` time and space for ``P``
    positions and ``M`` moves.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> g = turn_graph(GeneralRules("count", "count.py", int, lambda n: [n - 1] if n else []), [2])
    >>> g.positions, g.options, g.over(2)
    ((2, 1, 0), ((1,), (2,), ()), 'lose')
    """
    limits = limits or Limits()
    ids: dict[Hashable, int] = {}
    positions: list[Hashable] = []
    seats: list[int] = []
    ends: list[Any] = []
    options: list[tuple[int, ...]] = []
    extra: list[tuple[bool, ...]] = []
    calls = TurnCalls(rules, limits)
    points: list[tuple[int, ...]] | None = [] if calls.reader.points() is not None else None

    def node(p: Hashable) -> int:
        x = ids.get(p)
        if x is None:
            x = ids[p] = len(positions)
            positions.append(p)
            seats.append(calls.player(p))
        return x

    def graph(why: str = "") -> TurnGraph:
        return TurnGraph(
            tuple(positions), tuple(ends), tuple(options), tuple(extra),
            None if points is None else tuple(points), roots, why,
        )

    with calls:
        for q in starts:
            calls.hashable(q)
        roots = tuple(node(q) for q in starts)
        # Invariant: positions[:len(ends)] are expanded, the rest are found but not yet expanded.
        while len(ends) < len(positions):
            if len(positions) > limits.max_positions:
                why = f"more than {limits.max_positions:,} positions (--max-positions)"
                if not stop:
                    raise TimeLimitError(why)
                return graph(why)
            x = len(ends)
            end = calls.result(positions[x])
            ends.append(end)
            found = calls.moves(positions[x]) if end is None else ()
            targets = tuple(node(p) for p, _ in found)
            options.append(targets)
            extra.append(tuple(rules.player is not None and seats[y] == seats[x] for y in targets))
            if points is not None:
                points.append(tuple(pts for _, pts in found))
        if calls.reader.loop is not None:  # play must end: an order bottom-up, or the loop
            _, cycle = bottom_up([list(dict.fromkeys(o)) for o in options])
            if cycle:
                raise calls.loop([positions[x] for x in cycle], calls.reader.loop)
    return graph()
