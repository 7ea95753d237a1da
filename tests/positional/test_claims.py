"""Claiming games on small boards: the explicit solver, the QBF route and the strategy checker agree."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecert.solvers.turn.value import Value
from gamecert.solvers.positional.board import ClaimBoard
from gamecert.solvers.positional.explicit import claim_game, solve_table
from gamecert.solvers.rules.rules import ClaimRules
from gamecert.verify.positional.encoding import claim_formula, exclusive_links
from gamecert.verify.positional.qbf import qbf_value
from gamecert.verify.positional.rules import root_board
from gamecert.verify.positional.strategy import (
    Strategy,
    check_strategy,
    qbf_strategy,
    strategies_for,
    table_strategy,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _module(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rules(name: str) -> ClaimRules:
    m = _module(name)
    return ClaimRules(m.NAME, str(EXAMPLES / f"{name}.py"), m.parse, m.board, getattr(m, "lines", None), getattr(m, "links", None))


def _board(name: str, line: str) -> ClaimBoard:
    rules = _rules(name)
    return root_board(rules, rules.parse(line))


@pytest.mark.parametrize(
    ("name", "line", "expected"),
    [
        ("k_in_a_row", "3x3 3", "draw"),  # tic-tac-toe
        ("k_in_a_row", "4x3 3", "win 7"),  # 3-in-a-row on 3x4
        ("k_in_a_row", "4x4 3", "win 5"),
        ("hex", "3", "win 5"),
        ("hex", "2", "win 3"),
    ],
)
def test_explicit_and_qbf_agree(name, line, expected):
    board = _board(name, line)
    explicit = claim_game(board)
    assert str(explicit.value) == expected
    assert qbf_value(board, ("depqbf",), time_limit=300).value == explicit.value


def test_hex_3x3_openings_qbf_against_explicit():
    board = _board("hex", "3")
    explicit = claim_game(board)
    for cell, value in explicit.openings:
        child = qbf_value(board.claim(cell), ("depqbf",), time_limit=300).value
        flipped = Value({"win": "lose", "lose": "win"}[child.outcome], child.number + 1)
        assert flipped == value, board.cells[cell]


@pytest.mark.slow
def test_big_boards_by_enumeration():
    """4-in-a-row on 4x4 is a draw; on Hex 4x4 the winning openings are the short diagonal's four cells."""
    assert str(claim_game(_board("k_in_a_row", "4x4 4")).value) == "draw"
    hex4 = _board("hex", "4")
    solved = claim_game(hex4)
    assert str(solved.value) == "win 9"
    winning = sorted(hex4.cells[c] for c, v in solved.openings if v.outcome == "win")
    assert winning == [(0, 3), (1, 2), (2, 1), (3, 0)]


@pytest.mark.parametrize(("name", "line"), [("k_in_a_row", "3x3 3 X../.O./..."), ("k_in_a_row", "4x3 3"), ("hex", "3")])
def test_strategies_from_both_routes_check(name, line):
    board = _board(name, line)
    value = claim_game(board).value
    table, _ = solve_table(board)
    for player, goal, depth in strategies_for(value.outcome, value.number, len(board.empty)):
        for strategy in (table_strategy(board, table, player, goal, depth), qbf_strategy(board, player, goal, depth)):
            check = check_strategy(board, strategy)
            assert check.violations == () and check.positions >= strategy.size > 0


def test_broken_strategies_are_caught():
    board = _board("hex", "3")
    table, _ = solve_table(board)
    good = table_strategy(board, table, 0, "win", 5)
    assert check_strategy(board, good).violations == ()
    # Too tight a depth, a missing position, a claim on a taken cell, the loser's strategy claimed to win.
    assert "not won within 3 claims" in check_strategy(board, Strategy(0, "win", 3, good.moves)).violations[0]
    moves = dict(good.moves)
    deep = max(moves, key=lambda k: len(k[0]) + len(k[1]))
    del moves[deep]
    assert "has no move after" in check_strategy(board, Strategy(0, "win", 5, moves)).violations[0]
    moves = dict(good.moves)
    moves[deep] = deep[1][0]
    assert "claims taken or unknown cell" in check_strategy(board, Strategy(0, "win", 5, moves)).violations[0]
    # The loser claimed to win: it has no move after the first claim.
    assert check_strategy(board, Strategy(1, "win", 9, {})).violations[0] == "player 1 has no move after 0: 0"


def test_formula_shape():
    board = _board("hex", "3")
    f = claim_formula(board, 0, 5)
    assert [q for q, _ in f.prefix] == ["e", "a", "e", "a", "e"]
    assert sorted(f.first.values()) == list(range(9))
    assert f.exclusive and exclusive_links(board)
    # A graph where both players can join their sides at once is not exclusive.
    cross = ClaimBoard.from_links("abcd", (), (), [("a", "b"), ("c", "d")], (("a",), ("b",)), (("c",), ("d",)))
    assert not exclusive_links(cross)


@st.composite
def small_boards(draw):
    width = draw(st.integers(1, 4))
    height = draw(st.integers(1, 3))
    k = draw(st.integers(1, max(width, height)))
    n = width * height
    marks = draw(st.lists(st.sampled_from(".XO"), min_size=n, max_size=n))
    while marks.count("X") - marks.count("O") > 1:
        marks[marks.index("X")] = "."
    while marks.count("O") > marks.count("X"):
        marks[marks.index("O")] = "."
    rows = "/".join("".join(marks[i : i + width]) for i in range(0, n, width))
    return f"{width}x{height} {k} {rows}"


@given(small_boards())
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_k_in_a_row_qbf_equals_explicit(line):
    board = _board("k_in_a_row", line)
    try:
        board.winner()
    except Exception:
        return  # both players hold a line: not a position of the game
    assert qbf_value(board, ("depqbf",), time_limit=120).value == claim_game(board).value, line


@given(st.integers(0, 8), st.sampled_from(["XO", "OX"]))
@settings(max_examples=6, deadline=None)
def test_hex_portfolio_agrees(cell, first):
    board = _board("hex", "3").claim(cell)
    assert qbf_value(board, ("depqbf", "caqe"), time_limit=120, race=False).value == claim_game(board).value
