"""The rules of any kind called under the guard: checked lists of moves, a whole sum as one position, and a
bottom-up order of a game graph."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Self

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import LOOP, Guard, ImpartialRules, Limits, shown_position


#: How many positions of a loop a message shows.
SHOWN_LOOP = 12


class GuardedRules:
    """A rules file's ``moves`` and ``components``, each call run under a :class:`Guard`.

    Use it as a context manager around the calls: what the rules raise, a
    call past the time limit and a process past the memory limit become a
    :class:`~gamecert.solvers.errors.RulesError` located in the rules file; a
    result that is not an iterable of hashable positions is one too. Each
    component's options are asked of the rules once and remembered.

    >>> nim = ImpartialRules("nim", "nim.py", int, range)
    >>> with GuardedRules(nim, Limits()) as calls:
    ...     calls.options(3)
    ((0,), (1,), (2,))
    """

    def __init__(self, rules: ImpartialRules, limits: Limits) -> None:
        self.rules = rules
        self.limits = limits
        self.guard = Guard(rules, limits, strict=True)
        # component -> the components of each of its moves (each move's parts)
        self._options: dict[Hashable, tuple[tuple[Hashable, ...], ...]] = {}

    def __enter__(self) -> Self:
        self.guard.__enter__()
        return self

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> None:
        # The (strict) guard turns the rules' faults into a RulesError: what a call raised, a late tick of its
        # timer, and an exception raised with a frame in the rules file outside a call (a position's own __eq__
        # or __hash__, run by a dict here); any other is gamecert's.
        self.guard.__exit__(kind, exc, tb)

    def _call(self, function: str, position: Hashable) -> tuple[Hashable, ...]:
        """``function(position)`` of the rules as a tuple of hashable positions."""
        guard = self.guard
        result = guard.call(function, position)
        try:
            items = iter(result)
        except TypeError:
            raise guard.error(
                function, position, f"returned {shown_position(result)}, expected an iterable of positions"
            ) from None
        found = guard.call(function, position, lambda _: tuple(items))  # a generator runs the rules' code here
        guard.doing = None  # back in gamecert's code: the timer stops nothing here
        for p in found:
            try:
                hash(p)
            except TypeError:
                raise guard.error(
                    function,
                    position,
                    f"returned the unhashable position {shown_position(p)} ({type(p).__name__}); "
                    "positions must be hashable, e.g. tuples or frozensets",
                ) from None
        return found

    def moves(self, position: Hashable) -> tuple[Hashable, ...]:
        """The positions one move from ``position``, as the rules' ``moves`` gives them."""
        return self._call("moves", position)

    def parts(self, position: Hashable) -> tuple[Hashable, ...]:
        """The components of ``position`` (the position alone when the rules give no ``components``)."""
        if self.rules.components is None:
            self.hashable(position)
            return (position,)
        return self._call("components", position)

    def options(self, component: Hashable) -> tuple[tuple[Hashable, ...], ...]:
        """The parts of every move from one component (asked of the rules once per component)."""
        found = self._options.get(component)
        if found is None:
            found = tuple(self.parts(m) for m in self.moves(component))
            self._options[component] = found
        return found

    def hashable(self, position: Any) -> None:
        """Raise unless ``position`` (a query) is hashable."""
        try:
            hash(position)
        except TypeError:
            raise self.guard.error(
                "parse",
                position,
                f"returned the unhashable position {shown_position(position)} ({type(position).__name__})",
            ) from None

    def show(self, position: Any) -> str:
        """A position as messages show it: the rules' ``format`` (a sum: its components joined by ``+``)."""
        if isinstance(position, WholeSum):
            return " + ".join(self.show(c) for c in position.components()) or "0"
        try:
            return self.rules.show(position)
        except Exception:  # noqa: BLE001 - a failing ``format`` must not hide the error being reported
            return shown_position(position)

    def loop(self, cycle: Sequence[Hashable]) -> RulesError:
        """The error for a loop ``cycle[0] -> cycle[1] -> ... -> cycle[0]`` (each arrow a move)."""
        closed = [*cycle, cycle[0]]
        path = " -> ".join(self.show(p) for p in closed[:SHOWN_LOOP]) + (" -> …" if len(closed) > SHOWN_LOOP else "")
        return self.guard.error(
            "moves", cycle[-1], f"a loop: {path} ({LOOP})"
        )


def bottom_up(children: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """Order the nodes of a graph so that each comes after all its children (Kahn's algorithm).

    ``children[x]`` lists ``x``'s distinct children. Returns ``(order, [])``
    when the graph is acyclic, else ``(partial order, a cycle)`` with the
    cycle's nodes in the order of its arcs.

    >>> bottom_up([[1, 2], [2], []])
    ([2, 1, 0], [])
    >>> bottom_up([[1], [2], [1]])[1]
    [1, 2]
    """
    waiting = [len(c) for c in children]  # children not yet placed
    parents: list[list[int]] = [[] for _ in children]
    for x, cs in enumerate(children):
        for y in cs:
            parents[y].append(x)
    order = [x for x, w in enumerate(waiting) if w == 0]
    i = 0
    while i < len(order):
        y = order[i]
        i += 1
        for x in parents[y]:
            waiting[x] -= 1
            if waiting[x] == 0:
                order.append(x)
    if len(order) == len(children):
        return order, []
    # Every node left has a child left (else it would be placed): walk until a node repeats.
    placed = set(order)
    x = next(x for x in range(len(children)) if x not in placed)
    at: dict[int, int] = {}
    path: list[int] = []
    while x not in at:
        at[x] = len(path)
        path.append(x)
        x = next(y for y in children[x] if y not in placed)
    return order, path[at[x] :]


@dataclass(frozen=True)
class WholeSum:
    """A sum of components as one position: the multiset of its components, independent of their order.

    >>> WholeSum.of([3, 1, 3]) == WholeSum.of([1, 3, 3]), WholeSum.of([3, 1, 3]).components()
    (True, [1, 3, 3])
    """

    counts: frozenset  # of (component, how many times it occurs), each count >= 1

    @classmethod
    def of(cls, parts: Iterable[Hashable]) -> WholeSum:
        return cls(frozenset(Counter(parts).items()))

    def components(self) -> list[Hashable]:
        """Every component, as often as it occurs (sorted when the components can be)."""
        out = [c for c, k in self.counts for _ in range(k)]
        try:
            return sorted(out)
        except TypeError:
            return out
