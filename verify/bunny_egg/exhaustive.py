"""Every Bunny-and-Egg board up to a number of cells, with every legal record, as campaign shards.

The boards are those of :func:`gamecert.verify.bunny_egg.audit.all_boards`
(per shape and empty cell, each other cell enterable or not: all the game
sees), and each is played to its end in every legal way
(:func:`~gamecert.verify.bunny_egg.audit.full_records`); every position of
every record is compared between the fast analysis and the board search
(:func:`~gamecert.verify.bunny_egg.audit.bunny_agreement`). A shard is one
shape and empty cell, and a range of the enterability masks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from gamecert.solvers.bunny_egg import BunnyEgg
from gamecert.verify.bunny_egg.audit import BUNNY_CLAIM, board_of, bunny_agreement, full_records
from gamecert.verify.capabilities import ExhaustiveAudit

if TYPE_CHECKING:
    from gamecert.verify.engine.campaign import Campaign, Shard
    from gamecert.verify.engine.sizes import SizeCost

#: Enterability masks per shard.
CHUNK = 512

#: Seconds per board (all its records) by cells, one core (``benchmarks/campaign_sizes.py --measure``).
SECONDS = {4: 4.9e-4, 5: 3.2e-4, 6: 1.9e-4, 7: 2.2e-4, 8: 2.5e-4, 9: 3.2e-4, 10: 3.6e-4, 11: 2.9e-4}


def board_count(cells: int) -> int:
    """The boards of :func:`board_shards` with exactly ``cells`` cells: per shape ``n x (cells/n)``,
    each empty cell and each enterability of the other cells.

    >>> [board_count(c) for c in (1, 2, 3, 4)]
    [1, 8, 24, 96]
    """
    shapes = sum(1 for n in range(1, cells + 1) if cells % n == 0)
    return shapes * cells << (cells - 1)


class BunnyEggExhaustiveAudit(ExhaustiveAudit):
    """``gamecert audit --game bunny-egg --exhaustive N``: every full record on every board up to ``N`` cells.

    The campaign's shards are :func:`board_shards`, each run by :func:`audit_boards`.
    """

    size = "cells"
    claim = BUNNY_CLAIM
    counted = "boards"

    def audit_size(self, cells: int) -> SizeCost:
        """The boards of exactly ``cells`` cells and their cost (every record of each)."""
        from gamecert.verify.engine.sizes import size_cost

        return size_cost(board_count(cells), True, SECONDS, cells)

    def audit_name(self) -> str:
        return "bunny-exhaustive"

    def audit_campaign(self, size: int) -> Campaign:
        # The campaign engine (store, hashing, logging) is loaded by campaigns only.
        from gamecert.verify.engine.campaign import Campaign

        return Campaign(f"bunny-exhaustive up to {size} cells", audit_boards, board_shards(size), {}, "records")

    def audit_covered(self, size: int) -> str:
        return f"records on every board up to {size} cells"


def board_shards(max_cells: int) -> tuple[Shard, ...]:
    """Shapes by cells then rows, each empty cell, masks in ranges of :data:`CHUNK`.

    >>> [s.key for s in board_shards(2)]
    ['1x1-s0-0', '1x2-s0-0', '1x2-s1-0', '2x1-s0-0', '2x1-s1-0']
    """
    from gamecert.verify.engine.campaign import Shard

    out = []
    for cells in range(1, max_cells + 1):
        for n in range(1, cells + 1):
            if cells % n:
                continue
            m = cells // n
            for s in range(cells):
                total = 1 << (cells - 1)
                for lo in range(0, total, CHUNK):
                    params = {"rows": n, "cols": m, "start": s, "lo": lo, "hi": min(total, lo + CHUNK)}
                    out.append(Shard(f"{n}x{m}-s{s}-{lo}", params))
    return tuple(out)


def audit_boards(params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
    """Every full record of every board of one shard: counts (``records``, ``boards``,
    ``positions``, ``disagreements``) and the first disagreement.

    >>> audit_boards({"rows": 1, "cols": 3, "start": 1, "lo": 0, "hi": 4}, {})
    ({'records': 4, 'boards': 4, 'positions': 4, 'disagreements': 0}, [])
    """
    n, m, s = int(params["rows"]), int(params["cols"]), int(params["start"])
    counts = {"records": 0, "boards": 0, "positions": 0, "disagreements": 0}

    def records() -> Iterator[BunnyEgg]:
        for mask in range(int(params["lo"]), int(params["hi"])):
            board = board_of(n, m, s, mask)
            counts["boards"] += 1
            for moves in full_records(board):
                yield BunnyEgg(board, moves)

    # bunny_agreement stops at the first disagreement; the rest of the shard then runs on.
    found: list[str] = []
    stream = records()
    while True:
        done, positions, bad = bunny_agreement(stream)
        counts["records"] += done
        counts["positions"] += positions
        if bad is None:
            break
        counts["disagreements"] += 1
        if not found:
            found.append(bad + "\n")
    return counts, found
