"""Every sum of pieces up to a total area, for both rectangle-cutting games, as campaign shards.

A position of the Split Game or the Cutting Game is a multiset of pieces
``r x c`` (sides at least the rule's least side; no ``1 x 1``). One shard
holds every multiset of one total area; each is checked by
:func:`gamecert.verify.cutting.audit.sum_difference` (the xor verdict against
the rule search on the literal rules, and the fast side's named winning move
replayed). Both games' registry entries name this module, with their rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from gamecert.verify.cutting.audit import CUTTING_CLAIM, pieces_up_to, sum_difference
from gamecert.verify.engine.campaign import Campaign, Shard

CLAIM = CUTTING_CLAIM


def sums_of_area(rule: str, area: int) -> Iterator[list[tuple[int, int]]]:
    """Every multiset of the rule's pieces with total area exactly ``area``, pieces in
    :func:`~gamecert.verify.cutting.audit.pieces_up_to` order (a non-decreasing index list).

    >>> [s for s in sums_of_area("split", 4)]
    [[(1, 2), (1, 2)], [(1, 2), (2, 1)], [(2, 1), (2, 1)], [(1, 4)], [(2, 2)], [(4, 1)]]
    """
    pieces = pieces_up_to(rule, area)
    sizes = [a * b for a, b in pieces]
    # Explicit stack of (next smallest index allowed, area left, chosen indices).
    stack: list[tuple[int, int, tuple[int, ...]]] = [(0, area, ())]
    out: list[tuple[int, ...]] = []
    while stack:
        low, left, chosen = stack.pop()
        if left == 0:
            out.append(chosen)
            continue
        for i in range(low, len(pieces)):
            if sizes[i] <= left:
                stack.append((i, left - sizes[i], chosen + (i,)))
    for chosen in sorted(out):
        yield [pieces[i] for i in chosen]


def audit_name(rule: str) -> str:
    return f"{rule}-exhaustive"


def audit_campaign(max_area: int, rule: str) -> Campaign:
    """Every sum of the rule's pieces of total area 2 to ``max_area``, one shard per area."""
    shards = tuple(Shard(f"{rule}-area{a}", {"rule": rule, "area": a}) for a in range(2, max_area + 1))
    return Campaign(
        f"{rule}-exhaustive up to area {max_area}", audit_area, shards, {}, "sums"
    )


def covered(max_area: int, rule: str) -> str:
    return f"sums of pieces up to total area {max_area}"


def audit_area(params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
    """Audit every sum of one total area: counts (``sums``, ``pieces``, ``first-player wins``,
    ``disagreements``) and the first disagreement as a ``--position`` to reproduce.

    >>> audit_area({"rule": "cutting", "area": 8}, {})
    ({'sums': 3, 'pieces': 4, 'first-player wins': 2, 'disagreements': 0}, [])
    """
    from gamecert.verify.cutting.search import rule_search

    rule, area = str(params["rule"]), int(params["area"])
    counts = {"sums": 0, "pieces": 0, "first-player wins": 0, "disagreements": 0}
    found: list[str] = []
    memo: dict = {}
    for pieces in sums_of_area(rule, area):
        counts["sums"] += 1
        counts["pieces"] += len(pieces)
        counts["first-player wins"] += int(rule_search(pieces, rule, memo))
        bad = sum_difference(pieces, rule, memo)
        if bad is not None:
            counts["disagreements"] += 1
            if not found:
                text = " ".join(f"{a}x{b}" for a, b in pieces)
                found.append(f"{bad}\nposition (gamecert solve {rule} --position): {text}\n")
    return counts, found
