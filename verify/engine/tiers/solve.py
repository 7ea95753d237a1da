"""A tiered solve run: the forward and backward steps as Dask tasks, and the driver (see the package)."""

from __future__ import annotations

import contextlib
import os
import resource
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from gamecert.solvers.errors import RulesError
from gamecert.solvers.general.graph import Queries, loop_error
from gamecert.solvers.general.solver import GeneralSolution
from gamecert.solvers.general.tiers import expand, shard_of, tier_of, values
from gamecert.solvers.rules.rules import GeneralRules, Guard, Limits, TurnRules
from gamecert.verify.engine.campaign import Campaign, CampaignResult, Shard, dask_client, run_campaign
from gamecert.verify.engine.store import Store
from gamecert.verify.errors import CertificateRejected
from gamecert.verify.engine.tiers.store import (
    TierLabels,
    load_file,
    part_name,
    save_file,
    save_labels,
    solve_folder,
    solve_id,
)

#: Shards per tier unless ``--shards`` says otherwise.
DEFAULT_SHARDS = 16


def _peak_kib() -> int:
    """This process's peak resident memory, in KiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


class TierStep:
    """A shard's task of the tiered solve, for Dask: ``step(params, options)`` runs the forward or backward
    step that ``options["step"]`` names (the campaign's shard function; it carries the rules by value)."""

    def __init__(self, rules: TurnRules, root: str, shards: int, limits: Limits, labels: TierLabels) -> None:
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

    def forward(self, tier: int, shard: int, round_: int) -> tuple[dict[str, int], list[str]]:
        """List the new positions sent to ``(tier, shard, round_)``, call the rules on each, send every child on."""
        here = self.folder(tier, shard, round_)
        arrivals: list = []
        for path in sorted((here / "in").glob("*.pkl")):
            arrivals.extend(load_file(path))
        known: dict = {}
        for r in range(round_):
            path = self.folder(tier, shard, r) / "part.pkl"
            if path.exists():
                for p in load_file(path)["positions"]:
                    known[p] = len(known)
        with Guard(self.rules, self.limits) as guard:
            found = expand(self.rules, guard, (tier, shard, round_), self.shards, arrivals, known)
        me = part_name((tier, shard, round_))
        counts = {"positions": len(found.positions), "moves": len(found.dest)}
        for to, sent in found.sent.items():
            save_file(self.folder(*to) / "in" / f"{me}.pkl", sent)
            counts["to " + part_name(to)] = len(sent)
        save_file(here / "part.pkl", {
            "positions": found.positions, "ends": found.ends, "heads": found.heads, "dest": found.dest,
            "index": found.index, "extra": found.extra, "sent": list(found.sent), "points": found.points,
        })
        return counts, []

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
            for slot, to in enumerate(part["sent"]):
                mask = dest == slot
                sent = load_file(self.folder(*to) / "in" / f"{me}.pkl")
                if to[0] == tier:  # another shard of this tier: solved in this task
                    numbers = np.asarray([local[c] for c in sent], dtype=np.int64)
                    target[mask] = numbers[index[mask]]
                    continue
                o, rem = load_file(self.folder(*to) / "ans" / f"{me}.pkl")
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
            with Guard(self.rules, self.limits) as guard:
                raise loop_error(self.rules, guard, cycle, self.labels.loop)
        # Labels and answers first (a rerun writes the same), then the certificate of every label.
        for s, rs in zip(shards, rounds):
            lo = base[s]
            hi = lo + sum(len(loaded[(s, r)]["positions"]) for r in rs)
            save_labels(self.folder(tier, s) / "labels.pkl", outcome[lo:hi], remoteness[lo:hi])
            mine = {p: lo + i for i, p in enumerate(positions[lo:hi])}
            for r in rs:
                here = self.folder(tier, s, r)
                for path in sorted((here / "in").glob("*.pkl")):
                    asked = np.asarray([mine[p] for p in load_file(path)], dtype=np.int64)
                    save_labels(here / "ans" / path.name, outcome[asked], remoteness[asked])
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


def solve_tiers(
    rules: TurnRules,
    queries: Queries,
    *,
    labels: TierLabels,
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
    A forward and a backward campaign per tier (one per round forward): the
    shards of a step are independent and run in parallel; a worker holds one
    shard's positions and moves (a whole tier's where moves join two of its
    shards). Every label is checked by the worker that wrote it.
    ``O(P + M)`` rules calls and work for ``P`` positions and ``M`` moves,
    twice (solve and check), and ``O(M)`` bytes through the store.

    >>> from gamecert.verify.general.tiers import GENERAL
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
            save_file(step.folder(t, s, 0) / "in" / "queries.pkl", group)
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
            o, rem = load_file(step.folder(t, s, 0) / "ans" / "queries.pkl")
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
