"""The campaign store: one SQLite row per finished shard, so a campaign survives any kill.

A campaign (:mod:`gamecert.verify.engine.campaign`) is identified by its
fingerprint, a hash of what decides its counts (the shard function, its
options and every shard's key and parameters). The store keeps, per
campaign, one row per *finished* shard (parameters, counts, seconds,
counterexamples, the worker that ran it and the run that recorded it) and one
row per run of the client. Rows are written by the client alone, each in its
own transaction, as results arrive: a client killed at any moment leaves only
whole rows, and a resumed run submits exactly the shards without one.

A shard is recorded with a plain ``INSERT`` under the primary key
``(campaign, key)``: recording a shard twice is an error, never a silent
overwrite.
"""

from __future__ import annotations

import json
import shlex
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from gamecert.verify.errors import CampaignError, StoreError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS campaigns (
    fingerprint TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    target TEXT NOT NULL,
    options TEXT NOT NULL,
    shards INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
    campaign TEXT NOT NULL REFERENCES campaigns(fingerprint),
    run INTEGER NOT NULL,
    started TEXT NOT NULL,
    resumed INTEGER NOT NULL,
    PRIMARY KEY (campaign, run)
);
CREATE TABLE IF NOT EXISTS shards (
    campaign TEXT NOT NULL REFERENCES campaigns(fingerprint),
    key TEXT NOT NULL,
    params TEXT NOT NULL,
    counts TEXT NOT NULL,
    seconds REAL NOT NULL,
    counterexamples TEXT NOT NULL,
    worker TEXT NOT NULL,
    run INTEGER NOT NULL,
    finished TEXT NOT NULL,
    PRIMARY KEY (campaign, key)
);
"""


@dataclass(frozen=True)
class StoredShard:
    """One finished shard as the store holds it."""

    key: str
    params: dict
    counts: dict[str, int]
    seconds: float
    counterexamples: tuple[str, ...]
    worker: str
    run: int


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Store:
    """A campaign store in the SQLite file ``path`` (created on first use).

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d, Store(os.path.join(d, "c.sqlite")) as s:
    ...     s.shards("no such campaign")
    {}
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise StoreError(f"--store {shlex.quote(str(self.path))}: expected a file, but this is a folder")
        if not self.path.parent.is_dir():
            raise StoreError(f"--store {shlex.quote(str(self.path))}: no folder {self.path.parent} to create the file in")
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=30)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"--store {shlex.quote(str(self.path))}: not a campaign store ({exc})") from None
        self._run: dict[str, int] = {}

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    def shards(self, fingerprint: str) -> dict[str, StoredShard]:
        """The finished shards of a campaign, by key."""
        rows = self._db.execute(
            "SELECT key, params, counts, seconds, counterexamples, worker, run FROM shards WHERE campaign = ?",
            (fingerprint,),
        ).fetchall()
        return {
            key: StoredShard(key, json.loads(params), json.loads(counts), seconds, tuple(json.loads(bad)), worker, run)
            for key, params, counts, seconds, bad, worker, run in rows
        }

    def finished(self) -> int:
        """How many finished shards the store holds, of every campaign."""
        (count,) = self._db.execute("SELECT COUNT(*) FROM shards").fetchone()
        return count

    def runs(self, fingerprint: str) -> list[tuple[int, int]]:
        """``(run, shards already done when it started)`` for every run of a campaign, in order."""
        return self._db.execute(
            "SELECT run, resumed FROM runs WHERE campaign = ? ORDER BY run", (fingerprint,)
        ).fetchall()

    def begin(
        self, fingerprint: str, title: str, target: str, options: Mapping, shard_count: int, resume: bool
    ) -> dict[str, StoredShard]:
        """Start a run of a campaign; returns the shards already finished (empty unless resuming).

        Raises :class:`StoreError` when the store already holds shards of
        this campaign and ``resume`` is false (they would be counted twice).
        """
        done = self.shards(fingerprint)
        if done and not resume:
            raise StoreError(
                f"--store {shlex.quote(str(self.path))}: already holds {len(done):,} of the {shard_count:,} shards of this "
                "campaign; add --resume to finish it, or give another file"
            )
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT OR IGNORE INTO campaigns VALUES (?, ?, ?, ?, ?, ?)",
                (fingerprint, title, target, json.dumps(options, sort_keys=True), shard_count, _now()),
            )
            (last,) = self._db.execute("SELECT COALESCE(MAX(run), 0) FROM runs WHERE campaign = ?", (fingerprint,)).fetchone()
            self._run[fingerprint] = last + 1
            self._db.execute("INSERT INTO runs VALUES (?, ?, ?, ?)", (fingerprint, last + 1, _now(), len(done)))
        return done

    def record(
        self,
        fingerprint: str,
        key: str,
        params: Mapping,
        counts: Mapping[str, int],
        seconds: float,
        counterexamples: tuple[str, ...],
        worker: str,
    ) -> None:
        """Record one finished shard in its own transaction; a second record of a key raises."""
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(
                    "INSERT INTO shards VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        fingerprint,
                        key,
                        json.dumps(params, sort_keys=True),
                        json.dumps(dict(counts)),
                        seconds,
                        json.dumps(list(counterexamples)),
                        worker,
                        self._run[fingerprint],
                        _now(),
                    ),
                )
        except sqlite3.IntegrityError:
            raise CampaignError(f"shard {key} was finished twice (the store already has it)") from None
