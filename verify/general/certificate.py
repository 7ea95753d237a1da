"""Check the certificate of a general game, trusting nothing but the rules.

The certificate is the value of every position reached (``win N``,
``lose N`` or ``draw`` for the player to move). The checker calls
``result``, ``moves`` and ``player`` again for every entry and reads each
move's position from the table (a move to a position missing from it is a
violation). A move is *good* for the mover when it reaches a position lost
for its player to move, or won for it on an extra move (the same player
moves again); *bad* when the reverse. Each entry must hold locally:

- where ``result`` decides, the entry is its word, remoteness 0; with no
  move and no result, ``lose 0``;
- ``win N``: a good move to a position of remoteness ``N - 1`` and no good
  move to one of less;
- ``lose N``: every move bad, to positions of remoteness at most ``N - 1``,
  one exactly ``N - 1``;
- ``draw``: no good move, and a move to a draw.

docs/rules.md says why these local checks prove every label.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any

import numpy as np

from gamecert.solvers.general.solver import GeneralSolution
from gamecert.solvers.rules.rules import Guard, Limits, TurnRules
from gamecert.solvers.turn.value import OUTCOMES, Value
from gamecert.verify.turn.certificate import MAX_VIOLATIONS, Calls


def check_general(rules: TurnRules, solution: GeneralSolution, limits: Limits | None = None) -> list[str]:
    """List what is wrong with a general game's certificate (empty: it holds).

    Notes
    -----
    One pass over the table, calling the rules once per entry (``player``
    once per position) and reading one entry per move: ``O(P + M)`` time
    for ``P`` entries and ``M`` moves, ``O(P)`` extra space (the players).

    >>> from gamecert.solvers.general.solver import general_game
    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [])
    >>> sol = general_game(walk, [2])
    >>> check_general(walk, sol)
    []
    >>> sol.table[1] = Value("lose", 1)
    >>> check_general(walk, sol)
    ['2: the certificate says lose 2, but the move to 1 is lose 1, good for the mover', '1: the certificate says lose 1, but the move to 0 is lose 0, good for the mover']
    """
    with Guard(rules, limits or Limits()) as guard:
        return _check(Calls(rules, guard), solution)[:MAX_VIOLATIONS]


def check_entries(rules: TurnRules, table: Mapping, positions: Iterable[Hashable], limits: Limits | None = None) -> list[str]:
    """List what is wrong with the entries of ``positions`` in a general game's certificate ``table``,
    which also holds (at least) the entries of their moves: one shard of a tiered solve.

    Notes
    -----
    The checks of :func:`check_general` on ``positions`` alone; checking
    every position of a game, shard by shard, checks its whole certificate.
    ``O(P + M)`` time for ``P`` positions and their ``M`` moves.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [])
    >>> check_entries(walk, {1: Value("win", 1), 0: Value("win", 0)}, [1])
    ['1: the certificate says win 1, but no move is good for the mover']
    """
    with Guard(rules, limits or Limits()) as guard:
        return _entries(Calls(rules, guard), table, positions)[:MAX_VIOLATIONS]


#: A label's code in :func:`check_codes`: its outcome in the low two bits, its remoteness above them (a draw: 3).
WIN_CODE, LOSE_CODE, DRAW_CODE = 1, 2, 3
_OUTCOME_OF_CODE = {WIN_CODE: "win", LOSE_CODE: "lose", DRAW_CODE: "draw"}
_CODE_OF_RESULT = {"win": WIN_CODE, "lose": LOSE_CODE, "draw": DRAW_CODE}


def code_value(code: int) -> Value:
    """The entry a label's code stands for (:func:`check_codes`); a code of no label reads as an entry that is none.

    >>> str(code_value(4 * 3 + WIN_CODE)), str(code_value(DRAW_CODE)), code_value(0)
    ('win 3', 'draw', Value(outcome='code 0', number=None))
    """
    outcome = _OUTCOME_OF_CODE.get(code & 3) if type(code) is int and code >= 0 else None
    if outcome is None or (outcome == "draw" and code != DRAW_CODE):
        return Value(f"code {code!r}", None)
    return Value(outcome, None if outcome == "draw" else code >> 2)


def check_codes(rules: TurnRules, codes: Mapping, positions: Iterable[Hashable], limits: Limits | None = None) -> list[str]:
    """:func:`check_entries` of labels given as codes (``codes``: position -> ``remoteness << 2 | outcome``, the
    outcome :data:`WIN_CODE`, :data:`LOSE_CODE`, a draw :data:`DRAW_CODE`): one shard of a tiered solve.

    Notes
    -----
    Every code is first checked to be a label's (else every entry is checked
    by :func:`check_entries`, through :func:`code_value`); then the local checks
    of :func:`check_entries` on ints, the rules called once per position (and
    ``player`` once per position met). A position that fails is checked again
    by :func:`check_entries` on its entries, which words the violation.
    ``O(P + M + T)`` time for ``P`` positions, their ``M`` moves and ``T`` codes.

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [])
    >>> check_codes(walk, {1: 4 + WIN_CODE, 0: LOSE_CODE}, [1]), check_codes(walk, {1: 4 + WIN_CODE, 0: WIN_CODE}, [1])
    ([], ['1: the certificate says win 1, but no move is good for the mover'])
    """
    if not _labels(list(codes.values())):
        return check_entries(rules, {p: code_value(c) for p, c in codes.items()}, positions, limits)
    with Guard(rules, limits or Limits()) as guard:
        calls = Calls(rules, guard)
        failed = _failing_codes(calls, codes, positions)
        bad = []
        for position in failed:
            table = {position: code_value(codes[position])} if position in codes else {}
            if calls.result(position) is None:
                table.update((q, code_value(codes[q])) for q in calls.moves(position) if q in codes)
            why = _violation(calls, table, position, table[position]) if position in table else "the certificate has no entry"
            if why is None:  # the same checks held this time: the rules answered otherwise when called again
                why = f"the certificate says {table[position]}, which failed its check once and held when the rules were called again"
            bad.append(f"{calls.show(position)}: {why}")
        return bad


def _labels(held: list) -> bool:
    """Whether every code is a label's: an int, positive, an outcome in its low bits, a draw's remoteness 0."""
    if not all(type(c) is int for c in held):
        return False
    try:
        codes = np.fromiter(held, np.int64, len(held))
    except OverflowError:
        return False
    low = codes & 3
    return bool(np.all((codes > 0) & (low != 0) & ((low != DRAW_CODE) | (codes == DRAW_CODE))))


def _failing_codes(calls: Calls, codes: Mapping, positions: Iterable[Hashable]) -> list:
    """The first :data:`MAX_VIOLATIONS` of ``positions`` whose labels fail a check of :func:`_violation`, every code
    in ``codes`` a label's."""
    rules, guard = calls.rules, calls.guard
    result, moves = rules.result, rules.moves
    extra = calls.same if rules.player is not None else None
    get = codes.get

    def holds(position: Hashable) -> bool:
        value = get(position)
        if value is None:
            return False
        if result is not None:
            guard.doing = ("result", position)
            ended = result(position)
            if ended is not None:
                return type(ended) is str and value == _CODE_OF_RESULT.get(ended)
        guard.doing = ("moves", position)
        found = list(moves(position))
        if not found:
            return value == LOSE_CODE
        # The quickest good move's remoteness, the slowest bad move's, whether a move reaches a draw.
        least = most = -1
        draw = False
        for q in found:
            w = get(q)
            if w is None:
                return False
            if w == DRAW_CODE:
                draw = True
            elif (w & 3 == LOSE_CODE) != (extra is not None and extra(position, q)):
                if least < 0 or w >> 2 < least:
                    least = w >> 2
            elif w >> 2 > most:
                most = w >> 2
        if value & 3 == WIN_CODE:
            return least >= 0 and least == (value >> 2) - 1
        if least >= 0:
            return False
        if value & 3 == LOSE_CODE:
            return not draw and most == (value >> 2) - 1
        return draw

    failed = []
    for position in positions:
        if not holds(position):
            failed.append(position)
            if len(failed) >= MAX_VIOLATIONS:
                break
    return failed


def _entries(calls: Calls, table: Mapping, positions: Iterable[Hashable]) -> list[str]:
    bad = []
    for position in positions:
        if len(bad) >= MAX_VIOLATIONS:
            break
        why = _violation(calls, table, position, table[position])
        if why is not None:
            bad.append(f"{calls.show(position)}: {why}")
    return bad


def _check(calls: Calls, sol: GeneralSolution) -> list[str]:
    table = sol.table
    bad = _entries(calls, table, table)
    for i, q in enumerate(sol.queries):
        if table.get(q) != sol.values[i]:
            bad.append(f"query {i + 1} ({calls.show(q)}): the answer {sol.values[i]} is not the table's entry {table.get(q)}")
    return bad


def _violation(calls: Calls, table: Mapping, position: Hashable, value: Any) -> str | None:
    """What is wrong with the entry ``position -> value``, or None."""
    if (
        not isinstance(value, Value) or value.outcome not in OUTCOMES
        or (value.outcome == "draw") != (value.number is None)
        or (value.number is not None and (not isinstance(value.number, int) or value.number < 0))
    ):
        return f"the entry {value!r} is not win N, lose N or draw"
    ended = calls.result(position)
    if ended is not None:
        expected = Value(ended, None if ended == "draw" else 0) if ended in OUTCOMES else None
        return None if value == expected else f"the certificate says {value}, but result() says {ended!r}"
    moves = calls.moves(position)
    if not moves:
        return None if value == Value("lose", 0) else f"the certificate says {value}, but there is no move (lose 0)"
    # The first good move, the first quickest good move, the first slowest bad move, the first move to a draw.
    good = quickest = slowest = draw = None
    least = most = 0
    get = table.get
    extra = calls.same if calls.rules.player is not None else None
    for q in moves:
        v = get(q)
        if v is None:
            return f"the move to {calls.show(q)} has no entry"
        if not isinstance(v, Value) or v.outcome not in OUTCOMES:
            return f"the move to {calls.show(q)} has the entry {v!r}, not win N, lose N or draw"
        outcome = v.outcome
        if outcome == "draw":
            if draw is None:
                draw = q
        elif (outcome == "lose") != (extra is not None and extra(position, q)):
            if good is None:
                good, quickest, least = q, q, v.number
            elif v.number < least:
                quickest, least = q, v.number
        elif slowest is None or v.number > most:
            slowest, most = q, v.number
    n = value.number
    if value.outcome == "win":
        if good is None:
            return f"the certificate says {value}, but no move is good for the mover"
        if least != n - 1:
            return f"the certificate says {value}, but the quickest good move, to {calls.show(quickest)}, is {table[quickest]}"
    elif good is not None:
        return f"the certificate says {value}, but the move to {calls.show(good)} is {table[good]}, good for the mover"
    elif value.outcome == "lose":
        if draw is not None:
            return f"the certificate says {value}, but the move to {calls.show(draw)} is a draw"
        if most != n - 1:
            return f"the certificate says {value}, but the slowest move, to {calls.show(slowest)}, is {table[slowest]}"
    elif draw is None:
        return f"the certificate says {value}, but no move reaches a draw"
    return None
