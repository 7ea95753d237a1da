"""The tiered solve (solve --tiers) against the in-memory solver: random tiered games with loops inside a tier
and extra moves, tic-tac-toe on every position on a Dask cluster of 2 workers; a run stopped between shards
and resumed; a move to a lower tier."""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamecert.solvers.errors import RulesError
from gamecert.solvers.turn.graph import Queries
from gamecert.solvers.general.solver import general_game
from gamecert.solvers.general.tiers import WIN
from gamecert.solvers.rules.rules import GeneralRules
from gamecert.verify.cli import main
from gamecert.verify.engine import sandbox as box
from gamecert.verify.engine.tiers import solve as tier_solve
from gamecert.verify.engine.tiers import store as tier_store
from gamecert.verify.general.tiers import GENERAL
from gamecert.verify.engine.store import Store
from gamecert.verify.engine.tiers.solve import solve_tiers
from gamecert.verify.errors import StoreError
from gamecert.verify.rules.load import load_rules
from tests.support import TESTS, apart

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

pytestmark = pytest.mark.slow  # each writes a store folder and runs tens of tasks (over 0.4 s)


def random_tiered(seed: int, n: int = 12) -> GeneralRules:
    """A general game on ``0 .. n-1`` in tiers of three (``p // 3``): moves to the same tier or later
    (self-loops and cycles inside a tier, repeated moves), random results and players."""
    rng = random.Random(seed)
    moves = {p: [rng.randrange(3 * (p // 3), n) for _ in range(rng.choice((0, 1, 2, 3)))] for p in range(n)}
    ends = {p: rng.choice((None, None, None, None, "win", "lose", "draw")) for p in range(n)}
    side = {p: rng.choice("ab") for p in range(n)}
    return GeneralRules(
        f"tiered-{seed}", "tiered.py", int, lambda p: moves[p], result=lambda p: ends[p],
        player=(lambda p: side[p]) if seed % 2 else None, tier=lambda p: p // 3,
    )


def test_random_tiered_games_equal_the_in_memory_solve():
    whole_tiers = 0  # tiers with a move between two of their shards: a second round, one backward task
    for seed in range(6):
        rules = random_tiered(seed)
        queries = tuple(range(12))
        expected = general_game(rules, queries).values
        found = solve_tiers(rules, Queries(queries), labels=GENERAL, shards=2, jobs=0)
        assert found.solution.values == expected, f"seed {seed}"
        assert found.certified == sum(t.positions for t in found.tiers) == 12
        whole_tiers += sum(t.rounds > 1 for t in found.tiers)
    assert whole_tiers >= 3


def test_stopped_between_shards_and_resumed_same_answer_no_shard_twice(tmp_path, monkeypatch):
    rules = random_tiered(1, n=15)
    queries = Queries(tuple(range(15)))
    expected = general_game(rules, queries.positions).values
    ran: list[tuple] = []
    call = tier_solve.TierStep.__call__

    def counted(step, params, options):
        # A forward step's tier is its campaign's option; the backward campaign's tasks name theirs.
        ran.append((options["step"], options.get("tier", params.get("tier")), options.get("round"), repr(params)))
        return call(step, params, options)

    monkeypatch.setattr(tier_solve.TierStep, "__call__", counted)

    class Killed(Exception):
        pass

    def bar_killing_after(k):
        finished = 0

        def bar(campaign):
            def update(progress):
                nonlocal finished
                if progress.done > progress.resumed:
                    finished += 1
                    if finished == k:
                        raise Killed  # after the k-th shard is recorded, before the next starts
            from contextlib import nullcontext

            return nullcontext(update)

        return bar

    store = tmp_path / "solve"
    with pytest.raises(Killed):
        solve_tiers(rules, queries, labels=GENERAL, shards=3, jobs=0, store=store, bar=bar_killing_after(7))
    first = len(ran)
    assert first == 7
    found = solve_tiers(rules, queries, labels=GENERAL, shards=3, jobs=0, store=store, resume=True)
    assert found.solution.values == expected
    assert found.resumed == 7 and found.ran == len(ran) - first
    assert len(ran) == len(set(ran))  # no shard ran twice
    with Store(store / "store.sqlite") as s:
        assert s.finished() == len(ran)
    with pytest.raises(StoreError, match="already holds"):
        solve_tiers(rules, queries, labels=GENERAL, shards=3, jobs=0, store=store)


def test_a_move_to_a_lower_tier_is_bad_input(tmp_path):
    rules = tmp_path / "down.py"
    rules.write_text('KIND = "general"\n\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n'
                     '    return [n - 1] if n else []\n\n\ndef tier(n):\n    return n\n')
    result = CliRunner().invoke(main, ["solve", "--rules", str(rules), "--tiers", "--jobs", "0", "-"], input="2\n")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        f"error: {rules}:7:1: moves(2): the move to 1 goes to tier 1, below this position's tier 2 "
        "(tier() must never decrease along a move)"
    )
    with pytest.raises(RulesError, match="tier"):
        solve_tiers(load_rules(str(rules)), Queries((1,)), labels=GENERAL, jobs=0)


@pytest.fixture(scope="module")
def tictactoe():
    """The tic-tac-toe rules with tier(), and every position reached from the empty board, one per line."""
    path = str(EXAMPLES / "tictactoe_tiers.py")
    return path, "".join(p + "\n" for p in general_game(load_rules(path), [".........", ]).table)


def test_tictactoe_every_position_equals_the_in_memory_solve(tictactoe, tmp_path):
    path, every = tictactoe
    runner = CliRunner()
    in_memory = runner.invoke(main, ["solve", "--rules", path, "-"], input=every)
    tiered = runner.invoke(main, ["solve", "--rules", path, "--tiers", "--jobs", "0", "--shards", "3", "-"], input=every)
    assert in_memory.exit_code == 0 and tiered.exit_code == 0, tiered.stderr
    assert tiered.stdout == in_memory.stdout
    assert len(tiered.stdout.splitlines()) == 5478
    assert tiered.stderr.splitlines()[-1] == (
        # Each step's shards in one task: no step holds TASK_POSITIONS positions.
        "solve --tiers: certified 5,478 positions in 28 shards of 10 tiers (20 tasks run, 0 resumed from the store)"
    )


def test_tictactoe_on_two_dask_workers(tictactoe, tmp_path, monkeypatch):
    monkeypatch.setattr(tier_solve, "TASK_POSITIONS", 1)  # every step on the workers, a task per shard
    path, every = tictactoe
    lines = every.splitlines()[::500]
    expected = CliRunner().invoke(main, ["solve", "--rules", path, "-"], input="\n".join(lines))
    args = ["solve", "--rules", path, "--tiers", "--jobs", "2", "--shards", "2", "--store", str(tmp_path / "s"), "-"]
    tiered = CliRunner().invoke(main, args, input="\n".join(lines))
    assert tiered.exit_code == 0, tiered.stderr
    assert tiered.stdout == expected.stdout
    again = CliRunner().invoke(main, [*args[:-1], "--resume", "-"], input="\n".join(lines))
    assert again.stdout == expected.stdout
    assert again.stderr.splitlines()[-1].endswith("(0 tasks run, 38 resumed from the store)")


def test_resume_without_shards_takes_the_stored_count_and_a_new_solve_one_per_worker(tmp_path):
    rules = tmp_path / "take.py"
    rules.write_text('KIND = "general"\n\n\ndef parse(line):\n    return int(line)\n\n\n'
                     'def moves(n):\n    return [n - k for k in (1, 2) if k <= n]\n\n\ndef tier(n):\n    return -n\n')
    store = tmp_path / "s"
    base = ["solve", "--rules", str(rules), "--tiers", "--jobs", "0", "--store", str(store)]
    first = CliRunner().invoke(main, [*base, "--shards", "3", "-"], input="9\n")
    assert (first.exit_code, first.stdout) == (0, "lose 6\n")
    # Without --shards the default (1 for one process) would be another solve; the store's 3 is taken.
    again = CliRunner().invoke(main, [*base, "--resume", "-"], input="9\n")
    assert (again.exit_code, again.stdout) == (0, "lose 6\n"), again.output
    assert again.stderr.splitlines()[-1].endswith("(0 tasks run, 20 resumed from the store)")
    fresh = CliRunner().invoke(main, [*base[:-1], str(tmp_path / "t"), "-"], input="9\n")
    assert fresh.exit_code == 0
    assert json.loads((tmp_path / "t" / "solve.json").read_text())["shards"] == 1


def test_check_tiers_checks_a_stored_solve_again_and_finds_a_tampered_label(tmp_path):
    rules = tmp_path / "take.py"
    rules.write_text('"""Take one or two; the last to take wins."""\n\nKIND = "general"\n\n\ndef parse(line):\n'
                     '    return int(line)\n\n\ndef moves(n):\n    return [n - k for k in (1, 2) if k <= n]\n\n\n'
                     'def tier(n):\n    return -n\n')
    store = tmp_path / "solve"
    runner = CliRunner()
    solved = runner.invoke(main, ["solve", "--rules", str(rules), "--tiers", "--jobs", "0", "--shards", "2",
                                  "--store", str(store), "-"], input="9\n10\n")
    assert (solved.exit_code, solved.stdout) == (0, "lose 6\nwin 7\n")
    checked = runner.invoke(main, ["check", "--tiers", str(store)])
    assert (checked.exit_code, checked.stdout) == (0, "check --tiers: certified 11 positions in 11 shards of 11 tiers\n")
    labels = store / "tiers" / "-3" / str(tier_solve.shard_of(3, 2)) / "labels.pkl"
    outcome, remoteness = tier_store.load_file(labels)
    remoteness[0] += 2  # 3 is lose 2: now lose 4
    tier_store.save_file(labels, (outcome, remoteness))
    checked = runner.invoke(main, ["check", "--tiers", str(store)])
    assert checked.exit_code == 3
    assert checked.stdout.splitlines() == [  # 5 and 4 move to 3; 3 moves to 2 (win 1) and 1 (win 1)
        f"tier -5 shard {tier_solve.shard_of(5, 2)}: 5: the certificate says win 3, but the quickest good move, to 3, is lose 4",
        f"tier -4 shard {tier_solve.shard_of(4, 2)}: 4: the certificate says win 3, but the quickest good move, to 3, is lose 4",
        f"tier -3 shard {tier_solve.shard_of(3, 2)}: 3: the certificate says lose 4, but the slowest move, to 2, is win 1",
    ]
    assert checked.stderr == "check --tiers: 3 labels fail their certificate\n"


def test_a_solve_projected_past_the_limit_is_refused_unless_no_size_limit(tmp_path, monkeypatch):
    from gamecert.verify.engine import sizes

    rules = tmp_path / "take.py"
    rules.write_text('KIND = "general"\n\n\ndef parse(line):\n    return int(line)\n\n\n'
                     'def moves(n):\n    return [n - k for k in (1, 2) if k <= n]\n\n\ndef tier(n):\n    return -n\n')
    monkeypatch.setattr(sizes, "DAY", 1e-9)  # any work at all is past the limit
    args = ["solve", "--rules", str(rules), "--tiers", "--jobs", "0", "-"]
    refused = CliRunner().invoke(main, args, input="4\n")
    assert refused.exit_code == 2
    assert "more than a day; --no-size-limit runs it anyway" in refused.stderr
    assert "1 position in the 1 tier found so far, the next ≈1: projected at least" in refused.stderr
    ran = CliRunner().invoke(main, [*args[:-1], "--no-size-limit", "-"], input="4\n")
    assert (ran.exit_code, ran.stdout) == (0, "win 3\n")  # 4 -> 3, a multiple of 3: lost in 2


# Tic-tac-toe and Connect Four with tier() (docs/tiers.md), by hand: the empty 3x3 board is a draw
# (as published); X to move completes a row at once; a single column or row of four cells fills
# alternately, so nobody has four; X to move drops a fourth X on its column of three.
@pytest.mark.parametrize("example, text, expected", [
    ("tictactoe_tiers.py", ".........\nXX.OO....\n", "draw\nwin 1\n"),
    ("connect_four_tiers.py", "1 4\n4 1\nXXX.|OOO.|....|....|\n", "draw\ndraw\nwin 1\n"),
])
def test_the_tiered_examples_by_hand(example, text, expected):
    result = CliRunner().invoke(main, ["solve", "--rules", str(EXAMPLES / example), "-"], input=text)
    assert (result.exit_code, result.stdout) == (0, expected)


# A tic-tac-toe candidate of its own (memoised minimax with remoteness); with an argument it answers every draw
# "lose 0".
CANDIDATE = '''import sys
from functools import lru_cache

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@lru_cache(maxsize=None)
def value(b):
    if any(b[x] != "." and b[x] == b[y] == b[z] for x, y, z in LINES):
        return "lose", 0
    if "." not in b:
        return "draw", None
    m = "O" if b.count("X") > b.count("O") else "X"
    kids = [value(b[:i] + m + b[i + 1:]) for i in range(9) if b[i] == "."]
    wins = [n for o, n in kids if o == "lose"]
    if wins:
        return "win", 1 + min(wins)
    if any(o == "draw" for o, _ in kids):
        return "draw", None
    return "lose", 1 + max(n for _, n in kids)


for line in sys.stdin.read().split():
    o, n = value(line)
    print("lose 0" if len(sys.argv) > 1 and o == "draw" else o if n is None else f"{o} {n}")
'''


@pytest.fixture(scope="module")
def stored_tictactoe(tmp_path_factory):
    """Tic-tac-toe solved in tiers from the empty board into a store, and a candidate file."""
    folder = tmp_path_factory.mktemp("stored")
    path = str(EXAMPLES / "tictactoe_tiers.py")
    solved = CliRunner().invoke(main, ["solve", "--rules", path, "--tiers", "--jobs", "0", "--shards", "3",
                                       "--store", str(folder / "store"), "-"], input=".........\n")
    assert (solved.exit_code, solved.stdout) == (0, "draw\n"), solved.stderr
    (folder / "candidate.py").write_text(CANDIDATE)
    return path, folder


def _stress(rules: str, store: Path, candidate: str, out: Path, count: int = 3):
    return CliRunner().invoke(main, ["stress", "--rules", rules, "--tiers", str(store), "--candidate", candidate,
                                     "--count", str(count), "--out", str(out)])


def test_stress_against_the_answers_of_a_stored_tiered_solve(stored_tictactoe, tmp_path):
    path, folder = stored_tictactoe
    store, candidate = folder / "store", f"{sys.executable} {folder / 'candidate.py'}"
    right = _stress(path, store, candidate, tmp_path, count=2)
    assert (right.exit_code, right.stdout) == (0, "stress tictactoe-tiers: 2 cases passed (seed 1)\n"), right.stderr
    wrong = _stress(path, store, candidate + " wrong", tmp_path, count=1)
    assert wrong.exit_code == 3
    assert wrong.stdout.splitlines()[0] == (
        "stress tictactoe-tiers: wrong answer on case 1 of 1 (edge: every position of sizes 0 to 2; seed 1), shrunk in "
        f"8 steps to [.........]: {tmp_path / 'tictactoe-tiers-wrong-answer.in'} (token 1 at output line 1: expected "
        "'draw', got 'lose')"
    )
    assert (tmp_path / "tictactoe-tiers-wrong-answer.in").read_text() == ".........\n"
    assert (tmp_path / "tictactoe-tiers-wrong-answer.ans").read_text() == "draw\n"


def test_stress_checks_the_stored_labels_it_reads(stored_tictactoe, tmp_path):
    path, folder = stored_tictactoe
    store = tmp_path / "store"
    shutil.copytree(folder / "store", store)
    labels = store / "tiers" / "0" / str(tier_solve.shard_of(".........", 3)) / "labels.pkl"
    outcome, remoteness = tier_store.load_file(labels)
    outcome[0], remoteness[0] = WIN, 5  # the empty board (a draw), now a stored win 5
    tier_store.save_file(labels, (outcome, remoteness))
    assert str(tier_store.StoredLabels(store, load_rules(path), None, GENERAL).labels(["........."])["........."]) == "win 5"
    tampered = _stress(path, store, f"{sys.executable} {folder / 'candidate.py'}", tmp_path, count=1)
    assert tampered.exit_code == 4
    assert (tampered.exit_code, tampered.stdout) == (4, "")
    assert apart(tampered.stderr) == (  # the stored label checked against its moves' stored labels, as a worker checks it
        "internal error: gamecert's answer to generated case 1 (edge: every position of sizes 0 to 2) fails its "
        "certificate: .........: the certificate says win 5, but no move is good for the mover (a gamecert bug, not the "
        "candidate's)\n"
    )


def test_stress_refuses_a_position_missing_from_the_store_or_another_rules_file(stored_tictactoe, tmp_path):
    path, folder = stored_tictactoe
    store = tmp_path / "store"
    solved = CliRunner().invoke(main, ["solve", "--rules", path, "--tiers", "--jobs", "0", "--shards", "3",
                                       "--store", str(store), "-"], input="XX.OO....\n")
    assert (solved.exit_code, solved.stdout) == (0, "win 1\n"), solved.stderr
    missing = _stress(path, store, f"{sys.executable} {folder / 'candidate.py'}", tmp_path)
    assert (missing.exit_code, missing.stdout) == (1, "")
    assert apart(missing.stderr) == f"error: --tiers {store}: the position ......... (tier 0) is not in the stored solve\n"
    other = tmp_path / "other.py"
    other.write_text(Path(path).read_text() + "# another rules file\n")
    refused = _stress(str(other), folder / "store", "true", tmp_path)
    assert (refused.exit_code, refused.stdout) == (1, "")
    assert apart(refused.stderr) == (
        f"error: --tiers {folder / 'store'}: holds the solve of another rules file ({path} as it was then), not of {other}\n"
    )


@pytest.mark.parametrize("off", ["", "files"], ids=["machine", "no bwrap"])
def test_the_candidate_cannot_read_the_stored_solve(stored_tictactoe, tmp_path, monkeypatch, off):
    # The store holds every position's certified answer: the candidate sees its folder empty (masked by bubblewrap,
    # or by the launcher without it); without namespaces at all (no root) it can read it, as documented.
    monkeypatch.setenv(box.OFF, off)
    path, folder = stored_tictactoe
    with tempfile.TemporaryDirectory(dir="/var/tmp" if os.path.isdir("/var/tmp") else None) as outside:
        store = Path(outside) / "store"  # outside /tmp, which the candidate never sees anyway
        shutil.copytree(folder / "store", store)
        reader = f"{sys.executable} -I -S {TESTS / 'engine' / 'hostile' / 'answer_reader.py'} {store} solve.json"
        result = _stress(path, store, reader, tmp_path, count=1)
    assert result.exit_code == 3
    first = result.stdout.splitlines()[0]
    if box.support().launched:
        assert first.endswith("(token 1 at output line 1: expected 'draw', got 'UNREAD')"), result.stdout
    else:
        assert "got '{\"solve\"" in first, result.stdout
