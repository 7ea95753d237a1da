"""``gamecert solve``: judge-format input in, judge-format output out, byte for byte."""

from __future__ import annotations

import functools
import json
import sys

import click

from gamecert.solvers.textinput import memory_limit
from gamecert.verify import registry
from gamecert.verify.capabilities import MidGame, Positions, Statistics, StreamedAnswer
from gamecert.verify.cli.campaign import CampaignOptions, campaign_options
from gamecert.verify.cli.common import GameChoice, read_input
from gamecert.verify.cli.options import Integer, max_memory_option
from gamecert.verify.cli.rules import rules_options


@click.command()
@click.argument("game", type=GameChoice())
@click.argument("file", default="-")
@click.option("--json", "as_json", is_flag=True, help="Structured output with the certificate.")
@click.option("--no-judge-limits", is_flag=True, help="Accept sizes beyond the judge's limits.")
@click.option("--position", metavar="TEXT", help="Solve a position given here (cutting games: '3x5 2x7').")
@click.option("--from", "token", metavar="ROW,COL|V", help="maze, geography: a mid-game position, the token here (with --visited).")
@click.option("--visited", metavar="FILE", help="The cells or vertices visited before --from, one per line.")
@click.option(
    "--stats", is_flag=True,
    help="--rules: count the positions reached by certified value (remoteness, score, nim value or outcome class), "
    "the longest win and loss, the branching factor.",
)
@click.option("--tiers", is_flag=True, help="--rules: solve tier by tier on Dask, by the rules' tier() (docs/tiers.md).")
@click.option("--shards", type=Integer(min=1), default=None, help="--tiers: shards per tier [default: 1 per worker].")
@max_memory_option
@rules_options
@functools.partial(campaign_options, folder=True)
def solve(
    game: str, file: str, as_json: bool, no_judge_limits: bool, position: str | None, token: str | None,
    visited: str | None, max_memory: int | None, stats: bool, tiers: bool, shards: int | None, campaign: CampaignOptions,
) -> None:
    """Solve judge-format input from FILE (default: stdin), answer byte-exact.

    With --from and --visited, answer a mid-game position instead: who wins
    with the token on --from once the --visited cells are gone, and a winning move.
    With --tiers (a general or score rules file with tier()), solve tier by tier on a
    Dask cluster, every shard certified as it is written. With --stats, a summary
    of the certified solve instead of the answer (show --stats draws it).
    """
    g = registry.get_game(game)
    if stats:
        if tiers or position is not None or token is not None or campaign.given or shards is not None or campaign.unlimited:
            raise click.UsageError("--stats does not combine with --tiers, --position or --from")
        _print_stats(g, file, as_json, no_judge_limits, max_memory)
        return
    if tiers:
        if as_json or position is not None or token is not None:
            raise click.UsageError("--tiers does not combine with --json, --position or --from (the certificate stays in --store)")
        from gamecert.verify.cli.tiers import solve_tiered

        solve_tiered(g, file, shards, campaign)
        return
    if campaign.given or shards is not None or campaign.unlimited:
        raise click.UsageError("--store, --resume, --jobs, --scheduler, --shards and --no-size-limit are for --tiers")
    if (token is None) != (visited is None):
        raise click.UsageError("--from and --visited go together")
    if token is not None:
        mid_game = g.capability(MidGame)
        if mid_game is None:
            raise click.UsageError(f"--from is not available for {game}")
        if as_json or position is not None:
            raise click.UsageError("--from does not combine with --json or --position")
        text, source = read_input(file)
        trail, trail_source = read_input(visited)
        instance = g.parse(text, source, not no_judge_limits)
        with g.kernels(instance):
            answer = mid_game.solve_from(instance, token, trail.decode("utf-8", "replace"), trail_source)
        sys.stdout.write(answer)
        return
    if position is not None:
        positions = g.capability(Positions)
        if positions is None:
            raise click.UsageError(f"--position is not available for {game}")
        result = positions.solve_position(position)
        if as_json:
            click.echo(json.dumps(result.data))
        else:
            sys.stdout.write(result.text)
        return
    text, source = read_input(file)
    with memory_limit(max_memory):
        instance = g.parse(text, source, not no_judge_limits)
    del text  # the instance holds what is needed
    # Small inputs finish in plain Python before numba could even load, and so
    # does everything written about them; a solver fault past this point is an
    # internal error, never bad input. Answers larger than their input are
    # written in chunks, never built whole.
    with g.kernels(instance):
        streamed = None if as_json else g.capability(StreamedAnswer)
        if streamed is not None:
            out = _binary_stdout()
            streamed.write_streamed(instance, out.write, out.flush)
            return
        solution = g.solve(instance)
        out = _binary_stdout()
        if as_json:
            g.write_json(solution, out.write)
            out.write(b"\n")
        else:
            g.write_answer(solution, out.write)
        out.flush()


def _print_stats(g, file: str, as_json: bool, no_judge_limits: bool, max_memory: int | None) -> None:
    """``solve --stats``: the game's :class:`~gamecert.verify.capabilities.Statistics` of FILE, as text or JSON."""
    statistics = g.capability(Statistics)
    if statistics is None:
        raise click.UsageError(f"--stats is not available for {g.name}")
    text, source = read_input(file)
    with memory_limit(max_memory):
        instance = g.parse(text, source, not no_judge_limits)
    found = statistics.analyze(instance)
    click.echo(json.dumps(found.data()) if as_json else found.text(), nl=as_json)


def _binary_stdout():
    """Standard output as bytes, after whatever text was written to it."""
    sys.stdout.flush()
    return sys.stdout.buffer
