"""The score-game solver against naive minimax on random games with extra moves and results; loops are bad
rules; the certificate checker catches a tampered score or rank."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from gamecert.solvers.errors import RulesError
from gamecert.solvers.turn.graph import explore
from gamecert.solvers.general.moves import GeneralMoves
from gamecert.solvers.turn.tiers import expand
from gamecert.solvers.rules.rules import GeneralRules, Guard, Limits, ScoreRules
from gamecert.solvers.turn.moves import MoveReader
from gamecert.solvers.score.moves import ScoreMoves
from gamecert.solvers.score.solver import score_game
from gamecert.verify.turn.graph import turn_graph
from gamecert.verify.score.certificate import check_score
from tests.general.naive import naive_score, random_score


def take(n_max: int = 3, bonus: int | None = None) -> ScoreRules:
    """Take 1 .. n_max coins from a heap, scoring the coins taken; taking ``bonus`` coins earns an extra move.

    A position is ``(heap, player)``."""

    def moves(p):
        heap, who = p
        return [((heap - k, who if k == bonus else 1 - who), k) for k in range(1, min(n_max, heap) + 1)]

    return ScoreRules("take", "take.py", int, moves, player=lambda p: p[1])


@pytest.mark.parametrize("players", [True, False])
def test_random_games_equal_naive_minimax(players):
    for seed in range(250):
        rules = random_score(seed, n=1 + seed % 8, players=players)
        queries = list(range(1 + seed % 8))
        solution = score_game(rules, queries)
        assert solution.table == naive_score(rules, queries), f"seed {seed}"
        assert check_score(rules, solution) == [], f"seed {seed}"


def test_taking_coins_with_an_extra_move():
    plain, bonus = take(), take(bonus=2)
    heaps = [(h, 0) for h in range(8)]
    assert [v.number for v in score_game(plain, heaps).values] == [naive_score(plain, [q])[q] for q in heaps]
    assert [v.number for v in score_game(bonus, heaps).values] == [naive_score(bonus, [q])[q] for q in heaps]
    # taking every coin is best when the heap is small enough: the first player scores it all
    assert [v.number for v in score_game(plain, heaps[:4]).values] == [0, 1, 2, 3]


def test_ranks_are_the_longest_play():
    solution = score_game(take(), [(5, 0)])
    assert solution.ranks[(5, 0)] == 5 and solution.ranks[(0, 1)] == 0


def test_a_loop_is_bad_rules_with_its_cycle():
    rules = ScoreRules("loop", "loop.py", int, lambda n: [((n + 1) % 3, 1), (9, 0)] if n < 9 else [])
    with pytest.raises(RulesError) as found:
        score_game(rules, [0])
    assert found.value.message == (
        "moves(2): a loop: 0 -> 1 -> 2 -> 0 (a position is reachable from itself, so play need not end; "
        "a score game must end)"
    )


def test_a_tampered_rank_or_score_is_a_violation():
    rules = take()
    solution = score_game(rules, [(2, 0)])
    assert check_score(rules, solution) == []
    solution.ranks[(1, 1)] = 2
    solution.table[(0, 1)] = 1
    assert check_score(rules, solution) == [
        "(2, 0): the rank 2 does not fall on the move to (1, 1) (rank 2)",
        "(0, 1): the certificate says 1, but there is no move (0)",
    ]


def test_the_queries_count_toward_max_positions():
    with pytest.raises(RulesError) as found:
        score_game(take(), [(0, 0), (0, 1)], Limits(max_positions=1))
    assert found.value.message == "parse((0, 1)): the game has more than 1 positions (--max-positions)"


def test_the_description_says_how_moves_read():
    # Every listing (the solver's, the tiered solve's and the formulations') reads the moves with the description's
    # reader, whatever its class: a description of another class with the score reader reads them as pairs.
    @dataclass(frozen=True)
    class Scored(GeneralRules):
        reader: ClassVar[MoveReader] = ScoreMoves()

    rules = Scored("take", "take.py", int, lambda n: [(n - k, k) for k in (1, 2) if k <= n], tier=lambda n: -n)
    assert isinstance(GeneralRules.reader, GeneralMoves) and isinstance(ScoreRules.reader, ScoreMoves)
    listed = turn_graph(rules, [2])
    assert (listed.positions, listed.points) == ((2, 1, 0), ((1, 2), (1,), ()))
    with Guard(rules) as guard:
        explored = explore(rules, [2], guard)
        expanded = expand(rules, guard, (-2, 0, 0), 1, [2], {})
    assert (explored.positions, explored.points) == ([2, 1, 0], [1, 2, 1])
    assert (expanded.positions, expanded.points.tolist(), expanded.sent) == ([2], [1, 2], {(-1, 0, 0): [1], (0, 0, 0): [0]})
