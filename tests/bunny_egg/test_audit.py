"""The Bunny-and-Egg audits: every small board with every full record, random records, a wrong claim caught."""

from __future__ import annotations

import dataclasses

import numpy as np

from gamecert.solvers import bunny_egg as bunny_module
from gamecert.solvers.bunny_egg import parse_bunny_egg
from gamecert.verify.bunny_egg import audit
from gamecert.verify.bunny_egg.search import board_search
from tests.support import after


def test_bunny_exhaustive_covers_every_board():
    result = audit.bunny_exhaustive(max_cells=6)
    assert result.ok, result.counterexample
    # Every shape n x m with n m <= 6, every start, every enterable/blocked pattern.
    boards = sum(
        n * m * 2 ** (n * m - 1) for n in range(1, 7) for m in range(1, 7) if n * m <= 6
    )
    assert f"({boards:,} boards," in result.covered and boards == 1057
    assert result.cases >= boards  # at least one full record per board


def test_full_records_are_legal_and_maximal():
    board = np.frombuffer(b"XO.OXO", dtype=np.uint8).reshape(1, 6).copy()
    records = sorted(audit.full_records(board), key=lambda r: r.tolist())
    assert [r.tolist() for r in records] == [[[0, 1], [0, 0]], [[0, 3], [0, 4]]]
    # Left: Bunny is stuck. Right: Bunny's move (1, 6) leaves Egg stuck, so the
    # record stops before it (whole rounds only).
    ends = [board_search(bunny_module.BunnyEgg(board, moves)) for moves in records]
    assert [e.finished for e in ends] == [True, False]
    assert ends[1].winning_moves[-1] == {(1, 6)}


def test_bunny_random_counts():
    result = audit.bunny_random(count=12, min_cells=10, max_cells=20, seed=2)
    assert result.ok and result.cases == 12
    assert all(10 <= g.board.size <= 20 for g in audit.random_records(12, 10, 20, seed=2))


def test_bunny_wrong_claim_is_caught_and_reproduces(monkeypatch):
    real = bunny_module.bunny_egg

    def flips_the_last_position(game, *args):
        # A wrong claim: "the player to move at the end of a record wins".
        a = real(game, *args)
        wins = a.wins.copy()
        wins[-1] = True
        return dataclasses.replace(a, wins=wins)

    monkeypatch.setattr(audit, "bunny_egg", flips_the_last_position)
    result = audit.bunny_exhaustive(max_cells=4)
    assert not result.ok and result.cases == 1  # the 1x1 board: Bunny cannot move
    assert result.counterexample.startswith(
        "position 0 (Bunny to move, empty cell (1, 1)): the fast solver says Bunny wins, the board search says loses"
    )
    game = parse_bunny_egg(after("--no-judge-limits):", result.counterexample), judge_limits=False)
    assert game.board.tobytes() == b"." and game.k == 0
    assert audit.bunny_egg(game).wins.tolist() == [True]
    assert bunny_module.bunny_egg(game).wins.tolist() == [False]  # the real solver
    assert board_search(game).wins == (False,)
