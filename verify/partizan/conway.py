"""Partizan rules games evaluated directly from Conway's definitions, on the whole game tree.

No sum rule and no component is used: every query is played whole, from its
position, by calling the rules' ``left`` and ``right``. Two things are computed
for each query, separately:

* its outcome class, by a win/lose search of the whole position for each
  player moving first (a player wins iff some move leaves the opponent, now to
  move, a lost position; a player with no move loses);
* its canonical form, built bottom-up from the forms of its options and
  simplified by the definitions alone (dominated options removed, reversible
  options bypassed: :meth:`~gamecert.verify.partizan.compare.Forms.simplify`).

Both are memoized by whole position, which is the game tree with equal
subtrees shared; it grows exponentially with the number of components, so
this runs on small positions and gives up past :data:`CONWAY_MAX_POSITIONS`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import Guard, Limits, PartizanRules, shown_position
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.partizan.answer import Verdict, form_key
from gamecert.verify.partizan.compare import Forms

#: Whole positions the direct evaluation lists before it gives up.
CONWAY_MAX_POSITIONS = 20_000


class WholeTree:
    """The whole positions reached from some queries, with each player's options, asked of the rules once each."""

    def __init__(self, rules: PartizanRules, guard: Guard, cap: int) -> None:
        self.rules = rules
        self.guard = guard
        self.cap = cap
        self.options: dict[Hashable, tuple[tuple[Hashable, ...], tuple[Hashable, ...]]] = {}

    def moves(self, position: Hashable) -> tuple[tuple[Hashable, ...], tuple[Hashable, ...]]:
        """``(left options, right options)`` of ``position``."""
        found = self.options.get(position)
        if found is None:
            if len(self.options) >= self.cap:
                raise TimeLimitError(f"more than {self.cap:,} whole positions (conway)")
            sides = []
            for name in ("left", "right"):
                self.guard.doing = (name, position)
                sides.append(tuple(getattr(self.rules, name)(position)))
            self.guard.doing = None  # the simplification that follows is not the rules' time
            found = self.options[position] = (sides[0], sides[1])
        return found

    def forms(self, root: Hashable, pool: Forms, form: dict[Hashable, int]) -> int:
        """The canonical form of ``root`` (an id of ``pool``), every position below it filled into ``form``;
        a position met again while it is on the stack is a loop."""
        if root in form:
            return form[root]
        on_stack = {root}
        stack: list[list] = [[root, 0]]  # a frame: [position, next option index]
        while stack:
            frame = stack[-1]
            p, i = frame
            lefts, rights = self.moves(p)
            kids = (*lefts, *rights)
            while i < len(kids) and kids[i] in form:
                i += 1
            frame[1] = i
            if i < len(kids):
                if kids[i] in on_stack:
                    raise self._loop(kids[i])
                on_stack.add(kids[i])
                stack.append([kids[i], 0])
                continue
            form[p] = pool.simplify([form[q] for q in lefts], [form[q] for q in rights])
            on_stack.discard(p)
            stack.pop()
        return form[root]

    def wins(self, root: Hashable, side: int, memo: dict[tuple[Hashable, int], bool]) -> bool:
        """Whether ``side`` (0 Left, 1 Right) wins moving first from ``root``, by search alone (after
        :meth:`forms` of ``root``, which refuses a loop)."""
        stack: list[list] = [[(root, side), 0]]
        while stack:
            frame = stack[-1]
            (p, player), i = frame
            if (p, player) in memo:
                stack.pop()
                continue
            options = self.moves(p)[player]
            won, pushed = False, False
            while i < len(options):
                key = (options[i], 1 - player)
                if key not in memo:
                    stack.append([key, 0])
                    pushed = True
                    break
                if not memo[key]:
                    won = True
                    break
                i += 1
            frame[1] = i
            if not pushed:
                memo[(p, player)] = won
                stack.pop()
        return memo[(root, side)]

    def _loop(self, position: Hashable) -> RulesError:
        return self.guard.error("left", position, f"a loop through {shown_position(position)} (play need not end)")


def conway_answers(
    rules: PartizanRules, queries: Sequence[Hashable], limits: Limits | None = None, cap: int = CONWAY_MAX_POSITIONS
) -> tuple[Verdict, ...]:
    """The outcome class and canonical form of each query, by Conway's definitions on its whole game tree.

    Raises
    ------
    RulesError
        if the rules raise, return what the contract forbids, or make a loop.
    TimeLimitError
        past ``cap`` whole positions: the evaluation gives up.

    Notes
    -----
    Every whole position reached is expanded once (``P`` positions, ``M``
    moves); its form is simplified from its options' forms, each step
    comparing options by the plain order (:class:`~gamecert.verify.partizan.compare.Forms`),
    and its outcome searched separately: ``O(P + M)`` rules calls, and
    comparisons polynomial in the forms' sizes. Conway, *On Numbers and Games*,
    ch. 10 (simplest forms); Siegel, *Combinatorial Game Theory*, II.2.

    >>> from gamecert.solvers.rules.rules import PartizanRules
    >>> flip = PartizanRules("flip", "flip.py", int, lambda n: [n - 1] if n else [], lambda n: [n - 1] if n else [])
    >>> [(v.outcome, v.shown) for v in conway_answers(flip, [0, 1, 2])]  # 0, *, 0 (= {*|*})
    [('P', '0'), ('N', '{0|0}'), ('P', '0')]
    """
    guard = Guard(rules, limits or Limits())
    pool, form, won = Forms(), {}, {}
    out = []
    with guard:
        tree = WholeTree(rules, guard, cap)
        for q in queries:
            g = tree.forms(q, pool, form)
            left_first, right_first = tree.wins(q, 0, won), tree.wins(q, 1, won)
            outcome = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}
            out.append(Verdict(outcome[(left_first, right_first)], form_key(pool, g), pool.write(g, 10**6)))
    return tuple(out)
