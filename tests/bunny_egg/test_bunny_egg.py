"""Bunny and Egg (NOI2011): the fast analysis against the board search, scratch and certificates."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.bunny_egg.solver import BunnyEgg, Verdicts, bunny_egg, format_bunny_egg_answer, parse_bunny_egg
from gamecert.solvers.errors import GamecertError, InputError
from gamecert.verify.bunny_egg.audit import bunny_difference
from gamecert.verify.bunny_egg.certificate import certify_positions
from gamecert.verify.bunny_egg.families import long_game, random_game
from gamecert.verify.bunny_egg.positions import position_graphs
from gamecert.verify.bunny_egg.search import board_search, search_seconds
from tests.support import run

CASES = Path(__file__).resolve().parents[2] / "cases" / "bunny-egg"

SAMPLES = [
    ("1 6\nXO.OXO\n1\n1 2\n1 1\n", "1\n1\n"),
    ("3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n", "0\n"),
    ("4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n", "2\n1\n2\n"),
]

METHODS = [
    pytest.param(lambda g: bunny_egg(g).verdicts(), id="incremental"),
    pytest.param(lambda g: bunny_egg(g, "incremental-forward").verdicts(), id="incremental-forward"),
    pytest.param(lambda g: bunny_egg(g, "from-scratch").verdicts(), id="from-scratch"),
    pytest.param(lambda g: board_search(g).verdicts(), id="board-search"),
]


def _judge_output(v: Verdicts) -> str:
    return "".join(f"{x}\n" for x in (len(v.bunny_mistakes), *v.bunny_mistakes))


@pytest.mark.parametrize("solve", METHODS)
@pytest.mark.parametrize("text, expected", SAMPLES)
def test_judge_samples(solve, text, expected):
    assert _judge_output(solve(parse_bunny_egg(text))) == expected


@pytest.mark.parametrize("text, expected", SAMPLES)
def test_samples_byte_exact_through_the_cli(text, expected, tmp_path):
    path = tmp_path / "in.txt"
    path.write_bytes(text.replace("\n", "  \r\n").encode())  # trailing blanks, CRLF
    out = run(["solve", "bunny-egg", str(path)])
    assert out.exit_code == 0, out.output
    assert out.stdout_bytes == expected.encode()


def test_cli_json_table():
    import json

    out = run(["solve", "bunny-egg", "--json", "-"], input=SAMPLES[2][0].encode())
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout_bytes)
    assert data["bunny_mistakes"] == [1, 2] and data["egg_mistakes"] == [1]
    assert data["finished"] is True and data["winner"] == "Egg"
    rows = data["positions"]
    assert [r["to_move"] for r in rows] == ["Bunny", "Egg"] * 2 + ["Bunny"]
    assert [r["mistake"] for r in rows] == [True, True, True, False, False]
    assert rows[0]["winning_move"] == [3, 4] and rows[0]["played"] == [3, 2]


def test_cli_bad_input_one_line_exit_1():
    out = run(["solve", "bunny-egg", "-"], input=b"1 6\nXO.OXO\n1\n1 1\n1 2\n")
    assert out.exit_code == 1
    err = out.stderr_bytes.decode()
    assert err.count("\n") == 1 and "<stdin>:4:1: Bunny's move 1: (1, 1) is not next to" in err


def test_format_and_analysis_fields():
    a = bunny_egg(parse_bunny_egg(SAMPLES[0][0]))
    assert format_bunny_egg_answer(a) == "1\n1\n"
    assert a.finished
    # Bunny's winning move from (1,3) in XO.OXO is (1,4): the matched side.
    assert [a.cell(v) if v >= 0 else None for v in a.winning_move.tolist()] == [(1, 4), (1, 1), None]
    assert a.nu.tolist() == [3, 2, 1]


def test_unfinished_record_is_analysed():
    g = BunnyEgg.from_rows(["XO.OXO"], [(1, 4), (1, 5)])
    a = bunny_egg(g)
    assert not a.finished  # Bunny can move (1,6) next
    assert a.verdicts() == board_search(g).verdicts()


# ---------------------------------------------------------------- random games


@st.composite
def games(draw, max_side: int = 4, min_side: int = 1) -> BunnyEgg:
    """A board of min_side..max_side rows and columns and a legal record played on it."""
    n = draw(st.integers(min_side, max_side))
    m = draw(st.integers(min_side, max_side))
    start = draw(st.integers(0, n * m - 1))
    enter = draw(st.lists(st.sampled_from([True, True, True, True, False]), min_size=n * m, max_size=n * m))
    sr, sc = divmod(start, m)
    board = np.empty((n, m), dtype=np.uint8)
    for i in range(n * m):
        r, c = divmod(i, m)
        even = (r + c + sr + sc) % 2 == 0
        board[r, c] = ord("X") if enter[i] == even else ord("O")
    board[sr, sc] = ord(".")
    limit = draw(st.one_of(st.just(n * m), st.integers(0, n * m)))  # mostly: play to the end
    cur, (er, ec), moves = board.copy(), (sr, sc), []
    while len(moves) < limit:
        piece = (ord("O"), ord("X"))[len(moves) % 2]
        legal = [
            (er + dr, ec + dc)
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= er + dr < n and 0 <= ec + dc < m and cur[er + dr, ec + dc] == piece
        ]
        if not legal:
            break
        x, y = draw(st.sampled_from(legal))
        cur[er, ec], cur[x, y] = cur[x, y], ord(".")
        er, ec = x, y
        moves.append((x, y))
    if len(moves) % 2:
        moves.pop()
    return BunnyEgg(board, np.array(moves, dtype=np.int64).reshape(-1, 2))


@pytest.mark.slow
@pytest.mark.parametrize("method", ["incremental", "incremental-forward"])
@settings(max_examples=150, deadline=None)
@given(game=st.one_of(games(), games(min_side=4)))
def test_incremental_agrees_with_board_search_position_by_position(method, game):
    assert search_seconds(game) < 1.0
    # Verdicts, mistakes, the end, and each winning move the fast side names
    # (it must be one the board search proves winning).
    assert bunny_difference(bunny_egg(game, method), board_search(game)) is None


@settings(max_examples=60, deadline=None)
@given(games(max_side=6))
def test_incremental_equals_from_scratch(game):
    scratch = bunny_egg(game, "from-scratch")
    for method in ("incremental", "incremental-forward"):
        inc = bunny_egg(game, method)
        assert inc.verdicts() == scratch.verdicts()
        assert inc.nu.tolist() == scratch.nu.tolist()
        assert inc.finished == scratch.finished


@pytest.mark.parametrize("seed", range(3))
def test_both_incremental_kernels_on_large_long_games(seed):
    # Nearly perfect matchings, where the backward search does the work.
    game = long_game(30, 30, 449 - 40 * seed, seed)
    a, b = bunny_egg(game), bunny_egg(game, "incremental-forward")
    assert a.verdicts() == b.verdicts() and a.nu.tolist() == b.nu.tolist()
    _assert_winning_moves_legal(a)


def _assert_winning_moves_legal(a):
    deleted = set()
    for t, v in enumerate(a.path.tolist()):
        w = int(a.winning_move[t])
        if w >= 0:
            assert a.graph.has_edge(v, w) and w not in deleted
        deleted.add(v)


@pytest.mark.parametrize("n, m, k, seed", [(6, 7, 20, 1), (9, 9, 40, 2), (12, 10, 59, 3), (2, 15, 14, 4)])
def test_long_games_incremental_scratch_and_certificates(n, m, k, seed):
    game = long_game(n, m, k, seed)
    inc, scratch = bunny_egg(game), bunny_egg(game, "from-scratch")
    _assert_winning_moves_legal(inc)
    assert inc.finished and game.k == k
    assert inc.verdicts() == scratch.verdicts()
    assert inc.nu.tolist() == scratch.nu.tolist()
    assert certify_positions(game, inc.verdicts().wins) == []


@pytest.mark.parametrize("seed", range(6))
def test_random_games_certified(seed):
    game = random_game(7, 6, seed, enterable=0.85)
    assert certify_positions(game, bunny_egg(game).verdicts().wins) == []


def test_certificate_check_catches_a_wrong_verdict():
    game = parse_bunny_egg(SAMPLES[2][0])
    wins = list(bunny_egg(game).verdicts().wins)
    wins[1] = not wins[1]
    problems = certify_positions(game, tuple(wins))
    assert problems == ["position 1: claimed Egg loses, certificate says wins"]


def test_position_graphs_follow_the_token():
    game = long_game(5, 5, 12, 7)
    a = bunny_egg(game)
    for t, (graph, token, cells) in enumerate(position_graphs(game)):
        assert int(cells[token]) == int(a.cells[a.path[t]])
        assert graph.n == a.graph.n - t  # every earlier position deleted, nothing else


@pytest.mark.parametrize("route", ["lp", "konig"])
@settings(max_examples=25, deadline=None)
@given(game=games(max_side=6))
def test_lp_and_konig_agree_with_the_solver(route, game):
    from gamecert.verify.bunny_egg.lp import lp_verdicts
    from gamecert.verify.bunny_egg.sat import konig_verdicts

    verdicts, nus = (lp_verdicts if route == "lp" else konig_verdicts)(game)
    fast = bunny_egg(game)
    assert verdicts == fast.verdicts()
    assert list(nus) == fast.nu.tolist()


@pytest.mark.parametrize("seed", range(4))
def test_ilp_agrees(seed):
    from gamecert.verify.bunny_egg.ilp import ilp_verdicts

    game = random_game(5, 5, seed, enterable=0.9)
    verdicts, nus = ilp_verdicts(game)
    fast = bunny_egg(game)
    assert verdicts == fast.verdicts()
    assert list(nus) == fast.nu.tolist()


def test_registry_explains_a_difference():
    from gamecert.verify.registry import get_game

    game = get_game("bunny-egg")
    instance = game.parse(SAMPLES[2][0], "<s>", True)
    right = game.answer(game.solve(instance))
    wrong = Verdicts((True, False, True, True, False), (1,), ())
    assert game.explain(instance, right, wrong) == "position 1 (Egg to move after 1 moves): loses, expected wins"
    assert game.explain(instance, right, right) == "answers agree"
    assert game.certify(instance, game.solve(instance)) == []
    assert [f.name for f in game.formulations()] == ["search", "ilp", "networkx", "lp", "sat-konig"]


# ---------------------------------------------------------------- bad input

BAD = [
    ("1 6\nXO.OX.\n1\n1 2\n1 1\n", "<stdin>:2:6: expected exactly one empty cell '.', found a second one (the first is at (1, 3))"),
    ("2 2\nXO\nOX\n1\n1 2\n1 1\n", "<stdin>:2:1: expected exactly one empty cell '.', found none"),
    ("1 3\nXo.\n1\n1 2\n1 1\n", "<stdin>:2:2: expected 'X', 'O' or '.', got 'o'"),
    ("1 3\nXO\n1\n", "<stdin>:2:3: expected 3 cells in row 1, found 2"),
    ("1 3\nXO.X\n1\n", "<stdin>:2:4: expected 3 cells in row 1, found 4"),
    ("2 3\nXO.\n", "<stdin>:2:4: expected row 2 of the board (3 characters 'X', 'O' or '.'), found end of input"),
    (
        "1 6\nXO.OXO\n1\n1 2\n",
        "<stdin>:4:4: expected Egg's move 1 'x y', found end of input (k = 1 on line 3 announces 2 moves, found 1)",
    ),
    (
        "1 6\nXO.OXO\n1\n1 2\n1 1\n1 4\n",
        "<stdin>:6:1: expected end of input after 2 moves (k = 1 on line 3 announces 2 moves)",
    ),
    ("1 6\nXO.OXO\n1\n1 1\n1 2\n", "<stdin>:4:1: Bunny's move 1: (1, 1) is not next to the empty cell (1, 3)"),
    ("1 6\nXO.OXO\n1\n1 3\n1 2\n", "<stdin>:4:1: Bunny's move 1: (1, 3) is the empty cell itself"),
    (
        "1 6\nXX.OXO\n1\n1 2\n1 1\n",
        "<stdin>:4:1: Bunny's move 1: (1, 2) holds a black piece 'X'; Bunny moves white pieces 'O'",
    ),
    (
        "1 6\nXO.OOO\n1\n1 4\n1 5\n",
        "<stdin>:5:1: Egg's move 1: (1, 5) holds a white piece 'O'; Egg moves black pieces 'X'",
    ),
    ("1 6\nXO.OXO\n1\n2 2\n1 1\n", "<stdin>:4:1: Bunny's move 1: row x = 2 is off the board (rows 1..1)"),
    ("1 6\nXO.OXO\n1\n1 0\n1 1\n", "<stdin>:4:3: Bunny's move 1: column y = 0 is off the board (columns 1..6)"),
    ("1 6\nXO.OXO\n1\n1 b\n1 1\n", "<stdin>:4:3: expected the column y of Bunny's move 1 (an integer), got 'b'"),
    (
        "41 1\n",
        "<stdin>:1:1: expected the number of rows n in 1..40, got 41 (judge limit; --no-judge-limits lifts it)",
    ),
    (
        "1 6\nXO.OXO\n0\n",
        "<stdin>:3:1: expected the number of rounds k in 1..1000, got 0 (judge limit; --no-judge-limits lifts it)",
    ),
    ("", "<stdin>:1:1: expected the board size 'n m', found end of input"),
    # Problems are reported in reading order: an illegal move before a bad token or a count error.
    ("1 6\nXO.OXO\n1\n1 1\n1 z\n", "<stdin>:4:1: Bunny's move 1: (1, 1) is not next to the empty cell (1, 3)"),
    ("1 6\nXO.OXO\n1\n1 1\n1 2\n1 3\n", "<stdin>:4:1: Bunny's move 1: (1, 1) is not next to the empty cell (1, 3)"),
    ("1 6\nXO.OXO\n2\n1 4\n1 3\n", "<stdin>:5:1: Egg's move 1: (1, 3) holds a white piece 'O'; Egg moves black pieces 'X'"),
    ("1 6\nXO.OXO\n1\n1 2\n1\n", "<stdin>:5:2: expected the column y of Egg's move 1, found end of input"),
]


@pytest.mark.parametrize("text, message", BAD)
def test_bad_input_messages(text, message):
    with pytest.raises(InputError) as exc:
        parse_bunny_egg(text)
    assert str(exc.value) == message


def test_later_bad_move_is_named():
    text = SAMPLES[1][0].replace("3 1\n3 2\n", "3 1\n3 3\n")
    with pytest.raises(InputError) as exc:
        parse_bunny_egg(text, "rec.txt")
    assert str(exc.value) == "rec.txt:12:1: Bunny's move 4: (3, 3) is not next to the empty cell (3, 1)"


def test_judge_limits_lifted():
    g = parse_bunny_egg("1 6\nXO.OXO\n0\n", judge_limits=False)
    assert g.k == 0 and bunny_egg(g).verdicts().wins == (True,)
    big = long_game(41, 3, 61, 0)
    assert parse_bunny_egg(big.text(), judge_limits=False).moves.tolist() == big.moves.tolist()


def test_trailing_spaces_and_crlf():
    text = "4 4  \r\nOOXX   \r\nOXXO\t\r\nOO.O \r\nXXXO\r\n2\r\n3 2 \r\n2 2\r\n1 2\r\n1 3\r\n"
    assert format_bunny_egg_answer(bunny_egg(parse_bunny_egg(text))) == "2\n1\n2\n"


def test_direct_construction_checks_legality():
    with pytest.raises(GamecertError, match="Egg's move 1: \\(1, 5\\) holds a white piece"):
        BunnyEgg.from_rows(["XO.OOO"], [(1, 4), (1, 5)])
    with pytest.raises(GamecertError, match="exactly one empty cell"):
        BunnyEgg.from_rows(["XO.OO."])


# ---------------------------------------------------------------- case files


def _cases():
    found = sorted(CASES.glob("*.toml"))
    assert found, f"no bunny-egg case files under {CASES}"
    return found


@pytest.mark.parametrize("path", _cases(), ids=lambda p: p.stem)
def test_case_files(path):
    import tomllib

    case = tomllib.loads(path.read_text())
    assert case["game"] == "bunny-egg"
    game = parse_bunny_egg(case["input"], str(path), case.get("judge_limits", True))
    assert format_bunny_egg_answer(bunny_egg(game)) == case["expected"]
