"""Every sum of pieces up to a total area, for any rectangle-cutting rule, as campaign shards.

A position of a cutting game is a multiset of pieces ``r x c`` (sides at
least the rule's least side; no ``1 x 1`` where the rule forbids it). One
shard holds every multiset of one total area; each is checked by
:func:`gamecert.verify.cutting.audit.sum_difference` (the xor verdict against
the rule search on the literal rules, and the fast side's named winning move
replayed). The campaign's options carry the rule as JSON data
(:meth:`~gamecert.solvers.cutting.rules.CuttingRule.to_data`), and the shard
function rebuilds it, so a rule defined at run time runs on any worker.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from gamecert.solvers.cutting.rules import CuttingRule
from gamecert.verify.capabilities import ExhaustiveAudit
from gamecert.verify.cutting.audit import CUTTING_CLAIM, pieces_up_to, sum_difference
from gamecert.verify.cutting.search import rule_search

if TYPE_CHECKING:
    from gamecert.verify.engine.campaign import Campaign
    from gamecert.verify.engine.sizes import SizeCost

#: The theorem audited (the same for every rule).
CLAIM = CUTTING_CLAIM

#: Seconds per sum by total area, one core, for the rule with pieces of side 1 (split) and the
#: one without (cutting) (``benchmarks/campaign_sizes.py --measure``).
SECONDS = {
    True: {6: 2.4e-4, 8: 3.5e-4, 10: 4.6e-4, 12: 6.1e-4, 14: 8.9e-4, 16: 7.9e-4, 18: 4.9e-4, 20: 4.9e-4},
    False: {8: 2.2e-4, 12: 2.3e-4, 16: 2.7e-4, 20: 3.0e-4, 24: 3.3e-4, 28: 3.6e-4, 32: 3.9e-4},
}


def sum_counts(rule: CuttingRule, max_area: int) -> list[int]:
    """How many sums :func:`sums_of_area` yields for each total area ``0..max_area``.

    Notes
    -----
    The multisets of pieces by total area are the coefficients of
    ``prod over pieces p of 1 / (1 - x^area(p))``: one pass per piece adds
    ``counts[t - area(p)]`` to ``counts[t]`` in increasing ``t``.
    ``O(P · max_area)`` for the ``P`` pieces up to ``max_area``.

    >>> from gamecert.solvers.cutting.rules import SPLIT
    >>> sum_counts(SPLIT, 4)
    [1, 0, 2, 2, 6]
    """
    counts = [1] + [0] * max_area
    for a, b in pieces_up_to(rule, max_area):
        w = a * b
        for t in range(w, max_area + 1):
            counts[t] += counts[t - w]
    return counts


def sums_of_area(rule: CuttingRule, area: int) -> Iterator[list[tuple[int, int]]]:
    """Every multiset of the rule's pieces with total area exactly ``area``, pieces in
    :func:`~gamecert.verify.cutting.audit.pieces_up_to` order (a non-decreasing index list).

    >>> from gamecert.solvers.cutting.rules import SPLIT
    >>> [s for s in sums_of_area(SPLIT, 4)]
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


class CuttingSums(ExhaustiveAudit):
    """``gamecert audit --game NAME --exhaustive N``: every sum of the rule's pieces up to total area ``N``."""

    size = "total area"
    claim = CLAIM
    counted = "sums"

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule
        self._counts: list[int] = [1]

    def audit_size(self, area: int) -> SizeCost:
        """The sums of exactly ``area`` (none below area 2: the campaign starts there) and their cost."""
        from gamecert.verify.engine.sizes import size_cost

        if area >= len(self._counts):  # counted again up to twice the area: the walk asks area by area
            self._counts = sum_counts(self.rule, max(area, 2 * len(self._counts)))
        cases = self._counts[area] if area >= 2 else 0
        return size_cost(cases, True, SECONDS[self.rule.min_side == 1], area)

    def audit_name(self) -> str:
        return f"{self.rule.name}-exhaustive"

    def audit_campaign(self, size: int) -> Campaign:
        """Every sum of total area 2 to ``size``, one shard per area; the rule travels in the options.

        >>> from gamecert.solvers.cutting.rules import CUTTING
        >>> c = CuttingSums(CUTTING).audit_campaign(5)
        >>> [s.key for s in c.shards], c.options["rule"]["min_side"]
        (['cutting-area2', 'cutting-area3', 'cutting-area4', 'cutting-area5'], 2)
        """
        from gamecert.verify.engine.campaign import Campaign, Shard

        name = self.rule.name
        shards = tuple(Shard(f"{name}-area{a}", {"rule": name, "area": a}) for a in range(2, size + 1))
        return Campaign(f"{name}-exhaustive up to area {size}", audit_area, shards, {"rule": self.rule.to_data()}, "sums")

    def audit_covered(self, size: int) -> str:
        return f"sums of pieces up to total area {size}"


def audit_area(params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
    """Audit every sum of one total area: counts (``sums``, ``pieces``, ``first-player wins``,
    ``disagreements``) and the first disagreement as a ``--position`` to reproduce.

    ``options["rule"]`` is the rule as :meth:`~gamecert.solvers.cutting.rules.CuttingRule.to_data` gives it.

    >>> from gamecert.solvers.cutting.rules import CUTTING
    >>> audit_area({"rule": "cutting", "area": 8}, {"rule": CUTTING.to_data()})
    ({'sums': 3, 'pieces': 4, 'first-player wins': 2, 'disagreements': 0}, [])
    """
    rule, area = CuttingRule.from_data(options["rule"]), int(params["area"])
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
                found.append(f"{bad}\nposition (gamecert solve {rule.name} --position): {text}\n")
    return counts, found
