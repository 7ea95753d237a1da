"""``solve``, ``play``, ``export`` and ``show`` on a game of a token on a graph written as rules: the king's maze.

Expected values come from a brute-force search of the literal rules in this
file, never from gamecert.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gamecert.solvers.rules.rules import Limits
from gamecert.verify.rules.load import rules_game
from tests.support import run

KING = str(Path(__file__).resolve().parents[2] / "examples" / "king_maze.py")
SVG = "{http://www.w3.org/2000/svg}"

#: A king's maze: a path of three cells (its ends lose, its middle wins) and a triangle (all lose).
BOARD = "...#..\n####.#\n"


@pytest.fixture(scope="module")
def board(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("board") / "board.txt"
    path.write_text(BOARD)
    return str(path)


def king_outcomes(board: str) -> dict[str, bool]:
    """Whether the player to move wins from each free cell of a king's maze, by searching the literal rules:
    the token moves one king step to a free cell not visited yet; who cannot move loses."""
    free = [(r, c) for r, row in enumerate(board.split()) for c, ch in enumerate(row) if ch == "."]
    n = len(free)
    near = [[j for j in range(n) if j != i and max(abs(free[i][0] - free[j][0]), abs(free[i][1] - free[j][1])) == 1]
            for i in range(n)]
    wins: dict[tuple[int, int], bool] = {}
    # Larger visited sets first: every move adds the new cell to the visited set.
    for mask in sorted(range(1 << n), key=lambda m: -bin(m).count("1")):
        for t in range(n):
            if mask >> t & 1:
                wins[t, mask] = any(not wins[u, mask | 1 << u] for u in near[t] if not mask >> u & 1)
    return {f"r{r + 1}c{c + 1}": wins[i, 1 << i] for i, (r, c) in enumerate(free)}


def test_king_maze_solved_as_the_literal_rules_say(board):
    expected = king_outcomes(BOARD)
    assert set(expected.values()) == {True, False}  # the board is a real test: both outcomes occur
    result = run(["solve", "--rules", KING, board])
    assert result.exit_code == 0, result.output
    assert result.stdout == "".join(f"{v} {'win' if w else 'lose'}\n" for v, w in expected.items())


def test_play_king_maze(board):
    # From r1c1 (an end of the path r1c1 - r1c2 - r1c3) the mover loses: gamecert, moving second, wins.
    assert king_outcomes(BOARD)["r1c1"] is False
    result = run(["play", "--rules", KING, board, "--start", "r1c1"], input="r1c2\nr1c5\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:] == [
        "token on r1c1; your move:",
        "you: to r1c2",
        "gamecert: to r1c3",
        "token on r1c3; you cannot move: gamecert wins.",
    ]


def test_export_start_by_label(board):
    from gamecert.verify.uvg.export import export_text

    assert king_outcomes(BOARD)["r1c2"] is True  # the middle of the path r1c1 - r1c2 - r1c3
    game = rules_game(KING, Limits())
    text = export_text("lp", game, game.parse(BOARD, board), "r1c2", board, False)
    assert "\\ vertex: r1c2; the token starts there and counts as visited" in text
    assert "the player to move from r1c2 wins (expect optimum == nu - 1)" in text


def test_export_cli_by_label(board):
    result = run(["export", "lp", "--rules", KING, board, "--vertex", "r1c2"])
    assert result.exit_code == 0, result.output
    said = "\\ gamecert's fast solver says: the player to move from r1c2 wins (expect optimum == nu - 1)\n"
    assert said in result.stdout
    bad = run(["export", "lp", "--rules", KING, board, "--vertex", "r9c9"])
    assert bad.exit_code == 1
    assert bad.stderr.startswith('error: --vertex: expected a vertex label of the graph, got "r9c9"')


# -- show --------------------------------------------------------------------------------------


def test_show_king_maze(board):
    expected = king_outcomes(BOARD)
    result = run(["show", "--rules", KING, board, "--vertex", "r1c2"])
    assert result.exit_code == 0, result.output
    root = ET.fromstring(result.stdout)
    tips = [c.find(f"{SVG}title").text for c in root.iter(f"{SVG}circle") if c.find(f"{SVG}title") is not None]
    assert sorted(tips) == sorted(
        f"vertex {v}: {'A' if w else 'D'}, the player to move {'wins' if w else 'loses'}" for v, w in expected.items()
    )  # no vertex of this board is in C: every winning start neighbours a losing one
    assert root.find(f"{SVG}title").text.startswith("king-maze: 6 vertices, 5 edges; the player to move loses from 5")
    bad = run(["show", "--rules", KING, board, "--vertex", "r9c9"])
    assert bad.exit_code == 1
    assert bad.stderr == 'error: --vertex r9c9: expected a vertex label of the graph, got "r9c9"\n'
