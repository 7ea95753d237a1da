"""Bunny and Egg decided from the board itself: the rule search.

:func:`board_search` plays the game by its rules alone — pieces, the empty
cell, whose turn — with memoized alternating search and no matching theory.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gamecert.solvers.bunny_egg.solver import BunnyEgg, Verdicts, record_mistakes
from gamecert.solvers.errors import SolverError
from gamecert.verify.game import Formulation, Rate

#: The memo grows about as ``SEARCH_GROWTH ** cells``; seconds per unit of that, measured by the command it names.
SEARCH_GROWTH = 1.27
SEARCH_RATE = Rate(0.4 * SEARCH_GROWTH**-36, "SEARCH_GROWTH ** cells", "python benchmarks/routes_matching.py bunny-search")

PIECE = (b"O"[0], b"X"[0])  # what Bunny (0) and Egg (1) move
EMPTY = b"."[0]


def search_seconds(game: BunnyEgg) -> float:
    """The predicted seconds of :func:`board_search` on ``game``.

    The memo holds one entry per reachable (board, turn), a number that
    grows with the self-avoiding walks of the empty cell, exponentially in
    the number of cells: ``SEARCH_RATE`` per unit of ``SEARCH_GROWTH ** cells``
    (the worst random and long games of 5×5, 6×5 and 6×6 boards).
    """
    n, m = game.shape
    return SEARCH_RATE.exponential(SEARCH_GROWTH, n * m)


@dataclass(frozen=True)
class BoardSearch:
    """Every position of a record decided by game search on the board.

    ``winning_moves[t]`` are the 1-based cells ``(x, y)`` whose piece the
    mover can move at position ``t`` and win; ``finished`` says the player
    to move after the whole record (Bunny) has no legal move.
    """

    wins: tuple[bool, ...]
    winning_moves: tuple[frozenset[tuple[int, int]], ...]
    bunny_mistakes: tuple[int, ...]
    egg_mistakes: tuple[int, ...]
    finished: bool

    def verdicts(self) -> Verdicts:
        return Verdicts(self.wins, self.bunny_mistakes, self.egg_mistakes)


class Rules:
    """Moves of the board game: a state is (board bytes row-major, player to move)."""

    def __init__(self, n: int, m: int) -> None:
        self.n, self.m = n, m
        self.memo: dict[tuple[bytes, int], bool] = {}

    def moves(self, board: bytes, turn: int) -> Iterator[tuple[int, bytes]]:
        """(cell moved, resulting board) for every legal move of ``turn``."""
        e = board.index(EMPTY)
        r, c = divmod(e, self.m)
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.n and 0 <= cc < self.m and board[rr * self.m + cc] == PIECE[turn]:
                x = rr * self.m + cc
                b = bytearray(board)
                b[e], b[x] = b[x], EMPTY
                yield x, bytes(b)

    def mover_wins(self, board: bytes, turn: int) -> bool:
        """∃ a move after which the opponent (∀ replies …) loses; memoized, no recursion.

        A frame is ``[state, children, next index]``; a child still unknown
        is pushed and the frame looks at the same index again once it is
        decided. A state met again while open would be a cycle of the game,
        which the rules exclude; meeting one is an internal error.
        """
        memo = self.memo
        root = (board, turn)
        if root in memo:
            return memo[root]
        stack = [[root, [(b, 1 - turn) for _, b in self.moves(board, turn)], 0]]
        open_states = {root}
        while stack:
            frame = stack[-1]
            state, children, i = frame
            verdict = None
            while i < len(children):
                child = children[i]
                if child not in memo:
                    break
                if not memo[child]:
                    verdict = True
                    break
                i += 1
            frame[2] = i
            if verdict is None and i < len(children):
                child = children[i]
                if child in open_states:
                    raise SolverError("board search met a position twice on one line of play")
                open_states.add(child)
                stack.append([child, [(b, 1 - child[1]) for _, b in self.moves(*child)], 0])
                continue
            memo[state] = bool(verdict)
            open_states.discard(state)
            stack.pop()
        return memo[root]


def board_search(game: BunnyEgg) -> BoardSearch:
    """Decide every position of a Bunny-and-Egg record by search on the board.

    The mover wins iff some legal move (her colour, next to the empty cell)
    leads to a board where the opponent loses; a player without a legal move
    loses. Bunny's move ``i`` is a mistake iff she wins before it and Egg
    wins after it; Egg's likewise.

    Notes
    -----
    Memoized alternating (∃/∀) search over (board, player to move), one
    shared memo for all positions of the record, explicit stack. Time and
    space proportional to the number of reachable states, exponential in the
    board size in the worst case; see :func:`search_seconds`.

    Examples
    --------
    >>> g = BunnyEgg.from_rows(["XO.OXO"], [(1, 2), (1, 1)])
    >>> board_search(g).bunny_mistakes
    (1,)
    """
    n, m = game.shape
    rules = Rules(n, m)
    board = bytearray(game.board.tobytes())
    wins, winning = [], []
    moves = game.moves.tolist()
    for t in range(len(moves) + 1):
        turn = t % 2
        state = bytes(board)
        wins.append(rules.mover_wins(state, turn))
        winning.append(
            frozenset(
                (x // m + 1, x % m + 1)
                for x, b in rules.moves(state, turn)
                if not rules.mover_wins(b, 1 - turn)
            )
        )
        if t < len(moves):
            r, c = moves[t]
            e = board.index(EMPTY)
            x = r * m + c
            board[e], board[x] = board[x], EMPTY
    finished = next(rules.moves(bytes(board), len(moves) % 2), None) is None
    bunny, egg = record_mistakes(wins, len(moves) // 2)
    return BoardSearch(tuple(wins), tuple(winning), bunny, egg, finished)


class BunnyEggSearchFormulation(Formulation[BunnyEgg, Verdicts]):
    """The ``search`` cross-check: every position's verdict from :func:`board_search`, predicted by
    :func:`search_seconds`."""

    name = "search"

    def fits(self, instance: BunnyEgg) -> str | None:
        return None

    def predict(self, instance: BunnyEgg) -> float:
        return search_seconds(instance)

    def run(self, instance: BunnyEgg) -> Verdicts:
        return board_search(instance).verdicts()
