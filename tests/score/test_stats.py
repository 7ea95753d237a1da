"""``solve --stats`` on score games: positions by score against a naive minimax, the extremes."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from gamecert.solvers.rules.rules import Limits
from gamecert.verify.score.game import ScoreRulesGame
from gamecert.verify.score.stats import ScoreStatistics
from tests.general.naive import naive_score, random_score
from tests.support import run

KALAH = str(Path(__file__).resolve().parents[2] / "examples" / "kalah.py")


@pytest.mark.parametrize("seed", range(40))
def test_counts_are_the_naive_scores_of_every_position_reached(seed):
    rules = random_score(seed)
    game = ScoreRulesGame(rules, Limits())
    stats = ScoreStatistics(game).analyze(game.parse("0\n"))
    naive = naive_score(rules, [0])
    assert Counter({k: n for _, k, n in stats.counts}) == Counter(naive.values())
    best, worst, _ = stats.examples
    assert (best.value, worst.value) == (f"score {max(naive.values())}", f"score {min(naive.values())}")
    assert (naive[int(best.position)], naive[int(worst.position)]) == (max(naive.values()), min(naive.values()))


def test_kalah_stats_text():
    result = run(["solve", "--rules", KALAH, "--stats"], input="2 2\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:4] == ["kalah: 26 positions reached from 1 query, every value certified", "score 26", "", "score  positions"]
    assert lines[-5:] == [
        "best score: score 6, e.g. N 0 0 | 3 3",
        "worst score: score -5, e.g. S 0 3 | 2 2",
        "longest play: 8 moves, e.g. S 2 2 | 2 2",
        "branching factor: 1.32 moves per position with a move (most 2)",
        "positions with no move: 7",
    ]
