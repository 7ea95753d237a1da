"""What every ``gamecert`` command shares: exit codes, error classes, reading input, game choices."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click

from gamecert.verify import registry
from gamecert.verify.game import Game

EXIT_DISAGREE = 3
EXIT_INTERNAL = 4


class InputProblem(click.ClickException):
    """Bad input: one line ``error: FILE:LINE:COL: what was expected``, exit 1."""

    exit_code = 1

    def show(self, file=None) -> None:
        click.echo(f"error: {self.message}", err=True)


class Disagreement(click.ClickException):
    """Formulations disagree, a certificate fails, or a candidate fails: exit 3."""

    exit_code = EXIT_DISAGREE

    def show(self, file=None) -> None:
        click.echo(self.message, err=True)


def read_input(path: str) -> tuple[bytes, str]:
    """The bytes of ``path`` (``-`` is stdin) and the name errors use for it."""
    if path == "-":
        return sys.stdin.buffer.read(), "<stdin>"
    try:
        return Path(path).read_bytes(), path
    except OSError as exc:
        raise InputProblem(f"{path}:1:1: cannot read the file: {exc.strerror or exc}") from None


class GameChoice(click.Choice):
    """A game name, chosen among the registered games that ``want`` accepts (all by default).

    The choices are read from the registry each time they are needed, so a
    game registered after start-up (a plug-in, a test's toy game) is offered
    by every command and listed in its ``--help``.
    """

    def __init__(self, want: Callable[[Game], bool] | None = None) -> None:
        self.want = want
        super().__init__([], case_sensitive=True)

    @property
    def choices(self) -> list[str]:  # type: ignore[override]
        if self.want is None:
            return registry.game_names()  # imports no game: `gamecert solve` loads only its own
        return [name for name, game in registry.games().items() if self.want(game)]

    @choices.setter
    def choices(self, value) -> None:  # click assigns the initial (empty) list
        pass
