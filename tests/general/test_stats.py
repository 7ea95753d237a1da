"""``solve --stats`` and ``show --stats`` on general games: the counts against a naive evaluation, the exact text."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from gamecert.solvers.rules.rules import Limits
from gamecert.verify.general.game import GeneralRulesGame
from gamecert.verify.general.stats import GeneralStatistics
from tests.general.naive import naive_general, random_general
from tests.support import run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TIC_TAC_TOE = str(EXAMPLES / "tic_tac_toe.py")
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@pytest.mark.parametrize("seed", range(40))
def test_counts_and_moves_are_the_naive_values_of_every_position_reached(seed):
    rules = random_general(seed)
    game = GeneralRulesGame(rules, Limits())
    stats = GeneralStatistics(game).analyze(game.parse("0\n1\n"))
    naive = naive_general(rules, [0, 1])
    assert Counter({(o, k): n for o, k, n in stats.counts}) == Counter((v.outcome, v.number) for v in naive.values())
    open_positions = [p for p in naive if rules.result(p) is None]
    assert stats.moves == sum(len(rules.moves(p)) for p in open_positions)
    assert stats.movers == sum(bool(rules.moves(p)) for p in open_positions)
    for example in stats.examples:  # the longest win / loss: the largest remoteness of that outcome, at a position that has it
        outcome = example.value.split()[0]
        assert example.value == f"{outcome} {max(v.number for v in naive.values() if v.outcome == outcome)}"
        assert str(naive[int(example.position)]) == example.value


def _naive_tic_tac_toe() -> Counter:
    """Every board reached from the empty one, valued by plain minimax with remoteness (no gamecert code)."""

    def mover(b: str) -> str:
        return "X" if b.count("X") == b.count("O") else "O"

    def ended(b: str) -> str | None:
        other = "O" if mover(b) == "X" else "X"
        if any(b[i] == b[j] == b[k] == other for i, j, k in LINES):
            return "lose"
        return "draw" if "." not in b else None

    def children(b: str) -> list[str]:
        return [b[:i] + mover(b) + b[i + 1 :] for i, c in enumerate(b) if c == "."]

    @cache
    def value(b: str) -> tuple[str, int | None]:
        end = ended(b)
        if end is not None:
            return end, (0 if end == "lose" else None)
        found = [value(c) for c in children(b)]
        wins = [k for o, k in found if o == "lose"]
        if wins:
            return "win", min(wins) + 1
        if any(o == "draw" for o, _ in found):
            return "draw", None
        return "lose", max(k for _, k in found) + 1

    seen, order = {"." * 9}, ["." * 9]
    for b in order:
        if ended(b) is None:
            for c in children(b):
                if c not in seen:
                    seen.add(c)
                    order.append(c)
    return Counter(value(b) for b in order)


def test_tic_tac_toe_stats_json_are_the_naive_counts(tmp_path):
    (tmp_path / "empty.txt").write_text("\n")
    result = run(["solve", "--rules", TIC_TAC_TOE, str(tmp_path / "empty.txt"), "--stats", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    found = Counter({(c["outcome"], c["remoteness"]): c["positions"] for c in data["counts"]})
    assert found == _naive_tic_tac_toe()
    assert data["positions"] == 5478  # the reachable boards (the game stops at a win)
    assert (data["queries"], data["measure"], data["branching_factor"] > 1) == (1, "remoteness", True)


def test_tic_tac_toe_stats_text(tmp_path):
    # The counts are the naive ones (test_tic_tac_toe_stats_json_are_the_naive_counts); this is the layout.
    (tmp_path / "empty.txt").write_text("\n")
    result = run(["solve", "--rules", TIC_TAC_TOE, str(tmp_path / "empty.txt"), "--stats"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "tic_tac_toe: 5,478 positions reached from 1 query, every value certified\n"
        "win 2,836, lose 1,574, draw 1,068\n"
        "\n"
        "remoteness    win  lose   draw  total\n"
        "0               0   942      0    942\n"
        "1           2,358     0      0  2,358\n"
        "2               0   508      0    508\n"
        "3             356     0      0    356\n"
        "4               0   124      0    124\n"
        "5             122     0      0    122\n"
        "-               0     0  1,068  1,068\n"
        "\n"
        "longest win: win 5, e.g. XO./.../...\n"
        "longest loss: lose 4, e.g. XO./X../...\n"
        "branching factor: 3.58 moves per position with a move (most 9)\n"
        "positions with no move: 958\n"
    )


def test_show_stats_draws_a_histogram(tmp_path):
    (tmp_path / "empty.txt").write_text("\n")
    out = tmp_path / "stats.png"
    result = run(["show", "--rules", TIC_TAC_TOE, str(tmp_path / "empty.txt"), "--stats", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = run(["show", "--rules", TIC_TAC_TOE, str(tmp_path / "empty.txt"), "--stats"]).stdout
    assert "<title>win 1: 2,358</title>" in svg and "<title>draw -: 1,068</title>" in svg
    assert "longest win: win 5, e.g. XO./.../..." in svg


def test_stats_refusals(tmp_path):
    (tmp_path / "empty.txt").write_text("\n")
    both = run(["solve", "--rules", TIC_TAC_TOE, "--stats", "--position", "........."])
    assert (both.exit_code, both.stderr.splitlines()[-1]) == (2, "Error: --stats does not combine with --tiers, --position or --from")
    maze = run(["solve", "maze", str(tmp_path / "empty.txt"), "--stats"])
    assert (maze.exit_code, maze.stderr.splitlines()[-1]) == (2, "Error: --stats is not available for maze")
