"""A tiered solve's store folder: its files written whole, the kind's labels, the record of a solve, the stored reader."""


from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pickle
import shlex
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from gamecert.solvers.turn.graph import Queries
from gamecert.solvers.turn.tiers import shard_of, stable_key, tier_of
from gamecert.solvers.turn.value import Value
from gamecert.solvers.rules.rules import Limits, TurnRules
from gamecert.verify.engine.store import Store
from gamecert.verify.errors import StoreError
from gamecert.solvers.rules.rules import Guard


def _write(path: Path, *chunks: bytes) -> None:
    """Write ``chunks`` to ``path`` whole: under a temporary name, then renamed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(fd, "wb") as f:
        for chunk in chunks:
            f.write(chunk)
    os.replace(tmp, path)


def save_file(path: Path, obj: Any) -> None:
    _write(path, pickle.dumps(obj, protocol=5))


def load_file(path: Path) -> Any:
    with open(path, "rb") as f:
        return pickle.load(f)


def save_labels(path: Path, first: np.ndarray, second: np.ndarray) -> None:
    save_file(path, (first, second))


def save_sections(path: Path, sections: Mapping[str, Any]) -> None:
    """Write ``sections`` (name -> object) to ``path`` whole, one file read a section at a time by :func:`load_section`:
    8 bytes giving the length of a pickled index (name -> offset and length), the index, then each section's pickle."""
    blobs = [pickle.dumps(obj, protocol=5) for obj in sections.values()]
    index, offset = {}, 0
    for name, blob in zip(sections, blobs):
        index[name] = (offset, len(blob))
        offset += len(blob)
    head = pickle.dumps(index, protocol=5)
    _write(path, len(head).to_bytes(8, "little"), head, *blobs)


def load_section(path: Path, name: str) -> Any:
    """The section ``name`` of a file :func:`save_sections` wrote (only its bytes are read).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     save_sections(Path(d) / "f", {"a": [1, 2], "b": "x"})
    ...     load_section(Path(d) / "f", "b"), load_sections(Path(d) / "f")
    ('x', {'a': [1, 2], 'b': 'x'})
    """
    with open(path, "rb") as f:
        size = int.from_bytes(f.read(8), "little")
        offset, length = pickle.loads(f.read(size))[name]
        f.seek(8 + size + offset)
        return pickle.loads(f.read(length))


def load_sections(path: Path) -> dict[str, Any]:
    """Every section of a file :func:`save_sections` wrote, by name."""
    with open(path, "rb") as f:
        data = f.read()
    size = int.from_bytes(data[:8], "little")
    index = pickle.loads(data[8:8 + size])
    body = memoryview(data)[8 + size:]
    return {name: pickle.loads(body[offset:offset + length]) for name, (offset, length) in index.items()}


def part_name(part: Sequence[int]) -> str:
    return "-".join(map(str, part))


class TierLabels(ABC):
    """How one kind of game labels its positions in a tiered solve: two arrays per shard (``labels.pkl``, and
    every answer file), the retrograde step that computes them, and the certificate check of a shard.

    The kind's :class:`~gamecert.verify.capabilities.Tiers` capability passes its own to :func:`solve_tiers`,
    :func:`check_tiers` and :class:`StoredLabels`: :data:`~gamecert.verify.general.tiers.GENERAL` (outcome and remoteness) or :data:`~gamecert.verify.score.tiers.SCORE`
    (score and rank).
    """

    @abstractmethod
    def label(
        self, ends: Sequence, heads: np.ndarray, targets: np.ndarray, points: np.ndarray | None,
        extra: np.ndarray | None, first_of: np.ndarray, second_of: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray, list[int]]:
        """The two arrays of ``n`` positions from their moves (``targets`` -1: a labelled child, its arrays'
        items ``first_of``, ``second_of``), and the positions of a loop the kind forbids (``[]``: none)."""

    @abstractmethod
    def entries(self, first: np.ndarray, second: np.ndarray) -> list:
        """The labels as the certificate's entries (one per position)."""

    def coded(self, first: np.ndarray, second: np.ndarray) -> list:
        """The labels as :meth:`check` reads them (one per position): the entries unless the kind codes them."""
        return self.entries(first, second)

    @abstractmethod
    def value(self, entry: Any) -> Value:
        """A query's answer, from its entry."""

    @abstractmethod
    def check(self, rules: TurnRules, table: Mapping, positions: Sequence, limits: Limits) -> list[str]:
        """The violations of the labels of ``positions`` in ``table`` (which holds their moves' labels too), each as
        :meth:`coded` gives it."""

    @abstractmethod
    def solution(self, queries: Queries, answers: tuple[Value, ...]) -> Any:
        """The game's solution of the queries (its certificate stays in the store)."""

    def counts(self, first: np.ndarray, second: np.ndarray) -> dict[str, int]:
        """What a backward step counts beyond its positions."""
        return {}

    #: Why a loop that :meth:`label` finds is bad rules.
    loop = ""
    #: The first array's type (an outcome fits a byte; a score does not).
    dtype: type = np.int64


def _digest(path: str) -> str:
    """The sha256 of a file's bytes (of nothing when it cannot be read)."""
    h = hashlib.sha256()
    with contextlib.suppress(OSError), open(path, "rb") as f:
        h.update(f.read())
    return h.hexdigest()


#: The store folder's layout (files, shard placement and the campaigns' tasks: 3 has one backward campaign); a folder of
#: another layout is solved again.
LAYOUT = 3


def solve_id(rules: TurnRules, queries: Queries, shards: int) -> str:
    """What a store folder's solve is: a hash of the layout, the rules file, the queries and the shard count."""
    h = hashlib.sha256(f"layout {LAYOUT}\n{_digest(rules.path)}".encode())
    for q in queries.positions:
        h.update(stable_key(q) + b"\0")
    h.update(str(shards).encode())
    return h.hexdigest()


@contextlib.contextmanager
def solve_folder(store: Path | None, ident: str, resume: bool, rules: TurnRules, shards: int) -> Iterator[Path]:
    """The folder of the solve: ``store`` (checked to hold this solve, or nothing), else a temporary one."""
    if store is None:
        with tempfile.TemporaryDirectory(prefix="gamecert-tiers-") as tmp:
            yield Path(tmp)
        return
    shown = shlex.quote(str(store))
    if store.exists() and not store.is_dir():
        raise StoreError(f"--store {shown}: expected a folder (a tiered solve keeps its files there)")
    marker = store / "solve.json"
    if marker.exists():
        held = json.loads(marker.read_text())
        if held.get("layout") != LAYOUT:
            raise StoreError(f"--store {shown}: holds a tiered solve of another version of gamecert (its files are laid out "
                             "otherwise); give another folder")
        if held.get("solve") != ident:
            raise StoreError(f"--store {shown}: holds the tiered solve of another rules file, input or --shards; give another folder")
        if not resume:
            with Store(store / "store.sqlite") as opened:
                finished = opened.finished()
            if finished:
                raise StoreError(
                    f"--store {shown}: already holds {finished:,} finished shards of this solve; add --resume to finish it, "
                    "or give another folder"
                )
    elif resume and store.exists() and any(store.iterdir()):
        raise StoreError(f"--store {shown}: holds no tiered solve to resume")
    else:
        store.mkdir(parents=True, exist_ok=True)
        marker.write_text(json.dumps({
            "solve": ident, "rules": os.path.abspath(rules.path), "rules_sha256": _digest(rules.path), "shards": shards,
            "layout": LAYOUT,
        }) + "\n")
    yield store


def stored_shard(root: Path, tier: int, shard: int, labels: TierLabels, coded: bool = False) -> tuple[list, list, list]:
    """A stored shard's parts (in round order), its positions and their entries (as :meth:`TierLabels.coded` gives
    them when ``coded``)."""
    here = root / "tiers" / str(tier) / str(shard)
    rounds = sorted(int(p.name) for p in here.iterdir() if p.is_dir() and (p / "part.pkl").exists())
    parts = [load_file(here / str(r) / "part.pkl") for r in rounds]
    positions = [p for part in parts for p in part["positions"]]
    o, rem = load_file(here / "labels.pkl")
    return [(r, part) for r, part in zip(rounds, parts)], positions, (labels.coded if coded else labels.entries)(o, rem)


def recorded(root: Path, rules: TurnRules | None) -> dict:
    """What ``root/solve.json`` says of the stored solve, refused when it holds none, or when its rules file
    is not ``rules`` (when given) or has changed since the solve (when not)."""
    shown = shlex.quote(str(root))
    marker = root / "solve.json"
    if not marker.exists():
        raise StoreError(f"--tiers {shown}: holds no tiered solve (solve --tiers --store {shown} writes one)")
    solve = json.loads(marker.read_text())
    if solve.get("layout") != LAYOUT:
        raise StoreError(f"--tiers {shown}: written by another version of gamecert (its files are laid out otherwise); solve again")
    if rules is None and _digest(solve["rules"]) != solve["rules_sha256"]:
        raise StoreError(f"--tiers {shown}: the rules file {solve['rules']} has changed since the solve")
    if rules is not None and _digest(rules.path) != solve["rules_sha256"]:
        raise StoreError(f"--tiers {shown}: holds the solve of another rules file ({solve['rules']} as it was then), "
                         f"not of {rules.path}")
    return solve


def stored_rules(root: Path) -> str:
    """The path of the rules file whose tiered solve is stored in ``root``, refused
    (:class:`~gamecert.verify.errors.StoreError`) when ``root`` holds no solve or the file has changed since.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     stored_rules(Path(d))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    gamecert.verify.errors.StoreError: --tiers ...: holds no tiered solve (solve --tiers --store ... writes one)
    """
    return recorded(root, None)["rules"]


class StoredLabels:
    """The labels of a finished tiered solve stored in ``root`` (``solve --tiers --store DIR``), looked up by
    position: its tier, then its shard by the solve's stable hash, then that shard's ``labels.pkl``.

    Refused (:class:`~gamecert.verify.errors.StoreError`) when ``root`` holds no solve or the solve of
    another rules file than ``rules``. The labels are trusted only as far as ``check --tiers DIR`` (or the
    workers that wrote them) certified them; :meth:`labels` reads them as they are.

    >>> import tempfile
    >>> from gamecert.verify.engine.tiers.solve import solve_tiers
    >>> from gamecert.verify.general.tiers import GENERAL
    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], tier=lambda n: -n)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = solve_tiers(walk, Queries((3,)), labels=GENERAL, shards=2, jobs=0, store=Path(d))
    ...     [str(v) for v in StoredLabels(Path(d), walk, None, GENERAL).labels([2, 3]).values()]
    ['lose 2', 'win 3']
    """

    #: Shards held in memory at once (the first read is let go first).
    CACHED = 64

    def __init__(self, root: Path, rules: TurnRules, limits: Limits | None, labels: TierLabels) -> None:
        solve = recorded(root, rules)
        self.root = root
        self.rules = rules
        self.limits = limits or Limits()
        self.shards = int(solve["shards"])
        self.labelling = labels
        self._held: dict[tuple[int, int], dict] = {}

    def labels(self, positions: Sequence[Any]) -> dict:
        """Every position's stored label, one shard read at a time.

        Raises :class:`~gamecert.verify.errors.StoreError` naming the first position the store does not hold.

        Notes
        -----
        One ``tier`` call and one hash per position; each shard not held is read
        whole (``O(shard)`` time and memory), at most :attr:`CACHED` kept.
        """
        with Guard(self.rules, self.limits) as guard:
            where = [(tier_of(self.rules, guard, p), p) for p in positions]
        found = {}
        for t, p in where:
            held = self._shard(t, shard_of(p, self.shards))
            if p not in held:
                with Guard(self.rules, self.limits) as guard:
                    shown = self.rules.show(p, guard)
                raise StoreError(f"--tiers {shlex.quote(str(self.root))}: the position {shown} (tier {t}) is not in the stored solve")
            found[p] = held[p]
        return found

    def _shard(self, tier: int, shard: int) -> dict:
        key = (tier, shard)
        if key not in self._held:
            here = self.root / "tiers" / str(tier) / str(shard)
            if not here.is_dir():
                self._held[key] = {}
            elif not (here / "labels.pkl").exists():
                raise StoreError(f"--tiers {shlex.quote(str(self.root))}: the solve is not finished (tier {tier} shard {shard} "
                                 "has no labels); --resume it first")
            else:
                _, positions, entries = stored_shard(self.root, tier, shard, self.labelling)
                self._held[key] = dict(zip(positions, entries))
            if len(self._held) > self.CACHED:
                del self._held[next(iter(self._held))]
        return self._held[key]
