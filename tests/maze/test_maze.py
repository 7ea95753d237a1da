"""The maze game: parsing, the fast solver against the independent formulations."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.errors import InputError
from gamecert.solvers.matching.graph import grid_graph
from gamecert.solvers.maze.solver import Maze, format_maze_answer, maze_game, parse_maze
from gamecert.verify.maze import families as fam
from gamecert.verify.uvg import ilp, sat, search
from gamecert.verify.uvg.certificate import check_decomposition

SAMPLE = "3 3\n.##\n...\n#.#\n"


def solve_text(text: str) -> str:
    return format_maze_answer(maze_game(parse_maze(text)).winning_cells)


def test_judge_sample_byte_exact():
    assert solve_text(SAMPLE) == "WIN\n2 3\n3 2\n"


def test_crlf_and_trailing_spaces_accepted():
    assert solve_text("3 3  \r\n.##  \r\n...\t\r\n#.#\r\n\r\n") == "WIN\n2 3\n3 2\n"


@pytest.mark.parametrize(
    "rows, expected",
    [
        (["###"], "LOSE\n"),
        (["."], "WIN\n1 1\n"),
        ([".."], "LOSE\n"),
        (["..", ".."], "LOSE\n"),
        (["..."], "WIN\n1 1\n1 3\n"),
        ([".#.", "#.#"], "WIN\n1 1\n1 3\n2 2\n"),
    ],
)
def test_small_boards_from_the_rules(rows, expected):
    # Each expectation follows from the rules by hand: e.g. on "...", from an
    # end YY must step to the middle and AA takes the other end.
    assert solve_text(f"{len(rows)} {len(rows[0])}\n" + "\n".join(rows) + "\n") == expected


BAD = [
    ("", "<stdin>:1:1: expected the maze size 'N M' on the first line"),
    ("3\n", "<stdin>:1:2: expected the number of columns M after N"),
    ("ab\n", "<stdin>:1:1: expected the number of rows N (an integer), got 'ab'"),
    ("3 3 x\n", "<stdin>:1:5: expected end of line after 'N M'"),
    ("3 x\n...\n", "<stdin>:1:3: expected the number of columns M (an integer), got 'x'"),
    ("2.5 3\n", "<stdin>:1:1: expected the number of rows N (an integer), got '2.5'"),
    ("3 3 3\n", "<stdin>:1:5: expected end of line after 'N M'"),
    ("0 3\n", "<stdin>:1:1: expected the number of rows N in 1..100, got 0"),
    ("101 3\n", "<stdin>:1:1: expected the number of rows N in 1..100, got 101 (judge limit; --no-judge-limits lifts it)"),
    ("2 3\n..\n...\n", "<stdin>:2:3: expected 3 cells in row 1, found 2"),
    ("2 3\n....\n...\n", "<stdin>:2:4: expected 3 cells in row 1, found 4"),
    ("2 3\n...\n.x.\n", "<stdin>:3:2: expected '.' or '#', got 'x'"),
    ("2 3\n...\n . .\n", "<stdin>:3:1: expected '.' or '#', got ' '"),
    ("3 3\n...\n", "<stdin>:3:1: expected 3 rows of the maze, found 1"),
    ("1 1\n.\n.\n", "<stdin>:3:1: expected end of input after 1 row, found an extra row"),
    ("2 2\n..\n..\n\n#.\n", "<stdin>:5:1: expected end of input after 2 rows, found an extra row"),
]


@pytest.mark.parametrize("text, message", BAD, ids=[m.split(": ", 1)[1][:40] for _, m in BAD])
def test_bad_input_is_located(text, message):
    with pytest.raises(InputError) as err:
        parse_maze(text)
    assert str(err.value) == message


def test_judge_limits_can_be_lifted():
    maze = parse_maze("1 150\n" + "." * 150 + "\n", judge_limits=False)
    assert maze.shape == (1, 150)


def random_rows(draw_rows: int, draw_cols: int, bits: int) -> list[str]:
    return ["".join("." if bits >> (r * draw_cols + c) & 1 else "#" for c in range(draw_cols)) for r in range(draw_rows)]


mazes = st.tuples(st.integers(1, 5), st.integers(1, 6), st.integers(0, 2**30 - 1)).map(lambda t: random_rows(*t))


@settings(max_examples=60, deadline=None)
@given(mazes)
def test_fast_equals_search_ilp_sat(rows):
    sol = maze_game(Maze.from_rows(rows))
    fast = sol.decomposition.outcomes()
    graph = grid_graph(Maze.from_rows(rows).free)[0]
    assert search.maze_search_outcomes(rows) == fast
    by_ilp = ilp.ilp_outcomes(graph)
    by_sat = sat.sat_outcomes(graph)
    assert by_ilp == fast and by_sat == fast
    assert by_ilp.nu == by_sat.nu == sol.decomposition.nu
    assert check_decomposition(sol.graph, sol.decomposition) == []


@pytest.mark.parametrize(
    "rows",
    [
        fam.random_maze(40, 40, 0.1, 1),
        fam.random_maze(40, 40, 0.3, 2),
        fam.random_maze(25, 60, 0.45, 3),
        fam.snake(21, 30),
        fam.comb(20, 31),
        fam.rooms(5, 6),
    ],
    ids=["random-d10", "random-d30", "random-d45", "snake", "comb", "rooms"],
)
def test_matching_number_and_certificate_on_larger_boards(rows):
    sol = maze_game(Maze.from_rows(rows))
    assert check_decomposition(sol.graph, sol.decomposition) == []
    G = nx.Graph()
    G.add_nodes_from(range(sol.graph.n))
    G.add_edges_from(sol.graph.edges().tolist())
    top = [v for v in range(sol.graph.n) if sol.graph.side[v] == 0]
    assert len(nx.bipartite.hopcroft_karp_matching(G, top_nodes=top)) // 2 == sol.decomposition.nu


def test_winning_cells_are_row_major_and_one_based():
    sol = maze_game(Maze.from_rows(["...", "#.#", "..."]))
    cells = sol.winning_cells.tolist()
    assert cells == sorted(cells)
    assert all(1 <= r <= 3 and 1 <= c <= 3 for r, c in cells)


def test_big_open_board_has_a_perfect_matching():
    sol = maze_game(Maze(np.ones((200, 300), dtype=bool)))
    assert sol.decomposition.nu == 30000 and len(sol.winning_cells) == 0
