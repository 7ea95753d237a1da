"""`gamecert audit`: the audits of every registered game, selected and printed in registry order."""

from __future__ import annotations

import pytest

from gamecert.verify import registry
from gamecert.verify.capabilities import Audits
from gamecert.verify.engine import audit
from tests.support import run, untimed


def test_run_audits_selects_games_in_registry_order():
    assert [r.name for r in audit.run_audits(["cutting", "geography"], quick=True)] == [
        "uvg-exhaustive",
        "uvg-random",
        "cutting-pieces",
        "cutting-sums",
    ]


def test_every_game_with_audits_is_offered():
    assert audit.audited_games() == [name for name, game in registry.games().items() if game.capability(Audits)]
    assert {"bunny-egg", "geography", "split", "cutting"} <= set(audit.audited_games())


# ---------------------------------------------------------------------------
# The command line

QUICK_OUTPUT = [
    "bunny-exhaustive: 1,291 records on every board up to 6 cells (1,057 boards, 2,587 positions) agree (T)",
    "bunny-random: 30 random records on boards of 7 to 16 cells (226 positions, seed 0) agree (T)",
    "uvg-exhaustive: 1,099 graphs up to 5 vertices agree (T)",
    "uvg-random: 100 random graphs of 7 to 12 vertices (seed 0) agree (T)",
    "split-pieces: 83 pieces up to area 24 agree (T)",
    "split-sums: 30 random sums of 2-4 pieces (total area <= 24, seed 0) agree (T)",
    "cutting-pieces: 103 pieces up to area 48 agree (T)",
    "cutting-sums: 30 random sums of 2-4 pieces (total area <= 48, seed 0) agree (T)",
]


@pytest.mark.slow
def test_cli_quick_audit_exact_output():
    result = run(["audit", "--quick"])
    assert result.exit_code == 0, result.output
    assert untimed(result.stdout) == QUICK_OUTPUT
    assert result.stderr == ""


def test_cli_game_and_seed():
    result = run(["audit", "--quick", "--game", "geography", "--seed", "7"])
    assert result.exit_code == 0
    assert untimed(result.stdout) == [
        QUICK_OUTPUT[2],
        "uvg-random: 100 random graphs of 7 to 12 vertices (seed 7) agree (T)",
    ]


def test_cli_rejects_an_unknown_game():
    result = run(["audit", "--game", "chess"])
    assert result.exit_code == 2 and "Invalid value for '--game'" in result.stderr
