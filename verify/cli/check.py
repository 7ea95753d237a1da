"""``gamecert check``: every formulation and the certificate checker on every case."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

import click

from gamecert.solvers.errors import GamecertError, InputError
from gamecert.solvers.textinput import memory_limit
from gamecert.verify import registry
from gamecert.verify.capabilities import Pictures
from gamecert.verify.cli.common import Disagreement, InputProblem, option_problem
from gamecert.verify.cli.options import Integer, Number, max_memory_option
from gamecert.verify.cli.progress import progress_bar
from gamecert.verify.cli.rules import rules_options
from gamecert.verify.game import Game

if TYPE_CHECKING:
    from gamecert.verify.engine.cases import CaseFile


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--jobs", "-j", default=1, show_default=True, type=Integer(min=0), help="Worker processes (0: one per CPU).")
@click.option(
    "--time-limit",
    default=60.0,
    show_default=True,
    type=Number(min=0),
    metavar="SECONDS",
    help=(
        "Skip a formulation whose predicted time (a measured rate times the size of its encoding) is longer, "
        "and stop any step that runs longer; both are shown as skipped, with the reason (0: no limit: every "
        "formulation that fits runs, however long)."
    ),
)
@click.option("--json", "as_json", is_flag=True, help="The whole report as JSON on stdout.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path), help="Also write the report as one self-contained HTML page, a picture per case.")
@click.option("--verbose", "-v", is_flag=True, help="List every skipped formulation, not one line per reason.")
@click.option(
    "--tiers", "tiers", metavar="DIR", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="Check again the certificate of the tiered solve stored in DIR (solve --tiers --store DIR), shard by shard.",
)
@click.option("--scheduler", metavar="tcp://HOST:PORT", default=None, help="--tiers: run the shards on this Dask cluster.")
@max_memory_option
@rules_options
def check(
    paths: tuple[Path, ...], jobs: int, time_limit: float, as_json: bool, html_path: Path | None, verbose: bool,
    tiers: Path | None, scheduler: str | None, max_memory: int | None,
) -> None:
    """Run every formulation on every case (default: the bundled cases/)."""
    if tiers is not None or scheduler is not None:
        _check_tiers(tiers, paths, jobs, scheduler)
        return
    # The engines are loaded only by this command, not by `gamecert solve`.
    from gamecert.verify.engine.cases import default_cases_dir, find_cases, load_case
    from gamecert.verify.engine.crosscheck import Status
    from gamecert.verify.engine.parallel import check_cases, default_jobs, warm_up
    from gamecert.verify.engine.report import plural, render_reports, reports_json

    roots = list(paths) or [default_cases_dir()]
    for p in roots:
        if not p.exists():
            raise InputProblem(f"{p}: no such file or folder")
    files = find_cases(roots)
    if not files:
        raise InputProblem(f"{roots[0]}: expected case files (*.toml), found none")
    items: list[tuple[Game, CaseFile, object]] = []
    loaded: dict[str, Game] = {}
    for f in files:
        case = load_case(f, _root_of(f, roots))
        g = _case_game(case, loaded)
        try:
            with memory_limit(max_memory):
                instance = g.parse(case.input, str(f), case.judge_limits)
        except InputError as exc:
            raise case.locate(exc) from None
        items.append((g, case, instance))
    with progress_bar("checking cases", len(items)) as update:
        if update is not None:
            update(0, len(items), "compiling kernels")
        compiled = warm_up(items)
        progress = None if update is None else (lambda done: update(done, len(items), "checking cases"))
        reports = check_cases(items, jobs or default_jobs(), time_limit, progress)
    for report in reports:
        for verdict in report.verdicts:
            if verdict.status is Status.BAD_INPUT:
                raise InputProblem(f"{verdict.detail} (case {report.case.path})")
    if html_path is not None:
        _write_html(html_path, reports, items, compiled)
    if as_json:
        data = reports_json(reports, compiled)
        failed = data["summary"]["failed"]
        click.echo(json.dumps(data, indent=2))
    else:
        text, failed = render_reports(reports, verbose, compiled)
        click.echo(text, nl=False)
    if failed:
        raise Disagreement(f"{plural(failed, 'case')} failed the cross-check")


def _check_tiers(root: Path | None, paths: tuple[Path, ...], jobs: int, scheduler: str | None) -> None:
    """``check --tiers DIR``: every label of a stored tiered solve checked again; ``--jobs 1`` (the default) runs
    here, ``--jobs J`` on a local Dask cluster of J workers (0: one per core), ``--scheduler`` on that cluster."""
    from gamecert.verify.cli.campaign import campaign_bar
    from gamecert.verify.cli.tiers import tiers_of
    from gamecert.verify.engine.tiers.store import stored_rules
    from gamecert.verify.rules.load import rules_game

    if root is None:
        raise click.UsageError("--scheduler is for --tiers DIR")
    if paths:
        raise click.UsageError("--tiers DIR checks a stored solve; it takes no case files")
    if not root.is_dir():
        raise option_problem("--tiers", root, "expected the folder of a tiered solve (solve --tiers --store DIR)")
    workers = 0 if jobs == 1 and scheduler is None else (None if jobs == 0 else jobs)
    tiered = tiers_of(rules_game(stored_rules(root)), "check --tiers")
    checked = tiered.check_tiers(root, jobs=workers, scheduler=scheduler, bar=campaign_bar)
    for line in checked.violations:
        click.echo(line)
    if checked.violations:
        raise Disagreement(f"check --tiers: {len(checked.violations)} labels fail their certificate")
    click.echo(f"check --tiers: certified {checked.positions:,} positions in {checked.shards:,} shards of {checked.tiers} tiers")


def _case_game(case: CaseFile, loaded: dict[str, Game]) -> Game:
    """The game of a case: the registered game it names, or the game of the rules file it names
    (``rules = "FILE"``, loaded once per file into ``loaded`` and registered), whose name must be the case's."""
    path = case.rules_path()
    if path is None:
        try:
            return registry.get_game(case.game)
        except GamecertError as exc:
            raise InputProblem(f"{case.path}:{case.game_line}:1: {exc}") from None
    key = os.path.realpath(path)
    game = loaded.get(key)
    if game is None:
        if not path.is_file():
            raise InputError(str(case.path), case.rules_line, 1, f"expected a rules file, but {path} is not a file")
        game = _registered_rules(case.game, key)
        if game is None:
            game = registry.register_rules(str(path))
        loaded[key] = game
    if game.name != case.game:
        raise InputError(
            str(case.path), case.game_line, 1, f"expected game = {game.name!r}, the game of {case.rules}; got {case.game!r}"
        )
    return game


def _registered_rules(name: str, realpath: str) -> Game | None:
    """The game already registered as ``name`` (``--rules FILE``, with its limits) when it is the rules file ``realpath``."""
    if name not in registry.game_names() or name in registry.builtin_names():
        return None
    game = registry.get_game(name)
    return game if game.source is not None and os.path.realpath(game.source) == realpath else None


def _root_of(f: Path, roots: list[Path]) -> Path | None:
    """The folder given on the command line that holds ``f``: case ids are relative to it."""
    for root in roots:
        if root.is_dir() and f.is_relative_to(root):
            return root
    return None


def _write_html(path: Path, reports, items, compiled: float | None) -> None:
    from gamecert.verify.engine.html_report import html_report

    by_path = {case.path: (game, instance) for game, case, instance in items}

    def picture(report) -> str | None:
        game, instance = by_path[report.case.path]
        pictures = game.capability(Pictures)
        if pictures is None:
            return None
        with game.kernels(instance):
            return pictures.draw(instance, game.solve(instance))

    page = html_report(reports, picture, "gamecert check --html " + path.name, compiled)
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise option_problem("--html", path, f"cannot write the file: {exc.strerror or exc}") from None
