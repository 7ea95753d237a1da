"""The exhaustive cutting audit: every sum of pieces of a total area, against the literal rules."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from gamecert.solvers.cutting import CUTTING, SPLIT, solver
from gamecert.verify.cutting import audit, exhaustive


@pytest.mark.parametrize("rule", [SPLIT, CUTTING], ids=["split", "cutting"])
def test_sums_of_area_are_every_multiset_once(rule):
    for area in range(2, 11):
        pieces = audit.pieces_up_to(rule, area)
        brute = {
            combo
            for k in range(1, area // 2 + 1)
            for combo in itertools.combinations_with_replacement(pieces, k)
            if sum(a * b for a, b in combo) == area
        }
        got = [tuple(s) for s in exhaustive.sums_of_area(rule, area)]
        assert sorted(got) == sorted(brute) and len(set(got)) == len(got)


def test_cli_exhaustive_cutting_audit():
    from tests.support import run, untimed

    result = run(["audit", "--game", "split", "--exhaustive", "8", "--jobs", "0"])
    assert result.exit_code == 0, result.output
    lines = untimed(result.stdout)
    assert lines[0].startswith("split-exhaustive: ") and lines[0].endswith(" sums of pieces up to total area 8 agree (T)")
    assert lines[1].endswith("disagreements 0; 7 shards (0 from the store, 7 run now)")


def test_a_wrong_sum_rule_is_found_with_its_position(monkeypatch):
    real = solver.cutting_position

    def wrong(pieces, rule, table=None):
        sol = real(pieces, rule, table)
        # Wrong on purpose: a sum of exactly two pieces is said to be lost by the mover.
        return sol if len(pieces) != 2 else dataclasses.replace(sol, value=0, move=None)

    monkeypatch.setattr(audit, "cutting_position", wrong)
    counts, found = exhaustive.audit_area({"rule": "split", "area": 6}, {"rule": SPLIT.to_data()})
    assert counts["disagreements"] > 0
    assert found[0].startswith("split game: the fast solver says the player to move loses")
    assert found[0].endswith("position (gamecert solve split --position): 1x2 1x4\n")
