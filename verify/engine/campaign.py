"""Campaigns: a check too big for one process, as a deterministic list of shards run on Dask.

A :class:`Campaign` holds a shard function (a module-level function, so every worker imports it by name), its
options and a fixed tuple of :class:`Shard` s (a geng ``res/mod`` part, a range
of board codes, a seed range, ...). The function runs once per shard,
anywhere: ``function(params, options)`` returns the shard's counts (a dict of
named integers, the first one the campaign's unit, e.g. ``graphs``) and its
counterexamples (readable text carrying the command that reproduces each).
Counts of the whole campaign are the sums over its shards, so they do not
depend on where or in what order shards ran.

:func:`run_campaign` runs the shards on an embedded local Dask cluster
(worker processes on the local host), on an existing cluster
(``scheduler="tcp://HOST:PORT"``) or, with ``jobs=0``, in this process. With a
:class:`~gamecert.verify.engine.store.Store` every finished shard is recorded
as its result arrives; ``resume=True`` then submits only the shards the store
lacks, so a run killed at any moment (client or worker) and resumed ends with
exactly the counts of an uninterrupted run, and no finished shard runs again.
A worker killed mid-shard costs only that shard, which Dask runs again on
another worker; its result is recorded once.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from gamecert.solvers.errors import GamecertError
from gamecert.verify.engine.store import Store
from gamecert.verify.errors import CampaignError, SchedulerError, ToolMissingError


@dataclass(frozen=True)
class Shard:
    """One piece of a campaign: a stable ``key``, JSON-able ``params``, and the keys of earlier shards of its
    campaign that must finish before it starts (``after``: it reads what they wrote; on Dask the scheduler
    starts it as soon as they are done, without a round trip to this process)."""

    key: str
    params: Mapping
    after: tuple[str, ...] = ()


@dataclass(frozen=True)
class ShardResult:
    """What a shard returns: counts, time, counterexamples, and the worker that ran it."""

    key: str
    counts: Mapping[str, int]
    seconds: float
    counterexamples: tuple[str, ...] = ()
    worker: str = ""


#: A shard function: ``function(params, options)`` returns the shard's counts and counterexamples.
ShardFunction = Callable[[Mapping, Mapping], tuple[Mapping[str, int], list[str]]]


@dataclass(frozen=True)
class Campaign:
    """A deterministic list of shards and the function that runs each.

    ``function(params, options)`` runs one shard: a module-level function,
    which Dask sends to a worker by name, or an object carrying what its
    shards need (a game), sent whole; objects of modules outside the
    installed ``gamecert`` (a test's toy game, a rules file) travel by value. ``options`` (JSON-able) go to every call; ``unit`` names the first count
    (``graphs``, ``boards``, ...) for progress and summaries.
    """

    title: str
    function: ShardFunction
    shards: tuple[Shard, ...]
    options: Mapping = field(default_factory=dict)
    unit: str = "cases"

    @property
    def target(self) -> str:
        """The shard function's name, ``module:function``: what the store records.

        >>> Campaign("x", count_shard, ()).target
        'gamecert.verify.engine.campaign:count_shard'
        """
        named = self.function if hasattr(self.function, "__qualname__") else type(self.function)
        return f"{named.__module__}:{named.__qualname__}"

    @property
    def fingerprint(self) -> str:
        """A hash of everything that decides the counts (not the title): the store's campaign id.

        >>> a = Campaign("x", count_shard, (Shard("s0", {"n": 1}),))
        >>> a.fingerprint == Campaign("y", count_shard, (Shard("s0", {"n": 1}),)).fingerprint
        True
        """
        spec = [self.target, dict(self.options), [[s.key, dict(s.params)] for s in self.shards]]
        return hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()


@dataclass(frozen=True)
class CampaignProgress:
    """Where a running campaign stands: ``done`` of ``total`` shards (``resumed`` of them
    from the store), ``cases`` counted by the shards run now, in ``seconds``."""

    done: int
    total: int
    resumed: int
    cases: int
    seconds: float


@dataclass(frozen=True)
class CampaignResult:
    """A finished campaign: every shard's result in campaign order, and how the run went."""

    campaign: Campaign
    shards: tuple[ShardResult, ...]
    resumed: int
    ran: int
    seconds: float

    @property
    def totals(self) -> dict[str, int]:
        """The sums of every count over all shards, keys in first-seen order."""
        out: dict[str, int] = {}
        for shard in self.shards:
            for name, value in shard.counts.items():
                out[name] = out.get(name, 0) + int(value)
        return out

    @property
    def counterexamples(self) -> list[str]:
        """Every shard's counterexamples, in campaign order."""
        return [text for shard in self.shards for text in shard.counterexamples]

    @property
    def cases(self) -> int:
        """The campaign's first count (its unit) summed over all shards."""
        return self.totals.get(self.campaign.unit, 0)


def execute(function: ShardFunction, key: str, params: Mapping, options: Mapping) -> ShardResult:
    """Run one shard (on a worker, or here): ``function(params, options)`` timed and labelled."""
    start = time.perf_counter()
    counts, bad = function(params, options)
    seconds = time.perf_counter() - start
    return ShardResult(key, dict(counts), seconds, tuple(bad), f"{socket.gethostname()}:{os.getpid()}")


@contextlib.contextmanager
def dask_client(jobs: int, scheduler: str | None, start: str | None = None) -> Iterator:
    """A Dask client: of the cluster at ``scheduler``, or of a new local cluster of ``jobs``
    single-threaded worker processes listening on 127.0.0.1 only (closed on exit), started by the
    multiprocessing method ``start`` (Dask's default, ``spawn``, when None; ``fork`` starts a worker as
    a copy of this process, its modules already imported)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ToolMissingError(
            "Dask is not installed: pip install 'dask[distributed]' (or pip install -e '.[campaign]'); "
            "--jobs 0 runs the shards without it"
        ) from None

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=20)
        except (OSError, TimeoutError, ValueError) as exc:
            raise SchedulerError(f"--scheduler: cannot reach a Dask scheduler at {scheduler}: {exc}") from None
        with client:
            yield client
        return
    import dask

    # The workers' sampling profiler (every 10 ms) and the event loops' monitors cost CPU that the shards need.
    quiet = {
        "distributed.worker.profile.enabled": False,
        "distributed.admin.tick.interval": "500ms",
        "distributed.admin.system-monitor.interval": "5s",
        "distributed.admin.system-monitor.gil.enabled": False,
    }
    with dask.config.set({**quiet, "distributed.worker.multiprocessing-method": start} if start else quiet):
        cluster = LocalCluster(
            n_workers=jobs,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            # The scheduler's HTTP routes on a free port of 127.0.0.1, no dashboard.
            scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
            silence_logs=logging.CRITICAL,
        )
    with cluster, Client(cluster) as client:
        yield client


def run_campaign(
    campaign: Campaign,
    *,
    store: Store | None = None,
    resume: bool = False,
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[CampaignProgress], None] | None = None,
    client: object | None = None,
) -> CampaignResult:
    """Run every shard of ``campaign`` not already finished in ``store``; return all results.

    ``jobs`` worker processes on a local Dask cluster (default: one per
    core), or the cluster at ``scheduler``, or that of ``client`` (a Dask
    client kept open across campaigns); ``jobs=0`` runs the shards here,
    one after another, without Dask. Each result is recorded in ``store`` as
    it arrives. Raises :class:`StoreError` when the store already holds
    shards of this campaign and ``resume`` is false, and
    :class:`CampaignError` when a shard's function fails.

    Notes
    -----
    Shards are submitted all at once (Dask keys derived from the campaign's
    fingerprint and the shard key), each depending on the futures of its
    ``after`` shards still to run, and collected as they complete; the client
    holds one result per shard. Here (``jobs=0``) they run in campaign order.
    The counts are sums over shards, independent of the order of completion.

    >>> c = Campaign("doc", count_shard, (Shard("a", {"n": 2}), Shard("b", {"n": 3})))
    >>> run_campaign(c, jobs=0).totals
    {'cases': 5}
    """
    fingerprint = campaign.fingerprint
    keys = [s.key for s in campaign.shards]
    if len(set(keys)) != len(keys):
        raise CampaignError(f"campaign {campaign.title!r} has two shards with one key")
    earlier: set[str] = set()
    for shard in campaign.shards:
        if not earlier.issuperset(shard.after):
            raise CampaignError(f"campaign {campaign.title!r}: shard {shard.key} waits for a shard not before it")
        earlier.add(shard.key)
    done: dict[str, ShardResult] = {}
    if store is not None:
        stored = store.begin(fingerprint, campaign.title, campaign.target, campaign.options, len(keys), resume)
        unknown = set(stored) - set(keys)
        if unknown:
            raise CampaignError(f"the store holds shard {sorted(unknown)[0]} that this campaign does not have")
        done = {k: ShardResult(k, s.counts, s.seconds, s.counterexamples, s.worker) for k, s in stored.items()}
    resumed = len(done)
    todo = [s for s in campaign.shards if s.key not in done]
    params = {s.key: s.params for s in todo}
    start = time.perf_counter()
    cases = 0

    def finished(result: ShardResult) -> None:
        nonlocal cases
        if store is not None:
            store.record(fingerprint, result.key, params[result.key], result.counts, result.seconds, result.counterexamples, result.worker)
        done[result.key] = result
        cases += int(result.counts.get(campaign.unit, 0))
        if progress is not None:
            progress(CampaignProgress(len(done), len(keys), resumed, cases, time.perf_counter() - start))

    if progress is not None:
        progress(CampaignProgress(len(done), len(keys), resumed, 0, 0.0))
    if todo and jobs == 0 and scheduler is None and client is None:
        for shard in todo:
            try:
                result = execute(campaign.function, shard.key, shard.params, campaign.options)
            except GamecertError:  # the input's or the setup's fault (a missing tool): as it is
                raise
            except Exception as exc:
                raise CampaignError(f"shard {shard.key} failed: {type(exc).__name__}: {exc}") from exc
            finished(result)
    elif todo:
        _run_on_dask(campaign, todo, fingerprint, jobs or os.cpu_count() or 1, scheduler, finished, client)
    return CampaignResult(
        campaign, tuple(done[k] for k in keys), resumed, len(todo), time.perf_counter() - start
    )


def _run_on_dask(
    campaign: Campaign,
    todo: list[Shard],
    fingerprint: str,
    jobs: int,
    scheduler: str | None,
    finished: Callable[[ShardResult], None],
    client: object | None = None,
) -> None:
    with contextlib.nullcontext(client) if client is not None else dask_client(jobs, scheduler) as opened:
        from distributed import as_completed  # importable: dask_client checked it

        function = _pickled(campaign.function)  # a few KB (a rules file's module by value): sent with each task
        submitted: dict = {}
        for shard in todo:
            submitted[shard.key] = opened.submit(
                execute_pickled,
                function,
                shard.key,
                dict(shard.params),
                dict(campaign.options),
                *(submitted[k] for k in shard.after if k in submitted),
                key=f"gamecert-{fingerprint[:16]}-{shard.key}",
                pure=False,
            )
        futures = list(submitted.values())
        try:
            for future in as_completed(futures):
                try:
                    result = future.result()
                except GamecertError:  # the input's or the setup's fault, raised again here by Dask
                    raise
                except Exception as exc:  # the shard's own failure (or its worker's, past Dask's retries)
                    raise CampaignError(f"shard {future.key} failed: {type(exc).__name__}: {exc}") from exc
                finished(result)
        finally:
            opened.cancel(futures)


def _pickled(function: ShardFunction) -> bytes:
    """``function`` pickled so that any worker can load it.

    The modules that define ``function`` and the objects it carries travel by
    value when they are not part of the installed ``gamecert``: a worker
    elsewhere (or in another folder) cannot import a test's module or a rules
    file loaded from a path. Dask's own pickling would send such objects by
    reference (its plain ``pickle`` succeeds on them), so the bytes are made here.
    """
    import sys

    import cloudpickle

    carried = [function] if hasattr(function, "__qualname__") else [function, *vars(function).values()]
    names = {getattr(obj, "__module__", None) or type(obj).__module__ for obj in carried}
    names |= _loaded_from_paths(carried)
    registered = set(cloudpickle.list_registry_pickle_by_value())
    modules = []
    for name in sorted(names - registered - {"__main__"}):
        module = sys.modules.get(name)
        if module is not None and not name.startswith("gamecert."):
            modules.append(module)
    for module in modules:
        cloudpickle.register_pickle_by_value(module)
    try:
        return cloudpickle.dumps(function)
    finally:
        for module in modules:
            cloudpickle.unregister_pickle_by_value(module)


def _loaded_from_paths(carried: list, depth: int = 4) -> set[str]:
    """The modules marked :data:`~gamecert.solvers.rules.rules.BY_VALUE` that define anything reachable from ``carried`` (attributes,
    dataclass fields and containers, ``depth`` levels down): a game holds its rules file's functions."""
    import sys

    from gamecert.solvers.rules.rules import BY_VALUE

    found: set[str] = set()
    shallowest: dict[int, int] = {}  # id -> the least level it was walked at: one met first deeper is walked again
    stack = [(obj, 0) for obj in carried]
    while stack:
        obj, level = stack.pop()
        if shallowest.get(id(obj), depth + 1) <= level:
            continue
        shallowest[id(obj)] = level
        name = getattr(obj, "__module__", None)
        if isinstance(name, str) and getattr(sys.modules.get(name), BY_VALUE, False):
            found.add(name)
        if level == depth or isinstance(obj, (str, bytes, int, float, type)):
            continue
        if isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend((x, level + 1) for x in obj)
        elif isinstance(obj, dict):
            stack.extend((x, level + 1) for x in obj.values())
        elif hasattr(obj, "__dict__") and not callable(obj):
            stack.extend((x, level + 1) for x in vars(obj).values())
    return found


#: The shard functions this process unpickled, by the sha256 of their bytes (the last few; a campaign's
#: shards share one, and a function's module, sent by value, keeps its caches from shard to shard).
_UNPICKLED: dict[str, ShardFunction] = {}
_UNPICKLING = threading.Lock()  # a worker of several threads runs several shards at once


def execute_pickled(function: bytes, key: str, params: Mapping, options: Mapping, *after: ShardResult) -> ShardResult:
    """:func:`execute` of a shard function pickled by :func:`_pickled` (``after``: the results of the shards it waited for)."""
    import pickle

    digest = hashlib.sha256(function).hexdigest()
    with _UNPICKLING:
        loaded = _UNPICKLED.get(digest)
        if loaded is None:
            loaded = _UNPICKLED[digest] = pickle.loads(function)
            while len(_UNPICKLED) > 4:
                del _UNPICKLED[next(iter(_UNPICKLED))]
    return execute(loaded, key, params, options)


def count_shard(params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
    """A trivial shard function (counts ``params["n"]`` cases) for examples and engine tests.

    >>> count_shard({"n": 4}, {})
    ({'cases': 4}, [])
    """
    return {"cases": int(params["n"])}, []
