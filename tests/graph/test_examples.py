"""The graph example in examples/, the king's maze: exact outputs, a brute-force search's answers, format read back.

Every expected value here comes from outside gamecert: small boards worked by hand, and a
brute-force search of every walk written here (no Sprague-Grundy or matching theory).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gamecert.verify.rules.load import load_rules
from gamecert.verify.rules.module import load_module
from tests.support import run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: The graph examples (the impartial ones: tests/impartial; the general and score ones: tests/general, tests/score).
GRAPH = sorted(p.name for p in EXAMPLES.glob("*.py") if load_rules(str(p)).kind == "graph")


# -- Every example through `gamecert solve --rules`, exact output --------------------------------

CASES = [
    # The king maze, by hand: "..." is a path (the ends are two king steps apart): from the middle
    # the mover steps to an end and the opponent is stuck; from an end the mover must step to the
    # middle and the opponent takes the other end. In a 2 x 2 square every cell sees every other:
    # the walk always uses all four cells and the mover makes the last step. A lone cell loses.
    ("king_maze.py", "...\n", "r1c1 lose\nr1c2 win\nr1c3 lose\n"),
    ("king_maze.py", "..\n..\n", "r1c1 win\nr1c2 win\nr2c1 win\nr2c2 win\n"),
    ("king_maze.py", "#.\n", "r1c2 lose\n"),
]


@pytest.mark.parametrize("example, text, expected", CASES)
def test_every_example_solves_through_the_cli(example, text, expected):
    result = run(["solve", "--rules", str(EXAMPLES / example), "-"], input=text)
    assert (result.exit_code, result.stdout) == (0, expected), result.output


def test_every_example_file_is_tested():
    assert {example for example, _, _ in CASES} == set(GRAPH)


# -- The optional functions ----------------------------------------------------------------------


def test_the_king_maze_writes_what_it_reads():
    maze = load_module(str(EXAMPLES / "king_maze.py"))
    boards = [board for size in range(1, 7) for board in maze.instances(size)]
    assert len(boards) == sum(2**s * sum(s % r == 0 for r in range(1, s + 1)) for s in range(1, 7))
    assert all(maze.parse(maze.format(board)) == board for board in boards)


# -- The king maze against a brute-force search ------------------------------------------------


def king_brute_force(board: list[str]) -> str:
    """The answer by searching every walk: win(v, S) for the token on v with the cells S visited,
    filled from the largest S down (no Sprague-Grundy or matching theory)."""
    cells = [(r, c) for r, row in enumerate(board) for c, x in enumerate(row) if x == "."]
    index = {cell: i for i, cell in enumerate(cells)}
    near = [
        [index[(r + dr, c + dc)] for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr or dc) and (r + dr, c + dc) in index]
        for r, c in cells
    ]
    k = len(cells)
    win: dict[tuple[int, int], bool] = {}
    for visited in sorted(range(1 << k), key=lambda s: -s.bit_count()):
        for v in range(k):
            if visited >> v & 1:
                win[v, visited] = any(not win[u, visited | 1 << u] for u in near[v] if not visited >> u & 1)
    return "".join(f"r{r + 1}c{c + 1} {'win' if win[i, 1 << i] else 'lose'}\n" for i, (r, c) in enumerate(cells))


KING_BOARDS = [
    ["...", ".#.", "..."],
    ["....", "#..#", "...."],
    ["..#", "#..", "..#"],
    [".#.", "#.#", ".#."],
    ["...", "...", "..."],
    [".....", ".#.#."],
]


@pytest.mark.parametrize("board", KING_BOARDS, ids=["/".join(b) for b in KING_BOARDS])
def test_king_maze_answers_as_a_brute_force_search(board):
    result = run(["solve", "--rules", str(EXAMPLES / "king_maze.py"), "-"], input="\n".join(board) + "\n")
    assert result.exit_code == 0
    assert result.stdout == king_brute_force(board)
