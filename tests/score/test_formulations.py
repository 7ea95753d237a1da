"""The independent formulations of score games: depth-first minimax, the MILP, SAT and CP-SAT.

Expected answers come from outside gamecert: the samples of LeetCode 486 (Predict the Winner: the first
player loses [1, 5, 2] and wins [1, 5, 233, 7]), with the margins worked by hand in the comments, and a
small game with extra moves worked by hand. Random small games (ending, with extra moves, results and
points) check every implementation against a reference written here: the value's definition, evaluated
over every play (no memo).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.errors import RulesError
from gamecert.solvers.turn.value import Value
from gamecert.solvers.rules.rules import ScoreRules
from gamecert.solvers.score.solver import score_game
from gamecert.verify.turn.graph import turn_graph
from gamecert.verify.rules.load import load_rules
from gamecert.verify.score.formulations import score_formulations
from tests.general import formulating

NAMES = ["search", "milp", "sat", "cpsat"]
#: The fast solver and every formulation.
EVERY = ["fast", *NAMES]


def formulation(rules, name: str):
    return formulating.formulation(score_formulations, rules, name)


#: Every implementation of a score game's answer, by name: the fast solver and each formulation.
IMPLEMENTATIONS = {"fast": formulating.fast(score_game)} | formulating.implementations(score_formulations, NAMES)


def scores(*numbers: int) -> tuple[Value, ...]:
    return tuple(Value("score", n) for n in numbers)


#: Predict the Winner: take the first or the last number of the row, scoring it.
PREDICT = ScoreRules("predict", "p.py", eval, lambda row: [(row[1:], row[0]), (row[:-1], row[-1])] if row else [])


@pytest.mark.parametrize("name", EVERY)
def test_predict_the_winner_samples(name):
    # [1, 5, 2]: taking 1 or 2 lets the opponent take 5; the first player ends with 3 against 5: -2.
    # [1, 5, 233, 7]: take 1; whatever the opponent takes (5 or 7), take 233: 234 against 12: 222.
    assert IMPLEMENTATIONS[name](PREDICT, [(1, 5, 2), (1, 5, 233, 7), ()]) == scores(-2, 222, 0)


@pytest.mark.parametrize("name", EVERY)
def test_extra_moves_score_for_the_same_player(name):
    # (player, coins): take 1 coin (1 point, the turn passes) or 2 coins (1 point, move again).
    # V(0) = 0; V(1) = 1 - V(0) = 1; V(2) = max(1 - V(1), 1 + V(0)) = 1;
    # V(3) = max(1 - V(2), 1 + V(1)) = 2; V(4) = max(1 - V(3), 1 + V(2)) = 2.
    def moves(p):
        who, n = p
        other = "b" if who == "a" else "a"
        if n == 0:
            return []
        return [((other, n - 1), 1)] + ([((who, n - 2), 1)] if n >= 2 else [])

    rules = ScoreRules("coins", "c.py", eval, moves, player=lambda p: p[0])
    assert IMPLEMENTATIONS[name](rules, [("a", n) for n in range(5)]) == scores(0, 1, 1, 2, 2)


@pytest.mark.parametrize("name", EVERY)
def test_result_ends_the_game_with_its_score(name):
    # 2 -> 1 (3 points) or 2 -> 0 (0 points); result(1) = 4 for the player then to move, result(0) = -5.
    # V(2) = max(3 - 4, 0 + 5) = 5.
    rules = ScoreRules("r", "r.py", int, lambda n: [(1, 3), (0, 0)], result={1: 4, 0: -5}.get)
    assert IMPLEMENTATIONS[name](rules, [2, 1, 0]) == scores(5, 4, -5)


# -- random games against the definition -----------------------------------------------------------


@dataclass(frozen=True)
class RandomGame:
    """Positions 0 .. n-1, each move to a larger one (so play ends), with results, points and players."""

    ends: tuple
    moves: tuple
    players: tuple | None

    def rules(self) -> ScoreRules:
        return ScoreRules(
            "random", "random.py", int, self.moves.__getitem__, result=self.ends.__getitem__,
            player=None if self.players is None else self.players.__getitem__,
        )

    def value(self, x: int) -> int:
        """The definition, over every play (tiny games: the recursion is shallow)."""
        if self.ends[x] is not None:
            return self.ends[x]
        if not self.moves[x]:
            return 0
        same = [self.players is not None and self.players[x] == self.players[y] for y, _ in self.moves[x]]
        return max(p + (self.value(y) if s else -self.value(y)) for (y, p), s in zip(self.moves[x], same))


@st.composite
def random_games(draw, most: int = 7) -> tuple[RandomGame, list[int]]:
    n = draw(st.integers(1, most))
    ends = draw(st.lists(st.sampled_from([None, None, None, -5, 0, 3]), min_size=n, max_size=n))
    moves = [
        tuple(draw(st.lists(st.tuples(st.integers(x + 1, n - 1), st.integers(-3, 3)), min_size=1, max_size=3)))
        if x < n - 1 else ()
        for x in range(n)
    ]
    # Three games in four name their players, so that extra moves are common.
    players = None if draw(st.integers(0, 3)) == 0 else tuple(draw(st.lists(st.sampled_from("ab"), min_size=n, max_size=n)))
    starts = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2))
    return RandomGame(tuple(ends), tuple(moves), players), starts


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(random_games())
def test_every_implementation_gives_the_definitions_answer(drawn):
    game, starts = drawn
    expected = tuple(Value("score", game.value(q)) for q in starts)
    got = {name: run(game.rules(), starts) for name, run in IMPLEMENTATIONS.items()}
    assert got == {name: expected for name in IMPLEMENTATIONS}


# -- limits and bad rules ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["milp", "sat", "cpsat"])
def test_large_games_are_predicted_not_refused(name):
    # The rows left of a row of 70 numbers: its 70 * 71 / 2 runs and the empty row; of 20: 211.
    small, large = formulation(PREDICT, name), formulation(PREDICT, name)
    assert small.fits([tuple(range(20))]) is None and large.fits([tuple(range(70))]) is None
    assert 0 < small.predict([tuple(range(20))]) < large.predict([tuple(range(70))])


@pytest.mark.parametrize("name", EVERY)
def test_othello_passes(name):
    # examples/othello4.py, the top row X O . . and the rest empty. O to move has no placement (nothing of X
    # lies between an empty cell and an O), so O passes; X places at the third cell, flanking O: X X X .,
    # and neither can place: the end, 3 discs to 0. X to move: 3; O to move: pass, then -3.
    rules = load_rules(str(Path(__file__).resolve().parents[2] / "examples" / "othello4.py"))
    board = "XO" + "." * 14
    assert IMPLEMENTATIONS[name](rules, [(board, "X"), (board, "O")]) == scores(3, -3)


@pytest.mark.parametrize(
    "moves, message",
    [
        (
            lambda n: [((n + 1) % 3, 1)],
            (
                "moves(2): a loop: 0 -> 1 -> 2 -> 0 (a position is reachable from itself, so play need not end; "
                "a score game must end)"
            ),
        ),
        (lambda n: [n - 1] if n else [], "moves(3): returned the move 2, expected a (position, points) pair"),
        (lambda n: [(n - 1, True)] if n else [], "moves(3): returned the move (2, True), whose points True (bool) are not an int"),
        (lambda n: [(n - 1, 1.5)] if n else [], "moves(3): returned the move (2, 1.5), whose points 1.5 (float) are not an int"),
    ],
)
def test_bad_rules_are_rules_errors(moves, message):
    with pytest.raises(RulesError) as found:
        turn_graph(ScoreRules("r", "r.py", int, moves), [3 if "loop" not in message else 0])
    assert message in str(found.value)


def test_a_result_that_is_not_an_int_is_a_rules_error():
    rules = ScoreRules("r", "r.py", int, lambda n: [], result=lambda n: "3")
    with pytest.raises(RulesError, match=r"result\(0\): returned '3', expected None or an int \(the score\)"):
        turn_graph(rules, [0])
