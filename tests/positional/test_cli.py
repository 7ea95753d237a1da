"""``gamecert solve`` and ``check`` on positional rules files: exact output, ``--position``, bad input."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.support import run

ROOT = Path(__file__).resolve().parents[2]
K_IN_A_ROW = str(ROOT / "examples" / "k_in_a_row.py")
HEX = str(ROOT / "examples" / "hex.py")


pytestmark = pytest.mark.usefixtures("fresh_registry")


def test_solve_k_in_a_row_lines_and_the_certified_line():
    result = run(["solve", "--rules", K_IN_A_ROW], input="3x3 3\n3x3 3 XO./.X./...\n3x3 3 XXX/OO./...\n")
    assert (result.exit_code, result.stdout) == (0, "draw\nlose 4\nlose 0\n")
    assert result.stderr.startswith("certified: query 1 draw (explicit; strategy of player 0 never losing, ")
    assert "query 3 lose 0 (already over)" in result.stderr


def test_solve_position_lists_every_claim():
    result = run(["solve", "--rules", HEX, "--position", "2"])
    assert result.exit_code == 0
    assert result.stdout == (
        "position: 2 ../..\n"
        "value: win 3\n"
        "claim (0, 0): lose 4\n"
        "claim (0, 1): win 3\n"
        "claim (1, 0): win 3\n"
        "claim (1, 1): lose 4\n"
    )


def test_bad_line_is_located():
    result = run(["solve", "--rules", HEX], input="3\n9\n")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: <stdin>:2:1: parse(9) raised ValueError: expected the board size N (1..7)")


def test_lines_and_links_together_is_bad_rules(tmp_path):
    path = tmp_path / "both.py"
    path.write_text(textwrap.dedent('''
        KIND = "positional"
        def parse(line): return line
        def board(p): return [1, 2], [], []
        def lines(p): return [[1, 2]], [[1, 2]]
        def links(p): return [], ([1], [2]), ([1], [2])
    '''))
    result = run(["solve", "--rules", str(path)], input="x\n")
    assert result.exit_code == 1
    assert "expected exactly one of lines(position) and links(position)" in result.stderr


def test_board_naming_an_unknown_cell_is_bad_rules(tmp_path):
    path = tmp_path / "stray.py"
    path.write_text(textwrap.dedent('''
        KIND = "positional"
        def parse(line): return line
        def board(p): return [1, 2], [3], []
        def lines(p): return [[1, 2]], [[1, 2]]
    '''))
    result = run(["solve", "--rules", str(path)], input="x\n")
    assert result.exit_code == 1
    assert "mine names 3, which is not one of the board's cells" in result.stderr


def test_check_runs_qbf_beside_the_explicit_route():
    result = run(["check", str(ROOT / "cases" / "positional" / "hex.toml")])
    assert result.exit_code == 0, result.output
    assert "agree" in result.stdout and "valid" in result.stdout
