"""Solve a claiming game by enumerating its positions: win, lose or draw with remoteness, and every opening.

:func:`claim_game` runs a memoized minimax over every position reachable
from a :class:`~gamecert.solvers.positional.board.ClaimBoard` (a compiled
kernel over cell bitmasks, one ``int16`` per arrangement of the empty cells)
and returns the value of the position, the value of claiming each empty
cell, and the winner's strategy read off the table (the certificate the
strategy checker plays through).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from gamecert.solvers.errors import GamecertError
from gamecert.solvers.jit import kernel
from gamecert.solvers.positional.board import ClaimBoard
from gamecert.solvers.turn.value import Value

#: Most empty cells the explicit solver takes (its table has 3^e entries of two bytes).
EXPLICIT_MAX_EMPTY = 16
#: Encoded values: ``WIN - r`` is a win in ``r``, ``-WIN + r`` a loss in ``r``, 0 a draw (mover's view).
WIN = 1000
#: Added to an encoded value in the table, so that 0 means "not yet solved".
OFFSET = 2000


@dataclass(frozen=True)
class ClaimSolution:
    """A claiming game solved at one position by enumeration.

    ``value`` is the position's value for the player to move; ``openings``
    pairs each empty cell (its index) with the value of claiming it, for the
    player who claims it (``win 1`` completes a winning set); ``positions``
    counts the positions solved (the table's entries); ``table`` is the
    kernel's table (encoded values + :data:`OFFSET`, 0 where unreached), from
    which the winner's strategy is read.
    """

    value: Value
    openings: tuple[tuple[int, Value], ...]
    positions: int
    table: np.ndarray | None = field(default=None, repr=False, compare=False)


def decode(v: int) -> Value:
    """An encoded value as a :class:`Value`.

    >>> [str(decode(v)) for v in (WIN - 3, -WIN + 2, 0)]
    ['win 3', 'lose 2', 'draw']
    """
    if v > 0:
        return Value("win", WIN - v)
    if v < 0:
        return Value("lose", v + WIN)
    return Value("draw", None)


def after_claim(v: int) -> int:
    """The mover's encoded value of a claim whose resulting position has value ``v`` for the other player.

    >>> after_claim(-WIN) == WIN - 1, after_claim(WIN - 1) == -WIN + 2, after_claim(0)
    (True, True, 0)
    """
    return -v + (1 if v > 0 else -1 if v < 0 else 0)


@dataclass(frozen=True)
class Masks:
    """The board as the kernel reads it: cell bitmasks, player 0 to move."""

    empty: np.ndarray  # empty cell indexes, ascending (int64)
    held0: int
    held1: int
    links: bool
    lines0: np.ndarray  # winning sets of player 0 as bitmasks (lines)
    lines1: np.ndarray
    nbr: np.ndarray  # per cell, the bitmask of its neighbours (links)
    sides: np.ndarray  # [a0, b0, a1, b1] bitmasks (links)


def masks(board: ClaimBoard) -> Masks:
    """The bitmasks of ``board``."""

    def mask(cells) -> int:
        m = 0
        for c in cells:
            m |= 1 << c
        return m

    lines = board.lines or ((), ())
    nbr = np.array([mask(ns) for ns in board.neighbours], dtype=np.int64)
    sides = np.array([mask(s) for two in board.sides for s in two] or [0, 0, 0, 0], dtype=np.int64)
    return Masks(
        np.array(board.empty, dtype=np.int64),
        mask(board.held[0]),
        mask(board.held[1]),
        board.is_links,
        np.array([mask(s) for s in lines[0]] or [0], dtype=np.int64)[: max(1, len(lines[0]))],
        np.array([mask(s) for s in lines[1]] or [0], dtype=np.int64)[: max(1, len(lines[1]))],
        nbr,
        sides,
    )


def claim_game(board: ClaimBoard, max_empty: int = EXPLICIT_MAX_EMPTY) -> ClaimSolution:
    """Solve a claiming game at one position: its value and the value of claiming each empty cell.

    Parameters
    ----------
    board : the position
    max_empty : most empty cells accepted (the table has ``3^e`` entries)

    Returns
    -------
    :class:`ClaimSolution`

    Raises
    ------
    GamecertError
        if both players hold a winning set, or the board has more than ``max_empty`` empty cells.

    Notes
    -----
    Minimax with a transposition table over every position reachable from
    ``board`` (play stops at a win): a position is won in ``1 + min r``
    when some claim leaves the opponent lost in ``r``, else drawn when some
    claim leaves a draw, else lost in ``1 + max r`` over the claims that
    leave the opponent won in ``r`` (the winner hurries, the loser delays).
    A position's key is the base-3 number of its empty cells' owners, so the
    table is an array of ``3^e`` entries. A search of a position stops at a
    win in 1, the best there is. ``O(3^e e)`` time and ``O(3^e)`` space for
    ``e`` empty cells (every arrangement visited at most once, ``e`` claims
    each); an explicit stack, no recursion.

    >>> b = ClaimBoard.from_lines(range(3), (), (), [(0, 1), (1, 2)], [(0, 2)])
    >>> s = claim_game(b)
    >>> str(s.value), [(c, str(v)) for c, v in s.openings]
    ('win 3', [(0, 'draw'), (1, 'win 3'), (2, 'draw')])
    """
    won = board.winner()
    empty = board.empty
    if won is None and len(empty) > max_empty:
        raise GamecertError(f"{len(empty)} empty cells > {max_empty} (explicit limit)")
    table, root = solve_table(board)
    openings = []
    if won is None:
        for j in range(len(empty)):
            openings.append((int(empty[j]), decode(after_claim(int(table[POW3[j]]) - OFFSET))))
    return ClaimSolution(decode(root), tuple(openings), int(np.count_nonzero(table)) if won is None else 1, table)


#: Powers of three, one per empty cell.
POW3 = 3 ** np.arange(40, dtype=np.int64)


def solve_table(board: ClaimBoard) -> tuple[np.ndarray, int]:
    """The kernel's table (encoded values + :data:`OFFSET`, 0 where unreached) and the root's encoded value."""
    won = board.winner()
    if won is not None:
        return np.zeros(1, dtype=np.int16), WIN if won == 0 else -WIN
    m = masks(board)
    table = np.zeros(3 ** len(m.empty), dtype=np.int16)
    root = _minimax(m.empty, m.held0, m.held1, m.links, m.lines0, m.lines1, m.nbr, m.sides, POW3, table)
    return table, int(root)


@kernel
def _won(held, links, lines, nbr, a, b):
    """Whether ``held`` holds one of ``lines`` (lines), or joins ``a`` to ``b`` (links)."""
    if not links:
        for s in lines:
            if s != 0 and held & s == s:
                return True
        return False
    reach = held & a
    frontier = reach
    while frontier != 0:
        grow = 0
        i = 0
        f = frontier
        while f != 0:
            if f & 1:
                grow |= nbr[i]
            f >>= 1
            i += 1
        grow &= held & ~reach
        reach |= grow
        frontier = grow
    return reach & b != 0


@kernel
def _minimax(empty, held0, held1, links, lines0, lines1, nbr, sides, pow3, table):
    """Fill ``table`` with every reachable position's encoded value (+ OFFSET); return the root's value."""
    e = len(empty)
    full = _all(empty)
    code = np.zeros(e + 2, dtype=np.int64)
    h0 = np.zeros(e + 2, dtype=np.int64)
    h1 = np.zeros(e + 2, dtype=np.int64)
    nxt = np.zeros(e + 2, dtype=np.int64)
    best = np.zeros(e + 2, dtype=np.int64)
    sp = 0
    code[0] = 0
    h0[0] = held0
    h1[0] = held1
    nxt[0] = 0
    best[0] = -10 * 1000
    while sp >= 0:
        # Frame sp: the mover is player (sp % 2) of the root; h0/h1 are the root's players' cells.
        j = nxt[sp]
        taken = h0[sp] | h1[sp]
        while j < e and taken >> empty[j] & 1:
            j += 1
        done = j >= e or best[sp] == 1000 - 1
        if done:
            v = best[sp]
            if v == -10 * 1000:
                v = 0  # never happens below a non-terminal frame: it has an empty cell
            table[code[sp]] = v + 2000
            sp -= 1
            if sp >= 0:
                w = -v + (1 if v > 0 else (-1 if v < 0 else 0))
                if w > best[sp]:
                    best[sp] = w
            continue
        nxt[sp] = j + 1
        mover = sp % 2
        child = code[sp] + (mover + 1) * pow3[j]
        known = table[child]
        if known != 0:
            v = known - 2000
        else:
            c0 = h0[sp]
            c1 = h1[sp]
            if mover == 0:
                c0 |= 1 << empty[j]
                over = _won(c0, links, lines0, nbr, sides[0], sides[1])
            else:
                c1 |= 1 << empty[j]
                over = _won(c1, links, lines1, nbr, sides[2], sides[3])
            if over:
                v = -1000  # the child's mover has lost: the claimer won
                table[child] = v + 2000
            elif (c0 | c1) & full == full:
                v = 0
                table[child] = 2000
            else:
                sp += 1
                code[sp] = child
                h0[sp] = c0
                h1[sp] = c1
                nxt[sp] = 0
                best[sp] = -10 * 1000
                continue
        w = -v + (1 if v > 0 else (-1 if v < 0 else 0))
        if w > best[sp]:
            best[sp] = w
    return table[0] - 2000


@kernel
def _all(empty):
    m = 0
    for c in empty:
        m |= 1 << c
    return m
