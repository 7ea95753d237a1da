"""Solve a claiming game by QBF, never listing its positions: the value with remoteness, by a solver portfolio.

The value of a position comes from the formulas of
:mod:`gamecert.verify.positional.encoding`: the player to move wins in ``N``
when "player 0 wins within ``N``" is true and "within ``N - 2``" is false
(the remoteness is the least depth that is true); it loses in ``N`` when
the same holds for player 1; it is a draw when neither wins within the
number of empty cells. Each formula goes to the portfolio of
:mod:`gamecert.verify.engine.qbf`; solvers that disagree raise
:class:`~gamecert.verify.errors.QbfDisagreementError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from heapq import heapify, heappop, heappush

from gamecert.solvers.positional.board import ClaimBoard
from gamecert.solvers.turn.value import Value
from gamecert.verify.engine.qbf import QbfRun, agreed_verdict, solve_portfolio
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.positional.encoding import ClaimFormula, claim_formula

#: The default solvers (each formula goes to all of them; the first answer is taken when racing).
QBF_SOLVERS = ("depqbf", "caqe", "rareqs")
#: Seconds one formula may take on one solver.
QBF_TIME_LIMIT = 600.0


@dataclass(frozen=True)
class Query:
    """One formula asked: its claim, size and every solver's run."""

    side: int
    depth: int
    goal: str
    variables: int
    clauses: int
    runs: tuple[QbfRun, ...]

    @property
    def answer(self) -> bool:
        return bool(agreed_verdict(self.runs))


@dataclass(frozen=True)
class QbfValue:
    """A position's value by QBF, with every formula asked on the way."""

    value: Value
    queries: tuple[Query, ...]


class Oracle:
    """Asks the portfolio "``side`` wins within ``depth``" about one board, remembering the answers."""

    def __init__(
        self,
        board: ClaimBoard,
        solvers: Sequence[str] = QBF_SOLVERS,
        time_limit: float | None = QBF_TIME_LIMIT,
        preprocess: bool = False,
        race: bool = True,
        allowed_first: tuple[int, ...] | None = None,
    ) -> None:
        self.board = board
        self.solvers = tuple(solvers)
        self.time_limit = time_limit
        self.preprocess = preprocess
        self.race = race
        self.allowed_first = allowed_first
        self.queries: list[Query] = []
        self.known: dict[tuple[int, int, str], bool] = {}

    def formula(self, side: int, depth: int, goal: str = "win") -> ClaimFormula:
        return claim_formula(self.board, side, depth, goal, self.allowed_first)

    def ask(self, side: int, depth: int, goal: str = "win") -> bool:
        key = (side, depth, goal)
        if key in self.known:
            return self.known[key]
        f = self.formula(side, depth, goal)
        runs = solve_portfolio(f.pcnf(), self.solvers, self.time_limit, self.preprocess, race=self.race)
        what = f"'player {side} {'wins' if goal == 'win' else 'does not lose'} within {depth}'"
        answer = agreed_verdict(runs, what)
        self.queries.append(Query(side, depth, goal, f.num_vars, len(f.clauses), runs))
        if answer is None:
            raise TimeLimitError(f"no QBF solver decided {what} within {self.time_limit:g} s")
        self.known[key] = answer
        return answer


def least_depth(ask, side: int, low: int, high: int) -> int | None:
    """The least depth in ``low..high`` of the parity of ``side``'s claims at which ``ask(side, depth)`` holds.

    Iterative deepening: ``low``, ``low + 2``, ... up to ``high``, the first
    true answer is the least (``ask`` is monotone in the depth: a win within
    ``d`` is a win within ``d + 2``). Shallow formulas are far cheaper than
    deep ones, so the deep ones are asked only when the shallow are false.

    >>> least_depth(lambda s, d: d >= 7, 0, 1, 12)
    7
    >>> least_depth(lambda s, d: False, 1, 2, 9) is None
    True
    """
    parity = 1 if side == 0 else 0
    depth = low + ((parity - low) % 2)
    while depth <= high:
        if ask(side, depth):
            return depth
        depth += 2
    return None


def fewest_claims(board: ClaimBoard, player: int) -> int | None:
    """The fewest cells ``player`` must still claim to hold a winning set (None: never).

    >>> fewest_claims(ClaimBoard.from_lines(range(3), (0,), (), [(0, 1, 2)], [(1,)]), 0)
    2
    """
    mine = set(board.held[player])
    theirs = set(board.held[1 - player])
    if board.lines is not None:
        costs = [sum(1 for c in line if c not in mine) for line in board.lines[player] if not theirs & set(line)]
        return min(costs, default=None)
    # Links: a 0-1 shortest path (held cells cost 0, empty cells 1) from one side to the other.
    start, goal = board.sides[player]
    nbrs = board.neighbours
    cost = {c: (0 if c in mine else 1) for c in range(len(board.cells)) if c not in theirs}
    dist = {c: cost[c] for c in start if c in cost}
    heap = [(d, c) for c, d in dist.items()]
    heapify(heap)
    while heap:
        d, c = heappop(heap)
        if d > dist[c]:
            continue
        for x in nbrs[c]:
            if x in cost and d + cost[x] < dist.get(x, 1 << 30):
                dist[x] = d + cost[x]
                heappush(heap, (dist[x], x))
    ends = [dist[c] for c in goal if c in dist]
    return min(ends, default=None)


def qbf_value(
    board: ClaimBoard,
    solvers: Sequence[str] = QBF_SOLVERS,
    time_limit: float | None = QBF_TIME_LIMIT,
    preprocess: bool = False,
    race: bool = True,
) -> QbfValue:
    """Decide a claiming game at one position by QBF: win or lose with remoteness, or draw.

    Parameters
    ----------
    board : the position
    solvers : pyqbf solver names, run side by side on every formula
    time_limit : seconds per formula and solver
    preprocess : Bloqqer before solving
    race : take the first answer (the others are stopped); else every solver answers and they must agree

    Notes
    -----
    A position where a player holds a winning set is over (``win 0`` or
    ``lose 0``); a full board is a draw. Otherwise player 0 wins in the least
    odd ``N`` for which "player 0 wins within ``N``" is true (searched
    upwards from twice the fewest cells it still needs, minus one); failing that, it loses in the
    least even ``N`` for which "player 1 wins within ``N``" is true; failing
    that, it is a draw. ``O(log e)`` formulas per outcome, each of the size
    given in :func:`~gamecert.verify.positional.encoding.claim_formula`.

    >>> b = ClaimBoard.from_lines(range(3), (), (), [(0, 1), (1, 2)], [(0, 2)])
    >>> str(qbf_value(b, ("depqbf",)).value)
    'win 3'
    """
    oracle = Oracle(board, solvers, time_limit, preprocess, race)
    return QbfValue(value_by(oracle), tuple(oracle.queries))


def value_by(oracle: Oracle, interleave: bool = False) -> Value:
    """The value of ``oracle``'s board, asking it the formulas of :func:`qbf_value`.

    With ``interleave`` the depths go up once for both players together
    (player 0 at odd depths, player 1 at even ones, each from the fewest cells
    it needs): the first true formula is the value, every shallower one of
    either player being false. Where player 1 wins this avoids asking player
    0's false formulas up to the full board.
    """
    board = oracle.board
    won = board.winner()
    if won is not None:
        return Value("win" if won == 0 else "lose", 0)
    e = len(board.empty)
    if e == 0:
        return Value("draw", None)
    if interleave:
        lows = []
        for side in (0, 1):
            need = fewest_claims(board, side)
            lows.append(None if need is None else max(1, 2 * need - 1 if side == 0 else 2 * need))
        for depth in range(1, e + 1):
            side = 0 if depth % 2 else 1
            if lows[side] is not None and depth >= lows[side] and oracle.ask(side, depth):
                return Value("win" if side == 0 else "lose", depth)
        return Value("draw", None)
    for side in (0, 1):
        need = fewest_claims(board, side)
        if need is None:
            continue
        low = 2 * need - 1 if side == 0 else 2 * need
        n = least_depth(oracle.ask, side, max(1, low), e)
        if n is not None:
            return Value("win" if side == 0 else "lose", n)
    return Value("draw", None)
