"""Every malformed input of the corpus gets its promised one-line answer: never a traceback or exit 4.

The corpus (``tests/input/corpus/``, written by ``python -m tests.input.corpus``) holds hostile
files for every game and hostile values for every numeric option, each with the exit code and
first line of stderr that gamecert gives.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.input.corpus import EXPECTED, HERE, entries, outcome
from tests.support import run

ROWS = [json.loads(line) for line in EXPECTED.read_text(encoding="utf-8").splitlines()]
LOCATED = re.compile(r"error: (.+:\d+:\d+|--[a-z-]+( \S+)?): \S")  # a file position, or an option (and its value)


def test_the_corpus_is_large_and_matches_its_generator():
    assert len(ROWS) >= 150
    assert [row["name"] for row in ROWS] == [name for name, *_ in entries()]
    assert len({row["name"] for row in ROWS}) == len(ROWS)
    games = {row["name"].split("/")[0] for row in ROWS}
    assert games == {"maze", "bunny-egg", "geography", "dimacs", "split", "cutting", "options", "export"}


@pytest.mark.parametrize("row", ROWS, ids=[row["name"] for row in ROWS])
def test_corpus_entry(row):
    path = str(HERE / row["file"]) if row["file"] else ""
    result = run([a.replace("{file}", path) for a in row["args"]])
    assert outcome(result, path) == {key: row[key] for key in ("exit", "stderr", "error") if key in row}
    assert result.stdout == ""
    if result.exit_code == 1:
        # Bad input: exactly one line naming where, never a traceback.
        assert result.stderr.count("\n") == 1 and LOCATED.match(result.stderr)
    else:
        assert result.exit_code == 2 and "Traceback" not in result.stderr
