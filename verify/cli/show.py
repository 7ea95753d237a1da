"""``gamecert show``: a picture of a game's answer and its proof, as SVG or PNG."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from gamecert.solvers.errors import GamecertError, InputError
from gamecert.verify import registry
from gamecert.verify.capabilities import Pictures, PositionPictures, Statistics
from gamecert.verify.cli.common import GameChoice, InputProblem, option_problem, parse_file
from gamecert.verify.cli.rules import rules_options


@click.command()
@click.argument("game", type=GameChoice(Pictures, PositionPictures, Statistics))
@click.argument("file", required=False)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the picture here: .svg or .png (default: SVG on stdout).")
@click.option("--cell", metavar="ROW,COL", help="maze: draw this start cell's proof.")
@click.option("--vertex", metavar="V", help="geography: draw this start vertex's proof.")
@click.option("--position", metavar="PIECES", help="split, cutting: a sum of pieces ('3x5 1x6'): its values, xor and winning cut.")
@click.option("--stats", is_flag=True, help="--rules: a histogram of the positions reached by certified value (solve --stats).")
@click.option("--no-judge-limits", is_flag=True, help="Accept sizes beyond the judge's limits.")
@rules_options
def show(
    game: str, file: str | None, out: Path | None, cell: str | None, vertex: str | None, position: str | None, stats: bool,
    no_judge_limits: bool,
) -> None:
    """Draw GAME's answer for FILE (default: stdin) and its proof.

    FILE is judge-format input, or a case file (*.toml) of GAME.

    maze: walls, cells coloured by who wins, the maximum matching as dominoes.
    geography: the graph, its parts D / A / C, the matching, the odd components
    of D. bunny-egg: the board, the moves numbered, the mistakes marked.
    split, cutting: the Sprague-Grundy table as a heat map, the queries framed.
    --stats (rules files): the positions reached counted by value, as a histogram.
    """
    from gamecert.verify.engine.svg import PICTURE_SUFFIXES

    g = registry.get_game(game)
    pictures = g.capability(Pictures)
    if out is not None and out.suffix.lower() not in PICTURE_SUFFIXES:
        raise click.BadParameter(f"expected a file name ending in .svg or .png, got {out.name!r}", param_hint="--out")
    if stats:
        statistics = g.capability(Statistics)
        if statistics is None:
            raise click.UsageError(f"--stats is not available for {game}")
        if position is not None or cell is not None or vertex is not None:
            raise click.UsageError("--stats does not combine with --position, --cell or --vertex")
        from gamecert.verify.engine.stats import stats_picture

        instance = parse_file(g, file or "-", not no_judge_limits)
        _write(stats_picture(statistics.analyze(instance)), out)
        return
    focus_option = pictures.focus_option if pictures is not None else None
    for option, value in (("--cell", cell), ("--vertex", vertex)):
        if value is not None and focus_option != option:
            raise click.UsageError(f"{option} is not available for {game}")
    drawer = g.capability(PositionPictures)
    if position is not None and drawer is None:
        raise click.UsageError(f"--position is not available for {game}")
    if position is not None and file is not None:
        raise click.UsageError("give either FILE or --position, not both")
    if position is None and pictures is None:
        raise click.UsageError(f"{game} is drawn from --position PIECES")
    focus_text = cell if cell is not None else vertex
    try:
        if position is not None:
            svg = drawer.draw_position(position)
        else:
            instance = parse_file(g, file or "-", not no_judge_limits)
            with g.kernels(instance):
                focus = None if focus_text is None else pictures.focus(instance, focus_text)
                svg = pictures.draw(instance, g.solve(instance), focus)
    except InputError:
        raise
    except GamecertError as exc:  # a picture the game cannot draw (too large): about this input
        raise InputProblem(f"{file or '<stdin>'}: {exc}") from None
    _write(svg, out)


def _write(svg: str, out: Path | None) -> None:
    """The picture on stdout (SVG), or in ``out`` (SVG or PNG by its suffix)."""
    from gamecert.verify.engine.svg import save_picture

    if out is None:
        sys.stdout.write(svg)
        sys.stdout.flush()
        return
    try:
        save_picture(svg, out)
    except OSError as exc:
        raise option_problem("--out", out, f"cannot write the file: {exc.strerror or exc}") from None
