"""Campaigns: shards, the SQLite store, resuming, and the exhaustive options of audit and stress."""

from __future__ import annotations

import os
import re
import sqlite3

import pytest

from gamecert.verify.engine.campaign import Campaign, Shard, count_shard, run_campaign
from gamecert.verify.engine.store import Store
from gamecert.verify.errors import CampaignError, StoreError
from tests.support import apart, candidate, run, untimed

COUNT = count_shard


def _campaign(sizes: list[int]) -> Campaign:
    return Campaign("test", COUNT, tuple(Shard(f"s{i}", {"n": n}) for i, n in enumerate(sizes)))


# ---------------------------------------------------------------------------
# The engine and its store


def test_counts_are_sums_over_shards_in_campaign_order():
    result = run_campaign(_campaign([3, 0, 4]), jobs=0)
    assert result.totals == {"cases": 7}
    assert [s.key for s in result.shards] == ["s0", "s1", "s2"]
    assert (result.resumed, result.ran) == (0, 3)


def test_resume_runs_only_the_shards_the_store_lacks(tmp_path):
    path = tmp_path / "c.sqlite"
    full = _campaign([1, 2, 3, 4])
    with Store(path) as store:
        # A run that stopped after two shards: the campaign's first two, recorded.
        run_campaign(Campaign("test", COUNT, full.shards[:2]), jobs=0)
        store.begin(full.fingerprint, full.title, full.target, full.options, 4, resume=False)
        for shard in full.shards[:2]:
            store.record(full.fingerprint, shard.key, shard.params, {"cases": shard.params["n"]}, 0.0, (), "earlier")
    with Store(path) as store:
        result = run_campaign(full, store=store, resume=True, jobs=0)
        rows = store.shards(full.fingerprint)
        assert store.runs(full.fingerprint) == [(1, 0), (2, 2)]
    assert result.totals == run_campaign(full, jobs=0).totals == {"cases": 10}
    assert (result.resumed, result.ran) == (2, 2)
    assert {k: (r.worker == "earlier", r.run) for k, r in rows.items()} == {
        "s0": (True, 1), "s1": (True, 1), "s2": (False, 2), "s3": (False, 2)
    }


def test_a_finished_campaign_is_not_run_again_without_resume(tmp_path):
    path = tmp_path / "c.sqlite"
    with Store(path) as store:
        run_campaign(_campaign([1, 2]), store=store, jobs=0)
    with Store(path) as store, pytest.raises(StoreError, match=r"--store .*c.sqlite: already holds 2 of the 2 shards"):
        run_campaign(_campaign([1, 2]), store=store, jobs=0)
    with Store(path) as store:
        again = run_campaign(_campaign([1, 2]), store=store, resume=True, jobs=0)
    assert (again.resumed, again.ran, again.totals) == (2, 0, {"cases": 3})


def test_a_shard_recorded_twice_is_an_error_not_an_overwrite(tmp_path):
    with Store(tmp_path / "c.sqlite") as store:
        store.begin("f", "t", "m:f", {}, 1, resume=False)
        store.record("f", "s0", {"n": 1}, {"cases": 1}, 0.1, (), "w")
        with pytest.raises(CampaignError, match="shard s0 was finished twice"):
            store.record("f", "s0", {"n": 1}, {"cases": 5}, 0.1, (), "w")
        assert store.shards("f")["s0"].counts == {"cases": 1}


def test_a_file_that_is_not_a_store_is_bad_input(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("these are not the rows you are looking for\n" * 20)
    with pytest.raises(StoreError, match=r"--store .*notes.txt: not a campaign store"):
        Store(bad)


def test_a_failing_shard_function_is_a_campaign_error():
    broken = Campaign("test", COUNT, (Shard("s0", {"size": 3}),))
    with pytest.raises(CampaignError, match="shard s0 failed: KeyError: 'n'"):
        run_campaign(broken, jobs=0)


def test_a_shard_may_wait_only_for_shards_before_it():
    ordered = Campaign("t", count_shard, (Shard("a", {"n": 1}), Shard("b", {"n": 2}, after=("a",))))
    assert run_campaign(ordered, jobs=0).totals == {"cases": 3}
    backwards = Campaign("t", count_shard, (Shard("a", {"n": 1}, after=("b",)), Shard("b", {"n": 2})))
    with pytest.raises(CampaignError, match="shard a waits for a shard not before it"):
        run_campaign(backwards, jobs=0)


def test_store_rows_hold_parameters_counts_and_counterexamples(tmp_path):
    path = tmp_path / "c.sqlite"
    result = run(["audit", "--game", "maze", "--exhaustive", "2", "--jobs", "0", "--store", str(path)])
    assert result.exit_code == 0, result.output
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT key, params, counts, counterexamples FROM shards ORDER BY key").fetchall()
    assert [r[0] for r in rows] == ["1x1-0", "1x2-0", "2x2-0"]
    assert rows[2][1:] == (
        '{"cols": 2, "hi": 16, "lo": 0, "rows": 2}',
        '{"boards": 6, "free cells": 12, "winning cells": 5, "disagreements": 0}',
        "[]",
    )


# ---------------------------------------------------------------------------
# The command line


def test_cli_exhaustive_uvg_audit_exact_output():
    result = run(["audit", "--game", "geography", "--exhaustive", "6", "--jobs", "0"])
    assert result.exit_code == 0, result.output
    assert untimed(result.stdout) == [
        "uvg-exhaustive: 143 connected graphs up to 6 vertices (nauty's geng) agree (T)",
        "  graphs 143, starts 810, losing starts 162, bipartite graphs 28, disagreements 0; "
        "6 shards (0 from the store, 6 run now)",
    ]


def test_cli_exhaustive_needs_a_game():
    result = run(["audit", "--exhaustive", "5"])
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "--exhaustive N needs --game (N counts maze: board side; bunny-egg: cells; geography: vertices; "
        "split: total area; cutting: total area)\n"
    )


def test_cli_resume_needs_a_store_and_campaign_options_need_exhaustive():
    result = run(["audit", "--game", "maze", "--exhaustive", "2", "--resume"])
    assert result.exit_code == 2 and "--resume needs --store FILE" in result.stderr
    result = run(["audit", "--game", "geography", "--jobs", "2"])
    assert result.exit_code == 2 and "go with --exhaustive N" in result.stderr


def test_cli_store_of_a_finished_campaign_without_resume_is_bad_input(tmp_path):
    path = tmp_path / "c.sqlite"
    args = ["audit", "--game", "maze", "--exhaustive", "2", "--jobs", "0", "--store", str(path)]
    assert run(args).exit_code == 0
    again = run(args)
    assert again.exit_code == 1
    assert again.stderr == (
        "audit --game maze --exhaustive 2: 11 boards, projected 0.0 s on 1 worker\n"
        f"error: --store {path}: already holds 3 of the 3 shards of this campaign; "
        "add --resume to finish it, or give another file\n"
    )
    resumed = run(args + ["--resume"])
    assert resumed.exit_code == 0
    assert untimed(resumed.stdout)[1].endswith("; 3 shards (3 from the store, 0 run now)")


def test_cli_missing_geng_is_one_line_saying_how_to_get_it(monkeypatch, tmp_path):
    from gamecert.verify.uvg import geng

    geng.geng_path.cache_clear()
    monkeypatch.setenv("GAMECERT_GENG", str(tmp_path / "no-geng-here"))
    try:
        result = run(["audit", "--game", "geography", "--exhaustive", "4", "--jobs", "0"])
    finally:
        geng.geng_path.cache_clear()
    assert result.exit_code == 1
    assert result.stderr == (
        "audit --game geography --exhaustive 4: 10 connected graphs, projected 0.1 s on 1 worker\n"
        f"error: GAMECERT_GENG={tmp_path / 'no-geng-here'} is not an executable geng; "
        "pip install passagemath-nauty (or pip install -e '.[campaign]'), or apt-get install nauty\n"
    )


@pytest.mark.slow
def test_cli_stress_exhaustive_passes_a_right_program_and_finds_a_wrong_one():
    right = run(["stress", "maze", "--candidate", candidate("maze/alternating.py"), "--exhaustive", "3", "--jobs", "0"])
    assert right.exit_code == 0, right.output
    assert untimed(right.stdout) == [
        "stress maze: 143 boards up to 3x3 up to symmetry passed (T)",
        "  boards 143, passed 143; 6 shards (0 from the store, 6 run now)",
    ]
    wrong = run(["stress", "maze", "--candidate", candidate("maze/alternating.py", "--shallow"), "--exhaustive", "3", "--jobs", "0"])
    assert wrong.exit_code == 3, wrong.output
    lines = untimed(wrong.stdout)
    assert lines[0] == "stress maze: 18 of 143 boards up to 3x3 up to symmetry failed: wrong answer 18 (T)"
    assert lines[1] == "  boards 143, passed 125, wrong answer 18; 6 shards (0 from the store, 6 run now)"
    # The first failing shard's case, shrunk: a board whose winning cell needs a two-step alternating path.
    assert lines[2:11] == [
        "  wrong answer on board 2x3, already minimal (token 6: expected '2', output ended):",
        "  input:",
        "      2 3",
        "      ...",
        "      .#.",
        "  expected (gamecert solve maze):",
        "      WIN",
        "      1 2",
        "      2 1",
    ]
    assert lines[-2].startswith("  reproduce: printf '2 3\\n...\\n.#.\\n' | ")


def test_cli_stress_exhaustive_rejects_a_missing_program():
    result = run(["stress", "maze", "--candidate", "no-such-program-here --flag", "--exhaustive", "2", "--jobs", "0"])
    assert result.exit_code == 1
    assert apart(result.stderr) == "error: --candidate: cannot start 'no-such-program-here': no such program\n"


def test_cli_options_of_the_other_mode_are_usage_errors():
    result = run(["stress", "maze", "--candidate", candidate("maze/alternating.py"), "--exhaustive", "2", "--count", "5"])
    assert result.exit_code == 2 and "--count is for generated cases; --exhaustive N runs every case up to N" in result.stderr
    result = run(["audit", "--game", "maze", "--exhaustive", "2", "--quick"])
    assert result.exit_code == 2 and "--quick sizes the default audits" in result.stderr
    result = run(["audit", "--game", "maze"])
    assert result.exit_code == 2 and "maze has only an exhaustive audit: add --exhaustive N" in result.stderr
    result = run(["stress", "split", "--candidate", candidate("maze/alternating.py"), "--exhaustive", "2"])
    assert result.exit_code == 2 and "split has no exhaustive family; choose from maze, geography" in result.stderr


def test_seeded_shards_hold_the_plain_schedule_in_order():
    from gamecert.verify import registry
    from gamecert.verify.capabilities import StressCases
    from gamecert.verify.engine import exhaustive, stress

    game = registry.get_game("geography")
    campaign = exhaustive.random_stress_campaign(game, "true", 130, 7, 9, 1.0)
    pieces = [text for s in campaign.shards for _, text in campaign.function.cases(s.params, campaign.options)]
    assert pieces == [c.text for c in stress.stress_cases(game.capability(StressCases), 130, 7, 9)]


@pytest.mark.slow
def test_cli_seeded_stress_campaign_runs_every_case_of_the_plain_schedule():
    from gamecert.verify import registry
    from gamecert.verify.capabilities import StressCases
    from gamecert.verify.engine import stress

    result = run(["stress", "maze", "--candidate", candidate("maze/candidate.py", "--wrong"), "--count", "60", "--jobs", "0"])
    assert result.exit_code == 3, result.output
    # The --wrong program answers WIN where the answer is LOSE, and only there.
    game = registry.get_game("maze")
    referee = stress.Referee(game)
    loses = sum(referee.answer(c.text, "a case", True) == "LOSE\n" for c in stress.stress_cases(game.capability(StressCases), 60, 1, 10))
    lines = untimed(result.stdout)
    assert lines[0] == f"stress maze: {loses} of 60 generated cases (seed 1, sizes up to 10) failed: wrong answer {loses} (T)"
    assert lines[1] == f"  cases 60, passed {60 - loses}, wrong answer {loses}; 2 shards (0 from the store, 2 run now)"
    assert lines[2] == "  wrong answer on case 2 (edge: no free cell), already minimal (token 1 at output line 1: expected 'LOSE', got 'WIN'):"


def test_a_store_in_a_missing_folder_is_bad_input(tmp_path):
    result = run(["audit", "--game", "maze", "--exhaustive", "1", "--jobs", "0", "--store", str(tmp_path / "no" / "c.sqlite")])
    assert result.exit_code == 1
    assert result.stderr == "audit --game maze --exhaustive 1: 2 boards, projected 0.0 s on 1 worker\n" + f"error: --store {tmp_path / 'no' / 'c.sqlite'}: no folder {tmp_path / 'no'} to create the file in\n"


def test_cli_stress_geography_exhaustive_every_graph_finds_the_odd_cycle_bug():
    # Every graph up to 4 vertices, disconnected ones included: 1 + 2 + 4 + 11.
    wrong = run(["stress", "geography", "--candidate", candidate("geography/candidate.py", "--wrong"), "--exhaustive", "4", "--jobs", "0"])
    assert wrong.exit_code == 3, wrong.output
    lines = untimed(wrong.stdout)
    assert re.fullmatch(r"stress geography: (\d+) of 18 graphs up to 4 vertices \(nauty's geng\) failed: wrong answer \1 \(T\)", lines[0])
    # The first failure is the triangle, already minimal.
    assert lines[2] == "  wrong answer on graph 4 of `geng -q 3`, already minimal (token 2 at output line 1: expected 'lose', got 'win'):"
    assert lines[4:8] == ["      3 3", "      1 2", "      1 3", "      2 3"]


def test_cli_a_scheduler_address_that_is_not_one_is_bad_input():
    result = run(["audit", "--game", "maze", "--exhaustive", "1", "--scheduler", "nonsense"])
    assert result.exit_code == 1
    cores = os.cpu_count() or 1  # a cluster's size is not known before it is reached: projected on this machine's
    assert result.stderr == f"audit --game maze --exhaustive 1: 2 boards, projected 0.0 s on {cores} worker{'s' * (cores > 1)}\n" + (
        "error: --scheduler: cannot reach a Dask scheduler at nonsense: missing port number in address 'nonsense'\n"
    )
    result = run(["audit", "--game", "maze", "--exhaustive", "1", "--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"])
    assert result.exit_code == 2 and "with --scheduler the cluster is already there" in result.stderr


def test_progress_reports_every_shard_with_the_cases_counted():
    seen = []
    result = run_campaign(_campaign([3, 0, 4]), jobs=0, progress=seen.append)
    assert [(p.done, p.total, p.resumed, p.cases) for p in seen] == [(0, 3, 0, 0), (1, 3, 0, 3), (2, 3, 0, 3), (3, 3, 0, 7)]
    assert result.cases == 7


def test_cli_without_dask_is_one_line_saying_how_to_get_it(monkeypatch):
    import sys

    # An installation without the campaign extra: importing distributed fails.
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = run(["audit", "--game", "maze", "--exhaustive", "1", "--jobs", "2"])
    assert result.exit_code == 1
    assert result.stderr == (
        "audit --game maze --exhaustive 1: 2 boards, projected 0.0 s on 2 workers\n"
        "error: Dask is not installed: pip install 'dask[distributed]' (or pip install -e '.[campaign]'); "
        "--jobs 0 runs the shards without it\n"
    )
    assert run(["audit", "--game", "maze", "--exhaustive", "1", "--jobs", "0"]).exit_code == 0
