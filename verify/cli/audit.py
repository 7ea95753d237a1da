"""``gamecert audit``: each theorem against the literal rules on many cases."""

from __future__ import annotations

from contextlib import nullcontext

import click

from gamecert.verify.cli.common import Disagreement, GameChoice
from gamecert.verify.cli.options import Integer
from gamecert.verify.engine.audit import selected_audits


@click.command()
@click.option(
    "--game", "audit_games", multiple=True, type=GameChoice(lambda g: bool(g.audits)), help="Audit only this game (repeatable; default all)."
)
@click.option("--seed", default=0, show_default=True, type=Integer(), help="Seed of the random audits.")
@click.option("--quick", is_flag=True, help="Smaller audits (for tests).")
def audit(audit_games: tuple[str, ...], seed: int, quick: bool) -> None:
    """Audit each theorem against the literal rules on many cases; exit 3 with a counterexample."""
    from rich.console import Console

    console = Console(stderr=True)
    failed = []
    for one in selected_audits(audit_games):
        # A spinner on stderr only when it is a terminal; stdout carries the results.
        with console.status(f"audit {one.name}") if console.is_terminal else nullcontext():
            result = one(seed, quick)
        click.echo(result.report(), nl=False)
        if not result.ok:
            failed.append(result.name)
    if failed:
        raise Disagreement(f"{len(failed)} audit(s) failed: {', '.join(failed)}")
