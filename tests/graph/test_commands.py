"""``stress`` on games of a token on a graph written as rules files.

The rules file and its case are under ``tests/graph/cases/``: a token on a
path, whose answers are those of its maximum matchings (Gallai-Edmonds).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import run

CASES = Path(__file__).resolve().parent / "cases"
PATH = str(CASES / "path.py")


pytestmark = pytest.mark.usefixtures("fresh_registry")


def test_stress_of_a_graph_without_instances_is_refused(tmp_path):
    rules = tmp_path / "edge.py"
    rules.write_text("def parse(text):\n    return text\n\n\ndef graph(text):\n    return [1, 2], [(1, 2)]\n")
    result = run(["stress", "--rules", str(rules), "--candidate", "true"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == (
        f"Error: stress draws its cases from instances(size), which {rules} does not define (docs/rules.md)"
    )


def test_stress_a_graph_rules_game(tmp_path):
    # A token on a path of one vertex: the player to move loses; a program saying "win" everywhere is wrong there.
    wrong = tmp_path / "all_win.py"
    wrong.write_text("import sys\nn = int(sys.stdin.read())\nprint(''.join(f'{v} win\\n' for v in range(1, n + 1)), end='')\n")
    result = run(["stress", "--rules", PATH, "--candidate", f"python3 -I -S {wrong}", "--out", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert (tmp_path / "path-wrong-answer.in").read_text() == "1\n"
    assert (tmp_path / "path-wrong-answer.ans").read_text() == "1 lose\n"
