"""``gamecert export``: one start vertex of a UVG game as a file for any solver."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from gamecert.solvers.textinput import memory_limit
from gamecert.verify import registry
from gamecert.verify.capabilities import ExportStart
from gamecert.verify.cli.common import GameChoice, option_problem, read_input
from gamecert.verify.cli.options import MemorySize
from gamecert.verify.cli.rules import rules_options


@click.command()
@click.argument("fmt", type=click.Choice(["qdimacs", "cnf", "lp", "mps"]))
@click.argument("game", type=GameChoice(ExportStart))
@click.argument("file")
@click.option("--vertex", metavar="ROW,COL|V", help="Start vertex: maze cell ROW,COL (1-based), or geography label V.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the file here, not to stdout.")
@click.option("--nu-bound", is_flag=True, help="cnf/lp/mps: the companion check that nu is maximum (no vertex).")
@click.option("--max-memory", type=MemorySize(), metavar="SIZE", help="Refuse boards needing more memory (default: an eighth of physical memory).")
@rules_options
def export(
    fmt: str, game: str, file: str, vertex: str | None, out: Path | None, nu_bound: bool, max_memory: int | None
) -> None:
    """Write the question at one start vertex as a QDIMACS, CNF, LP or MPS file (FILE - is stdin).

    Comments at the top of the file say what each verdict means, so any
    solver can re-check gamecert's answer. Boards are not held to judge limits.
    """
    from gamecert.verify.uvg import export as ex  # numpy and the solvers: loaded only by this command

    if nu_bound and fmt == "qdimacs":
        raise click.UsageError("--nu-bound applies to cnf, lp and mps")
    if vertex is None and not nu_bound:
        raise click.UsageError("Missing option '--vertex' (needed unless --nu-bound).")
    g = registry.get_game(game)
    text, source = read_input(file)
    with memory_limit(max_memory):
        instance = g.parse(text, source, False)
    with g.kernels(instance):
        body = ex.export_text(fmt, g, instance, vertex, source, nu_bound)
    if out is None:
        sys.stdout.write(body)
        sys.stdout.flush()
        return
    try:
        out.write_text(body)
    except OSError as exc:
        raise option_problem("--out", out, f"cannot write the file: {exc.strerror or exc}") from None
