"""The QBF route (gamecert.verify.uvg.qbf) against the rule search, from files, and on the rules' edge cases."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyqbf.formula import PCNF
from pyqbf.solvers import Solver, solve_file

from gamecert.solvers.matching.graph import graph_from_edges, grid_graph
from gamecert.solvers.maze.solver import parse_maze
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.maze.game import MazeGame
from gamecert.verify.uvg import qbf
from gamecert.verify.uvg.game import UvgQbfFormulation
from gamecert.verify.uvg.search import graph_search_outcomes, maze_search_outcomes


def all_graphs(n: int):
    """Every labelled simple graph on vertices 0..n-1."""
    pairs = list(itertools.combinations(range(n), 2))
    for mask in range(1 << len(pairs)):
        yield graph_from_edges(n, [p for i, p in enumerate(pairs) if mask >> i & 1])


def with_code(enc: qbf.QbfEncoding, move: int, code: int) -> PCNF:
    """The encoding with move ``move``'s index fixed to ``code`` (its bits made ∃ and set by units)."""
    fixed = set(enc.codes[move - 1])
    f = PCNF(from_clauses=[list(c) for c in enc.clauses])
    for q, block in enc.prefix:
        for x in block:
            (f.exists if q == "e" or x in fixed else f.forall)(x)
    for i, x in enumerate(enc.codes[move - 1]):
        f.append([x if code >> i & 1 else -x])
    f.nv = enc.num_vars
    return f


def solve(f: PCNF) -> bool:
    with Solver(name="depqbf", bootstrap_with=f) as s:
        return s.solve()


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_every_labelled_graph_agrees_with_rule_search(n):
    count = 0
    for g in all_graphs(n):
        assert qbf.qbf_outcomes(g, time_limit=None) == graph_search_outcomes(g), g.edges().tolist()
        count += 1
    assert count == 2 ** (n * (n - 1) // 2)


@pytest.mark.parametrize("seed", range(4))
def test_every_start_of_random_mazes_up_to_3x4_agrees_with_rule_search(seed):
    rng = np.random.default_rng(seed)
    for rows, cols in [(r, c) for r in range(1, 4) for c in range(1, 5)] + [(4, 3)]:
        free = rng.random((rows, cols)) >= rng.choice([0.0, 0.2, 0.4])
        board = ["".join(".#"[not x] for x in row) for row in free.tolist()]
        got = qbf.qbf_outcomes(grid_graph(free)[0], time_limit=None)
        assert got == maze_search_outcomes(board), board


def edge_lists(n: int):
    return st.tuples(st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=12))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 8).flatmap(edge_lists))
def test_random_graphs_up_to_8_vertices_agree_with_rule_search(graph):
    g = graph_from_edges(*graph)
    assert qbf.qbf_outcomes(g, time_limit=None) == graph_search_outcomes(g)


@pytest.mark.parametrize("solver", qbf.QBF_SOLVERS)
def test_every_pyqbf_solver_gives_the_same_answers(solver):
    rng = np.random.default_rng(7)
    graphs = [graph_from_edges(6, rng.integers(0, 6, (k, 2))) for k in (3, 5, 6, 8, 10)]
    graphs.append(graph_from_edges(5, [(0, 1), (0, 2), (0, 3), (3, 4)]))
    for g in graphs:
        # A time limit runs each call in a child process: a crashing solver gives SolverError, not a dead test run.
        assert qbf.qbf_outcomes(g, solver=solver, time_limit=30) == graph_search_outcomes(g)


def test_qdimacs_file_solved_from_file_gives_the_same_answer(tmp_path):
    rng = np.random.default_rng(3)
    answers = []
    for k, g in enumerate([grid_graph(np.ones((2, 3), bool))[0], graph_from_edges(7, rng.integers(0, 7, (9, 2)))]):
        expected = graph_search_outcomes(g)
        for v in range(g.n):
            path = tmp_path / f"g{k}-{v}.qdimacs"
            path.write_text(qbf.qdimacs_text(g, v, [f"case g{k}", f"start vertex {v}"]))
            assert solve_file(str(path)) is (not expected.loses[v])
            with Solver(name="qute", bootstrap_with=PCNF(from_file=str(path))) as s:
                assert s.solve() is (not expected.loses[v])
            answers.append(expected.loses[v])
    assert True in answers and False in answers  # both kinds of answer went through a file


def test_qdimacs_comments_say_what_the_answer_means():
    g = graph_from_edges(3, [(0, 1), (1, 2)])
    text = qbf.qdimacs_text(g, 1, ["from the test"], name=lambda u: f"v{u + 1}")
    lines = text.splitlines()
    assert lines[0] == "c from the test"
    assert "c TRUE means: the player to move from vertex v2 wins. FALSE: that player loses." in lines
    assert "c   v2: v1 v3" in lines  # the neighbour order the move codes index
    enc = qbf.qbf_encoding(g, 1)
    header = [l for l in lines if l.startswith("p ")]
    assert header == [f"p cnf {enc.num_vars} {len(enc.clauses)}"]
    assert sum(l.startswith("c   ") and " = " in l for l in lines) == enc.num_vars
    f = PCNF(from_string=text)
    assert f.prefix[0] > 0 and len(f.clauses) == len(enc.clauses)


def test_game_that_ends_early():
    # Path 0-1-2-3 from 1: the bound allows 3 moves, but the player to move
    # steps to 0 and the opponent is stuck after one move.
    g = graph_from_edges(4, [(0, 1), (1, 2), (2, 3)])
    enc = qbf.qbf_encoding(g, 1)
    assert enc.moves == 3
    assert qbf.qbf_wins(g, 1, time_limit=None) is True
    # Stepping to 2 instead loses (2 -> 3, then stuck): the QBF must not accept it as a win.
    assert solve(with_code(enc, 1, 1)) is False
    assert solve(with_code(enc, 1, 0)) is True
    # And the player to move can be the one stuck early: from 0 on a triangle with a tail.
    g = graph_from_edges(5, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)])
    assert qbf.qbf_encoding(g, 4).moves == 4
    assert qbf.qbf_wins(g, 4, time_limit=None) is (not graph_search_outcomes(g).loses[4])


def test_illegal_universal_codes_make_the_formula_true():
    # Centre 0 with neighbours [1, 2, 3], 3 a pendant path to 4. From 1 the
    # player to move must go to 0; the opponent answers 2 (a leaf) and wins.
    g = graph_from_edges(5, [(0, 1), (0, 2), (0, 3), (3, 4)])
    enc = qbf.qbf_encoding(g, 1)
    assert enc.code_bits == 2  # degree 3: index 3 is an illegal encoding
    assert qbf.qbf_wins(g, 1, time_limit=None) is False
    assert graph_search_outcomes(g).loses[1] is True
    # The opponent's move 2 from 0: index 0 is vertex 1 (visited), 3 is past the list.
    results = {code: solve(with_code(enc, 2, code)) for code in range(4)}
    assert results == {0: True, 1: False, 2: True, 3: True}


def test_illegal_existential_codes_make_the_formula_false():
    # Star with centre 0 and leaves 1, 2, 3: the player to move wins by stepping to any leaf.
    g = graph_from_edges(4, [(0, 1), (0, 2), (0, 3)])
    enc = qbf.qbf_encoding(g, 0)
    assert qbf.qbf_wins(g, 0, time_limit=None) is True
    results = {code: solve(with_code(enc, 1, code)) for code in range(4)}
    assert results == {0: True, 1: True, 2: True, 3: False}


def test_isolated_start_loses():
    g = graph_from_edges(3, [(1, 2)])
    assert qbf.qbf_encoding(g, 0).moves == 0
    assert qbf.qbf_outcomes(g, time_limit=None).loses == (True, False, False)  # 1 and 2: step across, win


def test_encoding_size_respects_the_stated_formula():
    rng = np.random.default_rng(11)
    graphs = [grid_graph(np.ones((3, 4), bool))[0], grid_graph(rng.random((5, 5)) > 0.3)[0]]
    graphs += [graph_from_edges(9, rng.integers(0, 9, (k, 2))) for k in (8, 14, 30)]
    for g in graphs:
        for v in range(g.n):
            enc = qbf.qbf_encoding(g, v)
            comp, t = qbf._move_bound([g.neighbors(u).tolist() for u in range(g.n)], v)
            n, m = len(comp), sum(len(g.neighbors(u)) for u in comp) // 2
            delta = max(len(g.neighbors(u)) for u in comp)
            b = enc.code_bits
            assert enc.moves == t <= n - 1
            assert enc.num_vars <= t * (b + delta + 2 * n + 1) + 2
            assert len(enc.clauses) <= t * (delta * (b + 1) + 4 * m + 6 * n + 2) + 3
            assert len(enc.prefix) in (t, t + 1) or t == 0
    corner = qbf.qbf_encoding(grid_graph(np.ones((3, 4), bool))[0], 0)
    assert (corner.num_vars, len(corner.clauses), len(corner.prefix)) == (164, 647, 11)


def test_time_limit_raises_time_limit_error():
    g = grid_graph(np.ones((6, 7), bool))[0]  # 42 cells: DepQBF needs well over a second
    with pytest.raises(TimeLimitError, match="time limit of 0.3 s"):
        qbf.qbf_wins(g, 0, time_limit=0.3)


class ShortQbf(UvgQbfFormulation):
    """The QBF formulation run past its size limit with 0.3 s per start vertex."""

    def fits(self, instance) -> None:
        return None

    def run(self, instance):
        return qbf.qbf_outcomes(self.game.graph(instance), time_limit=0.3)


class MazeWithShortQbf(MazeGame):
    """The maze game with :class:`ShortQbf` as its only formulation."""

    def formulations(self):
        return (ShortQbf(self),)


def test_check_shows_a_qbf_past_its_time_limit_as_skipped(monkeypatch):
    """A QBF that runs out of time leaves no witness; the cross-check says so and does not fail."""
    from gamecert.verify.engine.cases import CaseFile
    from gamecert.verify.engine.crosscheck import check_case

    game = MazeWithShortQbf()
    board = parse_maze("6 7\n" + "." * 7 + "\n" + ("." * 7 + "\n") * 5)
    expected = game.format(game.solve(board))
    case = CaseFile(Path("open-6x7.toml"), "open-6x7", "maze", "test", board.text(), expected)
    report = check_case(game, case, board)
    (verdict,) = [v for v in report.verdicts if v.formulation == "qbf"]
    assert (verdict.status, report.failed) == ("skipped", False)
    assert verdict.detail.startswith("QBF (depqbf) on start ") and verdict.detail.endswith("time limit of 0.3 s")


def test_fits_states_the_size_limit():
    assert qbf.fits(grid_graph(np.ones((4, 4), bool))[0]) is None
    big = grid_graph(np.ones((qbf.QBF_MAX_VERTICES + 1, 1), bool))[0]
    assert qbf.fits(big) == f"{qbf.QBF_MAX_VERTICES + 1} vertices > {qbf.QBF_MAX_VERTICES} (QBF limit)"


@pytest.mark.parametrize("game, text", [("maze", "3 3\n.##\n...\n#.#\n"), ("geography", "4 3\n1 2\n2 3\n3 4\n")])
def test_qbf_formulation_in_the_registry_agrees_with_the_fast_solver(game, text):
    from gamecert.verify.registry import get_game

    g = get_game(game)
    (formulation,) = [f for f in g.formulations() if f.name == "qbf"]
    instance = g.parse(text, "<test>", True)
    assert formulation.fits(instance) is None
    assert formulation.run(instance) == g.answer(g.solve(instance))
