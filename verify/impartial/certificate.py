"""Check the certificate of an impartial rules game, trusting nothing but the rules.

Normal play: the certificate maps every component position reached to a
value; each entry must be the mex of its options' values, where the checker
calls ``moves`` and ``components`` again and reads every option's components
from the table (an option missing from it is a violation). Each query's value
must be the xor of its components' entries. Misère play: the certificate maps
whole-sum positions to outcomes; a winning entry needs a move to a losing
entry (or no move at all: the opponent made the last move), a losing entry
needs every move to reach a winning one.
"""

from __future__ import annotations

from collections.abc import Hashable

from gamecert.solvers.impartial.solver import ImpartialSolution, shown_whole
from gamecert.solvers.rules.positions import Sum
from gamecert.solvers.rules.rules import Guard, ImpartialRules, Limits

#: At most this many violations are listed.
MAX_VIOLATIONS = 20


def check_impartial(rules: ImpartialRules, solution: ImpartialSolution, limits: Limits | None = None) -> list[str]:
    """List what is wrong with an impartial game's certificate (empty: it holds).

    Notes
    -----
    One pass over the table, calling the rules once per entry and per move:
    ``O(P + M)`` time for ``P`` entries and ``M`` moves, ``O(d)`` extra
    space for the largest number of options ``d``.

    >>> from gamecert.solvers.impartial.solver import impartial_game
    >>> nim = ImpartialRules("nim", "nim.py", int, lambda n: range(n))
    >>> sol = impartial_game(nim, [2])
    >>> check_impartial(nim, sol)
    []
    >>> check_impartial(nim, ImpartialSolution((2,), ((2,),), (True,), (3,), {0: 0, 1: 1, 2: 3}, False))
    ['2: the certificate says 3, the mex of its options is 2']
    """
    guard = Guard(rules, limits or Limits())
    with guard:
        if solution.misere:
            return _check_misere(rules, solution, guard)
        return _check_normal(rules, solution, guard)


def _parts(rules: ImpartialRules, position: Hashable, guard: Guard) -> list[Hashable]:
    if rules.components is None:
        return [position]
    guard.doing = ("components", position)
    return list(rules.components(position))


def _check_normal(rules: ImpartialRules, sol: ImpartialSolution, guard: Guard) -> list[str]:
    table, bad = sol.table, []
    for position, value in table.items():
        if len(bad) >= MAX_VIOLATIONS:
            break
        guard.doing = ("moves", position)
        reached = set()
        missing = None
        for m in list(rules.moves(position)):
            x = 0
            for c in _parts(rules, m, guard):
                v = table.get(c)
                if v is None:
                    missing = c
                    break
                x ^= v
            if missing is not None:
                break
            reached.add(x)
        if missing is not None:
            bad.append(f"{rules.show(position)}: an option's component {rules.show(missing)} has no entry")
            continue
        mex = 0
        while mex in reached:
            mex += 1
        if not isinstance(value, int) or value != mex:
            bad.append(f"{rules.show(position)}: the certificate says {value}, the mex of its options is {mex}")
    for i, q in enumerate(sol.queries):
        x = 0
        for c in _parts(rules, q, guard):
            if c not in table:
                bad.append(f"query {i + 1} ({rules.show(q)}): component {rules.show(c)} has no entry")
                break
            x ^= table[c]
        else:
            if sol.values[i] != x or sol.wins[i] != (x != 0):
                bad.append(f"query {i + 1} ({rules.show(q)}): value {sol.values[i]}, the table gives {x}")
    return bad[:MAX_VIOLATIONS]


def _whole_moves(rules: ImpartialRules, position: Hashable, guard: Guard) -> list[Hashable]:
    """The whole-sum positions one move from ``position``: a move in one component of a sum."""
    if rules.components is None:
        guard.doing = ("moves", position)
        return list(rules.moves(position))
    if not isinstance(position, Sum):
        return []
    out = []
    for c, k in position.counts:
        others = [d for d, n in position.counts for _ in range(n - (d == c))]
        guard.doing = ("moves", c)
        for m in list(rules.moves(c)):
            out.append(Sum.of(others + _parts(rules, m, guard)))
    return out


def _check_misere(rules: ImpartialRules, sol: ImpartialSolution, guard: Guard) -> list[str]:
    table, bad = sol.table, []
    for position, win in table.items():
        if len(bad) >= MAX_VIOLATIONS:
            break
        options = _whole_moves(rules, position, guard)
        if win is True:
            if options and not any(table.get(m) is False for m in options):
                bad.append(f"{shown_whole(rules, position)}: the certificate says win, but no move reaches a losing entry")
        elif win is False:
            if not options:
                bad.append(f"{shown_whole(rules, position)}: the certificate says lose, but there is no move (misère: that wins)")
            for m in options:
                if table.get(m) is not True:
                    bad.append(
                        f"{shown_whole(rules, position)}: the certificate says lose, but the move to {shown_whole(rules, m)} "
                        "is not a won entry"
                    )
                    break
        else:
            bad.append(f"{shown_whole(rules, position)}: the entry {win!r} is not an outcome")
    for i, q in enumerate(sol.queries):
        whole = q if rules.components is None else Sum.of(_parts(rules, q, guard))
        if table.get(whole) is not sol.wins[i]:
            bad.append(f"query {i + 1} ({rules.show(q)}): the answer does not read the table's entry")
    return bad[:MAX_VIOLATIONS]
