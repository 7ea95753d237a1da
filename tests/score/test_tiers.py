"""The tiered solve of score games (solve --tiers) against the in-memory solver: random games with moves inside a
tier and across its shards, extra moves and results; a loop inside a tier is bad rules; Dots and Boxes through the
CLI, its store checked again (check --tiers), a tampered score caught, and stress reading its answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gamecert.solvers.errors import RulesError
from gamecert.solvers.turn.graph import Queries
from gamecert.solvers.rules.rules import ScoreRules
from gamecert.solvers.score.solver import score_game
from gamecert.verify.cli import main
from gamecert.verify.engine.tiers import solve as tier_solve
from gamecert.verify.engine.tiers import store as tier_store
from gamecert.verify.score.tiers import SCORE
from gamecert.verify.engine.tiers.solve import solve_tiers
from tests.general.naive import random_score

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

pytestmark = pytest.mark.slow  # each runs tens of tasks of a tiered solve (over 0.4 s)


def tiered(seed: int, n: int = 9) -> ScoreRules:
    """:func:`~tests.general.naive.random_score` (moves to larger positions only) in tiers of three."""
    rules = random_score(seed, n=n, players=seed % 2 == 1)
    return ScoreRules(rules.name, rules.path, rules.parse, rules.moves, result=rules.result, player=rules.player,
                      tier=lambda p: p // 3)


def test_random_tiered_score_games_equal_the_in_memory_solve():
    whole_tiers = 0  # tiers with a move between two of their shards: a second round, one backward task
    for seed in range(6):
        rules = tiered(seed)
        queries = tuple(range(9))
        expected = score_game(rules, queries).values
        found = solve_tiers(rules, Queries(queries), labels=SCORE, shards=2, jobs=0)
        assert found.solution.values == expected, f"seed {seed}"
        assert found.certified == sum(t.positions for t in found.tiers)
        whole_tiers += sum(t.rounds > 1 for t in found.tiers)
    assert whole_tiers >= 2


def test_a_loop_inside_a_tier_is_bad_rules():
    loop = ScoreRules("loop", "loop.py", int, lambda n: [((n + 1) % 3, 1)], tier=lambda n: 0)
    with pytest.raises(RulesError, match=r"a loop: (0 -> 1 -> 2 -> 0|1 -> 2 -> 0 -> 1|2 -> 0 -> 1 -> 2) "
                                         r"\(a position is reachable from itself, so play need not end"):
        solve_tiers(loop, Queries((0,)), labels=SCORE, shards=1, jobs=0)


def test_a_loop_inside_a_tier_is_one_located_line_as_in_memory(tmp_path):
    rules = tmp_path / "loop.py"
    rules.write_text('KIND = "score"\n\n\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n'
                     '    return [((n + 1) % 3, 1)]\n\n\ndef tier(n):\n    return 0\n')
    # One shard numbers the tier's positions as the in-memory solve does (from the query on), so the loop is
    # walked from the same position; across shards it is a rotation of it, named at the move that closes it.
    tiered = CliRunner().invoke(main, ["solve", "--rules", str(rules), "--tiers", "--jobs", "0", "--shards", "1", "-"],
                                input="0\n")
    in_memory = CliRunner().invoke(main, ["solve", "--rules", str(rules), "-"], input="0\n")
    assert (tiered.exit_code, tiered.stdout) == (1, "")
    assert tiered.stderr == in_memory.stderr == (
        f"error: {rules}:8:1: moves(2): a loop: 0 -> 1 -> 2 -> 0 (a position is reachable from itself, so play need "
        "not end; a score game must end)\n"
    )
    sharded = CliRunner().invoke(main, ["solve", "--rules", str(rules), "--tiers", "--jobs", "0", "-"], input="0\n")
    assert (sharded.exit_code, sharded.stdout) == (1, "")
    assert sharded.stderr in {
        f"error: {rules}:8:1: moves({(a + 2) % 3}): a loop: {a} -> {(a + 1) % 3} -> {(a + 2) % 3} -> {a} (a position is "
        "reachable from itself, so play need not end; a score game must end)\n" for a in range(3)
    }


# Dots and Boxes 1x1 (docstring of examples/dots_and_boxes.py: the second player draws the last line, score -1) and
# 1x2; the in-memory solve gives the same answers.
BOXES = "1x1\n1x2\n"


@pytest.fixture(scope="module")
def stored_boxes(tmp_path_factory):
    store = tmp_path_factory.mktemp("boxes") / "store"
    path = str(EXAMPLES / "dots_and_boxes.py")
    solved = CliRunner().invoke(main, ["solve", "--rules", path, "--tiers", "--jobs", "0", "--shards", "2",
                                       "--store", str(store), "-"], input=BOXES)
    assert solved.exit_code == 0, solved.output
    return path, store, solved


def test_dots_and_boxes_tiered_as_in_memory_and_checked_again(stored_boxes):
    path, store, solved = stored_boxes
    in_memory = CliRunner().invoke(main, ["solve", "--rules", path, "-"], input=BOXES)
    assert solved.stdout == in_memory.stdout
    assert solved.stdout.splitlines()[0] == "score -1"
    assert solved.stderr.startswith("solve --tiers: certified ")
    checked = CliRunner().invoke(main, ["check", "--tiers", str(store)])
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.startswith("check --tiers: certified ")


def test_a_tampered_score_is_caught_by_check_tiers(stored_boxes, tmp_path):
    import shutil

    from gamecert.verify.rules.load import load_rules

    path, store, _ = stored_boxes
    copy = tmp_path / "store"
    shutil.copytree(store, copy)
    start = load_rules(path).parse("1x1")  # tier 0: no line drawn
    labels = copy / "tiers" / "0" / str(tier_solve.shard_of(start, 2)) / "labels.pkl"
    _, positions, _ = tier_store.stored_shard(copy, 0, tier_solve.shard_of(start, 2), SCORE)
    score, rank = tier_store.load_file(labels)
    score[positions.index(start)] += 7  # -1, the second player draws the last line: now 6
    tier_store.save_file(labels, (score, rank))
    checked = CliRunner().invoke(main, ["check", "--tiers", str(copy)])
    assert (checked.exit_code, checked.stdout) == (
        3, f"tier 0 shard {tier_solve.shard_of(start, 2)}: 1x1 A 0000: the certificate says 6, the best move gives -1\n",
    )


def test_stress_answers_from_the_stored_scores(stored_boxes):
    # stress --tiers DIR puts the game's stored game in place of the in-memory one: its answers and certificate.
    from gamecert.verify.capabilities import Tiers
    from gamecert.verify.rules.load import rules_game

    path, store, solved = stored_boxes
    stored = rules_game(path).capability(Tiers).stored(store)
    solution = stored.solve(stored.parse(BOXES))
    assert stored.text(solution) == solved.stdout
    assert stored.certify(None, solution) == []
