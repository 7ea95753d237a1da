"""Play a difference game to its end: does the second player win ``p1 + p2 + ... + F1 + ... - G``?

Two short games are equal exactly when the second player wins their
difference (``G = H`` iff ``G - H = 0``, and a game is 0 iff the player to move
loses it). :func:`second_player_wins` searches such a sum as one game and knows
nothing else: positions of the rules move by calling the rules' ``left`` and
``right`` again (through a :class:`~gamecert.solvers.rules.rules.Guard`), plain
forms move by their literal options, and a negated form ``-G`` gives Left the
negatives of ``G``'s Right options and Right the negatives of its Left options.
A move is a move in one summand; the player who cannot move loses.

It is a memoized win/lose search over whole sums for each player to move, on an
explicit stack, stopped after a cap of positions: its :class:`Search` says
exactly what it decided, or that the game was too large to search.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import Guard, Limits, PartizanRules, shown_position
from gamecert.verify.partizan.compare import Forms, Plain

#: Whole-sum positions (each with a player to move) a search may store before it stops; past it the certificate
#: proves the same by induction, one move per position (docs/partizan.md: a doomed search should cost little).
SEARCH_CAP = 1_000
#: The players: index 0 is Left, 1 is Right.
PLAYERS = ("Left", "Right")


@dataclass(frozen=True)
class Search:
    """What a difference search decided.

    ``verdict`` is ``"proved"`` (the second player wins: the sum is 0),
    ``"refuted"`` (``winner`` wins moving first) or ``"too large"`` (the
    search stopped at ``cap`` positions, deciding nothing). ``nodes`` counts
    the whole-sum positions (with a player to move) stored.
    """

    verdict: str
    nodes: int
    cap: int
    winner: str | None = None

    @property
    def proved(self) -> bool:
        return self.verdict == "proved"

    def line(self) -> str:
        """One line saying what was searched and found."""
        if self.verdict == "proved" and not self.nodes:
            return "the second player wins (decided by an earlier search)"
        if self.verdict == "proved":
            return f"the second player wins ({self.nodes:,} positions searched)"
        if self.verdict == "refuted":
            return f"{self.winner} wins moving first ({self.nodes:,} positions searched)"
        return f"not decided: the difference game has more than {self.cap:,} positions (the search stopped there)"


class DifferenceGame:
    """Sums of rules positions, plain forms and negated plain forms, played from the rules and the forms' options.

    One object keeps its memo (whole sum and player to move -> whether that
    player wins) and the rules' options it has asked for across searches, so
    the checks of one certificate share them. ``pool`` interns the forms.
    """

    def __init__(self, rules: PartizanRules, guard: Guard, pool: Forms | None = None, cap: int = SEARCH_CAP) -> None:
        self.rules = rules
        self.guard = guard
        self.pool = pool or Forms()
        self.cap = cap
        self._wins: dict[tuple, bool | None] = {}  # None: on the search stack
        self._base = 0  # the memo's size when the running search started: the cap counts from there
        self._options: dict[tuple[Hashable, int], tuple[tuple[Hashable, ...], ...]] = {}
        self._parts: dict[Hashable, tuple[Hashable, ...]] = {}  # an option position's components, asked once
        #: Component position -> form id, for the options of shallow positions (:meth:`start`).
        self.table: dict[Hashable, int] = {}
        # Component position -> when it was first met (in the rules' own order of parts and options): the order a
        # sum's rules positions are moved in, so a search and the positions it counts do not depend on the
        # positions' hashes (PYTHONHASHSEED). Every rules position of a sum is met before the sum is searched.
        self._met: dict[Hashable, int] = {}

    # -- the rules ---------------------------------------------------------------------------

    def split(self, position: Hashable) -> tuple[Hashable, ...]:
        """``position``'s components (the position alone when the rules give no ``components``)."""
        if self.rules.components is None:
            return (position,)
        self.guard.doing = ("components", position)
        parts = tuple(self.rules.components(position))
        self.guard.doing = None  # what runs next is the search's own work, which no rules time limit bounds
        return parts

    def rules_options(self, position: Hashable, side: int) -> tuple[tuple[Hashable, ...], ...]:
        """The components of each option of ``position`` for ``side`` (0 Left, 1 Right), asked of the rules once."""
        key = (position, side)
        found = self._options.get(key)
        if found is None:
            found = self._options[key] = self.asked(position, side)
        return found

    def asked(self, position: Hashable, side: int) -> tuple[tuple[Hashable, ...], ...]:
        """The components of each option of ``position`` for ``side``, asked of the rules now (the options are not
        kept; each option position's components are asked once, by :meth:`split`)."""
        name = ("left", "right")[side]
        self.guard.doing = (name, position)
        moved = tuple(getattr(self.rules, name)(position))
        self.guard.doing = None
        parts = self._parts
        out = []
        for q in moved:
            found = parts.get(q)
            if found is None:
                found = parts[q] = self.split(q)
            out.append(found)
        return tuple(out)

    # -- the game ----------------------------------------------------------------------------

    def start(
        self, positions: Iterable[Hashable], plus: Iterable[int] = (), minus: Iterable[int] = (), shallow: Iterable[Hashable] = ()
    ) -> tuple:
        """The whole sum of component positions ``positions``, form ids ``plus``, negated form ids ``minus``, and
        ``shallow`` positions: played by the rules for one move, after which each component of the option
        becomes its form in :attr:`table` (a position -> form id map the caller fills)."""
        parts: list[Hashable] = []
        for p in positions:
            parts.extend(self.split(p))
        for q in parts:
            self._met.setdefault(q, len(self._met))
        return _state(Counter(parts), Counter(plus), Counter(minus)) + (tuple(shallow),)

    def options(self, state: tuple, side: int) -> list[tuple]:
        """The whole sums one move of ``side`` (0 Left, 1 Right) away from ``state``."""
        rules_part, plus, minus, shallow = state
        pool = self.pool
        out = []
        for i, p in enumerate(shallow):
            rest_shallow = shallow[:i] + shallow[i + 1 :]
            for parts in self.rules_options(p, side):
                missing = next((c for c in parts if c not in self.table), None)
                if missing is not None:
                    raise MissingForm(missing)
                more = _sorted(_moved(plus, None, [self.table[c] for c in parts]))
                out.append((rules_part, more, minus, rest_shallow))
        met = self._met
        for c in sorted((c for c, _ in rules_part), key=met.__getitem__):
            for parts in self.rules_options(c, side):
                for q in parts:
                    met.setdefault(q, len(met))
                out.append((frozenset(_moved(rules_part, c, parts).items()), plus, minus, shallow))
        for f, _ in plus:
            for o in (pool.lefts, pool.rights)[side][f]:
                out.append((rules_part, _sorted(_moved(plus, f, (o,))), minus, shallow))
        for f, _ in minus:
            # -F: Left moves to -(F^R), Right to -(F^L).
            for o in (pool.rights, pool.lefts)[side][f]:
                out.append((rules_part, plus, _sorted(_moved(minus, f, (o,))), shallow))
        return out

    def wins(self, state: tuple, side: int) -> bool | None:
        """Whether ``side`` wins moving first from ``state``; None when the search passes the cap.

        Notes
        -----
        Depth-first over an explicit stack of (sum, player to move): a player
        wins iff some move leaves the opponent a position it loses, decided at
        the first such move; a player with no move loses. Each (sum, player)
        is decided once and kept, so later searches reuse it. A sum met again
        while on the stack is a loop in the rules (bad input).
        """
        memo = self._wins
        root = (state, side)
        if root in memo:
            return memo[root]
        memo[root] = None
        # A frame: [(sum, player), its options, next option index].
        stack: list[list] = [[root, self.options(state, side), 0]]
        while stack:
            frame = stack[-1]
            (s, player), options, i = frame
            won, pushed = False, False
            while i < len(options):
                key = (options[i], 1 - player)
                if key not in memo:
                    if len(memo) - self._base >= self.cap:
                        self._drop(stack)
                        return None
                    memo[key] = None
                    stack.append([key, self.options(options[i], 1 - player), 0])
                    pushed = True
                    break
                answer = memo[key]
                if answer is None:
                    raise self._loop(stack, key)
                if not answer:
                    won = True
                    break
                i += 1
            frame[2] = i
            if pushed:
                continue
            memo[(s, player)] = won
            stack.pop()
        return memo[root]

    def _drop(self, stack: list[list]) -> None:
        """Forget the undecided sums of an abandoned search, so later searches do not take them for loops."""
        for key in [k for k, v in self._wins.items() if v is None]:
            del self._wins[key]

    def _loop(self, stack: list[list], key: tuple) -> RulesError:
        keys = [frame[0] for frame in stack]
        cycle = keys[keys.index(key):] + [key] if key in keys else keys[-3:] + [key]
        shown = " -> ".join(self._show(s) for s, _ in cycle[:8])
        what, position = self.guard.doing or ("left", None)
        return self.guard.error(what, position, f"a loop in the difference game: {shown} (play need not end)")

    def _show(self, state: tuple) -> str:
        rules_part, plus, minus, shallow = state
        parts = [self.rules.show(c) for c, k in rules_part for _ in range(k)] + [self.rules.show(p) for p in shallow]
        parts += [self.pool.write(f, 20) for f, k in plus for _ in range(k)]
        parts += ["-" + self.pool.write(f, 20) for f, k in minus for _ in range(k)]
        return shown_position(" + ".join(parts) or "0")

    def second_player_wins(self, state: tuple) -> Search:
        """Whether the second player wins the sum ``state``: neither player wins it moving first."""
        before = self._base = len(self._wins)
        for side in (0, 1):
            won = self.wins(state, side)
            nodes = len(self._wins) - before
            if won is None:
                return Search("too large", nodes, self.cap)
            if won:
                return Search("refuted", nodes, self.cap, PLAYERS[side])
        return Search("proved", len(self._wins) - before, self.cap)


class MissingForm(Exception):
    """A shallow position's option has a component with no form in the table."""

    def __init__(self, position: Hashable) -> None:
        super().__init__(position)
        self.position = position


def _moved(pairs: Iterable[tuple[Hashable, int]], old: Hashable | None, new: Iterable[Hashable]) -> dict:
    """The multiset ``pairs`` (item, count) less one ``old`` (None: nothing), plus the items ``new``."""
    counts = dict(pairs)
    if old is not None:
        if counts[old] == 1:
            del counts[old]
        else:
            counts[old] -= 1
    for x in new:
        counts[x] = counts.get(x, 0) + 1
    return counts


def _sorted(counts: dict) -> tuple:
    return tuple(sorted(counts.items()))


def _state(rules_part: Counter, plus: Counter, minus: Counter) -> tuple:
    """A whole sum as a hashable value: each part a multiset (the summands' order is no part of the game)."""
    return (
        frozenset((c, k) for c, k in rules_part.items() if k > 0),
        tuple(sorted((f, k) for f, k in plus.items() if k > 0)),
        tuple(sorted((f, k) for f, k in minus.items() if k > 0)),
    )


def second_player_wins(
    rules: PartizanRules,
    positions: Sequence[Hashable],
    plus: Sequence[Plain] = (),
    minus: Sequence[Plain] = (),
    limits: Limits | None = None,
    cap: int = SEARCH_CAP,
) -> Search:
    """Whether the second player wins ``positions... + plus... - minus...``: its rules positions played by the rules,
    its plain forms by their literal options.

    ``positions - G`` is a second-player win exactly when the positions'
    sum equals the game ``G``.

    Notes
    -----
    A memoized win/lose search over the whole sums reached, for each player
    to move (:meth:`DifferenceGame.wins`): ``O(S * d)`` time and ``O(S)``
    space for ``S`` sums reached (at most ``cap``) and ``d`` moves per sum;
    each rules position's options are asked of the rules once. A sum is a
    multiset of summands, so the same summands in another order are one
    position (the game played is the same).

    >>> from gamecert.solvers.rules.rules import PartizanRules
    >>> walk = PartizanRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], lambda n: [])  # n = the integer n
    >>> from gamecert.verify.partizan.compare import ZERO
    >>> two = ((((ZERO,), ()),), ())
    >>> second_player_wins(walk, [2], minus=[two]).line()
    'the second player wins (10 positions searched)'
    >>> found = second_player_wins(walk, [3], minus=[two])
    >>> found.verdict, found.winner
    ('refuted', 'Left')
    """
    guard = Guard(rules, limits or Limits())
    with guard:
        game = DifferenceGame(rules, guard, cap=cap)
        pool = game.pool
        state = game.start(positions, [pool.add(f) for f in plus], [pool.add(f) for f in minus])
        return game.second_player_wins(state)
