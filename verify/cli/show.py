"""``gamecert show``: a picture of a game's answer and its proof, as SVG or PNG."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from gamecert.solvers.errors import GamecertError, InputError
from gamecert.verify import registry
from gamecert.verify.cli.common import GameChoice, InputProblem, read_input


@click.command()
@click.argument("game", type=GameChoice(lambda g: g.pictures is not None))
@click.argument("file", required=False)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the picture here: .svg or .png (default: SVG on stdout).")
@click.option("--cell", metavar="ROW,COL", help="maze: draw this start cell's proof.")
@click.option("--vertex", metavar="V", help="geography: draw this start vertex's proof.")
@click.option("--position", metavar="PIECES", help="split, cutting: a sum of pieces ('3x5 1x6'): its values, xor and winning cut.")
@click.option("--no-judge-limits", is_flag=True, help="Accept sizes beyond the judge's limits.")
def show(game: str, file: str | None, out: Path | None, cell: str | None, vertex: str | None, position: str | None, no_judge_limits: bool) -> None:
    """Draw GAME's answer for FILE (default: stdin) and its proof.

    FILE is judge-format input, or a case file (*.toml) of GAME.

    maze: walls, cells coloured by who wins, the maximum matching as dominoes.
    geography: the graph, its parts D / A / C, the matching, the odd components
    of D. bunny-egg: the board, the moves numbered, the mistakes marked.
    split, cutting: the Sprague-Grundy table as a heat map, the queries framed.
    """
    from gamecert.verify.engine.svg import PICTURE_SUFFIXES, save_picture

    g = registry.get_game(game)
    pictures = g.pictures
    if out is not None and out.suffix.lower() not in PICTURE_SUFFIXES:
        raise click.BadParameter(f"expected a file name ending in .svg or .png, got {out.name!r}", param_hint="--out")
    for option, value in (("--cell", cell), ("--vertex", vertex)):
        if value is not None and pictures.focus != option:
            raise click.UsageError(f"{option} is not available for {game}")
    if position is not None and pictures.position is None:
        raise click.UsageError(f"--position is not available for {game}")
    if position is not None and file is not None:
        raise click.UsageError("give either FILE or --position, not both")
    try:
        if position is not None:
            svg = pictures.position(position)
        else:
            instance = _instance(g, file or "-", no_judge_limits)
            svg = pictures.draw(instance, g.fast_solve(instance), cell if cell is not None else vertex)
    except InputError as exc:
        raise InputProblem(str(exc)) from None
    except GamecertError as exc:
        raise InputProblem(f"{file or '<stdin>'}: {exc}") from None
    if out is None:
        sys.stdout.write(svg)
        sys.stdout.flush()
        return
    try:
        save_picture(svg, out)
    except OSError as exc:
        raise InputProblem(f"{out}:1:1: cannot write the file: {exc.strerror or exc}") from None


def _instance(g, file: str, no_judge_limits: bool):
    """The instance in ``file``: judge-format input, or the input of a case file (``*.toml``)."""
    if not file.endswith(".toml"):
        text, source = read_input(file)
        return g.parse(text, source, not no_judge_limits)
    from gamecert.verify.engine.cases import load_case

    case = load_case(Path(file))
    if case.game != g.name:
        raise InputError(file, 1, 1, f"expected a case of {g.name}, but this case is of {case.game}")
    try:
        return g.parse(case.input, file, case.judge_limits and not no_judge_limits)
    except InputError as exc:
        raise case.locate(exc) from None
