"""``gamecert solve --rules FILE --tiers``: a general or score game solved tier by tier on Dask (not a command of its own).

:func:`solve_tiered` checks the options, reads the input, says the projected
size and time once the first tiers are found (refusing a solve projected
past a day unless ``--no-size-limit``), draws a progress bar per tier and
step, writes the judge output, and ends with a line on stderr saying how
many positions and shards were certified (:mod:`gamecert.verify.engine.tiers`).
"""

from __future__ import annotations

import json
import sys

import click

from gamecert.verify.capabilities import Tiers
from gamecert.verify.cli.campaign import CampaignOptions, campaign_bar, workers_text
from gamecert.verify.cli.common import read_input
from gamecert.verify.engine import sizes
from gamecert.verify.engine.tiers.solve import Outlook, default_shards
from gamecert.verify.game import Game

#: The first tiers the projection waits for: this many positions found, or this many seconds of work.
CALIBRATION_POSITIONS = 10_000
CALIBRATION_SECONDS = 30.0


def tiers_of(game: Game, option: str) -> Tiers:
    """The game's :class:`~gamecert.verify.capabilities.Tiers`, or a usage error of ``option`` saying what is missing."""
    tiered = game.capability(Tiers)
    if tiered is None:
        raise click.UsageError(
            f'{option} is for general and score rules files (--rules FILE, KIND = "general" or "score") with a tier() function'
        )
    missing = tiered.missing()
    if missing is not None:
        raise click.UsageError(f"{option}: {missing}")
    return tiered


def solve_tiered(game: Game, file: str, shards: int | None, options: CampaignOptions) -> None:
    """Solve ``game`` (one with the :class:`~gamecert.verify.capabilities.Tiers` capability: a general or score rules
    file with ``tier``) on the input ``file`` tier by tier, as ``options`` say."""
    tiered = tiers_of(game, "--tiers")
    if options.resume and options.store is None:
        raise click.UsageError("--resume needs --store DIR (the folder of the solve to resume)")
    if options.scheduler is not None and options.jobs is not None:
        raise click.UsageError("--jobs sizes the local cluster; with --scheduler the cluster is already there")
    text, source = read_input(file)
    queries = game.parse(text, source)
    workers = options.workers
    said = False

    def plan(o: Outlook) -> None:
        nonlocal said
        seconds = o.seconds / workers
        shown = (
            f"{o.positions:,} position{'' if o.positions == 1 else 's'} in the {o.tiers} tier{'' if o.tiers == 1 else 's'} "
            f"found so far, the next ≈{o.next_positions:,}"
        )
        if seconds > sizes.DAY and not options.unlimited:
            raise click.UsageError(
                f"solve --tiers: {shown}: projected at least {sizes.duration(seconds)} on {workers_text(workers)}, more than "
                "a day; --no-size-limit runs it anyway (with --store DIR, --resume goes on from here)"
            )
        if not said and (o.positions >= CALIBRATION_POSITIONS or o.spent >= CALIBRATION_SECONDS):
            said = True
            click.echo(f"solve --tiers: {shown}: projected at least {sizes.duration(seconds)} on {workers_text(workers)}", err=True)

    if shards is None:  # a resumed solve's own count, else a few per worker
        stored = options.store / "solve.json" if options.store is not None and options.resume else None
        shards = json.loads(stored.read_text())["shards"] if stored is not None and stored.exists() else default_shards(workers)
    solved = tiered.solve_tiers(
        queries, shards=shards, store=options.store, resume=options.resume, jobs=options.jobs,
        scheduler=options.scheduler, bar=campaign_bar, plan=plan,
    )
    out = sys.stdout
    out.write(game.format(solved.solution))
    out.flush()
    click.echo(
        f"solve --tiers: certified {solved.certified:,} positions in {solved.shards:,} shards of {len(solved.tiers)} tiers "
        f"({solved.ran:,} tasks run, {solved.resumed:,} resumed from the store)", err=True,
    )
