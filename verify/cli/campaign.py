"""What the campaign commands share: the campaign options, the size line, and the progress bar.

Not a command: :func:`campaign_options` adds ``--store``, ``--resume``,
``--jobs``, ``--scheduler`` and ``--no-size-limit`` to one, passed along as one
:class:`CampaignOptions`; :func:`announce_sizes` and :func:`announce_count`
print a campaign's size and projected time before it starts, or refuse one
projected past a day (:mod:`gamecert.verify.engine.sizes`); :func:`run` runs
a campaign with a progress bar on stderr (when it is a terminal).
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import click

from gamecert.verify.cli.options import Integer
from gamecert.verify.engine import sizes
from gamecert.verify.engine.campaign import Campaign, CampaignProgress, CampaignResult, run_campaign


@dataclass(frozen=True)
class CampaignOptions:
    """How to run a campaign, as the command line gave it: ``--store``, ``--resume``, ``--jobs``,
    ``--scheduler``, and ``--no-size-limit`` (``unlimited``)."""

    store: Path | None = None
    resume: bool = False
    jobs: int | None = None
    scheduler: str | None = None
    unlimited: bool = False

    @property
    def given(self) -> bool:
        """Whether any option of how to run a campaign was given (``--no-size-limit`` is not one)."""
        return self.store is not None or self.resume or self.jobs is not None or self.scheduler is not None

    @property
    def workers(self) -> int:
        """The processes the campaign's shards run on: ``--jobs``, else one per core here (with
        ``--scheduler`` too: the projection is for a cluster as big as the local machine)."""
        if self.jobs is not None:
            return max(self.jobs, 1)
        return os.cpu_count() or 1


def campaign_options(command: Callable, folder: bool = False) -> Callable:
    """Add the options of a campaign run to a click command, passed to it as one keyword argument
    ``campaign``, a :class:`CampaignOptions`; ``folder``: ``--store`` names a folder (a tiered solve's)."""

    @functools.wraps(command)
    def wrapper(
        *args, store: Path | None, resume: bool, jobs: int | None, scheduler: str | None, no_size_limit: bool, **kwargs
    ):
        return command(*args, campaign=CampaignOptions(store, resume, jobs, scheduler, no_size_limit), **kwargs)

    options = [
        click.option(
            "--no-size-limit", is_flag=True,
            help="Run a campaign even when its projected time here is more than a day.",
        ),
        click.option(
            "--scheduler", metavar="tcp://HOST:PORT", default=None,
            help="Run the shards on this existing Dask cluster instead of a local one.",
        ),
        click.option(
            "--jobs", type=Integer(min=0), default=None,
            help="Worker processes of the local Dask cluster [default: one per core]; 0 runs in this process.",
        ),
        click.option("--resume", is_flag=True, help="Run only the shards the --store has not recorded."),
        click.option(
            "--store", type=click.Path(dir_okay=False, path_type=Path), default=None,
            help="SQLite file recording every finished shard (one row each), for --resume.",
        ) if not folder else click.option(
            "--store", metavar="DIR", type=click.Path(file_okay=False, path_type=Path), default=None,
            help="--tiers: folder of the solve's files per tier and shard, and of its record of finished shards, for --resume.",
        ),
    ]
    for option in options:
        wrapper = option(wrapper)
    return wrapper


def announce_sizes(
    what: str, option: str, size: int, counted: str, cost: Callable[[int], sizes.SizeCost] | None,
    options: CampaignOptions, at_least: bool = False,
) -> None:
    """Say on stderr how many cases ``what`` (a command, ending in ``option size``) covers and how long it
    is projected to take on the machine it runs on; refuse it (exit 2) when that is more than a day, naming the
    largest size that fits, unless ``--no-size-limit``. ``cost(s)``: the cases of size ``s`` and their cost,
    None when the game does not give them; ``at_least``: the projection is a lower bound (stress)."""
    if cost is None:
        click.echo(f"{what}: {counted} not counted by this game; no projection", err=True)
        return
    scale, workers = sizes.machine_scale(), options.workers
    p = sizes.project(cost, size, workers, scale, sizes.DAY)
    # The walk stopped past the limit before ``size``: the counts are those up to ``p.reached`` alone.
    more = "" if p.complete else "more than "
    alone = "" if p.complete else f" (those up to {p.reached} alone)"
    bound = more or ("at least " if at_least or not p.measured else "")
    if p.seconds <= sizes.DAY or options.unlimited:
        click.echo(
            f"{what}: {more}{sizes.count_text(p.cases, p.exact)} {counted}{alone}, projected {bound}"
            f"{sizes.duration(p.seconds)} on {workers_text(workers)}", err=True,
        )
        return
    fits = p.largest_fitting
    if fits:
        q = sizes.project(cost, fits, workers, scale, sizes.DAY)
        low = "at least " if at_least or not q.measured else ""
        best = f"the largest that fits is {option} {fits} ({low}{sizes.duration(q.seconds)})"
    else:
        best = "no size fits"
    raise click.BadParameter(
        f"{size} is {more}{sizes.count_text(p.cases, p.exact)} {counted}{alone}, projected {bound}"
        f"{sizes.duration(p.seconds)} on {workers_text(workers)}, more than a day; {best}; "
        "--no-size-limit runs it anyway",
        param_hint=f"'{option}'",
    )


def announce_count(
    what: str, option: str, count: int, counted: str, seconds: float | None, workers: int, unlimited: bool,
    at_least: bool = False, say: bool = True,
) -> None:
    """:func:`announce_sizes` for a campaign of ``count`` cases of ``seconds`` each (random or generated cases);
    ``say`` False: only the refusal."""
    if seconds is None:
        click.echo(f"{what}: {count:,} {counted}; no projection", err=True)
        return
    scale = sizes.machine_scale()
    p = sizes.project_count(count, seconds, workers, scale)
    bound = "at least " if at_least else ""
    if p.seconds <= sizes.DAY or unlimited:
        if say:
            click.echo(f"{what}: {count:,} {counted}, projected {bound}{sizes.duration(p.seconds)} on {workers_text(workers)}", err=True)
        return
    fits = sizes.largest_count(seconds, workers, scale, sizes.DAY)
    raise click.BadParameter(
        f"{count} {counted} are projected {bound}{sizes.duration(p.seconds)} on {workers_text(workers)}, more than a day; "
        f"the most that fit are {option} {fits}; --no-size-limit runs it anyway",
        param_hint=f"'{option}'",
    )


def workers_text(n: int) -> str:
    return f"{n} worker{'' if n == 1 else 's'}"


@contextlib.contextmanager
def campaign_bar(campaign: Campaign) -> Iterator[Callable[[CampaignProgress], None] | None]:
    """A rich progress bar on stderr (shards done, cases per second, time left) when it is a terminal."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
    from rich.progress import Progress as Bar

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("shards"),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
    )
    with Bar(*columns, console=console, transient=True) as bar:
        task = bar.add_task(campaign.title, total=len(campaign.shards), rate="")

        def update(p: CampaignProgress) -> None:
            rate = f"{p.cases / p.seconds:,.0f} {campaign.unit}/s" if p.seconds > 0 else ""
            bar.update(task, completed=p.done, total=p.total, rate=rate)

        yield update


def run(make: Callable[[], Campaign], options: CampaignOptions) -> CampaignResult:
    """Build a campaign with ``make()`` and run it for the command line, with a progress bar;
    the library's errors (a bad --store, --scheduler or --candidate, a missing geng) reach the
    command group, which turns them into exit codes."""
    from gamecert.verify.engine.store import Store

    if options.resume and options.store is None:
        raise click.UsageError("--resume needs --store FILE (the record of the run to resume)")
    if options.scheduler is not None and options.jobs is not None:
        raise click.UsageError("--jobs sizes the local cluster; with --scheduler the cluster is already there")
    campaign = make()
    with contextlib.ExitStack() as stack:
        opened = stack.enter_context(Store(options.store)) if options.store is not None else None
        progress = stack.enter_context(campaign_bar(campaign))
        return run_campaign(
            campaign, store=opened, resume=options.resume, jobs=options.jobs, scheduler=options.scheduler,
            progress=progress,
        )
