"""``solve --stats`` on impartial games: positions by nim value against a naive mex recursion."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache, reduce
from operator import xor
from pathlib import Path

import pytest

from gamecert.verify.rules.load import rules_game
from gamecert.verify.impartial.stats import ImpartialStatistics
from tests.support import run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_kayles_counts_are_the_naive_nim_values(tmp_path):
    result = run(["solve", "--rules", str(EXAMPLES / "kayles.py"), "--stats", "--json"], input="9\n")
    assert result.exit_code == 0, result.output

    @cache
    def value(n: int) -> int:
        """Kayles' nim value by the mex of its options' xors (a row of n pins; knock one or two adjacent)."""
        seen = {value(a) ^ value(n - k - a) for k in (1, 2) for a in range(n - k + 1)}
        return next(g for g in range(n + 2) if g not in seen)

    data = json.loads(result.stdout)
    found = Counter({(c["outcome"], c["nim_value"]): c["positions"] for c in data["counts"]})
    assert found == Counter(("win" if value(n) else "lose", value(n)) for n in range(1, 10))
    assert data["counted"] == "component positions"


@pytest.mark.parametrize("heaps", ["1 2", "2 2 3", "1 1 1 4"])
def test_misere_counts_the_whole_sums_searched_by_the_closed_form(heaps):
    game = rules_game(str(EXAMPLES / "misere_nim.py"))
    instance = game.parse(heaps + "\n")
    stats = ImpartialStatistics(game).analyze(instance)

    def loses(sizes: list[int]) -> bool:
        """Misère nim's closed form: lost iff all heaps are 0 or 1 and odd in number, or some heap is 2+ and the xor is 0."""
        if all(h <= 1 for h in sizes):
            return sum(sizes) % 2 == 1
        return reduce(xor, sizes, 0) == 0

    searched = game.solve(instance).table
    assert Counter({o: n for o, _, n in stats.counts}) == Counter(
        "lose" if loses([h for c in s.components() for h in c]) else "win" for s in searched
    )
    assert stats.text().splitlines()[3] == "outcome  positions"
