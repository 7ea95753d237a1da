"""``gamecert solve``: judge-format input in, judge-format output out, byte for byte."""

from __future__ import annotations

import json
import sys

import click

from gamecert.solvers.errors import InputError
from gamecert.solvers.textinput import memory_limit
from gamecert.verify import registry
from gamecert.verify.cli.common import GameChoice, InputProblem, read_input
from gamecert.verify.cli.options import MemorySize
from gamecert.verify.engine.jsonstream import write_json


@click.command()
@click.argument("game", type=GameChoice())
@click.argument("file", default="-")
@click.option("--json", "as_json", is_flag=True, help="Structured output with the certificate.")
@click.option("--no-judge-limits", is_flag=True, help="Accept sizes beyond the judge's limits.")
@click.option("--position", metavar="TEXT", help="Solve a position given here (cutting games: '3x5 2x7').")
@click.option("--from", "token", metavar="ROW,COL|V", help="maze, geography: a mid-game position, the token here (with --visited).")
@click.option("--visited", metavar="FILE", help="The cells or vertices visited before --from, one per line.")
@click.option(
    "--max-memory",
    type=MemorySize(),
    metavar="SIZE",
    help="Refuse input whose answer would need more memory (4G, 512M; default: an eighth of physical memory).",
)
def solve(
    game: str, file: str, as_json: bool, no_judge_limits: bool, position: str | None, token: str | None,
    visited: str | None, max_memory: int | None,
) -> None:
    """Solve judge-format input from FILE (default: stdin), answer byte-exact.

    With --from and --visited, answer a mid-game position instead: who wins
    with the token on --from once the --visited cells are gone, and a winning move.
    """
    g = registry.get_game(game)
    if (token is None) != (visited is None):
        raise click.UsageError("--from and --visited go together")
    if token is not None:
        if g.solve_from is None:
            raise click.UsageError(f"--from is not available for {game}")
        if as_json or position is not None:
            raise click.UsageError("--from does not combine with --json or --position")
        text, source = read_input(file)
        trail, trail_source = read_input(visited)
        try:
            answer = g.solve_from(g.parse(text, source, not no_judge_limits), token, trail.decode("utf-8", "replace"), trail_source)
        except InputError as exc:
            raise InputProblem(str(exc)) from None
        sys.stdout.write(answer)
        return
    if position is not None:
        if g.solve_position is None:
            raise click.UsageError(f"--position is not available for {game}")
        try:
            result = g.solve_position(position)
        except InputError as exc:
            raise InputProblem(str(exc)) from None
        if as_json:
            click.echo(json.dumps(result))
        else:
            sys.stdout.write(result["text"])
        return
    text, source = read_input(file)
    try:
        with memory_limit(max_memory):
            instance = g.parse(text, source, not no_judge_limits)
    except InputError as exc:
        raise InputProblem(str(exc)) from None
    del text  # the instance holds what is needed
    # Small inputs finish in plain Python before numba could even load; a
    # solver fault past this point is an internal error, never bad input.
    solution = g.fast_solve(instance)
    # Answers larger than their input are written in chunks, never built whole.
    if as_json and g.json_stream is not None:
        out = _binary_stdout()
        write_json(g.json_stream(solution), out.write)
        out.write(b"\n")
        out.flush()
    elif as_json:
        click.echo(json.dumps(g.to_json(solution)))
    elif g.write_answer is not None:
        out = _binary_stdout()
        g.write_answer(solution, out.write)
        out.flush()
    else:
        sys.stdout.write(g.format(solution))
        sys.stdout.flush()


def _binary_stdout():
    """Standard output as bytes, after whatever text was written to it."""
    sys.stdout.flush()
    return sys.stdout.buffer
