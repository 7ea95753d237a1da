"""Playing sums of cutting games against the Sprague–Grundy strategy."""

from __future__ import annotations

import random

from gamecert.solvers.cutting import CUTTING, SPLIT, Piece, cutting_position
from gamecert.verify.cutting.play import CuttingPlay
from tests.maze.test_play import play_out
from tests.support import run


def test_engine_never_loses_a_won_position():
    rng = random.Random(17)
    games = 0
    for rule in (SPLIT, CUTTING):
        low = rule.min_side
        for _ in range(50):
            pieces = [Piece(rng.randint(low, 7), rng.randint(low, 7)) for _ in range(rng.randint(1, 3))]
            pieces = [p for p in pieces if (p.rows, p.cols) != (1, 1)] or [Piece(2, 3)]
            text = " ".join(str(p) for p in pieces)
            first_mover_wins = cutting_position(tuple(pieces), rule).value != 0
            for human_first in (True, False):
                if first_mover_wins == (not human_first):
                    assert play_out(CuttingPlay(rule, text), human_first, rng) == "gamecert", (rule.name, text)
                    games += 1
    assert games >= 100


def test_play_cli_exact():
    # 1x6 has value 2, 2x2 value 1: gamecert, moving first, cuts to xor 0 and keeps it there.
    result = run(["play", "split", "--position", "1x6 2x2", "--human", "second"], input="1 v 1\n1 v 2\n1 h 1\n2 v 2\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "The first mover (gamecert) wins: the Sprague-Grundy values xor to 2 xor 1 = 3, not 0, so a cut to value 0 exists.\n"
        "gamecert: cut piece 1 vertically after column 2 (1x2 + 1x4)\n"
        "pieces 1:1x2 2:1x4 3:2x2; your move:\n"
        "illegal move: that cut leaves a 1x1 piece, and whoever cuts out a 1x1 piece loses the Split Game; try again\n"
        "illegal move: piece 1 is 1x2: a vertical cut goes after column 1..1; try again\n"
        "illegal move: piece 1 is 1x2: it has one row and no horizontal cut; try again\n"
        "you: cut piece 2 vertically after column 2 (1x2 + 1x2)\n"
        "gamecert: cut piece 4 horizontally after row 1 (1x2 + 1x2)\n"
        "pieces 1:1x2 2:1x2 3:1x2 4:1x2 5:1x2; you cannot move: gamecert wins.\n"
    )


def test_play_cli_a_person_can_win_a_won_position():
    result = run(["play", "split", "--position", "1x4"], input="1 v 2\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "The first mover (you) wins: the Sprague-Grundy value of 1x4 is 1, not 0, so a cut to value 0 exists."
    assert result.stdout.endswith("pieces 1:1x2 2:1x2; gamecert cannot move: you win.\n")
