"""Audit the Bunny-and-Egg reduction against the board search, position by position.

The fast side is :func:`gamecert.solvers.bunny_egg.bunny_egg` (the game as UVG
on the reduction graph without earlier positions); the other side is
:func:`gamecert.verify.bunny_egg.search.board_search`, which plays the board by
its rules alone. A counterexample carries the record as
``gamecert solve bunny-egg`` input.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

import numpy as np

from gamecert.solvers.bunny_egg import PLAYERS, BunnyEgg, BunnyEggAnalysis, bunny_egg
from gamecert.verify.bunny_egg.families import DOT, O, X, long_game, random_game
from gamecert.verify.bunny_egg.search import BoardSearch, Rules, board_search
from gamecert.verify.capabilities import Audit, AuditResult, Audits


def _indent(text: str) -> str:
    return "".join(f"    {row}\n" for row in text.splitlines())


BUNNY_CLAIM = (
    "the mover wins iff the token's vertex is in every maximum matching of the reduction graph "
    "without earlier positions (fast solver) = board search"
)


def bunny_difference(fast: BunnyEggAnalysis, ref: BoardSearch) -> str | None:
    """Where the fast Bunny-and-Egg analysis and the board search of one record differ, or None.

    Compared: every position's verdict, both players' mistakes, whether the
    record is finished, and that each winning move the fast side names is one
    the board search proves winning (and that it names one exactly when the
    mover wins).
    """
    for t, (a, b) in enumerate(zip(fast.verdicts().wins, ref.wins)):
        if a != b:
            r, c = fast.cell(int(fast.path[t]))
            who = PLAYERS[t % 2]
            return (
                f"position {t} ({who} to move, empty cell ({r}, {c})): the fast solver says {who} "
                f"{'wins' if a else 'loses'}, the board search says {'wins' if b else 'loses'}"
            )
    if len(fast.wins) != len(ref.wins):
        return f"{len(fast.wins)} positions from the fast solver, {len(ref.wins)} from the board search"
    if fast.bunny_mistakes != ref.bunny_mistakes or fast.egg_mistakes != ref.egg_mistakes:
        return (
            f"mistakes differ: fast Bunny {fast.bunny_mistakes} Egg {fast.egg_mistakes}, "
            f"board search Bunny {ref.bunny_mistakes} Egg {ref.egg_mistakes}"
        )
    if fast.finished != ref.finished:
        return f"finished: fast solver {fast.finished}, board search {ref.finished}"
    for t, w in enumerate(fast.winning_move.tolist()):
        proven = ref.winning_moves[t]
        if (w >= 0) != bool(proven):
            return f"position {t}: the fast solver {'names' if w >= 0 else 'names no'} winning move, the board search proves {sorted(proven)}"
        if w >= 0 and fast.cell(w) not in proven:
            r, c = fast.cell(w)
            return f"position {t}: the fast solver's winning move ({r}, {c}) is not among the board search's {sorted(proven)}"
    return None


def bunny_agreement(games: Iterable[BunnyEgg]) -> tuple[int, int, str | None]:
    """Compare the fast analysis with the board search on many records.

    Returns (records checked, positions checked, first counterexample or None).

    >>> bunny_agreement([BunnyEgg.from_rows(["XO.OXO"], [(1, 2), (1, 1)])])
    (1, 3, None)
    """
    records = positions = 0
    for game in games:
        records += 1
        positions += len(game.moves) + 1
        bad = bunny_difference(bunny_egg(game), board_search(game))
        if bad is not None:
            text = (
                f"{bad}\ninput (gamecert solve bunny-egg --no-judge-limits):\n{_indent(game.text())}"
            )
            return records, positions, text
    return records, positions, None


def full_records(board: np.ndarray) -> list[np.ndarray]:
    """Every play of the board to its end, as 0-based move rows; a play that
    ends with Egg stuck drops Bunny's last move (records have whole rounds).
    Distinct records, in depth-first order. Moves are the rule search's own."""
    n, m = board.shape
    rules = Rules(n, m)
    seen: dict[tuple[int, ...], None] = {}
    stack = [(board.tobytes(), ())]
    while stack:
        cur, moves = stack.pop()
        legal = list(rules.moves(cur, len(moves) % 2))
        if not legal:
            seen[moves[: len(moves) - len(moves) % 2]] = None
        for x, nxt in reversed(legal):
            stack.append((nxt, moves + (x,)))
    return [np.array([divmod(x, m) for x in rec], dtype=np.int64).reshape(-1, 2) for rec in seen]


def all_boards(max_cells: int) -> Iterator[np.ndarray]:
    """Every board of at most ``max_cells`` cells up to what the game sees.

    Shapes by cells then rows; for each start cell every other cell is either
    enterable (``X`` on the start's parity, ``O`` on the other) or not (the
    other colour). Nothing else about a cell matters to the game: a
    non-enterable piece can never be moved, since it never touches the empty
    cell on its mover's turn.

    >>> sum(1 for _ in all_boards(2))  # 1x1; 1x2 and 2x1: 2 starts x 2
    9
    """
    for cells in range(1, max_cells + 1):
        for n in range(1, cells + 1):
            if cells % n:
                continue
            for s in range(cells):
                for mask in range(1 << (cells - 1)):
                    yield board_of(n, cells // n, s, mask)


def board_of(n: int, m: int, start: int, mask: int) -> np.ndarray:
    """The ``n x m`` board with the empty cell at ``start`` (row-major index) whose other
    cells, in row-major order, are enterable where ``mask`` has a 1 bit (see :func:`all_boards`).

    >>> board_of(1, 3, 1, 0b01).tobytes() == bytes([O, DOT, X])  # cell 0 enterable: O off the parity
    True
    """
    cells = n * m
    r, c = np.divmod(np.arange(cells), m)
    even = ((r + c + start // m + start % m) & 1) == 0
    others = [i for i in range(cells) if i != start]
    enter = np.zeros(cells, dtype=bool)
    enter[[i for b, i in enumerate(others) if mask >> b & 1]] = True
    board = np.where(enter == even, X, O).astype(np.uint8)
    board[start] = DOT
    return board.reshape(n, m)


def bunny_exhaustive(max_cells: int = 9) -> AuditResult:
    """Audit the Bunny-and-Egg reduction on every board up to ``max_cells`` cells, every full record.

    Notes
    -----
    Every board of :func:`all_boards` and every play of it to the end (each
    record checks all its positions). ``sum over shapes of cells · 2^(cells-1)``
    boards (12,961 up to 9 cells); the fast side is ``O(E sqrt V + k E)`` per
    record, the board search exponential but tiny here.

    >>> bunny_exhaustive(2).line().split(" (")[0]
    'bunny-exhaustive: 9 records on every board up to 2 cells'
    """
    t0 = time.perf_counter()
    boards = 0

    def records() -> Iterator[BunnyEgg]:
        nonlocal boards
        for board in all_boards(max_cells):
            boards += 1
            for moves in full_records(board):
                yield BunnyEgg(board, moves)

    cases, positions, bad = bunny_agreement(records())
    covered = f"records on every board up to {max_cells} cells ({boards:,} boards, {positions:,} positions)"
    return AuditResult("bunny-exhaustive", BUNNY_CLAIM, cases, time.perf_counter() - t0, bad, covered)


def random_records(count: int, min_cells: int, max_cells: int, seed: int) -> Iterator[BunnyEgg]:
    """``count`` legal records on random boards of ``min_cells`` to ``max_cells`` cells (sides 1..6).

    Alternately :func:`~gamecert.verify.bunny_egg.families.random_game` (enterable
    fraction drawn from 0.6..1) and :func:`~gamecert.verify.bunny_egg.families.long_game`
    (a random number of rounds between half the most the board allows and
    the most).

    >>> [g.shape for g in random_records(2, 10, 12, seed=0)]
    [(2, 5), (2, 5)]
    """
    rng = np.random.default_rng(seed)
    for i in range(count):
        while True:
            n, m = (int(x) for x in rng.integers(1, 7, size=2))
            if min_cells <= n * m <= max_cells:
                break
        sub = int(rng.integers(1 << 31))
        if i % 2 == 0:
            yield random_game(n, m, sub, enterable=float(rng.choice([0.6, 0.8, 0.9, 1.0])))
        else:
            most = (n * m - 1) // 2
            yield long_game(n, m, int(rng.integers(most // 2, most + 1)), sub)


def bunny_random(count: int = 1000, min_cells: int = 10, max_cells: int = 30, seed: int = 0) -> AuditResult:
    """Audit the Bunny-and-Egg reduction on ``count`` random records on boards of ``min_cells`` to ``max_cells`` cells.

    Notes
    -----
    Records from :func:`random_records` (seeded), compared position by
    position as in :func:`bunny_exhaustive`. The board search dominates its
    cost, exponential in the number of cells.

    >>> bunny_random(4, 6, 9, seed=0).cases
    4
    """
    t0 = time.perf_counter()
    cases, positions, bad = bunny_agreement(random_records(count, min_cells, max_cells, seed))
    covered = f"random records on boards of {min_cells} to {max_cells} cells ({positions:,} positions, seed {seed})"
    return AuditResult("bunny-random", BUNNY_CLAIM, cases, time.perf_counter() - t0, bad, covered)


#: The audits of ``gamecert audit --game bunny-egg`` (and their ``--quick`` sizes).
BUNNY_AUDITS = (
    Audit("bunny-exhaustive", bunny_exhaustive, {"max_cells": 6}),
    Audit("bunny-random", bunny_random, {"count": 30, "min_cells": 7, "max_cells": 16}, seeded=True),
)


class BunnyEggAudits(Audits):
    """The audits of ``gamecert audit --game bunny-egg``: :data:`BUNNY_AUDITS`."""

    def audits(self) -> tuple[Audit, ...]:
        return BUNNY_AUDITS
