"""``gamecert solve --rules FILE INPUT --stats`` for score games: positions by score, the best and worst
scores and the longest play (:class:`ScoreStatistics`)."""

from __future__ import annotations

from typing import Any

from gamecert.verify.engine.stats import Tally
from gamecert.verify.turn.stats import TurnStatistics


class ScoreStatistics(TurnStatistics):
    """Positions by the score of the player to move; the best and the worst score, the longest play (the
    certified rank: the most moves any play from there takes).

    >>> from gamecert.solvers.rules.rules import Limits, ScoreRules
    >>> from gamecert.verify.score.game import ScoreRulesGame
    >>> def moves(n): return [(n - k, k) for k in (1, 2) if k <= n]
    >>> take = ScoreRulesGame(ScoreRules("take", "take.py", int, moves), Limits())
    >>> stats = ScoreStatistics(take).analyze(take.parse("3\\n"))
    >>> stats.counts, [e.value for e in stats.examples]
    ((('score', 0, 1), ('score', 1, 2), ('score', 2, 1)), ['score 2', 'score 0', '3 moves'])
    """

    measure = "score"
    outcomes = ("score",)

    def count(self, tally: Tally, solution: Any, position: Any, entry: Any) -> None:
        tally.count("score", entry, position)
        tally.count("rank", solution.ranks[position], position)

    def extremes(self, tally: Tally, solution: Any) -> list[tuple[str, str, Any]]:
        best, worst, longest = tally.extreme("score", max), tally.extreme("score", min), tally.extreme("rank", max)
        return [
            ("best score", f"score {best[0]}", best[1]), ("worst score", f"score {worst[0]}", worst[1]),
            ("longest play", f"{longest[0]} moves", longest[1]),
        ]
