"""``gamecert check``: every formulation and the certificate checker on every case."""

from __future__ import annotations

import json
from pathlib import Path

import click

from gamecert.solvers.errors import GamecertError, InputError
from gamecert.verify import registry
from gamecert.verify.cli.common import Disagreement, InputProblem
from gamecert.verify.cli.options import Integer, Number
from gamecert.verify.engine.cases import Case, default_cases_dir, find_cases, load_case
from gamecert.verify.game import Game


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--jobs", "-j", default=1, show_default=True, type=Integer(min=0), help="Worker processes (0: one per CPU).")
@click.option(
    "--time-limit",
    default=60.0,
    show_default=True,
    type=Number(min=0),
    metavar="SECONDS",
    help="Stop a step that runs longer; a stopped formulation is shown as skipped (0: no limit).",
)
@click.option("--json", "as_json", is_flag=True, help="The whole report as JSON on stdout.")
def check(paths: tuple[Path, ...], jobs: int, time_limit: float, as_json: bool) -> None:
    """Run every formulation on every case (default: the bundled cases/)."""
    from gamecert.verify.engine.parallel import check_cases, default_jobs
    from gamecert.verify.engine.report import render_reports, reports_json

    roots = list(paths) or [default_cases_dir()]
    for p in roots:
        if not p.exists():
            raise InputProblem(f"{p}:1:1: no such file or folder")
    files = find_cases(roots)
    if not files:
        raise InputProblem(f"{roots[0]}:1:1: expected case files (*.toml), found none")
    root = roots[0] if len(roots) == 1 and roots[0].is_dir() else None
    items: list[tuple[Game, Case, object]] = []
    for f in files:
        try:
            case = load_case(f, root)
            g = registry.get_game(case.game)
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
