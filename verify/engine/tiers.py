"""One game larger than one process: a general or score rules file solved tier by tier, shard by shard, on Dask.

``gamecert solve --rules FILE --tiers`` runs :func:`solve_tiers`. A rules
file's ``tier(p)`` orders its positions (no move goes to a lower tier);
every tier is split into ``shards`` shards by a stable hash of the position
(:func:`~gamecert.solvers.general.tiers.shard_of`). Each step below is a
:class:`~gamecert.verify.engine.campaign.Campaign` whose shards are Dask
tasks (:class:`TierStep`), recorded in the campaign store as they finish,
so ``--resume`` after a kill runs only the missing ones.

- **Forward**, tiers in increasing order: a shard's task reads the
  positions sent to it, calls the rules once on each new one and sends every
  child to the shard owning it (one file per sender and destination). A
  child in the same tier but another shard goes to that shard's next
  *round*; rounds run until none is sent (a game whose moves all go to
  later tiers, Connect Four by its pieces, has one round per tier).
- **Backward**, tiers in decreasing order: a shard's task reads its moves
  and, for the children in later tiers, the labels their shards answered;
  labels its positions by retrograde analysis with counters (moves inside
  the shard may loop: what stays undecided is a draw; a score game's
  shard is valued in reverse topological order, a loop is bad rules);
  checks every label with the certificate checker of its kind
  (:func:`~gamecert.verify.general.certificate.check_entries`,
  :func:`~gamecert.verify.score.certificate.check_score_entries`, the rules
  called again); and answers every file sent to it with the labels, in
  the file's order. The kind's :class:`TierLabels` says how it labels.
  A tier with a move between two of its shards is solved by one task over
  the whole tier (its memory is the tier's, not a shard's): the
  retrograde inside a tier needs all of its moves.

The coordinating process holds per tier its shards, rounds and counts
alone; positions live in the worker processes and the store folder::

    DIR/store.sqlite                 the campaign store: one row per finished shard
    DIR/solve.json                   which game, input and shard count the folder holds
    DIR/tiers/T/S/R/part.pkl         forward: the positions shard S of tier T found in round R, what
                                     result() said of each, and their moves as (destination, index)
    DIR/tiers/T/S/R/in/FROM.pkl      the positions sent to that shard and round by shard FROM (T-S-R,
                                     or ``queries``), each once
    DIR/tiers/T/S/R/ans/FROM.pkl     backward: their labels, in the same order
    DIR/tiers/T/S/labels.pkl         the labels of the shard's positions, in the order of its parts

``stress --rules FILE --tiers DIR`` reads its certified answers from a
finished store (:class:`StoredLabels`): a position's tier, then its shard by
the same hash, then that shard's ``labels.pkl``.

Every process must see ``DIR`` at the same path (one machine, or a shared
file system). Files are written whole under a temporary name and renamed,
so a task killed mid-write leaves nothing a reader could take for done,
and a task run again writes the same bytes.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pickle
import resource
import shlex
import tempfile
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from gamecert.solvers.errors import RulesError
from gamecert.solvers.general.graph import Queries, Table, loop_error
from gamecert.solvers.general.solver import GeneralSolution
from gamecert.solvers.general.tiers import DRAW, expand, retrograde, shard_of, stable_key, tier_of, values
from gamecert.solvers.general.value import Value
from gamecert.solvers.rules.rules import GeneralRules, Guard, Limits, RulesInterrupt, TurnRules
from gamecert.verify.engine.campaign import Campaign, CampaignResult, Shard, dask_client, run_campaign
from gamecert.verify.engine.store import Store
from gamecert.verify.errors import CertificateRejected, StoreError

#: Shards per tier unless ``--shards`` says otherwise.
DEFAULT_SHARDS = 16


def _peak_kib() -> int:
    """This process's peak resident memory, in KiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole: under a temporary name, then renamed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def _save(path: Path, obj: Any) -> None:
    _write(path, pickle.dumps(obj, protocol=5))


def _load(path: Path) -> Any:
    with open(path, "rb") as f:
        return pickle.load(f)


def _save_labels(path: Path, first: np.ndarray, second: np.ndarray) -> None:
    _save(path, (first, second))


def _name(part: Sequence[int]) -> str:
    return "-".join(map(str, part))


class TierLabels(ABC):
    """How one kind of game labels its positions in a tiered solve: two arrays per shard (``labels.pkl``, and
    every answer file), the retrograde step that computes them, and the certificate check of a shard.

    The kind's :class:`~gamecert.verify.capabilities.Tiers` capability passes its own to :func:`solve_tiers`,
    :func:`check_tiers` and :class:`StoredLabels`: :data:`GENERAL` (outcome and remoteness) or :data:`SCORE`
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

    @abstractmethod
    def value(self, entry: Any) -> Value:
        """A query's answer, from its entry."""

    @abstractmethod
    def check(self, rules: TurnRules, table: Mapping, positions: Sequence, limits: Limits) -> list[str]:
        """The violations of the entries of ``positions`` in ``table`` (which holds their moves' entries too)."""

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


class GeneralLabels(TierLabels):
    """A general game's labels: outcome (:data:`~gamecert.solvers.general.tiers.WIN`, ``LOSE``, ``DRAW``) and
    remoteness (-1 for a draw); the entries are :class:`~gamecert.solvers.general.value.Value` s."""

    dtype = np.int8

    def label(self, ends, heads, targets, points, extra, first_of, second_of):
        outcome, remoteness = retrograde(ends, heads, targets, extra, first_of, second_of)
        return outcome, remoteness, []

    def entries(self, first: np.ndarray, second: np.ndarray) -> list:
        return values(first, second)

    def value(self, entry: Value) -> Value:
        return entry

    def check(self, rules: TurnRules, table: Mapping, positions: Sequence, limits: Limits) -> list[str]:
        from gamecert.verify.general.certificate import check_entries

        return check_entries(rules, table, positions, limits)

    def solution(self, queries: Queries, answers: tuple[Value, ...]) -> GeneralSolution:
        return GeneralSolution(queries.instance, queries.positions, answers, Table({}, []))

    def counts(self, first: np.ndarray, second: np.ndarray) -> dict[str, int]:
        return {"draws": int(np.count_nonzero(first == DRAW))}


class ScoreLabels(TierLabels):
    """A score game's labels: the score and the rank (the longest play); the entries are ``(Value, rank)``."""

    loop = "a position is reachable from itself, so play need not end; a score game must end"

    def label(self, ends, heads, targets, points, extra, first_of, second_of):
        from gamecert.solvers.score.tiers import score_retrograde

        return score_retrograde(ends, heads, targets, points, extra, first_of, second_of)

    def entries(self, first: np.ndarray, second: np.ndarray) -> list:
        return [(Value("score", s), r) for s, r in zip(first.tolist(), second.tolist())]

    def value(self, entry: tuple[Value, int]) -> Value:
        return entry[0]

    def check(self, rules: TurnRules, table: Mapping, positions: Sequence, limits: Limits) -> list[str]:
        from gamecert.verify.score.certificate import check_score_entries

        return check_score_entries(rules, table, positions, limits)

    def solution(self, queries: Queries, answers: tuple[Value, ...]) -> Any:
        from gamecert.solvers.score.solver import ScoreSolution

        return ScoreSolution(queries.instance, queries.positions, answers, Table({}, []), Table({}, []))


#: The labels of the two kinds of turn game.
GENERAL, SCORE = GeneralLabels(), ScoreLabels()


def _guarded(rules: GeneralRules, limits: Limits, call: Callable[[Guard], Any]) -> Any:
    """``call(guard)`` under a guard of ``rules``: what the rules raise leaves as a :class:`RulesError`."""
    guard = Guard(rules, limits)
    with guard:
        try:
            return call(guard)
        except RulesError:
            raise
        except (Exception, RulesInterrupt) as exc:  # noqa: BLE001 - the rules' fault, located in their file
            raise guard.failed(exc) from None


class TierStep:
    """A shard's task of the tiered solve, for Dask: ``step(params, options)`` runs the forward or backward
    step that ``options["step"]`` names (the campaign's shard function; it carries the rules by value)."""

    def __init__(self, rules: TurnRules, root: str, shards: int, limits: Limits, labels: TierLabels = GENERAL) -> None:
        self.rules = rules
        self.root = root
        self.shards = shards
        self.limits = limits
        self.labels = labels

    def __call__(self, params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
        cpu = time.process_time()
        if options["step"] == "forward":
            counts, bad = self.forward(options["tier"], params["shard"], options["round"])
        else:
            counts, bad = self.backward(options["tier"], params["shards"], params["rounds"])
        counts["cpu_ms"] = round((time.process_time() - cpu) * 1000)
        counts["peak_kib"] = _peak_kib()
        return counts, bad

    def folder(self, tier: int, shard: int, round_: int | None = None) -> Path:
        path = Path(self.root) / "tiers" / str(tier) / str(shard)
        return path if round_ is None else path / str(round_)

    def _guarded(self, call: Callable[[Guard], Any]) -> Any:
        return _guarded(self.rules, self.limits, call)

    def forward(self, tier: int, shard: int, round_: int) -> tuple[dict[str, int], list[str]]:
        """List the new positions sent to ``(tier, shard, round_)``, call the rules on each, send every child on."""
        here = self.folder(tier, shard, round_)
        arrivals: list = []
        for path in sorted((here / "in").glob("*.pkl")):
            arrivals.extend(_load(path))
        known: dict = {}
        for r in range(round_):
            path = self.folder(tier, shard, r) / "part.pkl"
            if path.exists():
                for p in _load(path)["positions"]:
                    known[p] = len(known)
        found = self._guarded(lambda guard: expand(self.rules, guard, (tier, shard, round_), self.shards, arrivals, known))
        me = _name((tier, shard, round_))
        counts = {"positions": len(found.positions), "moves": len(found.dest)}
        for to, sent in found.sent.items():
            _save(self.folder(*to) / "in" / f"{me}.pkl", sent)
            counts["to " + _name(to)] = len(sent)
        _save(here / "part.pkl", {
            "positions": found.positions, "ends": found.ends, "heads": found.heads, "dest": found.dest,
            "index": found.index, "extra": found.extra, "sent": list(found.sent), "points": found.points,
        })
        return counts, []

    def backward(self, tier: int, shards: Sequence[int], rounds: Sequence[Sequence[int]]) -> tuple[dict[str, int], list[str]]:
        """Label the positions of ``shards`` of ``tier`` (their ``rounds``), check every label, answer every sender."""
        parts = [(s, r) for s, rs in zip(shards, rounds) for r in rs]
        loaded = {part: _load(self.folder(tier, *part) / "part.pkl") for part in parts}
        # Numbered shard after shard, each shard's rounds in order: the numbering ``known`` gave in the forward step.
        base, n = {}, 0
        for s, rs in zip(shards, rounds):
            base[s] = n
            n += sum(len(loaded[(s, r)]["positions"]) for r in rs)
        positions = [p for part in parts for p in loaded[part]["positions"]]
        local = {p: i for i, p in enumerate(positions)} if len(shards) > 1 else None
        ends, heads, targets, outcome_of, remoteness_of, extras = [], [np.zeros(1, dtype=np.int64)], [], [], [], []
        points = []
        children: dict = {}  # a child in a later tier -> its label, for the certificate
        offset = 0
        for s, r in parts:
            part = loaded[(s, r)]
            me = _name((tier, s, r))
            dest, index = part["dest"], part["index"]
            target = np.where(dest < 0, base[s] + index, -1)
            codes = np.zeros(len(dest), dtype=self.labels.dtype)
            far = np.zeros(len(dest), dtype=np.int64)
            for slot, to in enumerate(part["sent"]):
                mask = dest == slot
                sent = _load(self.folder(*to) / "in" / f"{me}.pkl")
                if to[0] == tier:  # another shard of this tier: solved in this task
                    numbers = np.asarray([local[c] for c in sent], dtype=np.int64)
                    target[mask] = numbers[index[mask]]
                    continue
                o, rem = _load(self.folder(*to) / "ans" / f"{me}.pkl")
                codes[mask] = o[index[mask]]
                far[mask] = rem[index[mask]]
                children.update(zip(sent, self.labels.entries(o, rem)))
            ends.extend(part["ends"])
            heads.append(part["heads"][1:] + offset)
            offset += len(dest)
            targets.append(target)
            outcome_of.append(codes)
            remoteness_of.append(far)
            if part["extra"] is not None:
                extras.append(part["extra"])
            if part.get("points") is not None:
                points.append(part["points"])
        extra = np.concatenate(extras) if extras else None
        outcome, remoteness, loop = self.labels.label(
            ends, np.concatenate(heads), _joined(targets, np.int64), _joined(points, np.int64) if points else None,
            extra, _joined(outcome_of, self.labels.dtype), _joined(remoteness_of, np.int64),
        )
        del targets, outcome_of, remoteness_of, extras, extra, points
        if loop:  # a loop inside the tier, which the kind forbids (a score game must end)
            cycle = [positions[i] for i in loop]
            raise _guarded(self.rules, self.limits, lambda guard: loop_error(self.rules, guard, cycle, self.labels.loop))
        # Labels and answers first (a rerun writes the same), then the certificate of every label.
        for s, rs in zip(shards, rounds):
            lo = base[s]
            hi = lo + sum(len(loaded[(s, r)]["positions"]) for r in rs)
            _save_labels(self.folder(tier, s) / "labels.pkl", outcome[lo:hi], remoteness[lo:hi])
            mine = {p: lo + i for i, p in enumerate(positions[lo:hi])}
            for r in rs:
                here = self.folder(tier, s, r)
                for path in sorted((here / "in").glob("*.pkl")):
                    asked = np.asarray([mine[p] for p in _load(path)], dtype=np.int64)
                    _save_labels(here / "ans" / path.name, outcome[asked], remoteness[asked])
        table = children
        table.update(zip(positions, self.labels.entries(outcome, remoteness)))
        bad = self.labels.check(self.rules, table, positions, self.limits)
        counts = {"positions": n, "certified": 0 if bad else n, "shards": len(shards), **self.labels.counts(outcome, remoteness)}
        return counts, bad


def _joined(arrays: list[np.ndarray], dtype: type) -> np.ndarray:
    return np.concatenate(arrays).astype(dtype, copy=False) if arrays else np.zeros(0, dtype=dtype)


@dataclass(frozen=True)
class TierStats:
    """What one tier took: its positions and moves, its forward rounds and tasks, and the seconds its
    forward and backward tasks ran (summed over tasks, on their workers), in all and on the processor."""

    tier: int
    positions: int = 0
    moves: int = 0
    rounds: int = 0
    forward_tasks: int = 0
    backward_tasks: int = 0
    forward_seconds: float = 0.0
    backward_seconds: float = 0.0
    forward_cpu: float = 0.0
    backward_cpu: float = 0.0


@dataclass(frozen=True)
class TieredSolve:
    """A finished tiered solve: the answers (a :class:`~gamecert.solvers.general.solver.GeneralSolution`
    whose certificate stayed in the store, its ``table`` empty), every tier's costs, how many positions
    and shards were certified, the shards run now and those resumed from the store, and the peak memory
    (KiB) of each worker process that ran a task."""

    solution: GeneralSolution
    tiers: tuple[TierStats, ...]
    certified: int
    shards: int
    ran: int
    resumed: int
    seconds: float
    workers: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Outlook:
    """The projection after a tier's forward step: the tiers found so far and the next one's size, when
    known; ``seconds``: what solving all of them costs on one worker at the measured rate; ``spent``:
    the seconds their forward steps took."""

    tiers: int
    positions: int
    next_positions: int
    seconds: float
    spent: float


def outlook(stats: Sequence[TierStats], backward_ratio: float = 1.5) -> Outlook:
    """The positions found so far, the next tier's projected size (the last tier's growth again) and the
    seconds of the whole solve of both, forward and backward (``backward_ratio`` times the forward cost).

    >>> o = outlook([TierStats(0, 10, forward_seconds=1.0), TierStats(1, 30, forward_seconds=3.0)])
    >>> o.positions, o.next_positions, o.seconds
    (40, 90, 32.5)
    """
    positions = sum(t.positions for t in stats)
    seconds = sum(t.forward_seconds for t in stats)
    sized = [t.positions for t in stats if t.positions]
    nxt = sized[-1] * sized[-1] // sized[-2] if len(sized) >= 2 else (sized[-1] if sized else 0)
    per = seconds / positions if positions else 0.0
    return Outlook(len(stats), positions, nxt, (positions + nxt) * per * (1 + backward_ratio), seconds)


def _digest(path: str) -> str:
    """The sha256 of a file's bytes (of nothing when it cannot be read)."""
    h = hashlib.sha256()
    with contextlib.suppress(OSError), open(path, "rb") as f:
        h.update(f.read())
    return h.hexdigest()


def solve_id(rules: GeneralRules, queries: Queries, shards: int) -> str:
    """What a store folder's solve is: a hash of the rules file, the queries and the shard count."""
    h = hashlib.sha256(_digest(rules.path).encode())
    for q in queries.positions:
        h.update(stable_key(q) + b"\0")
    h.update(str(shards).encode())
    return h.hexdigest()


@contextlib.contextmanager
def _folder(store: Path | None, ident: str, resume: bool, rules: GeneralRules, shards: int) -> Iterator[Path]:
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
        held = json.loads(marker.read_text()).get("solve")
        if held != ident:
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
        }) + "\n")
    yield store


def solve_tiers(
    rules: TurnRules,
    queries: Queries,
    *,
    labels: TierLabels = GENERAL,
    limits: Limits | None = None,
    shards: int = DEFAULT_SHARDS,
    store: Path | None = None,
    resume: bool = False,
    jobs: int | None = None,
    scheduler: str | None = None,
    bar: Callable[[Campaign], contextlib.AbstractContextManager] | None = None,
    plan: Callable[[Outlook], None] | None = None,
) -> TieredSolve:
    """Solve a general game tier by tier on Dask: the value of every query, every position's label certified.

    Parameters
    ----------
    rules : the game, with ``tier``
    queries : the input's positions (and whole-input instance)
    labels : how the game's kind labels and checks its positions (:data:`GENERAL`, :data:`SCORE`)
    shards : shards per tier
    store : the folder of the solve (files per tier and shard, and the campaign store); a temporary one when None
    resume : run only the shards ``store`` has not recorded
    jobs, scheduler : a local Dask cluster of ``jobs`` processes, the cluster at ``scheduler``, or (``jobs=0``) this process
    bar : ``bar(campaign)`` opens a progress display of one step, yielding its update (or None)
    plan : called after each tier's forward step with the projection so far; it may raise to stop the solve

    Raises
    ------
    RulesError
        if the rules raise or break the contract (a move to a lower tier among them).
    CertificateRejected
        if a label fails its check (gamecert's fault).

    Notes
    -----
    A forward and a backward campaign per tier (one per round forward): the
    shards of a step are independent and run in parallel; a worker holds one
    shard's positions and moves (a whole tier's where moves join two of its
    shards). Every label is checked by the worker that wrote it.
    ``O(P + M)`` rules calls and work for ``P`` positions and ``M`` moves,
    twice (solve and check), and ``O(M)`` bytes through the store.

    >>> walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], tier=lambda n: -n)
    >>> [str(v) for v in solve_tiers(walk, Queries((3, 0)), shards=2, jobs=0).solution.values]
    ['win 3', 'lose 0']
    """
    if rules.tier is None:
        raise RulesError(rules.path, 1, 1, "expected a function tier(position) in the rules file for --tiers (docs/tiers.md)")
    limits = limits or Limits()
    ident = solve_id(rules, queries, shards)
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        root = stack.enter_context(_folder(store, ident, resume, rules, shards))
        opened = stack.enter_context(Store(root / "store.sqlite")) if store is not None else None
        client = None
        step = TierStep(rules, str(root), shards, limits, labels)
        results: list[CampaignResult] = []

        def run(title: str, options: dict, parts: list[Shard]) -> CampaignResult:
            nonlocal client
            campaign = Campaign(title, step, tuple(parts), {**options, "solve": ident}, unit="positions")
            done = opened.shards(campaign.fingerprint) if opened is not None and resume else {}
            if client is None and (jobs != 0 or scheduler is not None) and len(done) < len(parts):
                # The cluster starts with the first step left to run (none on a resume of a finished solve).
                client = stack.enter_context(dask_client(jobs or os.cpu_count() or 1, scheduler))
            with bar(campaign) if bar is not None else contextlib.nullcontext() as update:
                result = run_campaign(
                    campaign, store=opened, resume=resume, jobs=jobs, scheduler=scheduler, client=client,
                    progress=update,
                )
            results.append(result)
            return result

        # The queries, sent to their shards like any move.
        where: dict[tuple[int, int], list] = {}
        guard = Guard(rules, limits)
        with guard:
            for q in queries.positions:
                t = tier_of(rules, guard, q)
                group = where.setdefault((t, shard_of(q, shards)), [])
                if q not in group:
                    group.append(q)
        pending: dict[int, dict[int, set[int]]] = {}
        for (t, s), group in where.items():
            _save(step.folder(t, s, 0) / "in" / "queries.pkl", group)
            pending.setdefault(t, {}).setdefault(0, set()).add(s)
        stats: dict[int, TierStats] = {}
        rounds: dict[int, dict[int, list[int]]] = {}
        while pending:
            t = min(pending)
            todo = pending.pop(t)
            r = 0
            tier = TierStats(t)
            while r in todo:
                title = f"tier {t} forward" + (f" round {r}" if r else "")
                result = run(title, {"step": "forward", "tier": t, "round": r}, [Shard(str(s), {"shard": s}) for s in sorted(todo.pop(r))])
                for shard in result.shards:
                    rounds.setdefault(t, {}).setdefault(int(shard.key), []).append(r)
                    for key in shard.counts:
                        if key.startswith("to "):
                            t2, s2, r2 = map(int, key[3:].rsplit("-", 2))  # a tier may be negative
                            (todo if t2 == t else pending.setdefault(t2, {})).setdefault(r2, set()).add(s2)
                totals = result.totals
                tier = replace(
                    tier, positions=tier.positions + totals.get("positions", 0), moves=tier.moves + totals.get("moves", 0),
                    rounds=r + 1, forward_tasks=tier.forward_tasks + len(result.shards),
                    forward_seconds=tier.forward_seconds + sum(s.seconds for s in result.shards),
                    forward_cpu=tier.forward_cpu + totals.get("cpu_ms", 0) / 1000,
                )
                r += 1
            stats[t] = tier
            if plan is not None:
                plan(outlook([stats[k] for k in sorted(stats)]))
        certified = shard_count = 0
        for t in sorted(rounds, reverse=True):
            held = sorted(rounds[t])
            if any(r for rs in rounds[t].values() for r in rs):  # moves between shards of this tier: one task
                parts = [Shard("tier", {"shards": held, "rounds": [rounds[t][s] for s in held]})]
            else:
                parts = [Shard(str(s), {"shards": [s], "rounds": [rounds[t][s]]}) for s in held]
            result = run(f"tier {t} backward", {"step": "backward", "tier": t}, parts)
            if result.counterexamples:
                raise CertificateRejected(f"tier {t}", result.counterexamples[0])
            certified += result.totals.get("certified", 0)
            shard_count += len(held)
            stats[t] = replace(
                stats[t], backward_tasks=len(parts), backward_seconds=sum(x.seconds for x in result.shards),
                backward_cpu=result.totals.get("cpu_ms", 0) / 1000,
            )
        found: dict = {}
        for (t, s), group in where.items():
            o, rem = _load(step.folder(t, s, 0) / "ans" / "queries.pkl")
            found.update(zip(group, labels.entries(o, rem)))
    answers = tuple(labels.value(found[q]) for q in queries.positions)
    workers: dict[str, int] = {}
    for result in results:
        for shard in result.shards:
            kib = int(shard.counts.get("peak_kib", 0))
            workers[shard.worker] = max(workers.get(shard.worker, 0), kib)
    solution = labels.solution(queries, answers)
    return TieredSolve(
        solution, tuple(stats[t] for t in sorted(stats)), certified, shard_count,
        sum(x.ran for x in results), sum(x.resumed for x in results), time.perf_counter() - start, workers,
    )


def _stored_shard(root: Path, tier: int, shard: int, labels: TierLabels) -> tuple[list, list, list]:
    """A stored shard's parts (in round order), its positions and their entries."""
    here = root / "tiers" / str(tier) / str(shard)
    rounds = sorted(int(p.name) for p in here.iterdir() if p.is_dir() and (p / "part.pkl").exists())
    parts = [_load(here / str(r) / "part.pkl") for r in rounds]
    positions = [p for part in parts for p in part["positions"]]
    o, rem = _load(here / "labels.pkl")
    return [(r, part) for r, part in zip(rounds, parts)], positions, labels.entries(o, rem)


def _recorded(root: Path, rules: GeneralRules | None) -> dict:
    """What ``root/solve.json`` says of the stored solve, refused when it holds none, or when its rules file
    is not ``rules`` (when given) or has changed since the solve (when not)."""
    shown = shlex.quote(str(root))
    marker = root / "solve.json"
    if not marker.exists():
        raise StoreError(f"--tiers {shown}: holds no tiered solve (solve --tiers --store {shown} writes one)")
    solve = json.loads(marker.read_text())
    if rules is None and _digest(solve["rules"]) != solve["rules_sha256"]:
        raise StoreError(f"--tiers {shown}: the rules file {solve['rules']} has changed since the solve")
    if rules is not None and _digest(rules.path) != solve["rules_sha256"]:
        raise StoreError(f"--tiers {shown}: holds the solve of another rules file ({solve['rules']} as it was then), "
                         f"not of {rules.path}")
    return solve


class TierCheck:
    """A shard's task of :func:`check_tiers`, for Dask: ``check(params, options)`` checks every label of
    one stored shard, each child's label read from the shard that owns it (its ``labels.pkl``)."""

    def __init__(self, rules: TurnRules, root: str, limits: Limits, labels: TierLabels = GENERAL) -> None:
        self.rules = rules
        self.root = root
        self.limits = limits
        self.labels = labels

    def _shard(self, tier: int, shard: int) -> tuple[list, list, list]:
        return _stored_shard(Path(self.root), tier, shard, self.labels)

    def __call__(self, params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
        tier, shard = params["tier"], params["shard"]
        parts, positions, labels = self._shard(tier, shard)
        if len(labels) != len(positions):
            return {"positions": len(positions), "certified": 0}, [f"tier {tier} shard {shard}: {len(labels)} labels for {len(positions)} positions"]
        table = dict(zip(positions, labels))
        wanted: dict[tuple[int, int], list] = {}
        for r, part in parts:
            me = _name((tier, shard, r))
            for to in part["sent"]:
                path = Path(self.root) / "tiers" / str(to[0]) / str(to[1]) / str(to[2]) / "in" / f"{me}.pkl"
                wanted.setdefault((to[0], to[1]), []).extend(_load(path))
        for (t, s), children in sorted(wanted.items()):
            _, held, found = self._shard(t, s)
            where = dict(zip(held, found))
            del held, found
            table.update((c, where[c]) for c in children if c in where)
        bad = self.labels.check(self.rules, table, positions, self.limits)
        return {"positions": len(positions), "certified": 0 if bad else len(positions)}, [f"tier {tier} shard {shard}: {b}" for b in bad]


@dataclass(frozen=True)
class CheckedTiers:
    """A stored tiered solve checked again: positions and shards checked, the tiers, and what failed."""

    positions: int
    shards: int
    tiers: int
    violations: tuple[str, ...]


def stored_rules(root: Path) -> str:
    """The path of the rules file whose tiered solve is stored in ``root``, refused
    (:class:`~gamecert.verify.errors.StoreError`) when ``root`` holds no solve or the file has changed since.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     stored_rules(Path(d))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    gamecert.verify.errors.StoreError: --tiers ...: holds no tiered solve (solve --tiers --store ... writes one)
    """
    return _recorded(root, None)["rules"]


def check_tiers(
    root: Path, rules: TurnRules, *, labels: TierLabels = GENERAL, jobs: int | None = None, scheduler: str | None = None,
    bar: Callable[[Campaign], contextlib.AbstractContextManager] | None = None,
) -> CheckedTiers:
    """Check the certificate of the tiered solve stored in ``root`` again, one task per shard, with ``rules``
    (refused when they are not the rules file of the solve as it was then; :func:`stored_rules` names it) and
    their kind's ``labels``.

    Notes
    -----
    Independent of the solve's answer files: each child's label is read from
    the ``labels.pkl`` of the shard that owns it, the rules are called again
    for every position. A task holds its shard and one child shard at a time.

    >>> import tempfile
    >>> walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], tier=lambda n: -n)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = solve_tiers(walk, Queries((3,)), shards=2, jobs=0, store=Path(d))
    ...     check_tiers(Path(d), walk, jobs=0)
    CheckedTiers(positions=4, shards=4, tiers=4, violations=())
    """
    shown = shlex.quote(str(root))
    solve = _recorded(root, rules)
    shards, tiers = [], set()
    for folder in sorted((root / "tiers").glob("*/*"), key=lambda p: (int(p.parent.name), int(p.name))):
        if not (folder / "labels.pkl").exists():
            raise StoreError(f"--tiers {shown}: the solve is not finished (tier {folder.parent.name} shard {folder.name} "
                             "has no labels); --resume it first")
        tiers.add(int(folder.parent.name))
        shards.append(Shard(f"{folder.parent.name}-{folder.name}", {"tier": int(folder.parent.name), "shard": int(folder.name)}))
    campaign = Campaign(f"check {root}", TierCheck(rules, str(root), Limits(), labels), tuple(shards), {"solve": solve["solve"]}, unit="positions")
    with bar(campaign) if bar is not None else contextlib.nullcontext() as update:
        result = run_campaign(campaign, jobs=jobs, scheduler=scheduler, progress=update)
    return CheckedTiers(result.totals.get("certified", 0), len(shards), len(tiers), tuple(result.counterexamples))


class StoredLabels:
    """The labels of a finished tiered solve stored in ``root`` (``solve --tiers --store DIR``), looked up by
    position: its tier, then its shard by the solve's stable hash, then that shard's ``labels.pkl``.

    Refused (:class:`~gamecert.verify.errors.StoreError`) when ``root`` holds no solve or the solve of
    another rules file than ``rules``. The labels are trusted only as far as ``check --tiers DIR`` (or the
    workers that wrote them) certified them; :meth:`labels` reads them as they are.

    >>> import tempfile
    >>> walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], tier=lambda n: -n)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = solve_tiers(walk, Queries((3,)), shards=2, jobs=0, store=Path(d))
    ...     [str(v) for v in StoredLabels(Path(d), walk).labels([2, 3]).values()]
    ['lose 2', 'win 3']
    """

    #: Shards held in memory at once (the first read is let go first).
    CACHED = 64

    def __init__(self, root: Path, rules: TurnRules, limits: Limits | None = None, labels: TierLabels = GENERAL) -> None:
        solve = _recorded(root, rules)
        if "shards" not in solve:
            raise StoreError(f"--tiers {shlex.quote(str(root))}: written by an older gamecert (no shard count); solve again")
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
        where = _guarded(self.rules, self.limits, lambda guard: [(tier_of(self.rules, guard, p), p) for p in positions])
        found = {}
        for t, p in where:
            held = self._shard(t, shard_of(p, self.shards))
            if p not in held:
                shown = _guarded(self.rules, self.limits, lambda guard: self.rules.show(p, guard))  # noqa: B023 - called here
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
                _, positions, entries = _stored_shard(self.root, tier, shard, self.labelling)
                self._held[key] = dict(zip(positions, entries))
            if len(self._held) > self.CACHED:
                del self._held[next(iter(self._held))]
        return self._held[key]
