"""Partizan answers streamed as each query is solved, and the size limit that follows from memory, on small games."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamecert.solvers.errors import RulesError
from gamecert.solvers.partizan.solver import partizan_game
from gamecert.solvers.rules.rules import Limits, PartizanRules
from gamecert.verify.partizan.game import PartizanRulesGame
from gamecert.verify.rules.load import load_rules
from tests.support import run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

WALK = """KIND = "partizan"


def parse(line):
    return int(line)


def left(n):
    return [n - 1] if n > 0 else []


def right(n):
    return []
"""


def test_each_answer_is_handed_over_before_the_next_query_is_begun():
    events = []

    def left(n):
        events.append(("left", n))
        return [n - 1] if n > 0 else []

    walk = PartizanRules("walk", "walk.py", int, left, lambda n: [])
    solution = partizan_game(walk, [2, 5, 3], answered=lambda i, parts, value, outcome: events.append(("answer", i)))
    # Query 2 (n = 5) reaches 3 and below through query 1's positions; query 3 (n = 3) is in the table already.
    assert events == [("left", 2), ("left", 1), ("left", 0), ("answer", 0), ("left", 5), ("left", 4), ("left", 3),
                      ("answer", 1), ("answer", 2)]
    assert [v.number for v in solution.values] == [2, 5, 3]


def test_streamed_lines_are_the_answer_byte_for_byte():
    text = "2x2\n2x3\n2x2 2x2\n1x2\n.#.#/.#..\n"
    game = PartizanRulesGame(load_rules(str(EXAMPLES / "domineering_partizan.py")), Limits())
    whole = game.format(game.solve(game.parse(text)))
    result = run(["solve", "--rules", str(EXAMPLES / "domineering_partizan.py")], input=text)
    assert (result.exit_code, result.stdout) == (0, whole)
    assert whole == "+-1 N\n{2|-1/2} N\n0 P\n-1 R\n1* L\n"


def test_the_lines_solved_before_a_limit_is_reached_are_written(tmp_path):
    rules = tmp_path / "walk.py"
    rules.write_text(WALK)
    result = run(["solve", "--rules", str(rules), "--max-positions", "10"], input="3\n4\n40\n5\n")
    assert result.exit_code == 1
    assert result.stdout == "3 L\n4 L\n"
    assert "the game has more than 10 positions (--max-positions)" in result.stderr


def test_without_max_positions_no_count_of_positions_limits_a_partizan_solve(tmp_path, monkeypatch):
    walk = PartizanRules("walk", "walk.py", int, lambda n: [n - 1] if n > 0 else [], lambda n: [])
    assert partizan_game(walk, [50], Limits(max_positions=10, from_memory=True)).values[0].number == 50
    with pytest.raises(RulesError, match=r"more than 10 positions \(--max-positions\)"):
        partizan_game(walk, [50], Limits(max_positions=10))
    rules = tmp_path / "walk.py"
    rules.write_text(WALK)
    # The count the other kinds keep by default, made small: a partizan game of more is bounded by memory only.
    monkeypatch.setattr("gamecert.verify.cli.rules.DEFAULT_MAX_POSITIONS", 10)
    result = run(["solve", "--rules", str(rules)], input="50\n")
    assert (result.exit_code, result.stdout) == (0, "50 L\n")


def test_memory_bounds_a_partizan_solve_without_max_positions(tmp_path):
    rules = tmp_path / "walk.py"
    rules.write_text(WALK)
    result = run(["solve", "--rules", str(rules), "--max-memory", "1M"], input="1\n3000000\n")
    assert result.exit_code == 1
    assert result.stdout == "1 L\n"
    assert result.stderr.endswith("the game needs more memory than --max-memory (1 MiB)\n")
