"""``gamecert package``: a certified problem package for contest systems, checked by Kattis problemtools."""

from __future__ import annotations

from pathlib import Path

import click

from gamecert.verify import registry
from gamecert.verify.capabilities import Contest, InteractiveContest
from gamecert.verify.cli.common import Disagreement, GameChoice, option_problem
from gamecert.verify.cli.options import Integer, Number
from gamecert.verify.cli.rules import rules_options
from gamecert.verify.errors import PackageError


def _submission(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> list[tuple[str, Path]]:
    from gamecert.verify.engine.package import CATEGORIES

    out = []
    for value in values:
        category, sep, path = value.partition(":")
        if not sep or category not in CATEGORIES or not path:
            raise click.BadParameter(
                f"expected CATEGORY:PATH with CATEGORY one of {', '.join(CATEGORIES)}, got {value!r}"
            )
        if not Path(path).exists():
            raise option_problem("--submission", path, "no such file or folder")
        out.append((category, Path(path)))
    return out


@click.command()
@click.argument("game", required=False, type=GameChoice(Contest, InteractiveContest))
@click.option("--out", type=click.Path(path_type=Path), help="Folder to write the package into (new or empty).")
@click.option("--seed", default=0, show_default=True, type=Integer(), help="Same seed, same random cases.")
@click.option(
    "--size",
    default="judge",
    show_default=True,
    type=click.Choice(["small", "judge"]),
    help="judge: cases up to the judge's limits; small: a quick package for tests.",
)
@click.option(
    "--interactive",
    is_flag=True,
    help="The interactive problem: the contestant plays against a jury that plays the certified strategy.",
)
@click.option(
    "--submission",
    "submissions",
    multiple=True,
    metavar="CATEGORY:PATH",
    callback=_submission,
    help="Add a program to check, e.g. wrong_answer:greedy.cpp (repeatable).",
)
@click.option(
    "--verify",
    "verify_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Run problemtools' verifyproblem on this package (after writing it, with GAME) and summarise it.",
)
@click.option(
    "--parts",
    multiple=True,
    type=click.Choice(["config", "statement", "validators", "graders", "data", "submissions"]),
    help="verifyproblem parts (repeatable; default all but the statement, which needs pdflatex).",
)
@click.option(
    "--verify-timeout", default=3600.0, show_default=True, type=Number(min=0, min_open=True), metavar="SECONDS",
    help="Stop verifyproblem and every program it started after this many seconds (the check then fails).",
)
@rules_options
def package(
    game: str | None,
    out: Path | None,
    seed: int,
    size: str,
    interactive: bool,
    submissions: list[tuple[str, Path]],
    verify_dir: Path | None,
    parts: tuple[str, ...],
    verify_timeout: float,
) -> None:
    """Write a Kattis problem package for GAME, or check one with --verify DIR.

    Every answer is certified first (certificate checker and every independent
    formulation that fits); verifyproblem then compiles and runs every
    submission on every test and checks each lands in its category. With
    --interactive, each test's start and its value or winning role are
    certified and a standalone interactor (C++; Python 3 for a general rules
    game) plays the certified strategy against the submission.
    """
    from gamecert.verify.engine import package as engine

    if game is None and verify_dir is None:
        raise click.UsageError("give GAME and --out DIR to write a package, or --verify DIR to check one")
    if game is not None:
        if out is None:
            raise click.UsageError("GAME needs --out DIR")
        if interactive and registry.get_game(game).capability(InteractiveContest) is None:
            raise click.UsageError(f"{game} has no interactive problem (--interactive)")
        if not interactive and registry.get_game(game).capability(Contest) is None:
            raise click.UsageError(f"{game} has only an interactive problem: give --interactive")
        if out.exists() and (not out.is_dir() or any(out.iterdir())):
            raise option_problem("--out", out, "expected a new or empty folder")
        if not engine.SHORT_NAME.fullmatch(out.name):
            raise option_problem("--out", out, "the folder's name is the problem's short name: only a-z and 0-9")
        try:
            summary = engine.write_package(registry.get_game(game), out, size, seed, submissions, interactive)
        except PackageError as exc:
            raise option_problem("--out", out, str(exc)) from None
        for line in summary.lines():
            click.echo(line)
    if verify_dir is not None:
        if not (verify_dir / "problem.yaml").is_file():
            raise option_problem("--verify", verify_dir, "expected a problem package folder (with problem.yaml)")
        try:
            report = engine.verify_package(verify_dir, parts or engine.DEFAULT_PARTS, seconds=verify_timeout)
        except PackageError as exc:
            raise option_problem("--verify", verify_dir, str(exc)) from None
        for line in report.lines():
            click.echo(line)
        if not report.passed:
            raise Disagreement()
