"""`gamecert audit`: every theorem audit passes in quick mode, and a wrong claim is caught and reproduced."""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
import textwrap

import numpy as np
from click.testing import CliRunner

from solvers import blossom
from solvers import bunny_egg as bunny_module
from solvers import cutting as cutting_module
from solvers.bunny_egg import parse_bunny_egg
from solvers.cutting import Piece, cutting_queries, parse_position
from solvers.decomposition import A, D, gallai_edmonds
from solvers.geography import parse_geography
from verify import audit
from verify.bunny_search import board_search
from verify.cli import main
from verify.cutting_search import rule_search
from verify.search import search_outcomes

TIME = re.compile(r" \(\d+\.\d s\)$")


def run(args):
    return CliRunner().invoke(main, args)


def untimed(text: str) -> list[str]:
    """The output's lines with each summary line's trailing time removed."""
    return [TIME.sub(" (T)", row) for row in text.splitlines()]


def after(marker: str, counterexample: str) -> str:
    """The indented block (or the rest of the line) that follows ``marker``."""
    rest = counterexample.split(marker, 1)[1]
    if not rest.startswith("\n"):
        return rest.strip().splitlines()[0]
    block = []
    for row in rest[1:].splitlines():
        if not row.startswith("    "):
            break
        block.append(row)
    return textwrap.dedent("\n".join(block)) + "\n"


# ---------------------------------------------------------------------------
# Every audit passes in quick mode, covering what it says


def test_uvg_exhaustive_covers_every_labelled_graph():
    result = audit.uvg_exhaustive(max_n=5)
    assert result.ok, result.counterexample
    assert result.cases == sum(2 ** math.comb(n, 2) for n in range(1, 6)) == 1099
    assert result.line().startswith("uvg-exhaustive: 1,099 graphs up to 5 vertices agree (")


def test_labelled_graphs_are_distinct_and_complete():
    seen = {frozenset(e) for e in audit.labelled_graphs(4)}
    assert len(seen) == 2**6
    assert frozenset(itertools.combinations(range(4), 2)) in seen


def test_uvg_random_counts_and_seed():
    a, b = audit.uvg_random(60, seed=3), audit.uvg_random(60, seed=3)
    assert a.ok and a.cases == 60 and a.line().split(" (seed")[0] == b.line().split(" (seed")[0]
    graphs = audit.random_graphs(60, 7, 12, seed=3)
    assert graphs == audit.random_graphs(60, 7, 12, seed=3) != audit.random_graphs(60, 7, 12, seed=4)
    assert all(7 <= n <= 12 for n, _ in graphs)


def test_both_fast_routes_are_exercised(monkeypatch):
    # The bipartite graphs go through the bipartite route in one union, the
    # others through the blossom route in another; each graph gets its own answer.
    real, sizes = blossom.general_gallai_edmonds, []

    def spy(graph, *args, **kwargs):
        sizes.append(graph.n)
        return real(graph, *args, **kwargs)

    monkeypatch.setattr(blossom, "general_gallai_edmonds", spy)
    graphs = [(3, [(0, 1), (1, 2)]), (3, [(0, 1), (1, 2), (2, 0)]), (1, []), (5, [(0, 1), (1, 2), (2, 0), (2, 3)])]
    assert audit._fast_losing(graphs) == [
        (True, False, True),
        (True, True, True),
        (True,),
        (False, False, False, False, True),
    ]
    assert sizes == [3 + 5]  # one blossom call, on the two non-bipartite graphs
    assert audit.uvg_agreement(graphs) == (4, None)


def test_bunny_exhaustive_covers_every_board():
    result = audit.bunny_exhaustive(max_cells=6)
    assert result.ok, result.counterexample
    # Every shape n x m with n m <= 6, every start, every enterable/blocked pattern.
    boards = sum(
        n * m * 2 ** (n * m - 1) for n in range(1, 7) for m in range(1, 7) if n * m <= 6
    )
    assert f"({boards:,} boards," in result.covered and boards == 1057
    assert result.cases >= boards  # at least one full record per board


def test_full_records_are_legal_and_maximal():
    board = np.frombuffer(b"XO.OXO", dtype=np.uint8).reshape(1, 6).copy()
    records = sorted(audit._full_records(board), key=lambda r: r.tolist())
    assert [r.tolist() for r in records] == [[[0, 1], [0, 0]], [[0, 3], [0, 4]]]
    # Left: Bunny is stuck. Right: Bunny's move (1, 6) leaves Egg stuck, so the
    # record stops before it (whole rounds only).
    ends = [board_search(bunny_module.BunnyEgg(board, moves)) for moves in records]
    assert [e.finished for e in ends] == [True, False]
    assert ends[1].winning_moves[-1] == {(1, 6)}


def test_bunny_random_counts():
    result = audit.bunny_random(count=12, min_cells=10, max_cells=20, seed=2)
    assert result.ok and result.cases == 12
    assert all(10 <= g.board.size <= 20 for g in audit.random_records(12, 10, 20, seed=2))


def test_cutting_audits_cover_every_piece():
    limits = {"split": 20, "cutting": 40}
    result = audit.cutting_pieces(limits)
    expected = sum(
        1
        for rule, low in (("split", 1), ("cutting", 2))
        for a in range(low, 41)
        for b in range(low, 41)
        if 1 < a * b <= limits[rule]
    )
    assert result.ok and result.cases == expected
    sums = audit.cutting_sums(30, limits, seed=1)
    assert sums.ok and sums.cases == 30


def test_sum_difference_checks_the_named_move():
    assert audit.sum_difference([(4, 2), (3, 5), (4, 4)], "cutting") is None
    assert audit._is_cut((4, 5), ((4, 2), (4, 3))) and audit._is_cut((4, 5), ((1, 5), (3, 5)))
    assert not audit._is_cut((4, 5), ((4, 2), (4, 2)))


def test_run_audits_selects_games_in_order():
    assert [r.name for r in audit.run_audits(["cutting", "uvg"], quick=True)] == [
        "uvg-exhaustive",
        "uvg-random",
        "cutting-pieces",
        "cutting-sums",
    ]


# ---------------------------------------------------------------------------
# The command line

QUICK_OUTPUT = [
    "uvg-exhaustive: 1,099 graphs up to 5 vertices agree (T)",
    "uvg-random: 100 random graphs of 7 to 12 vertices (seed 0) agree (T)",
    "bunny-exhaustive: 1,291 records on every board up to 6 cells (1,057 boards, 2,587 positions) agree (T)",
    "bunny-random: 30 random records on boards of 7 to 16 cells (226 positions, seed 0) agree (T)",
    "cutting-pieces: 186 pieces (split up to area 24, cutting up to area 48) agree (T)",
    "cutting-sums: 60 random sums of 2-4 pieces (split total area <= 24, cutting total area <= 48, seed 0) agree (T)",
]


def test_cli_quick_audit_exact_output():
    result = run(["audit", "--quick"])
    assert result.exit_code == 0, result.output
    assert untimed(result.stdout) == QUICK_OUTPUT
    assert result.stderr == ""


def test_cli_game_and_seed():
    result = run(["audit", "--quick", "--game", "uvg", "--seed", "7"])
    assert result.exit_code == 0
    assert untimed(result.stdout) == [
        QUICK_OUTPUT[0],
        "uvg-random: 100 random graphs of 7 to 12 vertices (seed 7) agree (T)",
    ]


def test_cli_rejects_an_unknown_game():
    result = run(["audit", "--game", "chess"])
    assert result.exit_code == 2 and "Invalid value for '--game'" in result.stderr


# ---------------------------------------------------------------------------
# Wrong claims are caught, reported, and reproduce


def _forget_blossoms(real):
    """A plausible wrong claim: "odd components are winning" — every vertex of a
    D-component of 3 or more vertices (a blossom) is moved to A."""

    def wrong(graph, *args, **kwargs):
        dec = real(graph, *args, **kwargs)
        comp = dec.component
        sizes = np.bincount(comp[comp >= 0], minlength=1)
        part = dec.part.copy()
        part[(comp >= 0) & (sizes[np.maximum(comp, 0)] >= 3)] = A
        return dataclasses.replace(dec, part=part)

    return wrong


def test_uvg_wrong_claim_is_caught_and_reproduces(monkeypatch):
    monkeypatch.setattr(blossom, "general_gallai_edmonds", _forget_blossoms(blossom.general_gallai_edmonds))
    result = audit.uvg_exhaustive(max_n=4)
    assert not result.ok
    # The first graph with a blossom, in enumeration order: the triangle.
    assert result.cases == 1 + 2 + 8
    assert "start vertex 1: the fast solver says the player to move wins, the rule search says loses" in (
        result.counterexample
    )
    instance = parse_geography(after("input (gamecert solve geography):", result.counterexample))
    assert (instance.n, instance.edges.tolist()) == (3, [[0, 1], [0, 2], [1, 2]])
    graph = instance.graph()
    fast = (gallai_edmonds(graph).part == D).tolist()
    rules = search_outcomes([graph.neighbors(v).tolist() for v in range(graph.n)]).loses
    assert fast[0] is False and rules[0] is True


def test_cli_wrong_claim_exits_3_with_the_counterexample(monkeypatch):
    monkeypatch.setattr(blossom, "general_gallai_edmonds", _forget_blossoms(blossom.general_gallai_edmonds))
    result = run(["audit", "--quick", "--game", "uvg"])
    assert result.exit_code == 3
    lines = untimed(result.stdout)
    assert lines[0] == "uvg-exhaustive: FAILED at case 11 of graphs up to 5 vertices (T)"
    assert lines[1] == f"  claim: {audit.UVG_CLAIM}"
    assert lines[2].startswith("  counterexample: a graph of 3 vertices and 3 edges, start vertex 1: ")
    assert lines[3:8] == ["  input (gamecert solve geography):", "      3 3", "      1 2", "      1 3", "      2 3"]
    assert lines[8].startswith("uvg-random: FAILED at case ")
    assert result.stderr == "2 audit(s) failed: uvg-exhaustive, uvg-random\n"
    # The printed input reproduces through `gamecert solve` (still the wrong solver).
    solved = CliRunner().invoke(main, ["solve", "geography"], input="3 3\n1 2\n1 3\n2 3\n")
    assert solved.stdout == "1 win\n2 win\n3 win\n"
    assert search_outcomes([[1, 2], [0, 2], [0, 1]]).loses == (True, True, True)


def test_bunny_wrong_claim_is_caught_and_reproduces(monkeypatch):
    real = bunny_module.bunny_egg

    def flips_the_last_position(game, *args):
        # A wrong claim: "the player to move at the end of a record wins".
        a = real(game, *args)
        wins = a.wins.copy()
        wins[-1] = True
        return dataclasses.replace(a, wins=wins)

    monkeypatch.setattr(bunny_module, "bunny_egg", flips_the_last_position)
    result = audit.bunny_exhaustive(max_cells=4)
    assert not result.ok and result.cases == 1  # the 1x1 board: Bunny cannot move
    assert result.counterexample.startswith(
        "position 0 (Bunny to move, empty cell (1, 1)): the fast solver says Bunny wins, the board search says loses"
    )
    game = parse_bunny_egg(after("--no-judge-limits):", result.counterexample), judge_limits=False)
    assert game.board.tobytes() == b"." and game.k == 0
    assert bunny_module.bunny_egg(game).wins.tolist() == [True]
    assert board_search(game).wins == (False,)


def test_cutting_wrong_table_is_caught_and_reproduces(monkeypatch):
    real = cutting_module.grundy_table

    def wrong_table(rule, size):
        # A deliberately wrong table: the Cutting Game's 2x4 marked losing.
        table = real(rule, size)
        values = table.values.copy()
        if rule == "cutting" and size >= 4:
            values[2, 4] = values[4, 2] = 0
        return dataclasses.replace(table, values=values)

    monkeypatch.setattr(cutting_module, "grundy_table", wrong_table)
    result = run(["audit", "--quick", "--game", "cutting"])
    assert result.exit_code == 3
    lines = untimed(result.stdout)
    assert lines[0].startswith("cutting-pieces: FAILED at case ")
    assert lines[2] == (
        "  counterexample: cutting game, piece 2x4: the fast solver says the player to move loses "
        "(Sprague-Grundy value 0), the rule search says wins"
    )
    assert lines[3] == "  position (gamecert solve cutting --position): 2x4"
    assert result.stderr.startswith("2 audit(s) failed: cutting-pieces, cutting-sums")
    # Reproduce: the printed position, the (patched) fast solver and the literal rules.
    pieces = parse_position(lines[3].split(": ", 1)[1], "cutting")
    assert pieces == (Piece(2, 4),)
    assert cutting_queries(pieces, "cutting").values.tolist() == [0]
    assert rule_search([(2, 4)], "cutting") is True
