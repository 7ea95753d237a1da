"""Every maze board up to ``N x N`` up to the board's symmetries, as campaign shards.

A board of ``r x c`` cells is a code: bit ``r' * c + c'`` set when cell
``(r', c')`` is free. The game is unchanged by the board's symmetries (the
moves are the 4 orthogonal steps), so one board per orbit suffices: the
*canonical* one, whose code is the least among its images under the
rectangle's symmetries (4 of them; 8 on a square). A ``c x r`` board is the
transpose of an ``r x c`` one, so shapes are taken with ``r <= c``. Every
board counts, the one with no free cell included.

A shard is a range of codes of one shape. It serves two campaigns, both
offered by :class:`MazeBoards`: the audit (its shard function
:func:`audit_boards`: the fast solver ``gamecert solve maze`` runs against
the compiled rule search on every canonical board) and exhaustive stress
runs (:meth:`MazeBoards.stress_cases`: the boards as judge input, one after
another).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

import numpy as np

from gamecert.solvers.maze.solver import Maze, maze_game
from gamecert.verify.capabilities import ExhaustiveAudit, ExhaustiveStress
from gamecert.verify.maze.generator import reductions
from gamecert.verify.uvg.batch import batch_search_loses

if TYPE_CHECKING:
    from gamecert.verify.engine.campaign import Campaign, Shard
    from gamecert.verify.engine.sizes import SizeCost

#: Codes per shard: boards of up to 12 cells are one shard; 4x4 boards are 16.
CHUNK = 4096

NAME = "maze-exhaustive"

#: Seconds per board of the audit by longer side, one core (``benchmarks/campaign_sizes.py --measure``;
#: the time of the codes that are not canonical included).
AUDIT_SECONDS = {2: 6.9e-5, 3: 1.3e-4, 4: 1.3e-4, 5: 2.1e-4}
#: Seconds per board of the certified answers of an exhaustive stress run, one core (the same benchmark).
STRESS_SECONDS = {2: 5.0e-4, 3: 8.0e-4, 4: 4.8e-4}

CLAIM = (
    "AA wins from cell c iff some maximum matching of the free cells avoids c "
    "(fast solver: Gallai-Edmonds; reference: rule search)"
)


def symmetries(rows: int, cols: int) -> list[np.ndarray]:
    """The board's symmetries as permutations of the ``rows * cols`` cell indices (image[i] = source cell).

    >>> len(symmetries(2, 3)), len(symmetries(3, 3))
    (4, 8)
    """
    grid = np.arange(rows * cols).reshape(rows, cols)
    images = [grid, grid[::-1, :], grid[:, ::-1], grid[::-1, ::-1]]
    if rows == cols:
        images += [g.T for g in images]
    return [g.ravel() for g in images]


def canonical_codes(rows: int, cols: int, lo: int, hi: int) -> np.ndarray:
    """The codes in ``[lo, hi)`` that are the least of their orbit (one board per orbit).

    >>> canonical_codes(1, 2, 0, 4).tolist()  # '##', '.#' (= '#.'), '..'
    [0, 1, 3]
    """
    cells = rows * cols
    codes = np.arange(lo, hi, dtype=np.int64)
    bits = (codes[:, None] >> np.arange(cells)) & 1
    weights = np.left_shift(np.int64(1), np.arange(cells, dtype=np.int64))
    least = codes.copy()
    for perm in symmetries(rows, cols):
        np.minimum(least, bits[:, perm] @ weights, out=least)
    return codes[least == codes]


def shapes(max_side: int) -> list[tuple[int, int]]:
    """Board shapes ``r x c`` with ``r <= c <= max_side``, by cells then rows.

    >>> shapes(2)
    [(1, 1), (1, 2), (2, 2)]
    """
    out = [(r, c) for c in range(1, max_side + 1) for r in range(1, c + 1)]
    return sorted(out, key=lambda rc: (rc[0] * rc[1], rc[0]))


def orbit_count(rows: int, cols: int) -> int:
    """The boards of ``rows x cols`` cells up to the board's symmetries: what :func:`canonical_codes` keeps.

    Notes
    -----
    Burnside's lemma: the number of orbits is the mean over the symmetries of
    the boards each fixes, ``2^cycles`` for a symmetry whose permutation of the
    cells has that many cycles. A ``rows x cols`` rectangle has the identity
    (``rows·cols`` cycles), the two reflections (``cols·⌈rows/2⌉`` and
    ``rows·⌈cols/2⌉``) and the half turn (``⌈rows·cols/2⌉``); a square of side
    ``n`` also has the two diagonal reflections (``n(n+1)/2`` each) and the
    quarter turns (``⌈n²/4⌉`` each). ``O(1)`` big-integer operations.

    >>> orbit_count(1, 2), orbit_count(2, 2), orbit_count(3, 3)
    (3, 6, 102)
    """
    cells = rows * cols
    fixed = (1 << cells) + (1 << cols * -(-rows // 2)) + (1 << rows * -(-cols // 2)) + (1 << -(-cells // 2))
    if rows != cols:
        return fixed // 4
    n = rows
    fixed += 2 * (1 << n * (n + 1) // 2) + 2 * (1 << -(-cells // 4))
    return fixed // 8


def side_count(side: int) -> int:
    """The boards of :func:`shapes` whose longer side is exactly ``side``, up to symmetry.

    >>> [side_count(s) for s in (1, 2, 3)]
    [2, 9, 132]
    """
    return sum(orbit_count(r, side) for r in range(1, side + 1))


def board_shards(max_side: int) -> tuple[Shard, ...]:
    """Every shape up to ``max_side x max_side``, its codes cut into ranges of :data:`CHUNK`."""
    from gamecert.verify.engine.campaign import Shard

    out = []
    for r, c in shapes(max_side):
        total = 1 << (r * c)
        for lo in range(0, total, CHUNK):
            hi = min(total, lo + CHUNK)
            out.append(Shard(f"{r}x{c}-{lo}", {"rows": r, "cols": c, "lo": lo, "hi": hi}))
    return tuple(out)


def free_arrays(params: Mapping) -> Iterator[np.ndarray]:
    """The canonical boards of a shard as boolean ``rows x cols`` arrays (True = free)."""
    rows, cols = int(params["rows"]), int(params["cols"])
    for code in canonical_codes(rows, cols, int(params["lo"]), int(params["hi"])).tolist():
        yield ((code >> np.arange(rows * cols)) & 1).astype(bool).reshape(rows, cols)


def _masks(free: np.ndarray) -> np.ndarray:
    """Neighbour bitmasks of the free cells (row-major vertex order) under 4-neighbour moves."""
    index = -np.ones(free.shape, dtype=np.int64)
    index[free] = np.arange(int(free.sum()))
    rows, cols = free.shape
    masks = np.zeros(int(free.sum()), dtype=np.int64)
    for r, c in zip(*np.nonzero(free)):
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < rows and 0 <= cc < cols and free[rr, cc]:
                masks[index[r, c]] |= 1 << int(index[rr, cc])
    return masks


def _rule_wins(free: np.ndarray) -> np.ndarray:
    """AA's winning free cells by the rule search: where the player to move (YY) loses."""
    n = int(free.sum())
    if n == 0:
        return np.zeros(0, dtype=bool)
    return batch_search_loses(_masks(free)[None, :], n)[0]


def _fast_wins(free: np.ndarray) -> np.ndarray:
    sol = maze_game(Maze(free))
    wins = np.zeros(int(free.sum()), dtype=bool)
    wins[sol.decomposition.D] = True
    return wins


def _differs(text: str) -> bool:
    from gamecert.solvers.maze.solver import parse_maze

    free = parse_maze(text, "<case>", judge_limits=False).free
    return bool((_rule_wins(free) != _fast_wins(free)).any())


def audit_boards(params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
    """Audit the maze theorem on the canonical boards of one shard.

    Counts: ``boards``, ``free cells`` (start cells checked), ``winning
    cells`` (AA's, by the rule search), ``disagreements``.

    >>> audit_boards({"rows": 2, "cols": 2, "lo": 0, "hi": 16}, {})
    ({'boards': 6, 'free cells': 12, 'winning cells': 5, 'disagreements': 0}, [])
    """
    counts = {"boards": 0, "free cells": 0, "winning cells": 0, "disagreements": 0}
    found: list[str] = []
    by_size: dict[int, list[np.ndarray]] = {}
    for free in free_arrays(params):
        by_size.setdefault(int(free.sum()), []).append(free)
    for n, boards in sorted(by_size.items()):
        counts["boards"] += len(boards)
        if n == 0:
            continue
        # One compiled search per batch of boards with the same number of free cells.
        rules = batch_search_loses(np.stack([_masks(f) for f in boards]), n)
        for free, wins in zip(boards, rules):
            counts["free cells"] += n
            counts["winning cells"] += int(wins.sum())
            if (_fast_wins(free) != wins).any():
                counts["disagreements"] += 1
                if not found:
                    found.append(_counterexample(Maze(free).text()))
    return counts, found


def _counterexample(text: str) -> str:
    """A disagreement, shrunk by the stress generator's reductions while it persists."""
    changed = True
    while changed:
        changed = False
        for smaller in reductions(text):
            if _differs(smaller):
                text, changed = smaller, True
                break
    from gamecert.solvers.maze.solver import parse_maze

    free = parse_maze(text, "<case>", judge_limits=False).free
    rules, fast = _rule_wins(free), _fast_wins(free)
    cells = [divmod(int(i), free.shape[1]) for i in np.flatnonzero(free.ravel())]
    v = int(np.flatnonzero(rules != fast)[0])
    r, c = cells[v]
    word = {True: "wins", False: "loses"}
    return (
        f"start cell ({r + 1}, {c + 1}): the fast solver says AA {word[bool(fast[v])]}, "
        f"the rule search says AA {word[bool(rules[v])]}\n"
        "input (gamecert solve maze):\n" + "".join(f"    {row}\n" for row in text.splitlines())
    )


class MazeBoards(ExhaustiveAudit, ExhaustiveStress):
    """Every maze board up to ``N x N`` up to symmetry: ``gamecert audit --game maze --exhaustive N``
    and ``gamecert stress maze --candidate CMD --exhaustive N``."""

    size = "board side"
    claim = CLAIM
    counted = "boards"
    stress_unit = "boards"

    def audit_size(self, side: int) -> SizeCost:
        """The boards whose longer side is exactly ``side``, up to symmetry, and their cost."""
        from gamecert.verify.engine.sizes import size_cost

        return size_cost(side_count(side), True, AUDIT_SECONDS, side)

    def stress_size(self, side: int) -> SizeCost:
        from gamecert.verify.engine.sizes import size_cost

        return size_cost(side_count(side), True, STRESS_SECONDS, side)

    def audit_name(self) -> str:
        return NAME

    def audit_campaign(self, max_side: int) -> Campaign:
        """The maze theorem on every board up to ``max_side x max_side`` up to symmetry."""
        from gamecert.verify.engine.campaign import Campaign

        return Campaign(f"{NAME} up to {max_side}x{max_side}", audit_boards, board_shards(max_side), {}, "boards")

    def audit_covered(self, max_side: int) -> str:
        """What both campaigns cover.

        >>> MazeBoards().audit_covered(3)
        'boards up to 3x3 up to symmetry'
        """
        return f"boards up to {max_side}x{max_side} up to symmetry"

    def stress_shards(self, max_side: int) -> tuple[Shard, ...]:
        return board_shards(max_side)

    def stress_covered(self, max_side: int) -> str:
        return self.audit_covered(max_side)

    def stress_cases(self, params: Mapping) -> Iterator[tuple[str, str]]:
        """The canonical boards of a shard as ``(label, judge input)``.

        >>> [text for _, text in MazeBoards().stress_cases({"rows": 1, "cols": 2, "lo": 0, "hi": 4})]
        ['1 2\\n##\\n', '1 2\\n.#\\n', '1 2\\n..\\n']
        """
        for free in free_arrays(params):
            yield f"board {free.shape[0]}x{free.shape[1]}", Maze(free).text()
