"""A tiered solve run: the forward and backward steps as Dask tasks, and the driver (see the package)."""

from __future__ import annotations

import contextlib
import os
import resource
import time
from itertools import chain
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from gamecert.solvers.errors import RulesError
from gamecert.solvers.turn.graph import Queries, loop_error
from gamecert.solvers.turn.tiers import expand, shard_of, tier_of
from gamecert.solvers.rules.rules import Guard, Limits, TurnRules
from gamecert.verify.engine.campaign import Campaign, CampaignResult, Shard, dask_client, run_campaign
from gamecert.verify.engine.store import Store
from gamecert.verify.errors import CertificateRejected
from gamecert.verify.engine.tiers.store import (
    TierLabels,
    load_file,
    load_section,
    load_sections,
    part_name,
    save_file,
    save_labels,
    save_sections,
    solve_folder,
    solve_id,
)

#: Shards per tier unless ``--shards`` says otherwise, per worker: a position costs more the more shards its tier
#: has (a child reached from several shards is routed by each), so one per worker (the stable hash balances them).
SHARDS_PER_WORKER = 1


def default_shards(workers: int) -> int:
    """The shards per tier of a solve on ``workers`` processes when ``--shards`` is not given.

    >>> default_shards(2), default_shards(0)
    (2, 1)
    """
    return SHARDS_PER_WORKER * max(1, workers)


def _peak_kib() -> int:
    """This process's peak resident memory, in KiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


#: The sender's name of the input's positions (``tiers/T/S/0/queries.pkl``, and their section of ``ans.pkl``).
QUERIES = "queries"

#: A step's tasks hold this many positions each, at least, where the step has that many: each task costs a round
#: trip to the scheduler, so the shards of a small tier go in one task, a large tier's one or a few per task.
TASK_POSITIONS = 5_000


class TierStep:
    """A task of the tiered solve, for Dask: ``step(params, options)`` runs the forward or backward step that
    ``options["step"]`` names on each shard of the task, one after another (the campaign's shard function; it
    carries the rules by value)."""

    def __init__(self, rules: TurnRules, root: str, shards: int, limits: Limits, labels: TierLabels) -> None:
        self.rules = rules
        self.root = root
        self.shards = shards
        self.limits = limits
        self.labels = labels

    def __call__(self, params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
        cpu = time.process_time()
        counts: dict[str, int] = {"positions": 0}
        bad: list[str] = []
        if options["step"] == "forward":
            done = [self.forward(options["tier"], shard, options["round"], senders) for shard, senders in params["shards"]]
        else:
            done = [self.backward(params["tier"], shards, rounds) for shards, rounds in params["units"]]
        for found, wrong in done:
            for key, value in found.items():
                counts[key] = counts.get(key, 0) + value
            bad.extend(wrong)
        counts["cpu_ms"] = round((time.process_time() - cpu) * 1000)
        counts["peak_kib"] = _peak_kib()
        return counts, bad

    def folder(self, tier: int, shard: int, round_: int | None = None) -> Path:
        path = Path(self.root) / "tiers" / str(tier) / str(shard)
        return path if round_ is None else path / str(round_)

    def forward(self, tier: int, shard: int, round_: int, senders: Sequence[str]) -> tuple[dict[str, int], list[str]]:
        """List the new positions that ``senders`` sent to ``(tier, shard, round_)``, call the rules on each, send every
        child on: ``part.pkl`` (the positions, their moves, and each sender's list as numbers of this shard) and
        ``out.pkl`` (the children sent, a section per destination)."""
        here = self.folder(tier, shard, round_)
        me = part_name((tier, shard, round_))
        known: dict = {}
        for r in range(round_):
            path = self.folder(tier, shard, r) / "part.pkl"
            if path.exists():
                for p in load_file(path)["positions"]:
                    known[p] = len(known)
        received = {
            sender: load_file(here / "queries.pkl") if sender == QUERIES else load_section(self.part(sender) / "out.pkl", me)
            for sender in senders
        }
        with Guard(self.rules, self.limits) as guard:
            found = expand(self.rules, guard, (tier, shard, round_), self.shards, chain.from_iterable(received.values()), known)
        # Each sender's list by the numbers expand() gave (``known`` now holds every position of the shard).
        asked = {sender: np.fromiter(map(known.__getitem__, sent), np.int64, len(sent)) for sender, sent in received.items()}
        del known, received
        counts = {"positions": len(found.positions), "moves": len(found.dest), f"part {me}": len(found.positions)}
        for to, sent in found.sent.items():
            counts[f"to {part_name(to)} from {me}"] = len(sent)
        save_sections(here / "out.pkl", {part_name(to): sent for to, sent in found.sent.items()})
        save_file(here / "part.pkl", {
            "positions": found.positions, "ends": found.ends, "heads": found.heads, "dest": found.dest,
            "index": found.index, "extra": found.extra, "sent": list(found.sent), "points": found.points, "asked": asked,
        })
        return counts, []

    def part(self, name: str) -> Path:
        """The folder of the part named ``T-S-R``."""
        return self.folder(*_part(name))

    def backward(self, tier: int, shards: Sequence[int], rounds: Sequence[Sequence[int]]) -> tuple[dict[str, int], list[str]]:
        """Label the positions of ``shards`` of ``tier`` (their ``rounds``), check every label, answer every sender."""
        parts = [(s, r) for s, rs in zip(shards, rounds) for r in rs]
        loaded = {part: load_file(self.folder(tier, *part) / "part.pkl") for part in parts}
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
            me = part_name((tier, s, r))
            dest, index = part["dest"], part["index"]
            target = np.where(dest < 0, base[s] + index, -1)
            codes = np.zeros(len(dest), dtype=self.labels.dtype)
            far = np.zeros(len(dest), dtype=np.int64)
            outbox = load_sections(self.folder(tier, s, r) / "out.pkl") if part["sent"] else {}
            for slot, to in enumerate(part["sent"]):
                mask = dest == slot
                sent = outbox[part_name(to)]
                if to[0] == tier:  # another shard of this tier: solved in this task
                    numbers = np.asarray([local[c] for c in sent], dtype=np.int64)
                    target[mask] = numbers[index[mask]]
                    continue
                o, rem = load_section(self.folder(*to) / "ans.pkl", me)
                codes[mask] = o[index[mask]]
                far[mask] = rem[index[mask]]
                children.update(zip(sent, self.labels.coded(o, rem)))
            del outbox
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
            with Guard(self.rules, self.limits) as guard:
                raise loop_error(self.rules, guard, cycle, self.labels.loop)
        # Labels and answers first (a rerun writes the same), then the certificate of every label.
        for s, rs in zip(shards, rounds):
            lo = base[s]
            hi = lo + sum(len(loaded[(s, r)]["positions"]) for r in rs)
            save_labels(self.folder(tier, s) / "labels.pkl", outcome[lo:hi], remoteness[lo:hi])
            for r in rs:
                asked = loaded[(s, r)]["asked"]
                save_sections(self.folder(tier, s, r) / "ans.pkl", {
                    sender: (outcome[lo + numbers], remoteness[lo + numbers]) for sender, numbers in asked.items()
                })
        cpu = time.process_time()
        table = children
        table.update(zip(positions, self.labels.coded(outcome, remoteness)))
        bad = self.labels.check(self.rules, table, positions, self.limits)
        counts = {
            "positions": n, "certified": 0 if bad else n, "shards": len(shards), **self.labels.counts(outcome, remoteness),
            "check_ms": round((time.process_time() - cpu) * 1000),
        }
        return counts, bad


def _part(name: str) -> tuple[int, int, int]:
    """The part ``(tier, shard, round)`` named ``T-S-R`` (a tier may be negative).

    >>> _part("-3-1-0")
    (-3, 1, 0)
    """
    t, s, r = name.rsplit("-", 2)
    return int(t), int(s), int(r)


def _groups(sizes: Mapping[int, int]) -> list[list[int]]:
    """The shards of a step (shard -> its positions) in tasks of at least :data:`TASK_POSITIONS` positions where
    there are that many, at most one task per shard, the largest shard first into the least loaded task.

    >>> _groups({0: 10, 1: 20, 2: 5}), _groups({0: 6_000, 1: 6_000, 2: 100})
    ([[0, 1, 2]], [[0, 2], [1]])
    """
    k = max(1, min(len(sizes), sum(sizes.values()) // TASK_POSITIONS))
    groups: list[list[int]] = [[] for _ in range(k)]
    loads = [0] * k
    for s in sorted(sizes, key=lambda s: (-sizes[s], s)):
        i = min(range(k), key=lambda i: (loads[i], i))
        groups[i].append(s)
        loads[i] += sizes[s]
    return [sorted(g) for g in groups]


class _Cluster:
    """The solve's Dask client (of ``jobs`` local workers, or of the cluster at ``scheduler``), opened in a thread:
    at once when ``early``, else when :meth:`client` is first called; closed on exit."""

    def __init__(self, jobs: int | None, scheduler: str | None, early: bool) -> None:
        self._manager = dask_client(jobs or os.cpu_count() or 1, scheduler, start="fork" if scheduler is None else None)
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="gamecert-cluster")
        self._opening = self._pool.submit(self._manager.__enter__) if early else None

    def client(self) -> object:
        if self._opening is None:
            self._opening = self._pool.submit(self._manager.__enter__)
        return self._opening.result()

    def __enter__(self) -> _Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        # Closed in the thread that opened it (the client's context is that thread's).
        if self._opening is not None and self._opening.exception() is None:
            self._pool.submit(self._manager.__exit__, None, None, None).result()
        self._pool.shutdown()


def _joined(arrays: list[np.ndarray], dtype: type) -> np.ndarray:
    return np.concatenate(arrays).astype(dtype, copy=False) if arrays else np.zeros(0, dtype=dtype)


@dataclass(frozen=True)
class TierStats:
    """What one tier took: its positions and moves, its forward rounds and tasks, and the seconds its
    forward and backward tasks ran (summed over tasks, on their workers), in all and on the processor
    (``check_cpu``: the part of ``backward_cpu`` that checked the labels)."""

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
    check_cpu: float = 0.0


@dataclass(frozen=True)
class TieredSolve:
    """A finished tiered solve: the answers (the kind's solution, from :meth:`TierLabels.solution`; its
    certificate stayed in the store, its ``table`` empty), every tier's costs, how many positions and shards
    were certified, the shards run now and those resumed from the store, and the peak memory (KiB) of each
    worker process that ran a task."""

    solution: Any
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


def solve_tiers(
    rules: TurnRules,
    queries: Queries,
    *,
    labels: TierLabels,
    limits: Limits | None = None,
    shards: int = 4,
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
    labels : how the game's kind labels and checks its positions (:data:`~gamecert.verify.general.tiers.GENERAL`, :data:`~gamecert.verify.score.tiers.SCORE`)
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
    A forward campaign per tier and round, then one backward campaign: the
    shards of a forward step are independent and run in parallel; a backward
    task waits (on the cluster) for the tasks of the later tiers' shards its
    shards sent to. A worker holds one shard's positions and moves (a whole
    tier's where moves join two of its shards). Every label is checked by the
    worker that wrote it.
    ``O(P + M)`` rules calls and work for ``P`` positions and ``M`` moves,
    twice (solve and check), and ``O(M)`` bytes through the store.

    >>> from gamecert.verify.general.tiers import GENERAL
    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], tier=lambda n: -n)
    >>> [str(v) for v in solve_tiers(walk, Queries((3, 0)), labels=GENERAL, shards=2, jobs=0).solution.values]
    ['win 3', 'lose 0']
    """
    if rules.tier is None:
        raise RulesError(rules.path, 1, 1, "expected a function tier(position) in the rules file for --tiers (docs/tiers.md)")
    limits = limits or Limits()
    ident = solve_id(rules, queries, shards)
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        root = stack.enter_context(solve_folder(store, ident, resume, rules, shards))
        opened = stack.enter_context(Store(root / "store.sqlite")) if store is not None else None
        # A new solve starts the cluster at once, while its first (small) steps run here; a resume, with the first
        # step left to run (none on a resume of a finished solve).
        cluster = stack.enter_context(_Cluster(jobs, scheduler, early=not resume)) if jobs != 0 or scheduler is not None else None
        step = TierStep(rules, str(root), shards, limits, labels)
        results: list[CampaignResult] = []

        def run(title: str, options: dict, parts: list[Shard], size: int) -> CampaignResult:
            campaign = Campaign(title, step, tuple(parts), {**options, "solve": ident}, unit="positions")
            done = opened.shards(campaign.fingerprint) if opened is not None and resume else {}
            # A step of fewer positions than one task holds runs here: a round trip to the cluster costs more.
            client = cluster.client() if cluster is not None and size >= TASK_POSITIONS and len(done) < len(parts) else None
            with bar(campaign) if bar is not None else contextlib.nullcontext() as update:
                result = run_campaign(
                    campaign, store=opened, resume=resume, jobs=0 if client is None else jobs, client=client,
                    progress=update,
                )
            results.append(result)
            return result

        # The queries, sent to their shards like any move.
        where: dict[tuple[int, int], dict] = {}
        guard = Guard(rules, limits)
        with guard:
            for q in queries.positions:
                t = tier_of(rules, guard, q)
                where.setdefault((t, shard_of(q, shards)), {})[q] = None
        # tier -> round -> shard -> sender -> positions sent (an upper bound of the shard's new positions)
        pending: dict[int, dict[int, dict[int, dict[str, int]]]] = {}
        for (t, s), group in where.items():
            save_file(step.folder(t, s, 0) / "queries.pkl", list(group))
            pending.setdefault(t, {}).setdefault(0, {})[s] = {QUERIES: len(group)}
        stats: dict[int, TierStats] = {}
        rounds: dict[int, dict[int, list[int]]] = {}  # tier -> shard -> its rounds, in order
        held: dict[int, dict[int, int]] = {}  # tier -> shard -> its positions
        sends: dict[tuple[int, int], set[tuple[int, int]]] = {}  # (tier, shard) -> the shards of later tiers it sent to
        while pending:
            t = min(pending)
            todo = pending.pop(t)
            r = 0
            tier = TierStats(t)
            while r in todo:
                title = f"tier {t} forward" + (f" round {r}" if r else "")
                arriving = todo.pop(r)
                sizes = {s: sum(senders.values()) for s, senders in arriving.items()}
                tasks = [Shard("+".join(map(str, g)), {"shards": [[s, sorted(arriving[s])] for s in g]}) for g in _groups(sizes)]
                result = run(title, {"step": "forward", "tier": t, "round": r}, tasks, sum(sizes.values()))
                totals = result.totals
                for key, value in totals.items():
                    if key.startswith("part "):
                        _, s, _ = _part(key[5:])
                        rounds.setdefault(t, {}).setdefault(s, []).append(r)
                        held.setdefault(t, {})[s] = held.get(t, {}).get(s, 0) + value
                    elif key.startswith("to "):
                        to, sender = key[3:].split(" from ")
                        t2, s2, r2 = _part(to)
                        if t2 > t:
                            sends.setdefault((t, _part(sender)[1]), set()).add((t2, s2))
                        (todo if t2 == t else pending.setdefault(t2, {})).setdefault(r2, {}).setdefault(s2, {})[sender] = value
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
        # Backward: every tier's tasks in one campaign, each after the tasks of the shards its shards sent to.
        tasks: list[Shard] = []
        task_of: dict[tuple[int, int], str] = {}
        for t in sorted(rounds, reverse=True):
            shards_t = sorted(rounds[t])
            if any(r for rs in rounds[t].values() for r in rs):  # moves between shards of this tier: one task
                groups, units, names = [shards_t], [[[shards_t, [rounds[t][s] for s in shards_t]]]], ["tier"]
            else:
                groups = _groups(held[t])
                units = [[[[s], [rounds[t][s]]] for s in g] for g in groups]
                names = ["+".join(map(str, g)) for g in groups]
            for g, unit, name in zip(groups, units, names):
                key = f"{t} {name}"
                after = sorted({task_of[d] for s in g for d in sends.get((t, s), ())})
                tasks.append(Shard(key, {"tier": t, "units": unit}, tuple(after)))
                for s in g:
                    task_of[(t, s)] = key
        result = run("backward", {"step": "backward"}, tasks, sum(sum(h.values()) for h in held.values()))
        certified = shard_count = 0
        for t in sorted(rounds, reverse=True):
            mine = [x for x in result.shards if int(x.key.split()[0]) == t]
            bad = [text for x in mine for text in x.counterexamples]
            if bad:
                raise CertificateRejected(f"tier {t}", bad[0])
            certified += sum(int(x.counts.get("certified", 0)) for x in mine)
            shard_count += len(rounds[t])
            stats[t] = replace(
                stats[t], backward_tasks=len(mine), backward_seconds=sum(x.seconds for x in mine),
                backward_cpu=sum(int(x.counts.get("cpu_ms", 0)) for x in mine) / 1000,
                check_cpu=sum(int(x.counts.get("check_ms", 0)) for x in mine) / 1000,
            )
        found: dict = {}
        for (t, s), group in where.items():
            o, rem = load_section(step.folder(t, s, 0) / "ans.pkl", QUERIES)
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
