"""What every ``gamecert`` command shares: exit codes, the one place library errors become them,
reading input, and game choices taken from the registry."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import click

from gamecert.solvers.errors import InputError, RulesError
from gamecert.verify import registry
from gamecert.verify.errors import (
    CandidateError,
    CertificationError,
    SchedulerError,
    StoreError,
    StressInternalError,
    ToolMissingError,
)
from gamecert.verify.game import Capability, Game

EXIT_DISAGREE = 3
EXIT_INTERNAL = 4


class InputProblem(click.ClickException):
    """Bad input: one line ``error: FILE:LINE:COL: what was expected``, exit 1."""

    exit_code = 1

    def show(self, file=None) -> None:
        click.echo(f"error: {self.message}", err=True)


def option_problem(option: str, value: object, message: str) -> InputProblem:
    """Bad input given by a command-line option (a folder, a file to write, a start): one line
    ``error: --option VALUE: message``, exit 1. No ``FILE:LINE:COL``: the value has no position.

    >>> option_problem("--out", "out/Bad-Name", "expected a new or empty folder").message
    '--out out/Bad-Name: expected a new or empty folder'
    """
    return InputProblem(f"{option} {shlex.quote(str(value))}: {message}")


class Disagreement(click.ClickException):
    """Formulations disagree, a certificate fails, or a candidate fails: exit 3.

    The message (if any) goes to stderr; a command that has printed its own
    report raises it with no message.
    """

    exit_code = EXIT_DISAGREE

    def __init__(self, message: str = "") -> None:
        super().__init__(message)

    def show(self, file=None) -> None:
        if self.message:
            click.echo(self.message, err=True)


class InternalError(click.ClickException):
    """gamecert's own fault, whatever the input: one ``internal error`` line, exit 4."""

    exit_code = EXIT_INTERNAL

    def show(self, file=None) -> None:
        click.echo(f"internal error: {self.message}", err=True)


def click_error(exc: Exception) -> click.ClickException | None:
    """The command-line form of a library error, or None for an exception that is a bug.

    This is the one place where the library's errors become exit codes:
    bad input (a located :class:`InputError`, a candidate that cannot run, a
    store, scheduler or tool that cannot be used) is exit 1; an answer that
    fails its certification is exit 3; gamecert's own failure in a stress run
    is exit 4.
    """
    if isinstance(exc, RulesError) and exc.detail:
        return InputProblem(f"{exc}\n{exc.detail.rstrip()}")
    if isinstance(exc, InputError):
        return InputProblem(str(exc))
    if isinstance(exc, CandidateError):
        return InputProblem(f"--candidate: {exc}")
    if isinstance(exc, (StoreError, SchedulerError, ToolMissingError)):
        return InputProblem(str(exc))
    if isinstance(exc, CertificationError):
        return Disagreement(f"certification failed: {exc}")
    if isinstance(exc, StressInternalError):
        return InternalError(f"{exc} (a gamecert bug, not the candidate's)")
    return None


def read_input(path: str) -> tuple[bytes, str]:
    """The bytes of ``path`` (``-`` is stdin) and the name errors use for it."""
    if path == "-":
        return sys.stdin.buffer.read(), "<stdin>"
    try:
        return Path(path).read_bytes(), path
    except OSError as exc:
        raise InputProblem(f"{path}:1:1: cannot read the file: {exc.strerror or exc}") from None


def parse_file(game: Game, file: str, judge_limits: bool):
    """The instance of ``game`` in ``file``: judge-format input, or the input of a case file (``*.toml``)."""
    if not file.endswith(".toml"):
        text, source = read_input(file)
        return game.parse(text, source, judge_limits)
    from gamecert.verify.engine.cases import load_case

    case = load_case(Path(file))
    if case.game != game.name:
        raise InputError(file, 1, 1, f"expected a case of {game.name}, but this case is of {case.game}")
    try:
        return game.parse(case.input, file, case.judge_limits and judge_limits)
    except InputError as exc:
        raise case.locate(exc) from None


class GameChoice(click.Choice):
    """A game name, chosen among the registered games that have a capability of one of the
    classes ``kinds`` (all games when none is given).

    The choices are read from the registry each time they are needed, so a
    game registered after start-up (a plug-in, a test's toy game) is offered
    by every command and listed in its ``--help``.
    """

    def __init__(self, *kinds: type[Capability]) -> None:
        self.kinds = kinds
        super().__init__([], case_sensitive=True)

    def convert(self, value, param, ctx):
        if isinstance(value, str) and value not in registry.game_names():
            registry.load_plugins()  # an installed game: scanned only when a name is not known already
        if isinstance(value, str) and self.kinds and value in registry.game_names() and value not in self.choices:
            refusals = registry.get_game(value).refusals()
            why = next((refusals[k] for k in self.kinds if k in refusals), None)
            if why is not None:  # the game says why it lacks what the command needs
                raise click.UsageError(why, ctx)
        return super().convert(value, param, ctx)

    def get_metavar(self, param, ctx=None):
        registry.load_plugins()  # --help and usage lines list the installed games too
        # Braces for the set of games, whether the argument is optional or not: click wraps an optional
        # argument in brackets itself (click 8.4 doubled the brackets, 8.5 drops ours: this reads the same).
        return "{" + "|".join(self.choices) + "}"

    @property
    def choices(self) -> list[str]:  # type: ignore[override]
        if not self.kinds:
            return registry.game_names()  # imports no game: `gamecert solve` loads only its own
        return [name for name, g in registry.games().items() if any(g.capability(k) is not None for k in self.kinds)]

    @choices.setter
    def choices(self, value) -> None:  # click assigns the initial (empty) list
        pass
