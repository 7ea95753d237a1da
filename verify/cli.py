"""The ``gamecert`` command: a thin click layer over the library.

Exit codes: 0 agreement, 1 bad input, 2 usage, 3 disagreement or invalid
certificate, 4 internal error.
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path

import click

from solvers import _jit
from solvers.errors import CandidateError, GamecertError, InputError, StressInternalError

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
        solution = g.fast_solve(instance)
    except GamecertError as exc:
        raise InputProblem(str(exc)) from None
    if as_json:
        click.echo(json.dumps(g.to_json(solution)))
    else:
        sys.stdout.write(g.format(solution))
        sys.stdout.flush()


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--jobs", "-j", default=1, show_default=True, type=click.IntRange(min=0), help="Worker processes (0: one per CPU).")
@click.option(
    "--time-limit",
    default=60.0,
    show_default=True,
    type=click.FloatRange(min=0),
    metavar="SECONDS",
    help="Stop a step that runs longer; a stopped formulation is shown as skipped (0: no limit).",
)
@click.option("--json", "as_json", is_flag=True, help="The whole report as JSON on stdout.")
def check(paths: tuple[Path, ...], jobs: int, time_limit: float, as_json: bool) -> None:
    """Run every formulation on every case (default: the bundled cases/)."""
    from .parallel import check_cases, default_jobs
    from .report import render_reports, reports_json

    roots = list(paths) or [default_cases_dir()]
    for p in roots:
        if not p.exists():
            raise InputProblem(f"{p}:1:1: no such file or folder")
    files = find_cases(roots)
    if not files:
        raise InputProblem(f"{roots[0]}:1:1: expected case files (*.toml), found none")
    root = roots[0] if len(roots) == 1 and roots[0].is_dir() else None
    items: list[tuple[games.Game, Case, object]] = []
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
        items.append((g, case, instance))
    reports = check_cases(items, jobs or default_jobs(), time_limit)
    if as_json:
        data = reports_json(reports)
        failed = data["summary"]["failed"]
        click.echo(json.dumps(data, indent=2))
    else:
        text, failed = render_reports(reports)
        click.echo(text, nl=False)
    if failed:
        raise Disagreement(f"{failed} case(s) failed the cross-check")


@main.command()
@click.argument("game", type=click.Choice(games.game_names()))
@click.option("--candidate", required=True, metavar="'CMD ARGS'", help="The program to test (split like a shell, run without one).")
@click.option("--count", default=200, show_default=True, type=click.IntRange(min=1), help="Cases to run.")
@click.option("--seed", default=1, show_default=True, type=int, help="Same seed, same cases.")
@click.option("--max-size", default=10, show_default=True, type=click.IntRange(min=1), help="Largest size of random cases.")
@click.option("--timeout", default=10.0, show_default=True, type=click.FloatRange(min=0, min_open=True), help="Seconds per run.")
@click.option("--out", default=".", show_default=True, type=click.Path(file_okay=False, path_type=Path), help="Folder for the failing case.")
def stress(game: str, candidate: str, count: int, seed: int, max_size: int, timeout: float, out: Path) -> None:
    """Run another program on generated cases against certified answers; shrink the first failure."""
    from . import stress as engine

    g = games.get_game(game)
    if g.generator is None:
        have = [name for name in games.game_names() if games.get_game(name).generator]
        raise click.BadParameter(f"{game} has no case generator yet; stress works for {', '.join(have)}", param_hint="GAME")
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


@main.command()
@click.argument("fmt", type=click.Choice(["qdimacs", "cnf", "lp", "mps"]))
@click.argument("game", type=click.Choice(["maze", "geography"]))
@click.argument("file")
@click.option("--vertex", metavar="ROW,COL|V", help="Start vertex: maze cell ROW,COL (1-based), or geography label V.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the file here, not to stdout.")
@click.option("--nu-bound", is_flag=True, help="cnf/lp/mps: the companion check that nu is maximum (no vertex).")
def export(fmt: str, game: str, file: str, vertex: str | None, out: Path | None, nu_bound: bool) -> None:
    """Write the question at one start vertex as a QDIMACS, CNF, LP or MPS file (FILE - is stdin).

    Comments at the top of the file say what each verdict means, so any
    solver can re-check gamecert's answer. Boards are not held to judge limits.
    """
    from . import export as ex

    if nu_bound and fmt == "qdimacs":
        raise click.UsageError("--nu-bound applies to cnf, lp and mps")
    if vertex is None and not nu_bound:
        raise click.UsageError("Missing option '--vertex' (needed unless --nu-bound).")
    g = games.get_game(game)
    text, source = _read(file)
    try:
        body = ex.export_text(fmt, g, g.parse(text, source, False), vertex, source, nu_bound)
    except InputError as exc:
        raise InputProblem(str(exc)) from None
    if out is None:
        sys.stdout.write(body)
        sys.stdout.flush()
        return
    try:
        out.write_text(body)
    except OSError as exc:
        raise InputProblem(f"{out}:1:1: cannot write the file: {exc.strerror or exc}") from None


@main.command()
@click.option(
    "--game", "audit_games", multiple=True, type=click.Choice(["uvg", "bunny-egg", "cutting"]), help="Audit only this game (repeatable; default all)."
)
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the random audits.")
@click.option("--quick", is_flag=True, help="Smaller audits (for tests).")
def audit(audit_games: tuple[str, ...], seed: int, quick: bool) -> None:
    """Audit each theorem against the literal rules on many cases; exit 3 with a counterexample."""
    from contextlib import nullcontext

    from rich.console import Console

    from .audit import run_audit, selected_audits

    console = Console(stderr=True)
    failed = []
    for name in selected_audits(audit_games):
        # A spinner on stderr only when it is a terminal; stdout carries the results.
        with console.status(f"audit {name}") if console.is_terminal else nullcontext():
            result = run_audit(name, seed, quick)
        click.echo(result.report(), nl=False)
        if not result.ok:
            failed.append(result.name)
    if failed:
        raise Disagreement(f"{len(failed)} audit(s) failed: {', '.join(failed)}")


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
