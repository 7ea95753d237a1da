"""The exhaustive Bunny-and-Egg audit as a campaign: the same boards, records and positions as the sequential audit."""

from __future__ import annotations

from gamecert.verify.bunny_egg import audit, exhaustive
from gamecert.verify.bunny_egg.exhaustive import BunnyEggExhaustiveAudit
from gamecert.verify.capabilities import ExhaustiveAudit
from gamecert.verify.engine.campaign import run_campaign
from gamecert.verify.registry import get_game


def test_campaign_covers_exactly_what_the_sequential_audit_covers():
    family = get_game("bunny-egg").capability(ExhaustiveAudit)
    assert isinstance(family, BunnyEggExhaustiveAudit) and family.size == "cells" and family.claim == audit.BUNNY_CLAIM
    sequential = audit.bunny_exhaustive(6)
    result = run_campaign(family.audit_campaign(6), jobs=0)
    totals = result.totals
    assert sequential.ok and result.counterexamples == []
    assert sequential.name == family.audit_name() == "bunny-exhaustive"
    assert totals["records"] == sequential.cases
    assert sequential.covered == (
        f"{family.audit_covered(6)} ({totals['boards']:,} boards, {totals['positions']:,} positions)"
    )
    assert family.audit_covered(6) == "records on every board up to 6 cells"


def test_shards_hold_every_board_once():
    boards = [
        # The cells and the width: boards of one area but other shapes must differ.
        audit.board_of(s.params["rows"], s.params["cols"], s.params["start"], mask).tobytes() + bytes([s.params["cols"]])
        for s in exhaustive.board_shards(7)
        for mask in range(s.params["lo"], s.params["hi"])
    ]
    expected = [b.tobytes() + bytes([b.shape[1]]) for b in audit.all_boards(7)]
    assert sorted(boards) == sorted(expected) and len(set(boards)) == len(boards)
