"""The general-game solver against a naive evaluation, on hand games and random ones; tic-tac-toe and
Connect Four 4x4 (both draws, with their published position counts); the certificate checker."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamecert.solvers.errors import RulesError
from gamecert.solvers.general.solver import general_game
from gamecert.solvers.turn.value import Value
from gamecert.solvers.rules.rules import GeneralRules, Limits
from gamecert.verify.general.certificate import check_general
from gamecert.verify.rules.load import load_rules
from tests.general.naive import naive_general, random_general

HERE = Path(__file__).resolve().parents[2] / "cases" / "general"


def words(solution) -> list[str]:
    return [str(v) for v in solution.values]


def graph_rules(edges: dict, ends: dict | None = None, sides: dict | None = None) -> GeneralRules:
    ends = ends or {}
    return GeneralRules(
        "hand", "hand.py", str, lambda p: edges.get(p, []), result=lambda p: ends.get(p),
        player=None if sides is None else (lambda p: sides[p]),
    )


@pytest.mark.parametrize("players", [True, False])
def test_random_games_equal_the_naive_rounds(players):
    for seed in [*range(400), *range(1000, 1010)]:
        n = 1 + seed % 8 if seed < 1000 else 40
        rules = random_general(seed, n=n, players=players)
        queries = list(range(n))
        solution = general_game(rules, queries)
        assert solution.table == naive_general(rules, queries), f"seed {seed}"
        assert check_general(rules, solution) == [], f"seed {seed}"


def test_a_move_back_to_the_same_position_is_a_draw_not_a_loss():
    # a: the only other move loses; passing forever (a -> a) keeps the draw (GamesmanPy ignores it)
    rules = graph_rules({"a": ["a", "b"], "b": ["c"]})
    assert words(general_game(rules, ["a", "b", "c"])) == ["draw", "win 1", "lose 0"]


def test_extra_moves_keep_the_turn():
    # a and b are a's; c is b's. From a: to b (a moves again, and b has no move: a loses) or to c.
    rules = graph_rules({"a": ["b", "c"], "c": ["d"]}, sides={"a": 1, "b": 1, "c": 2, "d": 1})
    # c: its mover moves to d, where the other player has no move: c is win 1, so a's move to c is bad too
    assert words(general_game(rules, ["a", "b", "c", "d"])) == ["lose 2", "lose 0", "win 1", "lose 0"]
    assert general_game(rules, ["a"]).players == (1, 2)


def test_an_extra_move_to_a_won_position_wins():
    rules = graph_rules({"a": ["b"], "b": ["c"]}, sides={"a": 1, "b": 1, "c": 2})
    assert words(general_game(rules, ["a", "b"])) == ["win 2", "win 1"]


def test_results_end_the_game_before_moves_are_asked():
    asked = []
    rules = GeneralRules(
        "ends", "ends.py", str, lambda p: asked.append(p) or ["x"], result=lambda p: {"w": "win", "d": "draw"}.get(p)
    )
    assert words(general_game(rules, ["w", "d"])) == ["win 0", "draw"]
    assert asked == []


def test_a_terminal_draw_is_not_a_move_to_a_draw_position_for_the_checker():
    rules = graph_rules({"a": ["d", "w"]}, ends={"d": "draw", "w": "win"})
    solution = general_game(rules, ["a"])
    assert words(solution) == ["draw"] and check_general(rules, solution) == []


def test_tictactoe_has_5478_positions_and_is_a_draw():
    rules = load_rules(str(HERE / "tictactoe.py"))
    solution = general_game(rules, ["........."])
    assert len(solution.table) == 5478
    assert words(solution) == ["draw"]
    # X in a corner, O on an edge beside it: X wins (a reply to a corner other than the centre loses)
    solution = general_game(rules, ["XO......."])
    assert words(solution) == ["win 5"]
    assert solution.table == naive_general(rules, ["XO......."])


@pytest.mark.slow
def test_connect_four_4x4_has_161029_positions_and_is_a_draw():
    rules = load_rules(str(HERE / "connect4.py"))
    solution = general_game(rules, [rules.parse("4 4")])
    assert len(solution.table) == 161_029
    assert words(solution) == ["draw"]


def test_a_tampered_label_is_a_violation():
    rules = load_rules(str(HERE / "tictactoe.py"))
    solution = general_game(rules, ["XX.OO...."])
    assert check_general(rules, solution) == []
    solution.table["XXXOO...."] = Value("lose", 1)
    assert check_general(rules, solution) == [
        "XX.OO....: the certificate says win 1, but the quickest good move, to XXXOO...., is lose 1",
        "XXXOO....: the certificate says lose 1, but result() says 'lose'",
    ]


def test_a_tampered_draw_is_a_violation():
    rules = graph_rules({"a": ["a", "b"], "b": ["c"]})
    solution = general_game(rules, ["a"])
    solution.table["a"] = Value("win", 1)
    assert check_general(rules, solution) == [
        "a: the certificate says win 1, but no move is good for the mover",
        "query 1 (a): the answer draw is not the table's entry win 1",
    ]
    solution.table["a"] = Value("draw", None)
    solution.table["b"] = Value("draw", None)
    assert check_general(rules, solution) == ["b: the certificate says draw, but the move to c is lose 0, good for the mover"]


def test_the_queries_count_toward_max_positions():
    rules = graph_rules({})
    with pytest.raises(RulesError) as found:
        general_game(rules, ["a", "b", "c"], Limits(max_positions=2))
    assert found.value.message == "parse(c): the game has more than 2 positions (--max-positions)"
