"""Every command's output on every example and case, byte for byte as recorded (tests/snapshot/snapshot.py).

The recorded outputs were written from main before issue 34's refactor of the rules kinds; a
change of behaviour shows here as the key whose output moved. Write them again only for a change
of output that is meant (``python -m tests.snapshot.snapshot``), and say so in the commit.
"""

from __future__ import annotations

import json

import pytest

from tests.snapshot.snapshot import GOLDEN, ROOT, commands, output

GOLDEN_OUTPUTS = json.loads(GOLDEN.read_text())
COMMANDS = commands()
#: The keys that take more than about a second of CPU each: run with the slow tests.
SLOW = {
    "solve cases/octal/published-periods.toml",
    "solve examples/connect_four.py",
    "solve --json examples/connect_four.py",
    "solve examples/connect_four_tiers.py",
    "solve --json examples/connect_four_tiers.py",
}


def test_every_example_and_case_is_recorded():
    assert sorted(COMMANDS) == sorted(GOLDEN_OUTPUTS)


@pytest.mark.parametrize(
    "key", [pytest.param(k, marks=pytest.mark.slow) if k in SLOW else k for k in sorted(COMMANDS) if not k.startswith("input ")]
)
def test_output_as_recorded(key, monkeypatch):
    monkeypatch.chdir(ROOT)
    args, stdin = COMMANDS[key]
    assert output(key, args, stdin) == GOLDEN_OUTPUTS[key]
