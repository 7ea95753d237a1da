"""The split QBF route (first claims played out, leaves solved side by side) agrees with the explicit solver."""

from __future__ import annotations

import pytest

from gamecert.solvers.positional.board import ClaimBoard
from gamecert.solvers.positional.explicit import claim_game
from gamecert.verify.positional.qbf import value_by
from gamecert.verify.positional.split import SplitOracle, half_turn
from tests.positional.test_claims import _board


@pytest.mark.parametrize(
    ("name", "line"),
    [("k_in_a_row", "3x3 3"), ("k_in_a_row", "4x3 3"), ("hex", "3"), ("hex", "3 X../.O./..."), ("hex", "2")],
)
@pytest.mark.parametrize("plies", [0, 1, 2])
def test_split_value_is_the_explicit_value(name, line, plies):
    board = _board(name, line)
    oracle = SplitOracle(board, plies, jobs=2, solvers=("depqbf",), time_limit=60)
    assert value_by(oracle) == claim_game(board).value


@pytest.mark.parametrize(("name", "line"), [("hex", "2"), ("hex", "3 XO./.X./O.."), ("k_in_a_row", "2x2 2")])
def test_a_leaf_past_its_cap_is_split_further(name, line):
    # A cap of 0 s decides no leaf: every leaf is split until the rules alone decide (a win, too few claims left).
    board = _board(name, line)
    oracle = SplitOracle(board, 0, jobs=2, solvers=("depqbf",), time_limit=0.0, most_plies=len(board.empty))
    assert value_by(oracle) == claim_game(board).value
    assert oracle.queries == []


def test_half_turn_is_a_symmetry_of_hex_and_of_k_in_a_row_only_when_held_cells_agree():
    assert half_turn(_board("hex", "4")) == tuple(range(15, -1, -1))
    assert half_turn(_board("k_in_a_row", "4x3 3")) is not None
    assert half_turn(_board("hex", "3 X../.../...")) is None
    assert half_turn(_board("hex", "3 X../.O./..X")) is not None
    assert half_turn(_board("hex", "3 X../.O./X..")) is None
    lopsided = ClaimBoard.from_lines(range(3), (), (), [(0, 1)], [(1, 2)])
    assert half_turn(lopsided) is None


def test_a_leaf_answer_is_kept_for_deeper_questions():
    # After "X wins within 5" on Hex 3x3 (true through the centre), "within 7" needs no new formula:
    # the centre's leaf, true within 4, is true within 6.
    board = _board("hex", "3")
    oracle = SplitOracle(board, 1, jobs=2, solvers=("depqbf",), time_limit=60)
    assert oracle.ask(0, 5)
    asked = len(oracle.queries)
    assert oracle.ask(0, 7)
    assert len(oracle.queries) == asked
