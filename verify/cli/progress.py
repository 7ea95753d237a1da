"""Progress bars for the long commands (check, stress, audit): on stderr when it is a terminal, else nothing."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: ``update(done, total, label)``: ``done`` steps of ``total`` finished; ``label`` names the stage.
Update = Callable[[int, int, str], None]


def stderr_is_terminal() -> bool:
    """Whether stderr is a terminal (asked of the stream itself, not of environment variables)."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Update | None]:
    """A rich progress bar on stderr, yielding its ``update``; ``None`` when stderr is not a terminal.

    The bar disappears when the block ends, so a terminal keeps only the
    command's own output; a pipe or file receives nothing extra at all.
    """
    if not stderr_is_terminal():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True, force_terminal=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)

        def update(done: int, total: int, stage: str = label) -> None:
            bar.update(task, description=stage, completed=done, total=total)

        yield update
