"""A claiming game's play as a quantified Boolean formula: "this player wins within ``D`` claims".

The encoding is written out, with its proof, in ``docs/positional-qbf.md``;
in short (the player ``s`` the formula speaks for is ∃, the other ∀; claim
``t = 1..D`` is by player 0, the player to move, when ``t`` is odd):

* an ∃ claim is one variable per empty cell, ``x[t, c]``, at most one
  true, never on a cell ∀ holds (none, or a cell ∃ holds, is a pass: forcing
  a real claim made DepQBF slower, ``benchmarks/limits.md``;
  only the first claim must be real, so that a model names it);
* a ∀ claim is a binary number ``y[t, 0..b-1]``, an index into the empty
  cells; an index past them, or naming a cell already claimed, is
  *corrected* to a pass instead of being forbidden or ending the game;
* ``h[p, t, c]``: player ``p`` holds ``c`` after claim ``t`` (one variable
  per player, claim of that player and cell; each player's own cells are
  bounded on the side that matters: what ∃ holds from above, what ∀ holds
  from below);
* the goal: for some claim ``t`` of ∃, ∃ holds a winning set and ∀ held
  none after claim ``t - 1``. For ``lines`` a winning set is a line all of
  whose cells are held; for ``links`` a *layered reachability*
  ``r[t, c, i]`` (``c`` is joined to ∃'s first side by at most ``i`` edges
  through ∃'s cells) and, unless the board is *exclusive* (no two disjoint
  chains join both players' sides, as in Hex, decided once by a SAT call),
  a *closure* ``q[t, c]`` witnessing that ∀'s cells do not join ∀'s sides.

Passes are sound because both kinds of winning sets are monotone: a cell
more never hurts its holder, so neither player gains by passing, and the
formula's value is the game's. Every auxiliary variable sits in the last,
innermost ∃ block; the first block holds exactly ∃'s first claim (or ∀'s
bits), so a solver's model of the outermost block is ∃'s first move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from pyqbf.formula import PCNF
from pysat.formula import IDPool

from gamecert.solvers.errors import GamecertError
from gamecert.solvers.positional.board import ClaimBoard

#: The goals a formula can state for its ∃ player.
GOALS = ("win", "safe")


@dataclass(frozen=True)
class ClaimFormula:
    """The prenex CNF of one claim about a claiming game, with what its variables mean.

    ``side`` is the ∃ player (0: the player to move); ``depth`` the number of
    claims played out; ``goal`` ``"win"`` (``side`` wins within ``depth``)
    or ``"safe"`` (the other player does not win within ``depth``);
    ``prefix`` the blocks ``(quantifier, variables)``, outermost first;
    ``first[x]`` the cell index the first-block variable ``x`` claims (when
    ``side`` moves first; empty otherwise).
    """

    side: int
    depth: int
    goal: str
    prefix: tuple[tuple[str, tuple[int, ...]], ...]
    clauses: tuple[tuple[int, ...], ...]
    num_vars: int
    first: dict[int, int] = field(default_factory=dict)
    exclusive: bool = False

    def pcnf(self) -> PCNF:
        """The formula as a pyqbf PCNF."""
        f = PCNF()
        f.from_clauses([list(c) for c in self.clauses], by_ref=True)  # a fresh list: no deep copy of it
        for quantifier, block in self.prefix:
            (f.exists if quantifier == "e" else f.forall)(*block)
        f.nv = self.num_vars
        return f

    def qdimacs(self, comments: tuple[str, ...] = ()) -> str:
        """The formula as QDIMACS text."""
        out = [f"c {line}" for line in comments]
        out.append(f"p cnf {self.num_vars} {len(self.clauses)}")
        out += [f"{q} {' '.join(map(str, block))} 0" for q, block in self.prefix]
        out += [" ".join(map(str, c)) + " 0" for c in self.clauses]
        return "\n".join(out) + "\n"

    def first_claim(self, model: tuple[int, ...]) -> int | None:
        """The cell ∃'s first claim takes in ``model`` (the outermost block's literals), or None for a pass."""
        chosen = [self.first[lit] for lit in model if lit > 0 and lit in self.first]
        return chosen[0] if chosen else None


def mover(t: int) -> int:
    """Who makes claim ``t`` (1-based): player 0 on odd claims."""
    return (t - 1) % 2


def claim_formula(
    board: ClaimBoard, side: int, depth: int, goal: str = "win", allowed_first: tuple[int, ...] | None = None
) -> ClaimFormula:
    """Encode "``side`` wins within ``depth`` claims" (or, ``goal="safe"``, "the other side does not") as a QBF.

    Parameters
    ----------
    board : the position (player 0 to move); no player holds a winning set yet
    side : the ∃ player, 0 or 1
    depth : claims played out, at most the number of empty cells
    goal : ``"win"`` or ``"safe"``
    allowed_first : when ``side`` moves first, the only cells its first claim may take (a symmetry cut)

    Notes
    -----
    ``O(D (e + L))`` variables and ``O(D (e (b + 1) + Σ|L|))`` clauses for
    ``e`` empty cells, ``b = ⌈log2 e⌉`` bits, ``L`` lines (for links:
    ``O(D' e ℓ)`` reachability variables and ``O(D' e ℓ Δ)`` clauses for
    ``D'`` checked claims, path bound ``ℓ`` and degree ``Δ``). See
    ``docs/positional-qbf.md`` for the proof that the formula is true
    exactly when the claim about the game is.

    >>> b = ClaimBoard.from_lines(range(3), (), (), [(0, 1), (1, 2)], [(0, 2)])
    >>> f = claim_formula(b, 0, 3)
    >>> [q for q, _ in f.prefix], sorted(f.first.values())
    (['e', 'a', 'e'], [0, 1, 2])
    """
    if side not in (0, 1) or goal not in GOALS:
        raise GamecertError(f"bad claim: side {side!r}, goal {goal!r}")
    empty = board.empty
    e = len(empty)
    if not 0 <= depth <= e:
        raise GamecertError(f"depth {depth} outside 0..{e}")
    enc = _Encoder(board, side, depth, goal)
    return enc.build(allowed_first)


class _Encoder:
    """Builds one :class:`ClaimFormula` (the sections of :func:`claim_formula`)."""

    def __init__(self, board: ClaimBoard, side: int, depth: int, goal: str) -> None:
        self.board = board
        self.side = side
        self.depth = depth
        self.goal = goal
        self.empty = board.empty
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self.blocks: list[tuple[str, list[int]]] = []
        self.aux: list[int] = []
        # plies[p]: the claims player p makes, in order.
        self.plies = {p: [t for t in range(1, depth + 1) if mover(t) == p] for p in (0, 1)}

    # -- variables ---------------------------------------------------------------

    def fresh(self, key: tuple) -> int:
        x = self.pool.id(key)
        self.aux.append(x)
        return x

    def last(self, p: int, t: int) -> int:
        """The last claim of player ``p`` at or before ``t`` (0: none yet)."""
        return max((u for u in self.plies[p] if u <= t), default=0)

    def holds(self, p: int, t: int, c: int) -> int | bool:
        """Player ``p`` holds cell ``c`` after claim ``t``: a literal, or a constant."""
        if c in self.board.held[p]:
            return True
        if c in self.board.held[1 - p]:
            return False
        u = self.last(p, t)
        if u == 0:
            return False
        return self.pool.id(("h", p, u, c))

    def count(self, p: int, t: int) -> int:
        """How many claims player ``p`` has made by claim ``t``."""
        return sum(1 for u in self.plies[p] if u <= t)

    # -- sections ------------------------------------------------------------------

    def build(self, allowed_first: tuple[int, ...] | None) -> ClaimFormula:
        # Model: one block per claim.
        s = self.side
        e = len(self.empty)
        bits = max(1, (e - 1).bit_length())
        first: dict[int, int] = {}
        for t in range(1, self.depth + 1):
            p = mover(t)
            if p == s:
                xs = [self.pool.id(("x", t, c)) for c in self.empty]
                self.blocks.append(("e", xs))
                if t == 1:
                    first = {x: c for x, c in zip(xs, self.empty)}
            else:
                ys = [self.pool.id(("y", t, j)) for j in range(bits)]
                self.blocks.append(("a", ys))
        for t in range(1, self.depth + 1):
            for c in self.empty:
                h = self.pool.id(("h", mover(t), t, c))
                self.aux.append(h)
        # Constraints: the claims.
        for t in range(1, self.depth + 1):
            if mover(t) == s:
                self._exists_claim(t)
            else:
                self._forall_claim(t, bits)
        if allowed_first is not None and s == 0 and self.depth >= 1:
            keep = set(allowed_first)
            self.clauses += [[-self.pool.id(("x", 1, c))] for c in self.empty if c not in keep]
        # Constraints: the goal.
        exclusive = False
        if self.goal == "win":
            exclusive = self._win_goal()
        else:
            exclusive = self._safe_goal()
        self.blocks.append(("e", self.aux))
        prefix = []
        for q, xs in self.blocks:
            if not xs:
                continue
            if prefix and prefix[-1][0] == q:
                prefix[-1] = (q, prefix[-1][1] + tuple(xs))
            else:
                prefix.append((q, tuple(xs)))
        return ClaimFormula(
            side=s,
            depth=self.depth,
            goal=self.goal,
            prefix=tuple(prefix),
            clauses=tuple(tuple(c) for c in self.clauses),
            num_vars=self.pool.top,
            first=first,
            exclusive=exclusive,
        )

    def _exists_claim(self, t: int) -> None:
        """∃ claims at most one cell not held by ∀; what ∃ holds is bounded from above."""
        s = self.side
        xs = [self.pool.id(("x", t, c)) for c in self.empty]
        self._at_most_one(xs, t)
        if t == 1:
            self.clauses.append(list(xs))  # the first claim is real, so a model of the first block names it
        for c, x in zip(self.empty, xs):
            theirs = self.holds(1 - s, t - 1, c)
            if theirs is not False:
                self.clauses.append([-x, -theirs])
            h = self.pool.id(("h", s, t, c))
            before = self.holds(s, t - 1, c)
            self.clauses.append([-h, x] + ([before] if before is not False else []))

    def _forall_claim(self, t: int, bits: int) -> None:
        """∀ names an index; a named empty cell becomes ∀'s, anything else is a pass (the correction)."""
        s = self.side
        ys = [self.pool.id(("y", t, j)) for j in range(bits)]
        for k, c in enumerate(self.empty):
            h = self.pool.id(("h", 1 - s, t, c))
            before = self.holds(1 - s, t - 1, c)
            if before is not False:
                self.clauses.append([-before, h])
            spelled = [-y if k >> j & 1 else y for j, y in enumerate(ys)]  # false iff the bits spell k
            mine = self.holds(s, t - 1, c)
            self.clauses.append([*spelled, h] + ([mine] if mine is not False else []))

    def _at_most_one(self, xs: list[int], t: int) -> None:
        if len(xs) <= 6:
            self.clauses += [[-a, -b] for i, a in enumerate(xs) for b in xs[i + 1 :]]
            return
        # Sequential counter: z[i] = some of xs[0..i] is true.
        z = [self.fresh(("amo", t, i)) for i in range(len(xs) - 1)]
        for i, x in enumerate(xs):
            if i < len(xs) - 1:
                self.clauses.append([-x, z[i]])
            if i > 0:
                self.clauses.append([-z[i - 1], -x])
                if i < len(xs) - 1:
                    self.clauses.append([-z[i - 1], z[i]])

    # -- goals -------------------------------------------------------------------------

    def _win_goal(self) -> bool:
        s = self.side
        checks = [t for t in self.plies[s]]
        exclusive = False
        if self.board.is_links:
            exclusive = exclusive_links(self.board)
            if exclusive and checks:
                checks = [checks[-1]]  # s joined at some claim stays joined, and then the other never joins
        goal = []
        for t in checks:
            has = self._holds_winning_set(s, t, ("won", t))
            if has is None:
                continue
            won = self.fresh(("goal", t))
            self.clauses.append([-won, has])
            if not exclusive:
                self._holds_no_winning_set(1 - s, t - 1, won)
            goal.append(won)
        self.clauses.append(goal)  # empty when s cannot win within depth: the formula is false
        return exclusive

    def _safe_goal(self) -> bool:
        s = self.side
        o = 1 - s
        checks = list(self.plies[o])
        exclusive = False
        if self.board.is_links:
            exclusive = exclusive_links(self.board)
            if exclusive and checks:
                checks = [checks[-1]]
        for t in checks:
            # After o's claim t: o holds no winning set, or s held one after claim t - 1 (s won first).
            escape = None if exclusive else self._holds_winning_set(s, t - 1, ("first", t))
            guard = self.fresh(("safe", t))
            if escape is not None:
                self.clauses.append([guard, escape])
            else:
                self.clauses.append([guard])
            self._holds_no_winning_set(o, t, guard)
        return exclusive

    def _holds_winning_set(self, p: int, t: int, key: tuple) -> int | None:
        """A literal implying that ``p`` holds a winning set after claim ``t`` (None: impossible by then)."""
        if self.board.is_links:
            return self._joined(p, t, key)
        options = []
        for line, need in self._open_lines(p, t):
            sel = self.fresh(("line", key, line))
            self.clauses += [[-sel, v] for v in need]
            options.append(sel)
        if not options:
            return None
        has = self.fresh(("has", key))
        self.clauses.append([-has, *options])
        return has

    def _holds_no_winning_set(self, p: int, t: int, when: int) -> None:
        """Clauses: ``when`` implies that ``p`` holds no winning set after claim ``t``."""
        if self.board.is_links:
            self._apart(p, t, when)
            return
        for _line, need in self._open_lines(p, t):
            self.clauses.append([-when, *(-v for v in need)])

    def _open_lines(self, p: int, t: int):
        """``p``'s lines it could hold after claim ``t``, each with the literals of its cells not held from the start."""
        budget = self.count(p, t)
        for line in self.board.lines[p]:
            need = [self.holds(p, t, c) for c in line]
            if False in need:
                continue  # a cell of the other player's from the start
            need = [v for v in need if v is not True]
            if not need:
                raise GamecertError("a player already holds a winning set")
            if len(need) <= budget:
                yield line, need

    def _joined(self, p: int, t: int, key: tuple) -> int | None:
        """A literal implying that ``p``'s cells after claim ``t`` join its two sides (layered reachability)."""
        start, goal = self.board.sides[p]
        nbrs = self.board.neighbours
        live = [c for c in range(len(self.board.cells)) if self.holds(p, t, c) is not False]
        bound = len(self.board.held[p]) + self.count(p, t)  # cells p can hold: a chain is no longer
        if bound == 0:
            return None
        r: dict[tuple[int, int], int] = {}
        for c in live:
            if c in start:
                r[c, 0] = self.fresh(("r", key, c, 0))
        for i in range(1, bound):
            for c in live:
                preds = [r[d, i - 1] for d in (c, *nbrs[c]) if (d, i - 1) in r]
                if preds:
                    r[c, i] = self.fresh(("r", key, c, i))
                    self.clauses.append([-r[c, i], *preds])
        for (c, _i), v in r.items():
            h = self.holds(p, t, c)
            if h is not True:
                self.clauses.append([-v, h])
        ends = [r[c, bound - 1] for c in goal if (c, bound - 1) in r]
        if not ends:
            return None
        has = self.fresh(("joined", key))
        self.clauses.append([-has, *ends])
        return has

    def _apart(self, p: int, t: int, when: int) -> None:
        """Clauses: ``when`` implies ``p``'s cells after claim ``t`` do not join its sides (a closed set)."""
        start, goal = self.board.sides[p]
        nbrs = self.board.neighbours
        q = {}
        for c in range(len(self.board.cells)):
            if self.holds(p, t, c) is not False:
                q[c] = self.fresh(("q", p, t, when, c))
        for c, v in q.items():
            h = self.holds(p, t, c)
            if c in start:
                self.clauses.append([v] if h is True else [-h, v])
            for d in nbrs[c]:
                if d in q:
                    hd = self.holds(p, t, d)
                    self.clauses.append([-v, q[d]] if hd is True else [-v, -hd, q[d]])
            if c in goal:
                self.clauses.append([-when, -v])


def exclusive_links(board: ClaimBoard) -> bool:
    """Whether no two disjoint sets of cells join both players' sides at once (true of Hex).

    Decided by one SAT call (pysat's CaDiCaL): a cell is player 0's, player 1's or
    neither, each player's cells reach from its first side to its second by
    layered reachability; unsatisfiable means exclusive.

    >>> b = ClaimBoard.from_links("ab", (), (), [("a", "b")], (("a",), ("b",)), (("a",), ("b",)))
    >>> exclusive_links(b)
    True

    Held cells only forbid cells to the other player, so a board exclusive
    while empty stays exclusive whatever is held: the empty board's answer
    (cached, the same for both orders of the players) is asked first.
    """
    if _exclusive(board.cells, board.edges, tuple(sorted(board.sides)), ((), ())):
        return True
    return _exclusive(board.cells, board.edges, board.sides, board.held)


@lru_cache(maxsize=64)
def _exclusive(cells, edges, sides, held) -> bool:
    from pysat.solvers import Solver

    n = len(cells)
    nbrs: list[set[int]] = [set() for _ in range(n)]
    for a, b in edges:
        nbrs[a].add(b)
        nbrs[b].add(a)
    pool = IDPool()
    clauses = []
    own = {(p, c): pool.id(("own", p, c)) for p in (0, 1) for c in range(n)}
    for c in range(n):
        clauses.append([-own[0, c], -own[1, c]])
        for p in (0, 1):
            if c in held[1 - p]:
                clauses.append([-own[p, c]])
    for p in (0, 1):
        start, goal = sides[p]
        r = {(c, i): pool.id(("r", p, c, i)) for c in range(n) for i in range(n)}
        for c in range(n):
            clauses.append([-r[c, 0]] if c not in start else [-r[c, 0], own[p, c]])
            for i in range(1, n):
                clauses.append([-r[c, i], own[p, c]])
                clauses.append([-r[c, i], r[c, i - 1], *(r[d, i - 1] for d in nbrs[c])])
        clauses.append([r[c, n - 1] for c in goal])
    with Solver(name="cadical153", bootstrap_with=clauses) as sat:
        return not sat.solve()
