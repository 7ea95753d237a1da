"""``gamecert audit``: each theorem against the literal rules on many cases."""

from __future__ import annotations

import functools

import click

from gamecert.verify import registry
from gamecert.verify.capabilities import Audits, ExhaustiveAudit, PeriodicityAudit, RandomAudit
from gamecert.verify.cli.campaign import CampaignOptions, announce_count, announce_sizes, campaign_options
from gamecert.verify.cli.campaign import run as run_campaign
from gamecert.verify.cli.common import Disagreement, GameChoice
from gamecert.verify.cli.options import Integer
from gamecert.verify.cli.progress import progress_bar
from gamecert.verify.cli.rules import rules_options
from gamecert.verify.engine.audit import selected_audits
from gamecert.verify.rules.audit import Claims

#: ``--periodicity N`` from this size on says its projected time (on stderr) before it starts.
PROJECT_FROM = 1 << 20


@click.command()
@click.option(
    "--game", "audit_games", multiple=True,
    type=GameChoice(Audits, ExhaustiveAudit, Claims, PeriodicityAudit),
    help="Audit only this game (repeatable; default all).",
)
@click.option("--seed", default=0, show_default=True, type=Integer(), help="Seed of the random audits.")
@click.option("--quick", is_flag=True, help="Smaller audits (for tests).")
@click.option(
    "--exhaustive", type=Integer(min=1), default=None, metavar="N",
    help="Every case up to size N instead (geography: vertices; maze: board side; ...), as a campaign of shards.",
)
@click.option(
    "--random", "random_count", type=Integer(min=1), default=None, metavar="COUNT",
    help="COUNT random cases of --seed instead (geography: graphs of 10 to 16 vertices), as a campaign of shards.",
)
@click.option(
    "--claim", default=None, metavar="NAME",
    help="With --rules FILE --exhaustive N: check the rules file's function NAME(position) (a nim value or a "
    "winner) on every position of sizes 0 to N against the certified answer.",
)
@click.option("--code", default=None, metavar="CODE", help="octal: the code whose periodicity --periodicity N audits (0.77, 4.7, grundy).")
@click.option(
    "--periodicity", type=Integer(min=1), default=None, metavar="N",
    help="octal: the nim-sequence of --code up to N (at most 2.5*10^7; from 2^20 on its projected time first), its "
    "preperiod and period, proven by the octal periodicity theorem.",
)
@campaign_options
@rules_options
def audit(
    audit_games: tuple[str, ...], seed: int, quick: bool, exhaustive: int | None, random_count: int | None,
    claim: str | None, code: str | None, periodicity: int | None, campaign: CampaignOptions,
) -> None:
    """Audit each theorem against the literal rules on many cases; exit 3 with a counterexample."""
    from gamecert.verify.engine.report import plural
    if code is not None or periodicity is not None:
        other = quick or exhaustive is not None or random_count is not None or claim is not None or campaign.given
        _periodicity(audit_games, code, periodicity, other)
        return
    if claim is not None or any(_claims_only(name) for name in audit_games):
        _claim(audit_games, claim, exhaustive, quick or random_count is not None or campaign.given)
        return
    if exhaustive is not None or random_count is not None:
        if quick:
            raise click.UsageError("--quick sizes the default audits; --exhaustive N and --random COUNT give the size")
        if exhaustive is not None and random_count is not None:
            raise click.UsageError("--exhaustive N and --random COUNT are two campaigns: run them one at a time")
        _campaigns(audit_games, exhaustive, random_count, seed, campaign)
        return
    if campaign.given:
        raise click.UsageError("--store, --resume, --jobs and --scheduler go with --exhaustive N or --random COUNT")
    only = [name for name in audit_games if registry.get_game(name).capability(Audits) is None]
    if only:
        if registry.get_game(only[0]).capability(PeriodicityAudit) is not None:
            raise click.UsageError(f"{only[0]} is audited by its periodicity: add --code CODE --periodicity N")
        raise click.UsageError(f"{only[0]} has only an exhaustive audit: add --exhaustive N")

    audits = list(selected_audits(audit_games))
    failed = []
    # A progress bar on stderr only when it is a terminal; stdout carries the results.
    with progress_bar("audits", len(audits)) as update:
        for done, one in enumerate(audits):
            if update is not None:
                update(done, len(audits), f"audit {one.name}")
            result = one(seed, quick)
            click.echo(result.report(), nl=False)
            if not result.ok:
                failed.append(result.name)
    if failed:
        raise Disagreement(f"{plural(len(failed), 'audit')} failed: {', '.join(failed)}")


def _periodicity(games: tuple[str, ...], code: str | None, size: int | None, other: bool) -> None:
    """``--code CODE --periodicity N`` on one game: its report; exit 3 when the certificate fails."""
    have = registry.games_with(PeriodicityAudit)
    if len(games) != 1:
        raise click.UsageError(f"--code CODE --periodicity N audit one game: add --game ({', '.join(have)})")
    if games[0] not in have:
        raise click.UsageError(f"{games[0]} has no periodicity audit; --code CODE --periodicity N is for {', '.join(have)}")
    if code is None or size is None or other:
        raise click.UsageError("--code CODE and --periodicity N go together, and with no other audit option")
    from gamecert.verify.engine.sizes import duration

    cap = have[games[0]].capability(PeriodicityAudit)
    try:
        seconds = cap.projection(code, size) if size >= PROJECT_FROM else None
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--code") from None
    took = "" if seconds is None else f"; it is projected to take {duration(seconds)}"
    if size > cap.max_size:
        raise click.BadParameter(
            f"expected at most {cap.max_size} (the longest sequence {games[0]} audits{took}), got {size}",
            param_hint="'--periodicity'",
        )
    if seconds is not None:
        click.echo(f"audit --game {games[0]} --code {code} --periodicity {size}: projected {duration(seconds)}", err=True)
    try:
        with progress_bar("values", size) as update:
            report = cap.audit_periodicity(code, size, None if update is None else lambda done, total: update(done, total, "values"))
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--code") from None
    click.echo(report.text, nl=False)
    if not report.ok:
        raise Disagreement("the periodicity certificate failed")


def _announce(game, size: int | None, count: int | None, seed: int, campaign: CampaignOptions) -> None:
    """The size line of ``game``'s exhaustive (``size``) or random (``count``) audit campaign, or its refusal."""
    if size is not None:
        cap = game.capability(ExhaustiveAudit)
        cost = cap.audit_size if cap.audit_size(1) is not None else None
        what = f"audit --game {game.name} --exhaustive {size}"
        announce_sizes(what, "--exhaustive", size, cap.counted, cost, campaign)
    else:
        cap = game.capability(RandomAudit)
        what = f"audit --game {game.name} --random {count} --seed {seed}"
        announce_count(what, "--random", count, "random cases", cap.random_cost(), campaign.workers, campaign.unlimited)


def _claims_only(name: str) -> bool:
    """Whether the game's only audits are the claims of its rules file."""
    g = registry.get_game(name)
    return g.capability(Claims) is not None and g.capability(Audits) is None and g.capability(ExhaustiveAudit) is None


def _claim(games: tuple[str, ...], name: str | None, size: int | None, other: bool) -> None:
    """``--claim NAME --exhaustive N`` on the one rules game of ``games``: a line (and the periodicity or the
    command reproducing the certified answer); exit 3 when the claim fails. ``other``: another audit option given."""
    if len(games) != 1:
        raise click.UsageError("--claim NAME audits a function of one rules file: give --rules FILE")
    game = registry.get_game(games[0])
    claims = game.capability(Claims)
    if claims is None:
        raise click.UsageError(f"{game.name} has no claims: --claim NAME is for a rules file of an impartial game")
    names = ", ".join(claims.names()) or "none (a claim is a module-level function that is not one of the rules)"
    if name is None:
        raise click.UsageError(f"{game.name} is audited by its claims: add --claim NAME --exhaustive N (its claims: {names})")
    if size is None or other:
        raise click.UsageError("--claim NAME takes --exhaustive N (every position of sizes 0 to N), and no other audit option")
    if name not in claims.names():
        raise click.UsageError(f"no claim {name!r} in {claims.rules.path}; its claims: {names}")
    result = claims.audit_claim(name, size)
    click.echo(result.report(), nl=False)
    if not result.ok:
        raise Disagreement(f"claim {name} failed")


def _campaigns(games: tuple[str, ...], size: int | None, count: int | None, seed: int, campaign: CampaignOptions) -> None:
    """Each chosen game's theorem on every case up to ``size`` (or on ``count`` random cases of
    ``seed``) as a campaign: a line, the counts, exit 3 on a counterexample."""
    from gamecert.verify.engine import exhaustive as engine
    from gamecert.verify.engine.report import plural

    if size is not None:
        have = registry.games_with(ExhaustiveAudit)
        what = "exhaustive audit"
    else:
        have = registry.games_with(RandomAudit)
        what = "random audit campaign"
    if not games:
        if size is None:
            raise click.UsageError(f"--random COUNT needs --game ({', '.join(have)})")
        sizes = "; ".join(f"{name}: {g.capability(ExhaustiveAudit).size}" for name, g in have.items())
        raise click.UsageError(f"--exhaustive N needs --game (N counts {sizes})")
    missing = [name for name in games if name not in have]
    if missing:
        raise click.UsageError(f"{missing[0]} has no {what}; choose from {', '.join(have)}")
    for name in games:  # every size said, and any refused, before the first campaign starts
        _announce(have[name], size, count, seed, campaign)
    failed = []
    for name in games:
        game = have[name]
        if size is not None:
            result = run_campaign(functools.partial(engine.audit_campaign, game, size), campaign)
            line = engine.audit_result(game, size, result)
        else:
            result = run_campaign(functools.partial(engine.random_audit_campaign, game, count, seed), campaign)
            line = engine.random_audit_result(game, count, seed, result)
        click.echo(line.report(), nl=False)
        click.echo(engine.counts_line(result))
        if not line.ok:
            failed.append(line.name)
    if failed:
        raise Disagreement(f"{plural(len(failed), 'audit')} failed: {', '.join(failed)}")
