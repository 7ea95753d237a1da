"""Solve an impartial game given as rules: nim values under normal play, outcomes under misère play.

:func:`impartial_game` answers a list of query positions. Under normal play
each query's value is the xor of the Sprague–Grundy values of its components;
under misère play each query is searched whole (no xor holds there). The
solution carries its certificate: the value (or outcome) of every position
reached, which :mod:`gamecert.verify.impartial.certificate` checks by calling the
rules again.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import LOOP, Guard, ImpartialRules, Limits, shown_position
from gamecert.solvers.rules.positions import Sum

#: Marks a position whose value is being computed (it is on the search stack).
_OPEN = -1


@dataclass(frozen=True)
class ImpartialSolution:
    """The answers to the queries of an impartial game, with their certificate.

    ``queries[i]`` is query ``i``'s position and ``parts[i]`` its components
    (the position itself when the rules give no ``components``; under misère
    play, the one whole-sum position searched). ``wins[i]``: the player to
    move wins; ``values[i]``: its nim value (None under misère play).
    ``table`` is the certificate: normal play, every component position
    reached -> its Sprague–Grundy value; misère play, every whole-sum position
    reached -> whether the player to move wins.
    """

    queries: tuple[Hashable, ...]
    parts: tuple[tuple[Hashable, ...], ...]
    wins: tuple[bool, ...]
    values: tuple[int | None, ...]
    table: dict
    misere: bool


def shown_whole(rules: ImpartialRules, position: Hashable, guard: Guard | None = None) -> str:
    """A position of the misère whole-sum search as messages and certificates show it: a :class:`Sum` as its
    components, each by the rules' ``format`` (which reads positions, never sums), joined by ``+`` in text order
    (``0`` for none); any other position by the rules' ``show``.

    >>> heaps = ImpartialRules("nim", "nim.py", int, range, components=lambda p: [p], format=lambda n: f"heap {n}")
    >>> shown_whole(heaps, Sum.of([2, 1, 2])), shown_whole(heaps, Sum.of([])), shown_whole(heaps, 3)
    ('heap 1 + heap 2 + heap 2', '0', 'heap 3')
    """
    if isinstance(position, Sum):
        return " + ".join(sorted(rules.show(c, guard) for c in position.components())) or "0"
    return rules.show(position, guard)


def impartial_game(rules: ImpartialRules, queries: Sequence[Hashable], limits: Limits | None = None) -> ImpartialSolution:
    """Solve an impartial game: who wins from each query position, and its nim value.

    Parameters
    ----------
    rules : the game's :class:`~gamecert.solvers.rules.rules.ImpartialRules`
    queries : positions, as the rules' ``parse`` returns them
    limits : positions, memory and seconds per rules call allowed

    Returns
    -------
    :class:`ImpartialSolution`, with its certificate.

    Raises
    ------
    RulesError
        if the rules raise, return an unhashable or non-iterable value, make a
        loop (the cycle is in the message), or outgrow ``limits``.

    Notes
    -----
    Normal play: memoized Sprague–Grundy by depth-first search over an
    explicit stack: a component's value is the mex of its options' values, an
    option's value the xor of its components' (Sprague 1935, Grundy 1939;
    Berlekamp, Conway, Guy, *Winning Ways*, ch. 4). Every component position
    is expanded once, so a sum never multiplies the state space:
    ``O(P + M)`` time and ``O(P)`` space for ``P`` component positions and
    ``M`` moves. Misère play: the same search over whole sums (a multiset of
    components), where the player with no move wins; its space is the
    number of whole-sum positions reached. A position met again while it is
    still on the stack is a loop.

    >>> from gamecert.solvers.rules.rules import ImpartialRules
    >>> nim = ImpartialRules("nim", "nim.py", int, lambda n: range(n))
    >>> impartial_game(nim, [0, 3]).values
    (0, 3)
    """
    guard = Guard(rules, limits or Limits())
    with guard:
        if rules.misere:
            return _misere(rules, list(queries), guard)
        return _normal(rules, list(queries), guard)


def _split(rules: ImpartialRules, position: Hashable, guard: Guard) -> tuple[Hashable, ...]:
    """``position``'s components (the position alone when the rules give none), checked hashable."""
    if rules.components is None:
        parts: tuple = (position,)
    else:
        guard.doing = ("components", position)
        parts = _listed(rules.components(position), "components", position, guard)
    for p in parts:
        _hashable(p, "components" if rules.components is not None else "moves", position, guard)
    return parts


def _listed(result: Any, function: str, position: Hashable, guard: Guard) -> tuple:
    try:
        return tuple(result)
    except TypeError:
        if not isinstance(result, Iterable):
            raise guard.error(function, position, f"returned {shown_position(result)}, expected an iterable of positions") from None
        raise


def _hashable(p: Any, function: str, position: Hashable, guard: Guard) -> None:
    try:
        hash(p)
    except TypeError:
        raise guard.error(
            function, position,
            f"returned the unhashable position {shown_position(p)} ({type(p).__name__}); positions must be hashable, "
            "e.g. tuples or frozensets",
        ) from None


def _options(rules: ImpartialRules, position: Hashable, guard: Guard) -> list[tuple[Hashable, ...]]:
    """The components of every move from ``position``."""
    guard.doing = ("moves", position)
    moved = _listed(rules.moves(position), "moves", position, guard)
    out = []
    for m in moved:
        _hashable(m, "moves", position, guard)
        out.append(_split(rules, m, guard))
    return out


def _loop(guard: Guard, stack: list, start: Hashable, show) -> RulesError:
    """The loop ``start -> ... -> start`` through the positions on ``stack``."""
    keys = [frame[0] for frame in stack]
    cycle = keys[keys.index(start):] + [start]
    path = " -> ".join(show(p) for p in cycle[:12]) + (" -> …" if len(cycle) > 12 else "")
    return guard.error("moves", stack[-1][0], f"a loop: {path} ({LOOP})")


def _mex(seen: set[int]) -> int:
    v = 0
    while v in seen:
        v += 1
    return v


def _normal(rules: ImpartialRules, queries: list, guard: Guard) -> ImpartialSolution:
    table: dict[Hashable, int] = {}
    parts_of, values = [], []
    for q in queries:
        _hashable(q, "parse", q, guard)
        parts = _split(rules, q, guard)
        for c in parts:
            if c not in table:
                _grundy(rules, c, table, guard)
        parts_of.append(parts)
        x = 0
        for c in parts:
            x ^= table[c]
        values.append(x)
    return ImpartialSolution(
        tuple(queries), tuple(parts_of), tuple(v != 0 for v in values), tuple(values), table, False
    )


def _grundy(rules: ImpartialRules, root: Hashable, table: dict, guard: Guard) -> None:
    """Fill ``table`` with the value of ``root`` and of every component position below it."""
    table[root] = _OPEN
    guard.doing = ("moves", root)
    guard.check_size(len(table))  # a query's own component counts too
    # A frame: [position, its options (component tuples), next option, values of options seen].
    stack = [[root, _options(rules, root, guard), 0, set()]]
    while stack:
        frame = stack[-1]
        options, i, seen = frame[1], frame[2], frame[3]
        pushed = False
        while i < len(options):
            x = 0
            for d in options[i]:
                v = table.get(d)
                if v is None:
                    table[d] = _OPEN
                    guard.check_size(len(table))
                    stack.append([d, _options(rules, d, guard), 0, set()])
                    pushed = True
                    break
                if v == _OPEN:
                    raise _loop(guard, stack, d, rules.show)
                x ^= v
            if pushed:
                break
            seen.add(x)
            i += 1
        frame[2] = i
        if not pushed:
            table[frame[0]] = _mex(seen)
            stack.pop()


def _sum_moves(rules: ImpartialRules, position: Hashable, guard: Guard) -> list[Hashable]:
    """The whole-sum positions one move from ``position`` (a :class:`Sum` when the rules give components)."""
    if rules.components is None:
        guard.doing = ("moves", position)
        moved = _listed(rules.moves(position), "moves", position, guard)
        for m in moved:
            _hashable(m, "moves", position, guard)
        return list(moved)
    out = []
    parts = position.components()
    for c, _ in position.counts:
        rest = list(parts)
        rest.remove(c)
        for option in _options(rules, c, guard):
            out.append(Sum.of(rest + list(option)))
    return out


def _misere(rules: ImpartialRules, queries: list, guard: Guard) -> ImpartialSolution:
    table: dict[Hashable, bool] = {}
    wholes, wins = [], []
    for q in queries:
        _hashable(q, "parse", q, guard)
        whole = q if rules.components is None else Sum.of(_split(rules, q, guard))
        if whole not in table:
            _outcomes(rules, whole, table, guard)
        wholes.append((whole,))
        wins.append(table[whole])
    return ImpartialSolution(tuple(queries), tuple(wholes), tuple(wins), (None,) * len(wins), table, True)


def _outcomes(rules: ImpartialRules, root: Hashable, table: dict, guard: Guard) -> None:
    """Fill ``table`` with the misère outcome of ``root`` and of every whole-sum position below it."""
    table[root] = _OPEN
    guard.doing = ("moves", root)
    guard.check_size(len(table))  # a query's own position counts too
    stack = [[root, _sum_moves(rules, root, guard), 0, False]]
    while stack:
        frame = stack[-1]
        options, i = frame[1], frame[2]
        pushed = False
        while i < len(options) and not frame[3]:
            d = options[i]
            v = table.get(d)
            if v is None:
                table[d] = _OPEN
                guard.check_size(len(table))
                stack.append([d, _sum_moves(rules, d, guard), 0, False])
                pushed = True
                break
            if v == _OPEN:  # True == 1 and False == 0: only an open position is -1
                raise _loop(guard, stack, d, lambda p: shown_whole(rules, p))
            if v is False:
                frame[3] = True  # a move to a position lost for the mover's opponent
            i += 1
        frame[2] = i
        if not pushed:
            # Misère: with no move at all, the player to move wins (the opponent made the last move).
            table[frame[0]] = True if not options else frame[3]
            stack.pop()
