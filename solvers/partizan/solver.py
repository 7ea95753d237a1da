"""Solve a partizan game given as rules: the canonical form and outcome class of every query position.

:func:`partizan_game` computes the canonical form of every component
position bottom-up from the rules' ``left`` and ``right`` (each component
once), and of every query as the sum of its components' forms. The solution
carries what the certificate needs: each query's components and every
component's form, which :mod:`gamecert.verify.partizan` checks by playing
differences with the rules again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gamecert.solvers.errors import RulesError
from gamecert.solvers.partizan.engine import add_all, canonical, outcome
from gamecert.solvers.partizan.form import Form
from gamecert.solvers.rules.rules import Guard, Limits, PartizanRules, shown_position

#: Marks a position whose form is being computed (it is on the search stack).
_OPEN = object()


@dataclass(frozen=True)
class PartizanSolution:
    """The canonical forms of the queries of a partizan game, with what their certificate needs.

    ``queries[i]`` is query ``i``'s position and ``parts[i]`` its components
    (the position itself when the rules give no ``components``);
    ``values[i]`` is the canonical form of their sum and ``outcomes[i]`` its
    outcome class (``"L"``, ``"R"``, ``"N"`` or ``"P"``). ``forms`` maps every
    distinct component of the queries to its canonical form; ``table`` every
    component position reached (options' components too) to its form.
    """

    queries: tuple[Hashable, ...]
    parts: tuple[tuple[Hashable, ...], ...]
    forms: dict[Hashable, Form]
    values: tuple[Form, ...]
    outcomes: tuple[str, ...]
    table: dict[Hashable, Form]


#: ``answered(i, parts, value, outcome)``: told each query's answer as soon as it is known.
Answered = Callable[[int, tuple, Form, str], object]


def partizan_game(
    rules: PartizanRules, queries: Sequence[Hashable], limits: Limits | None = None, answered: Answered | None = None
) -> PartizanSolution:
    """Solve a partizan game: the canonical form and outcome class of each query position.

    Parameters
    ----------
    rules : the game's :class:`~gamecert.solvers.rules.rules.PartizanRules`
    queries : positions, as the rules' ``parse`` returns them
    limits : positions, memory and seconds per rules call allowed; with
        ``limits.from_memory`` no count of positions, only ``max_memory``
    answered : called with each query's index, components, form and
        outcome as soon as that query is solved (before the next is begun)

    Returns
    -------
    :class:`PartizanSolution`, with what its certificate needs.

    Raises
    ------
    RulesError
        if the rules raise, return an unhashable or non-iterable value, make a
        loop (the cycle is in the message), or outgrow ``limits``.

    Notes
    -----
    A depth-first search over an explicit stack computes each component
    position's canonical form once, after its options': an option's form is
    the sum of its components' forms, and the position's form is
    ``{left options | right options}`` with dominated options removed and
    reversible ones bypassed (Conway, *On Numbers and Games*, ch. 10;
    Siegel, *Combinatorial Game Theory*, II.2). Sums and comparisons of
    canonical forms are memoized by form (:mod:`.engine`), so equal regions
    of a board cost one entry. Time is ``O(P)`` rules calls for ``P``
    component positions plus the canonical-form work, which grows with the
    sizes of the forms, not of the game tree; space ``O(P)`` plus the forms.
    A position met again while on the stack is a loop. Queries are solved
    one after another, each by its components, sharing the table, and each
    answer is handed to ``answered`` once known; an option's components,
    asked of the rules once per option position, are kept for the options
    met again (a position is reached by many orders of the same moves), and
    an option position already met as a component is not split again (a
    component is its own only component: the contract in docs/partizan.md).

    >>> from gamecert.solvers.rules.rules import PartizanRules
    >>> # A heap of n: Left takes 1, Right takes 2.
    >>> heap = PartizanRules("heap", "heap.py", int, lambda n: [n - 1] if n else [], lambda n: [n - 2] if n > 1 else [])
    >>> partizan_game(heap, [1, 3]).outcomes
    ('L', 'P')
    """
    # While the engine works ``guard.doing`` is None: what it raises there is gamecert's fault, not the rules'.
    with Guard(rules, limits or Limits(), strict=True) as guard:
        return _solve(rules, list(queries), guard, answered)


def _listed(result: Any, function: str, position: Hashable, guard: Guard) -> tuple:
    if type(result) in (list, tuple):
        return tuple(result)
    if isinstance(result, (str, bytes)) or not isinstance(result, Iterable):
        raise guard.error(function, position, f"returned {shown_position(result)}, expected an iterable of positions")
    return tuple(result)


def _hashable(p: Any, function: str, position: Hashable, guard: Guard) -> None:
    try:
        hash(p)
    except TypeError:
        raise guard.error(
            function, position,
            f"returned the unhashable position {shown_position(p)} ({type(p).__name__}); positions must be hashable, "
            "e.g. tuples or frozensets",
        ) from None


def _split(rules: PartizanRules, position: Hashable, function: str, guard: Guard) -> tuple[Hashable, ...]:
    """``position``'s components (the position alone when the rules give none), checked hashable."""
    if rules.components is None:
        return (position,)
    guard.doing = ("components", position)
    parts = _listed(rules.components(position), "components", position, guard)
    for p in parts:
        _hashable(p, "components", position, guard)
    return parts


def _loop(guard: Guard, stack: list, start: Hashable, show) -> RulesError:
    """The loop ``start -> ... -> start`` through the positions on ``stack``."""
    keys = [frame[0] for frame in stack]
    cycle = keys[keys.index(start):] + [start]
    path = " -> ".join(show(p) for p in cycle[:12]) + (" -> …" if len(cycle) > 12 else "")
    return guard.error(
        "left", stack[-1][0], f"a loop: {path} (a position is reachable from itself, so play need not end)"
    )


def _solve(rules: PartizanRules, queries: list, guard: Guard, answered: Answered | None) -> PartizanSolution:
    table: dict[Hashable, Any] = {}
    split: dict[Hashable, tuple] = {}
    counted = not guard.limits.from_memory
    parts_of, values, outcomes = [], [], []
    for i, q in enumerate(queries):
        _hashable(q, "parse", q, guard)
        parts = _split(rules, q, "parse", guard)
        for c in parts:
            if c not in table:
                _evaluate(rules, c, table, split, guard, counted)
        parts_of.append(parts)
        guard.doing = None
        value = add_all(table[c] for c in parts)
        values.append(value)
        outcomes.append(outcome(value))
        if answered is not None:
            answered(i, parts, value, outcomes[-1])
    forms = {c: table[c] for parts in parts_of for c in parts}
    return PartizanSolution(tuple(queries), tuple(parts_of), forms, tuple(values), tuple(outcomes), table)


def _evaluate(rules: PartizanRules, root: Hashable, table: dict, split: dict, guard: Guard, counted: bool) -> None:
    """Fill ``table`` with the canonical form of ``root`` and of every component position below it (``counted``:
    against ``max_positions``; else memory alone bounds it, through the guard). ``split`` keeps each option
    position's components, asked of the rules once, and once they are all solved the option's form instead; and
    every component position's form, so that an option position met as a component is not split at all (a
    component is its own only component, docs/partizan.md).

    A frame is ``[position, Left options' forms, Right options' forms, the components still to evaluate first,
    how many of those are done, the options waiting for them]``. The fourth list is made once, from what the
    table lacked when the frame was made (an entry found there since is passed over), and each of its entries
    is replaced by its form once known; a finished position hands its form to the frame below it. An option
    whose form is not known when the frame is made holds None in its side and is listed in the last item as
    ``(side, index, option, where)``: ``where`` is its one component's place in the fourth list, or its
    components (``option`` is None when the rules give no ``components``).
    """
    get = table.get
    show = rules.show
    keep = rules.components is not None
    table[root] = _OPEN
    stack = [_frame(rules, root, guard, split, get)]
    while stack:
        frame = stack[-1]
        todo, i = frame[3], frame[4]
        n = len(todo)
        while i < n:
            d = todo[i]
            v = get(d)
            if v is None:
                break
            if v is _OPEN:
                raise _loop(guard, stack, d, show)
            todo[i] = v
            i += 1
        if i < n:
            frame[4] = i
            table[d] = _OPEN
            if counted:
                guard.check_size(len(table))
            stack.append(_frame(rules, d, guard, split, get))
            continue
        guard.doing = None  # the engine's work: no rules time limit, and its faults are internal
        for side, k, m, parts in frame[5]:
            # a one-component option names its component's place in ``todo``; others read the table
            f = todo[parts] if parts.__class__ is int else add_all([table[x] for x in parts])
            side[k] = f
            if m is not None:
                split[m] = f
        f = table[frame[0]] = canonical(frame[1], frame[2])
        if keep:  # a component is its own only component: as an option position it needs no split
            split[frame[0]] = f
        stack.pop()
        if stack:  # the parent waits on this position: hand it the form
            frame = stack[-1]
            i = frame[4]
            frame[3][i] = f
            frame[4] = i + 1


def _frame(rules: PartizanRules, position: Hashable, guard: Guard, split: dict, get: Callable) -> list:
    """``position``'s search frame (see :func:`_evaluate`): the form of every Left and every Right option known so
    far, the components not in the table (``get``), and the options that wait for them; each option position's
    components are asked of the rules once (kept in ``split``, then replaced by the option's form), and not at all
    for a component position already solved (``split`` holds its form)."""
    components = rules.components
    found = split.get
    todo: list = []
    pending: list = []
    sides = []
    for function, play in (("left", rules.left), ("right", rules.right)):
        guard.doing = (function, position)
        moved = play(position)
        if type(moved) not in (list, tuple):
            moved = _listed(moved, function, position, guard)
        side: list = []
        if components is None:  # an option is its own one component
            for m in moved:
                try:
                    v = get(m)
                except TypeError:
                    _hashable(m, function, position, guard)
                    raise
                if v is None or v is _OPEN:
                    pending.append((side, len(side), None, len(todo)))
                    side.append(None)
                    todo.append(m)
                else:
                    side.append(v)
            sides.append(side)
            continue
        for m in moved:
            try:
                parts = found(m)
            except TypeError:
                _hashable(m, function, position, guard)
                raise
            if parts.__class__ is Form:
                side.append(parts)
                continue
            if parts is None:
                guard.doing = ("components", m)
                parts = components(m)
                if type(parts) is not tuple:
                    parts = tuple(parts) if type(parts) is list else _listed(parts, "components", m, guard)
                split[m] = parts
            if len(parts) == 1:
                try:
                    v = get(parts[0])
                except TypeError:
                    _hashable(parts[0], "components", m, guard)
                    raise
                if v is not None and v is not _OPEN:
                    split[m] = v
                    side.append(v)
                    continue
                pending.append((side, len(side), m, len(todo)))
                todo.append(parts[0])
            else:
                for c in parts:
                    try:
                        v = get(c)
                    except TypeError:
                        _hashable(c, "components", m, guard)
                        raise
                    if v is None or v is _OPEN:
                        todo.append(c)
                pending.append((side, len(side), m, parts))
            side.append(None)
        sides.append(side)
    return [position, sides[0], sides[1], todo, 0, pending]
