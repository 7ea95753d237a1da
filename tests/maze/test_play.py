"""Playing the maze game against the certified strategy, and mid-game answers."""

from __future__ import annotations

import random

import numpy as np

from gamecert.solvers import jit
from gamecert.solvers.matching.types import D
from gamecert.solvers.maze.solver import Maze, maze_game
from gamecert.verify.maze.game import MazeStarts
from gamecert.verify.uvg.play import UvgPlay
from tests.support import run

SAMPLE = "3 3\n.##\n...\n#.#\n"


def play_out(engine: UvgPlay, human_first: bool, rng: random.Random) -> str:
    """Play to the end: random legal moves for the person, the engine's for gamecert; returns the winner."""
    human = human_first
    while engine.moves():
        engine.play(rng.choice(engine.moves()) if human else engine.engine_move())
        human = not human
    return "gamecert" if human else "you"


def test_engine_never_loses_a_won_position_on_small_boards():
    """From every start of 60 random boards, whoever the solver says wins: gamecert, against random play."""
    rng = random.Random(13)
    games = 0
    with jit.python_kernels():
        for board in range(60):
            rows, cols = rng.randint(1, 5), rng.randint(1, 5)
            maze = Maze(np.array([[rng.random() > 0.25 for _ in range(cols)] for _ in range(rows)], dtype=bool).reshape(rows, cols))
            solution = maze_game(maze)
            for v in range(solution.graph.n):
                cell = "{},{}".format(*solution.cell(v))
                first_mover_wins = solution.decomposition.part[v] != D  # YY, moving first, wins off D
                for human_first in (True, False):
                    if first_mover_wins == (not human_first):  # gamecert holds the winning side
                        for _ in range(3):
                            assert play_out(UvgPlay(MazeStarts(), maze, cell), human_first, rng) == "gamecert", (maze.text(), cell)
                            games += 1
    assert games > 300


def test_play_on_stdin_exact(tmp_path):
    board = tmp_path / "m.txt"
    board.write_text(SAMPLE)
    # Every maximum matching covers (1,1): the first mover (gamecert) wins by moving to its partner.
    result = run(["play", "maze", str(board), "--start", "1,1", "--human", "second"], input="9 9\n1 1\n2 2\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "From (1,1) the first mover (gamecert) wins: every maximum matching covers (1,1), so the first move goes to its "
        "partner (2,1) and every later one follows a maximum matching.\n"
        "gamecert: to (2,1)\n"
        "token on (2,1); your move:\n"
        "illegal move: expected a row in 1..3, got 9; try again\n"
        "illegal move: (1,1) was visited already; try again\n"
        "you: to (2,2)\n"
        "gamecert: to (3,2)\n"
        "token on (3,2); you cannot move: gamecert wins.\n"
    )


def test_play_reprompts_with_the_reason(tmp_path):
    board = tmp_path / "m.txt"
    board.write_text(SAMPLE)
    result = run(["play", "maze", str(board), "--start", "2,3"], input="1 2\n3 2\n2 2\n2 2\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.splitlines()[0].startswith("From (2,3) the first mover (you) loses, so gamecert wins")
    assert "illegal move: expected a free cell '.', but 1,2 is '#'; try again\n" in out
    assert "illegal move: (3,2) is not next to the token on (2,3); try again" in out
    assert out.endswith("you cannot move: gamecert wins.\n")


def test_play_input_ending_early_is_an_error(tmp_path):
    board = tmp_path / "m.txt"
    board.write_text(SAMPLE)
    result = run(["play", "maze", str(board), "--start", "2,3"], input="")
    assert result.exit_code == 1
    assert result.stderr == "error: <stdin>: the input ended before the game did\n"


def test_solve_from_visited(tmp_path):
    board = tmp_path / "m.txt"
    board.write_text("1 5\n.....\n")
    visited = tmp_path / "v.txt"
    visited.write_text("1 1\n")
    # Token on (1,2) with (1,1) gone: the path (1,2)..(1,5) has a perfect matching, so the mover wins.
    result = run(["solve", "maze", str(board), "--from", "1,2", "--visited", str(visited)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "the player to move wins: move to (1,3) (every maximum matching of what is left covers (1,2))\n"
    # Nothing visited, token on (1,3): the centre of a path of five cells, missed by a maximum matching.
    visited.write_text("\n")
    result = run(["solve", "maze", str(board), "--from", "1,3", "--visited", str(visited)])
    assert result.stdout.startswith("the player to move loses: ")
    visited.write_text("1 1\n1 9\n")
    result = run(["solve", "maze", str(board), "--from", "1,2", "--visited", str(visited)])
    assert result.exit_code == 1
    assert result.stderr == f"error: {visited}:2:1: expected a column in 1..5, got 9\n"


def test_play_needs_a_board_file_and_a_start(tmp_path):
    result = run(["play", "maze", "-", "--start", "1,1"], input="1 1\n.\n")
    assert result.exit_code == 2 and "give the board as a FILE, not -" in result.stderr
    board = tmp_path / "m.txt"
    board.write_text(SAMPLE)
    result = run(["play", "maze", str(board)])
    assert result.exit_code == 2 and "maze is played from FILE with --start" in result.stderr
    result = run(["play", "maze", str(board), "--start", "1,2"])
    assert (result.exit_code, result.stderr) == (1, "error: --start 1,2: expected a free cell '.', but 1,2 is '#'\n")
