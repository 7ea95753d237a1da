"""``gamecert solve --rules FILE --tiers``: a general game solved tier by tier on Dask (not a command of its own).

:func:`solve_tiered` checks the options, reads the input, says the projected
size and time once the first tiers are found (refusing a solve projected
past a day unless ``--no-size-limit``), draws a progress bar per tier and
step, writes the judge output, and ends with a line on stderr saying how
many positions and shards were certified (:mod:`gamecert.verify.engine.tiers`).
"""

from __future__ import annotations

import sys

import click

from gamecert.verify.cli.campaign import CampaignOptions, campaign_bar, workers_text
from gamecert.verify.cli.common import read_input
from gamecert.verify.engine import sizes
from gamecert.verify.engine.tiers import DEFAULT_SHARDS, Outlook, solve_tiers
from gamecert.verify.game import Game

#: The first tiers the projection waits for: this many positions found, or this many seconds of work.
CALIBRATION_POSITIONS = 10_000
CALIBRATION_SECONDS = 30.0


def solve_tiered(game: Game, file: str, shards: int | None, options: CampaignOptions) -> None:
    """Solve ``game`` (a general rules file with ``tier``) on the input ``file`` tier by tier, as ``options`` say."""
    from gamecert.verify.general.game import GeneralRulesGame

    if not isinstance(game, GeneralRulesGame):
        raise click.UsageError('--tiers is for general rules files (KIND = "general") with a tier() function')
    if game.rules.tier is None:
        raise click.UsageError(f"--tiers: {game.rules.path} has no tier(position) function (docs/tiers.md)")
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

    solved = solve_tiers(
        game.rules, queries, limits=game.limits, shards=shards or DEFAULT_SHARDS, store=options.store,
        resume=options.resume, jobs=options.jobs, scheduler=options.scheduler, bar=campaign_bar, plan=plan,
    )
    out = sys.stdout
    out.write(game.text(solved.solution))
    out.flush()
    click.echo(
        f"solve --tiers: certified {solved.certified:,} positions in {solved.shards:,} shards of {len(solved.tiers)} tiers "
        f"({solved.ran:,} tasks run, {solved.resumed:,} resumed from the store)", err=True,
    )
