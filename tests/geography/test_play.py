"""Playing geography against the certified strategy (general graphs: blossoms too), and mid-game answers."""

from __future__ import annotations

import random

from gamecert.solvers import jit
from gamecert.solvers.geography.solver import geography_game, parse_geography
from gamecert.solvers.matching.types import D
from gamecert.verify.geography.game import GeographyStarts
from gamecert.verify.uvg.play import UvgPlay
from tests.maze.test_play import play_out
from tests.support import run


def random_graph(rng: random.Random) -> str:
    n = rng.randint(1, 10)
    p = rng.choice((0.2, 0.35, 0.5))
    edges = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1) if rng.random() < p]
    return f"{n} {len(edges)}\n" + "".join(f"{a} {b}\n" for a, b in edges)


def test_engine_never_loses_a_won_position_on_small_graphs():
    rng = random.Random(11)
    games = blossoms = 0
    with jit.python_kernels():
        for _ in range(80):
            instance = parse_geography(random_graph(rng))
            solution = geography_game(instance)
            blossoms += solution.graph.side is None
            for v in range(instance.n):
                first_mover_wins = solution.decomposition.part[v] != D
                for human_first in (True, False):
                    if first_mover_wins == (not human_first):
                        for _ in range(3):
                            engine = UvgPlay(GeographyStarts(), instance, str(v + 1))
                            assert play_out(engine, human_first, rng) == "gamecert", (instance.text(), v + 1)
                            games += 1
    assert games > 400 and blossoms > 20  # many non-bipartite graphs among them


def test_play_on_stdin(tmp_path):
    graph = tmp_path / "g.txt"
    graph.write_text("3 2\n1 2\n2 3\n")
    result = run(["play", "geography", str(graph), "--start", "1"], input="3\nx\n2\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        # The maximum matching found is {2, 3}: it leaves 1 uncovered.
        "From 1 the first mover (you) loses, so gamecert wins: a maximum matching leaves 1 uncovered, "
        "so every move enters a matched vertex whose partner answers.\n"
        "token on 1; your move:\n"
        "illegal move: 3 is not next to the token on 1; try again\n"
        "illegal move: expected a vertex label in 1..3, got 'x'; try again\n"
        "you: to 2\n"
        "gamecert: to 3\n"
        "token on 3; you cannot move: gamecert wins.\n"
    )


def test_solve_from_visited(tmp_path):
    graph = tmp_path / "g.txt"
    graph.write_text("5 4\n1 2\n2 3\n3 4\n4 5\n")
    visited = tmp_path / "v.txt"
    visited.write_text("1\n")  # left: the path 2-3-4-5, with a perfect matching
    result = run(["solve", "geography", str(graph), "--from", "2", "--visited", str(visited)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "the player to move wins: move to 3 (every maximum matching of what is left covers 2)\n"
    result = run(["solve", "geography", str(graph), "--from", "9", "--visited", str(visited)])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: --from 9: ")
