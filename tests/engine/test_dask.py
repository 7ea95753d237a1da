"""Campaigns on real Dask processes: a worker or the client SIGKILLed mid-run loses nothing.

Every process here is started by the test on 127.0.0.1 and killed by its own
id. The campaign is the UVG audit on every connected graph up to 9 vertices
(27 shards: geng parts); its counts from an uninterrupted in-process run are
the reference.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import dask_process, run, stop_process, untimed, wait_for

# One worker runs both tests, so the reference campaign below runs once.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("dask")]

AUDIT = ["audit", "--game", "geography", "--exhaustive", "9"]
SHARDS = 27
# The gamecert command in a fresh interpreter (the console script's entry point).
GAMECERT = [sys.executable, "-c", "from gamecert.verify.cli import run; run()"]


# Session scope: once per pytest worker (the xdist group keeps both tests on one).
@pytest.fixture(scope="session")
def reference() -> list[str]:
    """The campaign's summary lines from an uninterrupted run in this process (times masked)."""
    result = run(AUDIT + ["--jobs", "0"])
    assert result.exit_code == 0, result.output
    return untimed(result.stdout)


def _rows(store: Path) -> int:
    if not store.exists():
        return 0
    try:
        with sqlite3.connect(store, timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM shards").fetchone()[0]
    except sqlite3.OperationalError:  # the client has not created the table yet
        return 0


def test_worker_sigkilled_mid_run_on_an_existing_cluster_gives_the_local_counts(tmp_path, reference):
    address_file = tmp_path / "scheduler.json"
    log = tmp_path / "dask.log"
    scheduler = dask_process(
        "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(address_file), log=log
    )
    workers: list[subprocess.Popen] = []
    client = None
    try:
        wait_for(address_file.exists, "the scheduler's address file")
        wait_for(lambda: "tcp://" in address_file.read_text(), "the scheduler's address")
        import json

        address = json.loads(address_file.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:")
        for name in ("w1", "w2"):
            workers.append(dask_process(
                "worker", "--scheduler-file", str(address_file), "--nthreads", "1", "--no-nanny",
                "--host", "127.0.0.1", "--no-dashboard", "--name", name, log=log,
            ))
        from distributed import Client

        with Client(address, timeout=30) as probe:
            probe.wait_for_workers(2, timeout=60)
        store = tmp_path / "campaign.sqlite"
        client = subprocess.Popen(
            GAMECERT + AUDIT + ["--scheduler", address, "--store", str(store)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        )
        # Mid-run: some shards recorded, most not; then one worker is killed outright.
        wait_for(lambda: _rows(store) >= 12 or client.poll() is not None, "a third of the shards")
        assert client.poll() is None, "the campaign ended before a worker could be killed"
        done_at_kill = _rows(store)
        os.kill(workers[0].pid, signal.SIGKILL)
        out, err = client.communicate(timeout=300)
        assert client.returncode == 0, err.decode()
        assert done_at_kill < SHARDS
        assert untimed(out.decode()) == reference
        assert workers[0].wait(timeout=30) == -signal.SIGKILL and workers[1].poll() is None
        with sqlite3.connect(store) as db:
            workers_used = {w for (w,) in db.execute("SELECT DISTINCT worker FROM shards")}
            assert db.execute("SELECT COUNT(*), COUNT(DISTINCT key) FROM shards").fetchone() == (SHARDS, SHARDS)
        assert len(workers_used) == 2  # both workers ran shards before one was killed
    finally:
        if client is not None and client.poll() is None:
            stop_process(client)
        for proc in workers + [scheduler]:
            stop_process(proc)


def test_client_sigkilled_mid_campaign_resumes_from_the_store_with_identical_counts(tmp_path, reference):
    store = tmp_path / "campaign.sqlite"
    first = subprocess.Popen(
        GAMECERT + AUDIT + ["--jobs", "2", "--store", str(store)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )
    try:
        wait_for(lambda: _rows(store) >= 12 or first.poll() is not None, "a third of the shards")
        assert first.poll() is None, "the campaign ended before the client could be killed"
        # The client and its local cluster's workers share its process group.
        os.killpg(first.pid, signal.SIGKILL)
        first.wait(timeout=30)
    finally:
        if first.poll() is None:
            stop_process(first)
    with sqlite3.connect(store) as db:
        before = db.execute("SELECT key, counts, worker, run, finished FROM shards ORDER BY key").fetchall()
    assert 12 <= len(before) < SHARDS and {row[3] for row in before} == {1}

    resumed = subprocess.run(
        GAMECERT + AUDIT + ["--jobs", "2", "--store", str(store), "--resume"], capture_output=True, timeout=300
    )
    assert resumed.returncode == 0, resumed.stderr.decode()
    lines = untimed(resumed.stdout.decode())
    # Identical counts; only the shard tally says where the shards came from.
    assert lines[0] == reference[0]
    assert lines[1] == reference[1].replace(
        f"({0} from the store, {SHARDS} run now)", f"({len(before)} from the store, {SHARDS - len(before)} run now)"
    )
    with sqlite3.connect(store) as db:
        after = db.execute("SELECT key, counts, worker, run, finished FROM shards ORDER BY key").fetchall()
        runs = db.execute("SELECT run, resumed FROM runs ORDER BY run").fetchall()
    # No shard ran twice: every row of the first run is untouched, the second run added exactly the rest.
    assert [row for row in after if row[3] == 1] == before
    assert len(after) == SHARDS and len({row[0] for row in after}) == SHARDS
    assert sum(row[3] == 2 for row in after) == SHARDS - len(before)
    assert runs == [(1, 0), (2, len(before))]
