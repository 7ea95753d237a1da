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
   those the rules' ``components`` give, each its own only component (the
   engine does not split again a position it has met as a component).

:func:`check_partizan` returns what it found wrong and, line by line, what
it checked (:class:`CertificateCheck`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import chain

from gamecert.solvers.rules.rules import Guard, Limits, PartizanRules
from gamecert.verify.partizan.compare import Plain
from gamecert.verify.partizan.difference import SEARCH_CAP, DifferenceGame, MissingForm, Search

#: At most this many violations are listed.
MAX_VIOLATIONS = 20


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
    one-move check per component position reached (the induction): its
    options' sums of forms and the equality, in the plain pool, memoized by
    pairs of forms across positions. Sums: one search over forms per query.
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
    moves = OneMoves(rules, game, claimed.forms, bad)
    for i, (q, parts) in enumerate(zip(claimed.queries, claimed.parts)):
        said = game.split(q)
        if Counter(said) != Counter(parts):
            bad.append(f"query {i + 1} ({rules.show(q)}): the rules' components are not the certificate's")
        for c in parts:
            if c in ids:
                continue
            if rules.components is not None:
                again = game.split(c)
                if again != (c,):
                    bad.append(f"component {rules.show(c)}: the rules' components of it are "
                               f"[{', '.join(rules.show(p) for p in again)}], not itself alone (a component the rules "
                               "return must be its own only component)")
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
            checked.append(f"{name} = {pool.write(g)}: " + _induction(rules, moves, c, bad, search))
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


def _induction(rules: PartizanRules, moves: OneMoves, root: Hashable, bad: list[str], search: Search) -> str:
    """Prove ``root`` equals its form from the table, one move at a time; the line saying what was decided.

    For each component position ``q`` reached from ``root`` (by the rules),
    ``G_q`` equals the game whose options are the sums of the table's forms
    of each option's components (:class:`OneMoves`). Every play ends (the
    walk finds no position reachable from itself), so from the leaves up every
    position equals its form. Depth-first over an explicit stack; a position's
    one-move check is made once per certificate, whichever root reaches it first.
    """
    seen, on_path = {root}, {root}
    try:
        # A frame: a position on the path and what is left of its options' components.
        stack: list[tuple[Hashable, Iterator[Hashable]]] = [(root, chain.from_iterable(moves.check(root, root)))]
        while stack:
            q, below = stack[-1]
            for c in below:
                if c in seen:
                    if c in on_path:  # the path is part of ``seen``
                        bad.append(f"component {rules.show(root)}: a loop through {rules.show(c)} (play need not end)")
                        return f"{search.line()}; the induction found a loop"
                    continue
                seen.add(c)
                on_path.add(c)
                stack.append((c, chain.from_iterable(moves.check(c, root))))
                break
            else:
                on_path.discard(q)
                stack.pop()
    except MissingForm as exc:
        return f"{search.line()}; the induction needs the form of {rules.show(exc.position)}, which the certificate lacks"
    return (f"{search.line().removeprefix('not decided: ')}; proved instead by induction: each of the {len(seen):,} "
            "component positions below equals its form, one move at a time")


class OneMoves:
    """One-move checks of a table of forms: that a position's form equals ``{sums of its Left options' forms | sums
    of its Right options' forms}``, each option the sum of the table's forms of its components.

    Each position is checked once (its violations into ``bad``, naming the first root that reached it); later
    calls give the components its options met without asking the rules again.

    Notes
    -----
    The sums by Conway's definition and the equality by his order, both in the
    plain pool (:meth:`~gamecert.verify.partizan.compare.Forms.plus`,
    :meth:`~gamecert.verify.partizan.compare.Forms.le`), memoized by pairs of
    form ids across all positions. The equality is first tried as the form's
    own options with dominated ones added
    (:meth:`~gamecert.verify.partizan.compare.Forms.dominates`: each other
    option compared with the form's options on its side only), then, where
    that does not hold, by the order both ways.
    """

    def __init__(self, rules: PartizanRules, game: DifferenceGame, forms: Mapping[Hashable, Plain], bad: list[str]) -> None:
        self.rules = rules
        self.game = game
        self.forms = forms
        self.bad = bad
        self.ids: dict[Hashable, int] = {}
        self.met: dict[Hashable, tuple[tuple[Hashable, ...], ...]] = {}

    def form(self, p: Hashable) -> int:
        """The pool id of ``p``'s form in the table; :class:`MissingForm` when it has none."""
        found = self.ids.get(p)
        if found is None:
            if p not in self.forms:
                raise MissingForm(p)
            found = self.ids[p] = self.game.pool.add(self.forms[p])
        return found

    def check(self, q: Hashable, root: Hashable | None) -> tuple[tuple[Hashable, ...], ...]:
        """Check ``q`` by one move (once); the components of each of its options (Left's, then Right's)."""
        met = self.met.get(q)
        if met is not None:
            return met
        pool, form, known = self.game.pool, self.form, self.ids.get
        g = known(q)
        if g is None:
            g = form(q)
        sides: list[list[int]] = [[], []]
        met = ()
        for side in (0, 1):
            out = sides[side]
            options = self.game.asked(q, side)
            met += options
            for parts in options:
                if len(parts) == 1:
                    f = known(parts[0])
                    out.append(form(parts[0]) if f is None else f)
                    continue
                fs = []
                for c in parts:
                    f = known(c)
                    fs.append(form(c) if f is None else f)
                out.append(pool.sum(fs))
        if not pool.dominates(g, sides[0], sides[1]):
            h = pool.make(sides[0], sides[1])
            if not (pool.le(h, g) and pool.le(g, h)):
                winner = "Left" if not pool.le(h, g) else "Right"
                below = "" if root is None or root == q else f" (below {self.rules.show(root)})"
                self.bad.append(f"component {self.rules.show(q)}{below}: its options' forms do not make its form "
                                f"{pool.write(g)} ({winner} wins moving first)")
        self.met[q] = met
        return met


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
        moves = OneMoves(rules, DifferenceGame(rules, guard), forms, bad)
        for p in forms:
            try:
                moves.check(p, None)
            except MissingForm as exc:
                bad.append(f"the option's component {rules.show(exc.position)} of {rules.show(p)} has no form")
                break
    return bad[:MAX_VIOLATIONS]
