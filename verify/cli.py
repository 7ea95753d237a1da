"""The ``gamecert`` command: a thin click layer over the library.

Exit codes: 0 agreement, 1 bad input, 2 usage, 3 disagreement or invalid
certificate, 4 internal error.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from solvers import _jit
from solvers.errors import GamecertError, InputError

from . import games
from .cases import Case, default_cases_dir, find_cases, load_case

EXIT_DISAGREE = 3
EXIT_INTERNAL = 4

_jit.skip_blas_probe = True


class InputProblem(click.ClickException):
    """Bad input: one line ``error: FILE:LINE:COL: what was expected``, exit 1."""

    exit_code = 1

    def show(self, file=None) -> None:
        click.echo(f"error: {self.message}", err=True)


class Disagreement(click.ClickException):
    exit_code = EXIT_DISAGREE

    def show(self, file=None) -> None:
        click.echo(self.message, err=True)


def _read(path: str) -> tuple[bytes, str]:
    if path == "-":
        return sys.stdin.buffer.read(), "<stdin>"
    try:
        return Path(path).read_bytes(), path
    except OSError as exc:
        raise InputProblem(f"{path}:1:1: cannot read the file: {exc.strerror or exc}") from None


class _Group(click.Group):
    """Turns unexpected exceptions into one ``internal error`` line and exit 4."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except Exception as exc:
            click.echo(f"internal error: {type(exc).__name__}: {exc} (a gamecert bug, not bad input)", err=True)
            ctx.exit(EXIT_INTERNAL)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="gamecert")
def main() -> None:
    """Certified solvers and cross-checks for matching and cutting games."""


@main.command()
@click.argument("game", type=click.Choice(games.game_names()))
@click.argument("file", default="-")
@click.option("--json", "as_json", is_flag=True, help="Structured output with the certificate.")
@click.option("--no-judge-limits", is_flag=True, help="Accept sizes beyond the judge's limits.")
@click.option("--position", metavar="TEXT", help="Solve a position given here (cutting games: '3x5 2x7').")
def solve(game: str, file: str, as_json: bool, no_judge_limits: bool, position: str | None) -> None:
    """Solve judge-format input from FILE (default: stdin), answer byte-exact."""
    g = games.get_game(game)
    try:
        if position is not None:
            if g.solve_position is None:
                raise click.UsageError(f"--position is not available for {game}")
            result = g.solve_position(position)
            if as_json:
                click.echo(json.dumps(result))
            else:
                sys.stdout.write(result["text"])
            return
        text, source = _read(file)
        instance = g.parse(text, source, not no_judge_limits)
        # Small inputs finish in plain Python before numba could even load.
        with _jit.python_kernels(g.small(instance)):
            solution = g.solve(instance)
    except GamecertError as exc:
        raise InputProblem(str(exc)) from None
    if as_json:
        click.echo(json.dumps(g.to_json(solution)))
    else:
        sys.stdout.write(g.format(solution))
        sys.stdout.flush()


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
def check(paths: tuple[Path, ...]) -> None:
    """Run every formulation on every case (default: the bundled cases/)."""
    from .crosscheck import check_case
    from .report import render_reports

    roots = list(paths) or [default_cases_dir()]
    for p in roots:
        if not p.exists():
            raise InputProblem(f"{p}:1:1: no such file or folder")
    files = find_cases(roots)
    if not files:
        raise InputProblem(f"{roots[0]}:1:1: expected case files (*.toml), found none")
    root = roots[0] if len(roots) == 1 and roots[0].is_dir() else None
    cases: list[tuple[Case, object]] = []
    for f in files:
        try:
            case = load_case(f, root)
            g = games.get_game(case.game)
        except InputError as exc:
            raise InputProblem(str(exc)) from None
        except GamecertError as exc:
            raise InputProblem(f"{f}:1:1: {exc}") from None
        try:
            instance = g.parse(case.input, str(f), case.judge_limits)
        except InputError as exc:
            raise InputProblem(str(case.locate(exc))) from None
        cases.append((case, instance))
    reports = []
    for case, instance in cases:
        reports.append(check_case(games.get_game(case.game), case, instance))
    text, failed = render_reports(reports)
    click.echo(text, nl=False)
    if failed:
        raise Disagreement(f"{failed} case(s) failed the cross-check")


def run() -> None:
    """The console entry point: :func:`main`, then exit without interpreter teardown.

    Freeing large arrays and unloading numba's compiled code at exit costs a
    process ~0.3 s after the answer is already written; output is flushed
    first, so nothing is lost. Tests call :func:`main` through click instead.
    """
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:
        code = code or 1
    os._exit(code)
