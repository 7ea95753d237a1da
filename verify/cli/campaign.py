"""What ``audit --exhaustive`` and ``stress --exhaustive`` share: the campaign options and progress bar.

Not a command: :func:`campaign_options` adds ``--store``, ``--resume``,
``--jobs`` and ``--scheduler`` to one, passed along as one :class:`CampaignOptions`,
and :func:`run` runs a campaign with a progress bar on stderr (when it is a terminal).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import click

from gamecert.verify.cli.options import Integer
from gamecert.verify.engine.campaign import Campaign, CampaignProgress, CampaignResult, run_campaign


@dataclass(frozen=True)
class CampaignOptions:
    """How to run a campaign, as the command line gave it: ``--store``, ``--resume``, ``--jobs``, ``--scheduler``."""

    store: Path | None = None
    resume: bool = False
    jobs: int | None = None
    scheduler: str | None = None

    @property
    def given(self) -> bool:
        """Whether any campaign option was given."""
        return self.store is not None or self.resume or self.jobs is not None or self.scheduler is not None


def campaign_options(command: Callable) -> Callable:
    """Add the options of a campaign run to a click command, passed to it as one keyword argument
    ``campaign``, a :class:`CampaignOptions`."""

    @functools.wraps(command)
    def wrapper(*args, store: Path | None, resume: bool, jobs: int | None, scheduler: str | None, **kwargs):
        return command(*args, campaign=CampaignOptions(store, resume, jobs, scheduler), **kwargs)

    options = [
        click.option(
            "--scheduler", metavar="tcp://HOST:PORT", default=None,
            help="Run the shards on this existing Dask cluster instead of a local one.",
        ),
        click.option(
            "--jobs", type=Integer(min=0), default=None,
            help="Worker processes of the local Dask cluster [default: one per core]; 0 runs in this process.",
        ),
        click.option("--resume", is_flag=True, help="Run only the shards the --store file has not recorded."),
        click.option(
            "--store", type=click.Path(dir_okay=False, path_type=Path), default=None,
            help="SQLite file recording every finished shard (one row each), for --resume.",
        ),
    ]
    for option in options:
        wrapper = option(wrapper)
    return wrapper


@contextlib.contextmanager
def _progress_bar(campaign: Campaign) -> Iterator[Callable[[CampaignProgress], None] | None]:
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
        progress = stack.enter_context(_progress_bar(campaign))
        return run_campaign(
            campaign, store=opened, resume=options.resume, jobs=options.jobs, scheduler=options.scheduler,
            progress=progress,
        )
