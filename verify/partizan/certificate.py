"""Check the certificate of a partizan rules game, trusting nothing the engine computed.

The certificate is the canonical form claimed for every component position
(the engine's table) and for every query's sum, with the query's outcome
class. The checker reads the forms as plain nested tuples only and decides:

1. every query component's form is canonical: no dominated and no reversible
   option at any subposition, by the plain comparison of
   :mod:`~gamecert.verify.partizan.compare` (no engine code);
2. every query component ``p`` equals its form ``G``: the second player wins
   ``p - G``, found by playing the difference game
   (:mod:`~gamecert.verify.partizan.difference`), ``p`` by calling the rules'
   ``left`` and ``right`` again, ``G`` by its literal options. Where that game
   is larger than the search's cap, the checker proves the same by induction
   instead: for every component position ``q`` reached from ``p``, the second
   player wins ``q' - G_q``, where ``q'`` plays one move by the rules and then
   becomes the sum of the table's forms of the option's components; together
   these say every position equals its form, from the leaves up. When the
   table lacks a form that induction needs, the check says exactly that
   nothing more was decided;
3. every query's form is canonical and equals the sum of its components' forms:
   the second player wins ``G_1 + ... + G_k - G`` (forms only);
4. every query's outcome class is the one its form has (``G > 0``: ``L``,
   ``G < 0``: ``R``, ``G = 0``: ``P``, else ``N``), and the components are
   those the rules' ``components`` give.

:func:`check_partizan` returns what it found wrong and, line by line, what
it checked (:class:`CertificateCheck`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from gamecert.solvers.rules.rules import Guard, Limits, PartizanRules
from gamecert.verify.partizan.compare import Plain
from gamecert.verify.partizan.difference import SEARCH_CAP, DifferenceGame, MissingForm, Search

#: At most this many violations are listed.
MAX_VIOLATIONS = 20
#: Component positions the induction of a too-large component visits before it stops.
INDUCTION_CAP = 200_000


@dataclass(frozen=True)
class Claimed:
    """What a partizan certificate claims, as plain data: per query its position, components, form and outcome,
    and a form for component positions (at least the queries' components; the induction needs every
    component position reached)."""

    queries: tuple[Hashable, ...]
    parts: tuple[tuple[Hashable, ...], ...]
    sums: tuple[Plain, ...]
    outcomes: tuple[str, ...]
    forms: Mapping[Hashable, Plain]


@dataclass
class CertificateCheck:
    """The checker's findings: what is wrong (``violations``) and what was checked, one line per claim."""

    violations: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)

    @property
    def decided(self) -> bool:
        """Whether every equality was decided (no difference game left too large)."""
        return not any("not decided" in line for line in self.checked)


def check_partizan(
    rules: PartizanRules, claimed: Claimed, limits: Limits | None = None, cap: int = SEARCH_CAP
) -> CertificateCheck:
    """Check a partizan certificate: canonical forms, each component equal to its form, each sum to its parts.

    Notes
    -----
    Canonicity: every pair of options of every subform compared once
    (memoized plain order). Equality: one difference search per component,
    ``O(S * d)`` for ``S`` sums reached (at most ``cap``); past the cap, one
    one-move search per component position reached (the induction), each
    over sums of forms only. Sums: one search over forms per query.
    Siegel, *Combinatorial Game Theory* (2013), II.1-II.3.

    >>> from gamecert.solvers.rules.rules import PartizanRules
    >>> from gamecert.verify.partizan.compare import ZERO
    >>> walk = PartizanRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], lambda n: [])
    >>> one = ((ZERO,), ())
    >>> ok = Claimed((1,), ((1,),), (one,), ("L",), {1: one})
    >>> check_partizan(walk, ok).violations
    []
    >>> check_partizan(walk, Claimed((2,), ((2,),), (one,), ("L",), {2: one})).violations[0]
    'component 2: does not equal its form 1: Left wins moving first in 2 - 1 (4 positions searched)'
    """
    guard = Guard(rules, limits or Limits())
    found = CertificateCheck()
    with guard:
        _check(rules, claimed, guard, cap, found)
    found.violations = found.violations[:MAX_VIOLATIONS]
    return found


def _check(rules: PartizanRules, claimed: Claimed, guard: Guard, cap: int, found: CertificateCheck) -> None:
    game = DifferenceGame(rules, guard, cap=cap)
    pool = game.pool
    bad, checked = found.violations, found.checked
    ids: dict[Hashable, int] = {}
    for i, (q, parts) in enumerate(zip(claimed.queries, claimed.parts)):
        said = game.split(q)
        if Counter(said) != Counter(parts):
            bad.append(f"query {i + 1} ({rules.show(q)}): the rules' components are not the certificate's")
        for c in parts:
            if c in ids:
                continue
            if c not in claimed.forms:
                bad.append(f"query {i + 1} ({rules.show(q)}): component {rules.show(c)} has no form")
                continue
            g = ids[c] = pool.add(claimed.forms[c])
            name = f"component {rules.show(c)}"
            wrong = pool.violations(g, "its form")
            bad += [f"{name}: {w}" for w in wrong]
            search = game.second_player_wins(game.start([c], minus=[g]))
            if search.verdict == "refuted":
                bad.append(f"{name}: does not equal its form {pool.write(g)}: {search.winner} wins moving first in "
                           f"{rules.show(c)} - {pool.write(g)} ({search.nodes:,} positions searched)")
                continue
            if search.proved:
                checked.append(f"{name} = {pool.write(g)}: {'not canonical' if wrong else 'canonical'}; in "
                               f"{rules.show(c)} - {pool.write(g)} {search.line()}")
                continue
            checked.append(f"{name} = {pool.write(g)}: " + _induction(rules, game, c, claimed.forms, bad, search))
    for i, (q, parts, form, outcome) in enumerate(zip(claimed.queries, claimed.parts, claimed.sums, claimed.outcomes)):
        name = f"query {i + 1} ({rules.show(q)})"
        g = pool.add(form)
        bad += [f"{name}: {w}" for w in pool.violations(g, "its form")]
        if pool.outcome(g) != outcome:
            bad.append(f"{name}: the outcome {outcome} is not its form's ({pool.outcome(g)})")
        if any(c not in ids for c in parts):
            continue
        search = game.second_player_wins(game.start([], plus=[ids[c] for c in parts], minus=[g]))
        if search.verdict == "refuted":
            bad.append(f"{name}: its form {pool.write(g)} is not the sum of its components' forms "
                       f"({search.winner} wins moving first in the difference)")
        else:
            checked.append(f"{name} = {pool.write(g)}, outcome {outcome}: the sum of its {len(parts)} components' forms, "
                           f"{search.line()}")


def _induction(
    rules: PartizanRules, game: DifferenceGame, root: Hashable, forms: Mapping[Hashable, Plain], bad: list[str], search: Search
) -> str:
    """Prove ``root`` equals its form from the table, one move at a time; the line saying what was decided.

    For each component position ``q`` reached from ``root`` (by the rules),
    the second player wins ``q' - G_q`` where ``q'`` is ``q`` played one move
    by the rules, then the sum of the table's forms of the option's components.
    """
    pool = game.pool
    table = game.table
    seen, stack = {root}, [root]
    while stack:
        if len(seen) > INDUCTION_CAP:
            return (f"{search.line()}; the induction stopped after {INDUCTION_CAP:,} component positions")
        q = stack.pop()
        if q not in forms:
            return (f"{search.line()}; the induction needs the form of {rules.show(q)}, "
                    "which the certificate lacks")
        if q not in table:
            table[q] = pool.add(forms[q])
        for side in (0, 1):
            for parts in game.rules_options(q, side):
                for c in parts:
                    if c not in seen:
                        seen.add(c)
                        stack.append(c)
    why = _one_move(rules, game, seen, bad, root)
    if why:
        return f"{search.line()}; {why}"
    return (f"{search.line().removeprefix('not decided: ')}; proved instead by induction: each of the {len(seen):,} "
            "component positions below equals its form, one move at a time")


def _one_move(
    rules: PartizanRules, game: DifferenceGame, positions: Iterable[Hashable], bad: list[str], root: Hashable | None
) -> str:
    """Check each position equals its form in ``game.table`` once played one move by the rules, the options
    becoming their components' forms from the table; '' when every check was decided, else why not."""
    cap, game.cap = game.cap, max(game.cap, SEARCH_CAP)  # each one-move game is small: the full cap, whatever the caller's
    try:
        return _each_one_move(rules, game, positions, bad, root)
    finally:
        game.cap = cap


def _each_one_move(
    rules: PartizanRules, game: DifferenceGame, positions: Iterable[Hashable], bad: list[str], root: Hashable | None
) -> str:
    pool, table = game.pool, game.table
    for q in positions:
        try:
            local = game.second_player_wins(game.start([], minus=[table[q]], shallow=[q]))
        except MissingForm as exc:
            return f"the option's component {rules.show(exc.position)} of {rules.show(q)} has no form"
        if local.verdict == "refuted":
            below = "" if root is None else f" (below {rules.show(root)})"
            bad.append(f"component {rules.show(q)}{below}: its options' forms do not make its form "
                       f"{pool.write(table[q])} ({local.winner} wins moving first)")
        elif not local.proved:
            return f"the one-move check of {rules.show(q)} is too large as well"
    return ""


def check_table(rules: PartizanRules, forms: Mapping[Hashable, Plain], limits: Limits | None = None) -> list[str]:
    """Check every entry of a table of forms by one move: each position's options, as sums of the table's forms of
    their components, make a game equal to its own entry (so, by induction from the leaves, every entry is the
    position's value). The violations; a missing entry is one.

    >>> from gamecert.solvers.rules.rules import PartizanRules
    >>> from gamecert.verify.partizan.compare import ZERO
    >>> walk = PartizanRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], lambda n: [])
    >>> check_table(walk, {0: ZERO, 1: ((ZERO,), ())}), check_table(walk, {0: ZERO, 1: ZERO})
    ([], ["component 1: its options' forms do not make its form 0 (Left wins moving first)"])
    """
    guard = Guard(rules, limits or Limits())
    bad: list[str] = []
    with guard:
        game = DifferenceGame(rules, guard)
        for p, f in forms.items():
            game.table[p] = game.pool.add(f)
        why = _one_move(rules, game, list(forms), bad, None)
    if why:
        bad.append(why)
    return bad[:MAX_VIOLATIONS]
