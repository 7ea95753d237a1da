"""``solve --stats`` on partizan games: positions by outcome class against a naive game-tree search."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

from gamecert.solvers.rules.rules import Limits, PartizanRules
from gamecert.verify.partizan.game import PartizanRulesGame
from gamecert.verify.partizan.stats import PartizanStatistics
from tests.support import run

DOMINEERING = str(Path(__file__).resolve().parents[2] / "examples" / "domineering_partizan.py")


def _left(n):
    return [n - k for k in (1, 3) if k <= n]


def _right(n):
    return [n - 2] if n > 1 else []


def test_counts_are_the_naive_outcome_classes():
    game = PartizanRulesGame(PartizanRules("heap", "heap.py", int, _left, _right), Limits())
    stats = PartizanStatistics(game).analyze(game.parse("12\n"))

    @cache
    def wins(n: int, left: bool) -> bool:
        """Whether the player to move (Left or Right) wins moving first from heap n: plain game-tree search."""
        return any(not wins(m, not left) for m in (_left(n) if left else _right(n)))

    def outcome(n: int) -> str:
        return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[wins(n, True), wins(n, False)]

    assert Counter({o: k for o, _, k in stats.counts}) == Counter(outcome(n) for n in range(13))
    assert stats.moves == sum(len(_left(n)) + len(_right(n)) for n in range(13))


def test_domineering_stats_text():
    result = run(["solve", "--rules", DOMINEERING, "--stats"], input="3x3\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:3] == ["domineering-partizan: 20 component positions reached from 1 query, every value certified", "L 5, R 5, N 7, P 3", ""]
    assert "N: the first player wins, e.g. .../.../..." in lines  # the 3x3 board is a first-player win


def test_show_stats_draws_a_bar_per_outcome_class(tmp_path):
    (tmp_path / "board.txt").write_text("3x3\n")
    result = run(["show", "--rules", DOMINEERING, str(tmp_path / "board.txt"), "--stats"])
    assert result.exit_code == 0, result.output
    svg = result.stdout
    assert "domineering-partizan: 20 component positions by outcome class" in svg
    assert [f"<title>{o}: {n}</title>" in svg for o, n in (("L", 5), ("R", 5), ("N", 7), ("P", 3))] == [True] * 4
