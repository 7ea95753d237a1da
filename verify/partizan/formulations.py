"""The independent formulations of partizan rules games: Conway's definitions, the general solver, pycgt.

Each answers the queries of an input by itself, reading nothing but the
rules, and returns one :class:`~gamecert.verify.partizan.answer.Verdict` per
query, as :meth:`~gamecert.verify.partizan.game.PartizanRulesGame.answer`
does. None shares code with the engine (:mod:`gamecert.solvers.partizan`):

* ``conway`` (:mod:`~gamecert.verify.partizan.conway`): the whole game tree,
  its canonical form simplified by the definitions and its outcome searched;
* ``general``: the outcome class from the general solver of two-player games
  (:func:`gamecert.solvers.general.solver.general_game`), the position with
  Left or with Right to move, knowing nothing of partizan theory;
* ``pycgt``: the third-party package pycgt (optional extra ``partizan-check``)
  builds each component's canonical form from the rules and adds them.
"""

from __future__ import annotations

import importlib.util
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import GeneralRules, Guard, Limits, PartizanRules
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.game import Formulation
from gamecert.verify.partizan.answer import Verdict
from gamecert.verify.partizan.conway import conway_answers
from gamecert.verify.rules.formulation import RulesFormulation, RulesGame

#: Whole positions (each with a player to move) the general solver may list before the formulation gives up.
GENERAL_MAX_POSITIONS = 100_000
#: Component positions pycgt evaluates before the formulation gives up.
PYCGT_MAX_POSITIONS = 20_000
#: The outcome class from whether Left, and whether Right, wins moving first.
CLASS = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}


def partizan_formulations(game: RulesGame) -> tuple[Formulation, ...]:
    """The formulations ``check`` runs on a partizan rules game, each where it fits.

    >>> from gamecert.solvers.rules.rules import PartizanRules, Limits
    >>> class Walk:  # n: Left may step down, Right never moves: the integer n
    ...     rules, limits = PartizanRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], lambda n: []), Limits()
    >>> [f.name for f in partizan_formulations(Walk())]
    ['conway', 'general', 'pycgt']
    >>> [str(v) for v in partizan_formulations(Walk())[0].run([0, 2])]
    ['0 P', '2 L']
    """
    return (PartizanConwayFormulation(game), PartizanAsGeneralFormulation(game), PartizanPycgtFormulation(game))


class PartizanFormulation(RulesFormulation[list, tuple, Any]):
    """A formulation of one partizan rules game: it reads the game's rules and limits."""


class PartizanConwayFormulation(PartizanFormulation):
    """Canonical form and outcome of each query's whole game tree (:func:`~gamecert.verify.partizan.conway.conway_answers`).

    Its cost shows only while it runs: it always fits, and gives up (skipped, as
    past a time limit) after :data:`~gamecert.verify.partizan.conway.CONWAY_MAX_POSITIONS` whole positions.
    """

    name = "conway"

    def run(self, instance: list) -> tuple[Verdict, ...]:
        return conway_answers(self.game.rules, instance, self.game.limits)


def whole(rules: PartizanRules, position: Hashable) -> frozenset:
    """A whole position as the multiset of its components (the position alone without ``components``)."""
    parts = (position,) if rules.components is None else tuple(rules.components(position))
    return frozenset(Counter(parts).items())


def turn_rules(rules: PartizanRules) -> GeneralRules:
    """The partizan game as a general two-player game: a position is ``(whole, mover)``, ``mover`` ``"L"`` or ``"R"``.

    A move of the mover in one component passes the turn; a player with no
    move loses (the general game's default), which is normal play.
    """

    def moves(state: tuple[frozenset, str]) -> list[tuple[frozenset, str]]:
        parts, mover = state
        play = rules.left if mover == "L" else rules.right
        out = []
        for c, _ in parts:
            for option in play(c):
                rest = Counter(dict(parts))
                rest[c] -= 1
                rest.update((option,) if rules.components is None else tuple(rules.components(option)))
                out.append((frozenset((x, k) for x, k in rest.items() if k > 0), "R" if mover == "L" else "L"))
        return out

    return GeneralRules(f"{rules.name}-turns", rules.path, rules.parse, moves, format=None)


class PartizanAsGeneralFormulation(PartizanFormulation):
    """The outcome class from the general solver (issue 26): Left to move, then Right to move, each won or lost.

    It gives outcomes only (no form), compared with the engine's outcome. Fits
    where the general solver is installed; gives up past
    :data:`GENERAL_MAX_POSITIONS` whole positions.
    """

    name = "general"

    def fits(self, instance: list) -> str | None:
        if importlib.util.find_spec("gamecert.solvers.general.solver") is None:
            return "the general solver (gamecert.solvers.general.solver) is not installed"
        return None

    def run(self, instance: list) -> tuple[Verdict, ...]:
        from gamecert.solvers.general.solver import general_game

        rules, limits = self.game.rules, self.game.limits
        cap = min(limits.max_positions, GENERAL_MAX_POSITIONS)
        with Guard(rules, limits):
            starts = [whole(rules, q) for q in instance]
        queries = [(w, mover) for w in starts for mover in ("L", "R")]
        try:
            values = general_game(turn_rules(rules), queries, Limits(cap, limits.max_memory, limits.time_limit)).values
        except RulesError as exc:
            if "--max-positions" in exc.message and cap < limits.max_positions:
                raise TimeLimitError(f"more than {cap:,} whole positions (general)") from None
            raise
        out = []
        for i in range(len(starts)):
            left, right = values[2 * i], values[2 * i + 1]
            if left.outcome == "draw" or right.outcome == "draw":
                raise RulesError(rules.path, 1, 1, f"query {i + 1}: the general solver finds a draw: play need not end")
            out.append(Verdict(CLASS[(left.outcome == "win", right.outcome == "win")]))
        return tuple(out)


class PartizanPycgtFormulation(PartizanFormulation):
    """Canonical forms by the third-party pycgt (extra ``partizan-check``): each component's from the rules, then added.

    Fits where pycgt is installed; gives up past :data:`PYCGT_MAX_POSITIONS` component positions.
    """

    name = "pycgt"

    def fits(self, instance: list) -> str | None:
        if importlib.util.find_spec("pycgt") is None:
            return "pycgt not installed (pip install 'gamecert[partizan-check]')"
        return None

    def run(self, instance: list) -> tuple[Verdict, ...]:
        rules, limits = self.game.rules, self.game.limits
        guard = Guard(rules, limits)
        with guard:
            return pycgt_answers(rules, instance, guard)


def pycgt_answers(rules: PartizanRules, queries: Sequence[Hashable], guard: Guard) -> tuple[Verdict, ...]:
    """Each query's canonical form and outcome by pycgt: components valued bottom-up from the rules, then summed.

    Notes
    -----
    Depth-first over component positions on an explicit stack, each valued
    once by ``pycgt.game`` (which returns canonical forms) from its options'
    values, an option's value the pycgt sum of its components'.
    """
    import pycgt

    def parts(p: Hashable) -> tuple:
        if rules.components is None:
            return (p,)
        guard.doing = ("components", p)
        return tuple(rules.components(p))

    value: dict[Hashable, Any] = {}
    options: dict[Hashable, tuple[tuple[tuple, ...], tuple[tuple, ...]]] = {}

    def expand(p: Hashable) -> tuple[tuple[tuple, ...], tuple[tuple, ...]]:
        if p not in options:
            if len(options) >= PYCGT_MAX_POSITIONS:
                raise TimeLimitError(f"more than {PYCGT_MAX_POSITIONS:,} component positions (pycgt)")
            sides = []
            for name in ("left", "right"):
                guard.doing = (name, p)
                sides.append(tuple(parts(o) for o in getattr(rules, name)(p)))
            guard.doing = None  # pycgt's own work is not the rules' time
            options[p] = (sides[0], sides[1])
        return options[p]

    def total(components: tuple) -> Any:
        out = pycgt.ZERO
        for c in components:
            out = pycgt.add(out, value[c])
        return out

    out = []
    for q in queries:
        comps = parts(q)
        on_stack: set[Hashable] = set()
        stack = [c for c in comps if c not in value]
        while stack:
            p = stack[-1]
            if p in value:
                stack.pop()
                continue
            lefts, rights = expand(p)
            waiting = [c for opt in (*lefts, *rights) for c in opt if c not in value]
            if waiting:
                if p in on_stack and any(c in on_stack for c in waiting):
                    raise guard.error("left", p, "a loop (play need not end)")
                on_stack.add(p)
                stack.extend(waiting)
                continue
            value[p] = pycgt.game([total(o) for o in lefts], [total(o) for o in rights])
            on_stack.discard(p)
            stack.pop()
        g = total(comps)
        kind = {"Left": "L", "Right": "R", "first player": "N", "second player": "P"}[str(pycgt.outcome(g))]
        out.append(Verdict(kind, pycgt_key(g), pycgt.render(g)))
    return tuple(out)


def pycgt_key(g: Any) -> Hashable:
    """A pycgt canonical game as nested frozensets ``(lefts, rights)``, like :func:`~gamecert.verify.partizan.answer.form_key`."""
    keys: dict[int, Hashable] = {}
    keep = []
    stack: list[tuple[Any, bool]] = [(g, False)]
    while stack:
        x, ready = stack.pop()
        if id(x) in keys:
            continue
        if ready:
            keys[id(x)] = (frozenset(keys[id(o)] for o in x.left), frozenset(keys[id(o)] for o in x.right))
            keep.append(x)
            continue
        stack.append((x, True))
        stack.extend((o, False) for o in (*x.left, *x.right) if id(o) not in keys)
    return keys[id(g)]
