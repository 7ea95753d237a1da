"""What ``audit --exhaustive`` and ``stress --exhaustive`` share: the campaign options and progress bar.

Not a command: :func:`campaign_options` adds ``--store``, ``--resume``,
``--jobs`` and ``--scheduler`` to one, and :func:`run` runs a campaign with a
progress bar on stderr (when it is a terminal), turning the engine's errors
into the CLI's exit codes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

import click

from gamecert.verify.cli.common import InputProblem
from gamecert.verify.engine.campaign import Campaign, CampaignResult, Progress, run_campaign
from gamecert.verify.errors import CandidateError, SchedulerError, StoreError, ToolMissingError


def campaign_options(command: Callable) -> Callable:
    """Add the options of a campaign run to a click command (keyword arguments store, resume, jobs, scheduler)."""
    options = [
        click.option(
            "--scheduler", metavar="tcp://HOST:PORT", default=None,
            help="Run the shards on this existing Dask cluster instead of a local one.",
        ),
        click.option(
            "--jobs", type=click.IntRange(min=0), default=None,
            help="Worker processes of the local Dask cluster [default: one per core]; 0 runs in this process.",
        ),
        click.option("--resume", is_flag=True, help="Run only the shards the --store file has not recorded."),
        click.option(
            "--store", type=click.Path(dir_okay=False, path_type=Path), default=None,
            help="SQLite file recording every finished shard (one row each), for --resume.",
        ),
    ]
    for option in options:
        command = option(command)
    return command


@contextlib.contextmanager
def _progress_bar(campaign: Campaign) -> Iterator[Callable[[Progress], None] | None]:
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

        def update(p: Progress) -> None:
            rate = f"{p.cases / p.seconds:,.0f} {campaign.unit}/s" if p.seconds > 0 else ""
            bar.update(task, completed=p.done, total=p.total, rate=rate)

        yield update


def run(
    make: Callable[[], Campaign], store: Path | None, resume: bool, jobs: int | None, scheduler: str | None
) -> CampaignResult:
    """Build a campaign with ``make()`` and run it for the command line: a bad --store,
    --scheduler or --candidate, or a missing tool (geng), is bad input (exit 1)."""
    from gamecert.verify.engine.store import Store

    if resume and store is None:
        raise click.UsageError("--resume needs --store FILE (the record of the run to resume)")
    if scheduler is not None and jobs is not None:
        raise click.UsageError("--jobs sizes the local cluster; with --scheduler the cluster is already there")
    try:
        campaign = make()
        with contextlib.ExitStack() as stack:
            opened = stack.enter_context(Store(store)) if store is not None else None
            progress = stack.enter_context(_progress_bar(campaign))
            return run_campaign(
                campaign, store=opened, resume=resume, jobs=jobs, scheduler=scheduler, progress=progress
            )
    except CandidateError as exc:
        raise InputProblem(f"--candidate: {exc}") from None
    except (StoreError, SchedulerError, ToolMissingError) as exc:
        raise InputProblem(str(exc)) from None
