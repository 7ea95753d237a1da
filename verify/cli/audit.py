"""``gamecert audit``: each theorem against the literal rules on many cases."""

from __future__ import annotations

import click

from gamecert.verify.cli.common import Disagreement, GameChoice
from gamecert.verify.cli.progress import progress_bar
from gamecert.verify.engine.audit import selected_audits


@click.command()
@click.option(
    "--game", "audit_games", multiple=True, type=GameChoice(lambda g: bool(g.audits)), help="Audit only this game (repeatable; default all)."
)
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the random audits.")
@click.option("--quick", is_flag=True, help="Smaller audits (for tests).")
def audit(audit_games: tuple[str, ...], seed: int, quick: bool) -> None:
    """Audit each theorem against the literal rules on many cases; exit 3 with a counterexample."""
    from gamecert.verify.engine.report import plural

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
