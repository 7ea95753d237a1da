"""The cutting-game audits: every piece up to an area, random sums, a wrong table caught and reproduced."""

from __future__ import annotations

import dataclasses

from gamecert.solvers.cutting import CUTTING, SPLIT, Piece, cutting_queries, parse_position
from gamecert.solvers.cutting import solver as cutting_module
from gamecert.verify.cutting import audit
from gamecert.verify.cutting.search import rule_search
from tests.support import run, untimed


def test_cutting_audits_cover_every_piece():
    for rule, name, low, area in ((SPLIT, "split", 1, 20), (CUTTING, "cutting", 2, 40)):
        result = audit.cutting_pieces(rule, area)
        expected = sum(1 for a in range(low, 41) for b in range(low, 41) if 1 < a * b <= area)
        assert result.ok and result.cases == expected
        assert result.name == f"{name}-pieces"
        sums = audit.cutting_sums(rule, 30, area, seed=1)
        assert sums.ok and sums.cases == 30 and sums.name == f"{name}-sums"


def test_the_audits_of_a_game_carry_its_rule():
    split, sums = audit.CuttingAudits(SPLIT).audits()
    assert (split.name, dict(split.params), dict(split.quick)) == ("split-pieces", {"rule": SPLIT}, {"max_area": 24})
    assert (sums.name, sums.seeded, dict(sums.quick)) == ("split-sums", True, {"count": 30, "max_area": 24})
    result = split(quick=True)
    assert result.ok and result.name == "split-pieces" and result.covered == "pieces up to area 24"


def test_sum_difference_checks_the_named_move():
    assert audit.sum_difference([(4, 2), (3, 5), (4, 4)], CUTTING) is None
    assert audit.is_cut((4, 5), ((4, 2), (4, 3))) and audit.is_cut((4, 5), ((1, 5), (3, 5)))
    assert not audit.is_cut((4, 5), ((4, 2), (4, 2)))


def test_cutting_wrong_table_is_caught_and_reproduces(monkeypatch):
    real = cutting_module.grundy_table

    def wrong_table(rule, size):
        # A deliberately wrong table: the Cutting Game's 2x4 marked losing.
        table = real(rule, size)
        values = table.values.copy()
        if rule == CUTTING and size >= 4:
            values[2, 4] = values[4, 2] = 0
        return dataclasses.replace(table, values=values)

    monkeypatch.setattr(cutting_module, "grundy_table", wrong_table)
    result = run(["audit", "--quick", "--game", "cutting"])
    assert result.exit_code == 3
    lines = untimed(result.stdout)
    assert lines[0].startswith("cutting-pieces: FAILED at case ")
    assert lines[1] == f"  claim: {audit.CUTTING_CLAIM}"
    assert lines[2] == (
        "  counterexample: cutting game, piece 2x4: the fast solver says the player to move loses "
        "(Sprague-Grundy value 0), the rule search says wins"
    )
    assert lines[3] == "  position (gamecert solve cutting --position): 2x4"
    assert result.stderr.startswith("2 audits failed: cutting-pieces, cutting-sums")
    # Reproduce: the printed position, the (patched) fast solver and the literal rules.
    pieces = parse_position(lines[3].split(": ", 1)[1], CUTTING)
    assert pieces == (Piece(2, 4),)
    assert cutting_queries(pieces, CUTTING).values.tolist() == [0]
    assert rule_search([(2, 4)], CUTTING) is True
