"""``gamecert stress``: another program on generated cases against certified answers."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path

import click

from gamecert.verify import registry
from gamecert.verify.cli.common import EXIT_DISAGREE, EXIT_INTERNAL, GameChoice, InputProblem
from gamecert.verify.cli.options import Integer, Number
from gamecert.verify.engine import stress as engine
from gamecert.verify.errors import CandidateError, StressInternalError


@click.command()
@click.argument("game", type=GameChoice(lambda g: g.generator is not None))
@click.option("--candidate", required=True, metavar="'CMD ARGS'", help="The program to test (split like a shell, run without one).")
@click.option("--count", default=200, show_default=True, type=Integer(min=1), help="Cases to run.")
@click.option("--seed", default=1, show_default=True, type=Integer(), help="Same seed, same cases.")
@click.option("--max-size", default=10, show_default=True, type=Integer(min=1), help="Largest size of random cases.")
@click.option("--timeout", default=10.0, show_default=True, type=Number(min=0, min_open=True), help="Seconds per run.")
@click.option("--out", default=".", show_default=True, type=click.Path(file_okay=False, path_type=Path), help="Folder for the failing case.")
def stress(game: str, candidate: str, count: int, seed: int, max_size: int, timeout: float, out: Path) -> None:
    """Run another program on generated cases against certified answers; shrink the first failure."""
    g = registry.get_game(game)
    problem = _unwritable_folder(out)
    if problem is not None:  # found now, not after a long run ends in a failure to save
        raise InputProblem(f"{out}:1:1: --out: {problem}")
    try:
        with _progress(count) as progress:
            result = engine.stress(
                g, candidate, count=count, seed=seed, max_size=max_size, timeout=timeout, out=out, progress=progress
            )
    except CandidateError as exc:
        raise InputProblem(f"--candidate: {exc}") from None
    except OSError as exc:  # the one file operation of a stress run: saving the failing case
        raise InputProblem(f"{out}:1:1: --out: cannot write the case files: {exc.strerror or exc}") from None
    except StressInternalError as exc:
        click.echo(f"internal error: {exc} (a gamecert bug, not the candidate's)", err=True)
        sys.exit(EXIT_INTERNAL)
    click.echo(result.summary())
    if result.failure is not None:
        sys.exit(EXIT_DISAGREE)


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
    """A rich progress bar on stderr when it is a terminal; otherwise nothing at all."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("cases", total=count)

        def progress(stage: str, done: int, total: int) -> None:
            label = "cases" if stage == "cases" else "shrinking (runs)"
            bar.update(task, description=label, completed=done, total=total)

        yield progress
