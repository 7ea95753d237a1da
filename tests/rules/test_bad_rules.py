"""Bad rules are bad input: every broken rules file of the corpus gets its promised answer.

The corpus (``tests/rules/bad/``, written by ``python -m tests.rules.corpus``) holds broken rules
files, each named for its fault, with the exit code and first line of stderr gamecert gives:
exit 1 and one located line ``error: FILE:LINE:COL: ...`` (followed only by the rules file's own
frames), or exit 2 for a bad option value; never exit 4, a traceback, or a hang.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from tests.rules.corpus import EXPECTED, HERE, arguments, entries, input_path, outcome, rules_path, run_entry
from tests.support import apart, run

ROWS = [json.loads(line) for line in EXPECTED.read_text(encoding="utf-8").splitlines()]
ENTRIES = {entry.name: entry for entry in entries()}
LOCATED = re.compile(r"error: .+:\d+:\d+: \S")
FRAME = re.compile(r"([^\s(]+\.py):\d+")


def test_the_corpus_is_large_and_matches_its_generator():
    assert len(ROWS) >= 30
    assert [row["name"] for row in ROWS] == list(ENTRIES)
    assert all(row["args"] == list(ENTRIES[row["name"]].args) for row in ROWS)
    for entry in ENTRIES.values():
        if entry.kind == "file":
            assert (HERE / f"{entry.name}.py").is_file(), entry.name
        if entry.kind == "broken":
            assert (HERE / f"{entry.name}.py.broken").is_file(), entry.name
        assert input_path(entry).is_file(), entry.name


@pytest.mark.parametrize("row", ROWS, ids=[row["name"] for row in ROWS])
def test_bad_rules_entry(row, tmp_path):
    entry = ENTRIES[row["name"]]
    rules = rules_path(entry, tmp_path)
    start = time.monotonic()
    result = run_entry(entry, rules)
    took = time.monotonic() - start
    assert outcome(result, entry, rules) == {key: row[key] for key in ("exit", "stderr", "error") if key in row}
    assert result.exit_code in (1, 2)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert took < 5, f"{entry.name} took {took:.1f} s to stop"
    if result.exit_code == 1:
        # One located line, then only the rules file's own frames (none of gamecert's).
        first, *rest = apart(result.stderr).splitlines()
        assert LOCATED.match(first)
        assert all(line.startswith("  ") for line in rest), rest
        assert all(match.group(1) == str(rules) for line in rest if (match := FRAME.search(line))), rest
    else:
        assert row["error"].startswith("Error: ")


def test_frames_are_the_rules_files_own_deepest_last():
    entry = ENTRIES["moves-raises"]
    rules = rules_path(entry, HERE)
    result = run(arguments(entry, rules))
    assert result.stderr.splitlines() == [
        f"error: {rules}:7:12: moves(5) raised ZeroDivisionError: integer division or modulo by zero",
        f"  {rules}:11, in moves: return [m for m in range(n) if allowed(m)]",
        f"  {rules}:11, in <listcomp>: return [m for m in range(n) if allowed(m)]",
        f"  {rules}:7, in allowed: return 10 // (m - 2) != 0",
    ]


def test_a_loop_prints_its_cycle():
    rows = {row["name"]: row for row in ROWS}
    assert "a loop: 3 -> 3 " in rows["loop-length-1"]["stderr"]
    assert "a loop: 0 -> 1 -> 2 -> 0 " in rows["loop-length-3"]["stderr"]


def test_a_parse_error_is_located_at_the_input_line():
    rows = {row["name"]: row for row in ROWS}
    assert rows["parse-raises"]["stderr"].startswith("error: {input}:2:1: parse(three) raised ValueError")
    # In a case file, the input's line 2 is the file's line 5.
    assert rows["check-parse-raises"]["stderr"].startswith("error: {input}:5:1: parse(three) raised ValueError")
