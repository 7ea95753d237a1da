"""``gamecert stress``: another program on generated cases against certified answers."""

from __future__ import annotations

import functools
import os
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import click

from gamecert.solvers.textinput import format_bytes
from gamecert.verify import registry
from gamecert.verify.capabilities import ExhaustiveStress, InteractiveContest, StressCases
from gamecert.verify.cli.campaign import CampaignOptions, announce_count, announce_sizes, campaign_options
from gamecert.verify.cli.campaign import run as run_campaign
from gamecert.verify.cli.common import Disagreement, GameChoice, option_problem
from gamecert.verify.cli.options import Integer, MemorySize, Number
from gamecert.verify.cli.progress import progress_bar
from gamecert.verify.cli.rules import rules_options
from gamecert.verify.engine import sandbox
from gamecert.verify.engine.contain import MAX_OUTPUT
from gamecert.verify.engine.sizes import PROGRAM_START_SECONDS, SizeCost
from gamecert.verify.errors import PackageError


def _output_limit(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    """``--output-limit``: at most the most output gamecert ever holds of a run."""
    if value is not None and value > MAX_OUTPUT:
        raise click.BadParameter(f"expected at most {format_bytes(MAX_OUTPUT)}, got {format_bytes(value)}", param=param)
    return value


@click.command()
@click.argument("game", type=GameChoice(StressCases, InteractiveContest))
@click.option("--candidate", required=True, metavar="'CMD ARGS'", help="The program to test (split like a shell, run without one).")
@click.option("--count", default=200, show_default=True, type=Integer(min=1), help="Cases to run.")
@click.option("--seed", default=1, show_default=True, type=Integer(), help="Same seed, same cases.")
@click.option("--max-size", default=10, show_default=True, type=Integer(min=1), help="Largest size of random cases.")
@click.option("--timeout", default=10.0, show_default=True, type=Number(min=0, min_open=True), help="Seconds per run.")
@click.option(
    "--output-limit", type=MemorySize(), default=None, callback=_output_limit,
    help="Standard output per run, e.g. 8M [default: 16 times the certified answer, at least 1M; at most 64M].",
)
@click.option(
    "--memory-limit", type=MemorySize(), default="1G", show_default=True,
    help="Memory per run: address space of each process, and of the candidate and its children together (a memory cgroup).",
)
@click.option(
    "--max-processes", type=Integer(min=1), default=sandbox.DEFAULT_PROCESSES, show_default=True, metavar="N",
    help="Processes (tasks) at once per run of the candidate and its children (a pids cgroup).",
)
@click.option(
    "--file-limit", type=MemorySize(), default="64M", show_default=True,
    help="Size of any file the candidate writes (RLIMIT_FSIZE); it writes in a scratch folder removed after each run.",
)
@click.option("--out", default=".", show_default=True, type=click.Path(file_okay=False, path_type=Path), help="Folder for the failing case.")
@click.option(
    "--interactive", is_flag=True,
    help="The candidate is a contestant of the game's interactive problem (package --interactive): it plays "
    "each case's start against gamecert's jury, which speaks the problem's protocol and plays the certified strategy.",
)
@click.option(
    "--exhaustive", type=Integer(min=1), default=None, metavar="N",
    help="Every case up to size N instead of generated ones (maze: boards up to NxN up to symmetry; "
    "geography: graphs up to N vertices), as a campaign of shards; failures are shrunk and printed.",
)
@click.option(
    "--tiers", "tiers", metavar="DIR", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="--rules: the certified answers from the tiered solve stored in DIR (solve --tiers --store DIR), not solved in memory.",
)
@campaign_options
@rules_options
def stress(
    game: str, candidate: str, count: int, seed: int, max_size: int, timeout: float, output_limit: int | None,
    memory_limit: int, max_processes: int, file_limit: int, out: Path, interactive: bool, exhaustive: int | None,
    tiers: Path | None, campaign: CampaignOptions,
) -> None:
    """Run another program on generated cases against certified answers; shrink the first failure.

    Each run is contained like a judge's: the time, output, memory and process
    limits are verdicts of their own (time limit exceeded, output limit
    exceeded, memory limit exceeded, process limit exceeded), as are run-time
    errors, no output and wrong answers. The candidate runs without network,
    in a scratch folder (its working directory and /tmp) with the rest of the
    machine read-only (bubblewrap); a limit the machine cannot apply here is
    named once on standard error.

    With --interactive, each case becomes a test of the game's interactive
    problem (a start drawn from it) and the candidate plays it against
    gamecert's jury through its standard input and output, contained the same
    way: accepted when it wins, else a wrong answer with the jury's reason;
    the failing test is saved with the transcript of the protocol.
    """
    from gamecert.verify.engine import stress as engine  # loaded only by this command

    g = registry.get_game(game)
    if interactive:
        _interactive_refusals(g, exhaustive, tiers, campaign)
    elif g.capability(StressCases) is None:  # offered for its interactive problem alone
        have = ", ".join(registry.games_with(StressCases))
        raise click.UsageError(g.refusals().get(StressCases) or (
            f"{game} has no case generator (a rules file needs positions(size) and one position per input line); "
            f"choose from {have}"
        ))
    if tiers is not None:
        g = _stored(g, tiers, exhaustive is not None or campaign.given)
    absent = sandbox.absent(sandbox.support())
    if absent is not None:
        click.echo(absent, err=True)
    limits = RunLimits(memory_limit, max_processes, file_limit)
    ctx = click.get_current_context()
    given = [f"--{name.replace('_', '-')}" for name in ("count", "seed", "max_size", "out")
             if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE]
    if exhaustive is not None:
        if given:
            raise click.UsageError(f"{given[0]} is for generated cases; --exhaustive N runs every case up to N")
        _exhaustive(g, candidate, exhaustive, timeout, output_limit, limits, campaign)
        return
    if campaign.given:
        # The same cases as a plain run, as a campaign: every case runs, failures are printed.
        if "--out" in given:
            raise click.UsageError("--out saves the one failure of a plain run; a campaign prints each shard's first")
        _seeded(g, candidate, count, seed, max_size, timeout, output_limit, limits, campaign)
        return
    # One case at a time, here: refused past a day like a campaign; the progress bar says the rest.
    announce_count("", "--count", count, "cases", PROGRAM_START_SECONDS, 1, campaign.unlimited, at_least=True, say=False)
    problem = _unwritable_folder(out)
    if problem is not None:  # found now, not after a long run ends in a failure to save
        raise option_problem("--out", out, problem)
    run = engine.stress
    if interactive:
        from gamecert.verify.engine.jury import interactive_stress as run
    try:
        with _progress(count) as progress:
            result = run(
                g, candidate, count=count, seed=seed, max_size=max_size, timeout=timeout, output_limit=output_limit,
                memory_limit=memory_limit, max_processes=max_processes, file_limit=file_limit,
                sandbox=sandbox.Sandbox(hidden=_answer_files(out) + _store(tiers)), out=out, progress=progress,
            )
    except OSError as exc:  # the one file operation of a stress run: saving the failing case
        raise option_problem("--out", out, f"cannot write the case files: {exc.strerror or exc}") from None
    click.echo(result.summary())
    if result.failure is not None:
        raise Disagreement()


def _interactive_refusals(g, exhaustive: int | None, tiers: Path | None, campaign: CampaignOptions) -> None:
    """``--interactive``: a game with an interactive problem and a case generator, one case at a time."""
    from gamecert.verify.engine.jury import interactive_problem

    if exhaustive is not None or tiers is not None or campaign.given:
        raise click.UsageError("--interactive runs the cases here, one at a time: not with --exhaustive, --tiers or the campaign options")
    if g.capability(InteractiveContest) is None:
        raise click.UsageError(f"{g.name} has no interactive problem (--interactive); choose from "
                               f"{', '.join(registry.games_with(InteractiveContest))}")
    try:
        interactive_problem(g)
    except PackageError as exc:
        raise click.UsageError(f"--interactive: {exc}") from None


def _stored(g, root: Path, campaign: bool):
    """``--tiers DIR``: ``g`` with its answers read from the tiered solve stored in ``root``."""
    from gamecert.verify.cli.tiers import tiers_of

    tiered = tiers_of(g, "--tiers DIR")
    if campaign:
        raise click.UsageError("--tiers DIR reads the answers in this process: not with --exhaustive or the campaign options")
    return tiered.stored(root)


class RunLimits(NamedTuple):
    """The per-run limits a campaign passes on beyond time and output."""

    memory: int
    processes: int
    file_size: int


def _answer_files(out: Path) -> tuple[Path, ...]:
    """gamecert's answer files in the ``--out`` folder (earlier failures' ``.ans``): masked in the candidate's view."""
    try:
        return tuple(sorted(p.resolve() for p in out.glob("*.ans") if p.is_file()))
    except OSError:
        return ()


def _store(tiers: Path | None) -> tuple[Path, ...]:
    """``--tiers DIR``: the stored solve, every position's certified answer: an empty folder in the candidate's view."""
    return () if tiers is None else (tiers.resolve(),)


def _unwritable_folder(folder: Path) -> str | None:
    """Why files cannot be written into ``folder`` (created on demand), or None."""
    existing = folder
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        return f"expected a folder, but {existing} is a file"
    if not os.access(existing, os.W_OK | os.X_OK):
        return f"cannot write into {existing}"
    return None


@contextmanager
def _progress(count: int):
    """The shared progress bar (:mod:`gamecert.verify.cli.progress`), called as the stress engine calls it."""
    with progress_bar("cases", count) as update:
        if update is None:
            yield None
            return

        def progress(stage: str, done: int, total: int) -> None:
            update(done, total, "cases" if stage == "cases" else "shrinking (runs)")

        yield progress


def _exhaustive(
    g, candidate: str, size: int, timeout: float, output_limit: int | None, limits: RunLimits, campaign: CampaignOptions
) -> None:
    """The candidate on every case up to ``size``: a summary, the counts, the first failures; exit 3 on any."""
    from gamecert.verify.engine import exhaustive as engine

    family = g.capability(ExhaustiveStress)
    if family is None:
        have = ", ".join(registry.games_with(ExhaustiveStress))
        raise click.UsageError(f"{g.name} has no exhaustive family; choose from {have}")
    engine.candidate_argv(candidate)  # a candidate that cannot start is said before the size
    known = family.stress_size(1) is not None

    def cost(s: int) -> SizeCost:  # the certified answer, and the candidate's run: at least a program start
        one = family.stress_size(s)
        return replace(one, seconds=one.seconds + PROGRAM_START_SECONDS)

    what = f"stress {g.name} --exhaustive {size}"
    announce_sizes(what, "--exhaustive", size, family.stress_unit, cost if known else None, campaign, at_least=True)
    make = functools.partial(engine.stress_campaign, g, size, candidate, timeout, output_limit, *limits)
    result = run_campaign(make, campaign)
    _campaign_summary(g, result, family.stress_covered(size), campaign.store)


def _seeded(
    g, candidate: str, count: int, seed: int, max_size: int, timeout: float, output_limit: int | None, limits: RunLimits,
    campaign: CampaignOptions,
) -> None:
    """The ``--count`` cases of ``--seed`` as a campaign: every case runs; a summary, the counts, the first failure."""
    from gamecert.verify.engine import exhaustive as engine

    engine.candidate_argv(candidate)
    what = f"stress {g.name} --count {count} --seed {seed}"
    announce_count(what, "--count", count, "cases", PROGRAM_START_SECONDS, campaign.workers, campaign.unlimited, at_least=True)
    make = functools.partial(
        engine.random_stress_campaign, g, candidate, count, seed, max_size, timeout, output_limit, *limits
    )
    result = run_campaign(make, campaign)
    _campaign_summary(g, result, f"generated cases (seed {seed}, sizes up to {max_size})", campaign.store)


def _campaign_summary(g, result, covered: str, store) -> None:
    from gamecert.verify.engine import exhaustive as engine
    from gamecert.verify.engine.stress import FAILURES

    totals = result.totals
    unit = result.campaign.unit
    failed = totals[unit] - totals["passed"]
    if not failed:
        click.echo(f"stress {g.name}: {totals[unit]:,} {covered} passed ({result.seconds:.1f} s)")
    else:
        kinds = ", ".join(f"{kind} {totals[kind]:,}" for kind in FAILURES if totals.get(kind))
        click.echo(f"stress {g.name}: {failed:,} of {totals[unit]:,} {covered} failed: {kinds} ({result.seconds:.1f} s)")
    click.echo(engine.counts_line(result))
    bad = result.counterexamples
    for text in bad[:1]:
        click.echo("".join(f"  {row}\n" for row in text.splitlines()), nl=False)
    if len(bad) > 1:
        click.echo(f"  ({len(bad) - 1} more shard(s) failed; their shrunk cases are in the --store file)" if store else f"  ({len(bad) - 1} more shard(s) failed)")
    if failed:
        raise Disagreement()
