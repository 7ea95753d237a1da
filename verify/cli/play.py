"""``gamecert play``: play a game in the terminal against the certified strategy."""

from __future__ import annotations

import sys

import click

from gamecert.solvers.errors import GamecertError, InputError
from gamecert.verify import registry
from gamecert.verify.capabilities import Play, PositionPlay
from gamecert.verify.cli.common import GameChoice, InputProblem, read_input
from gamecert.verify.cli.rules import rules_options


@click.command()
@click.argument("game", type=GameChoice(Play, PositionPlay))
@click.argument("file", required=False)
@click.option("--start", metavar="CELL|VERTEX", help="maze: the start cell ROW,COL; geography: the start vertex V.")
@click.option("--position", metavar="PIECES|TEXT", help="split, cutting: the pieces to play on ('3x5 1x6'); --rules: the position, as one input line.")
@click.option("--human", type=click.Choice(["first", "second"]), default="first", show_default=True, help="Who makes the first move from the start: you (first) or gamecert (second).")
@click.option("--no-judge-limits", is_flag=True, help="Accept sizes beyond the judge's limits.")
@rules_options
def play(game: str, file: str | None, start: str | None, position: str | None, human: str, no_judge_limits: bool) -> None:
    """Play GAME, or a rules file's game, against gamecert, which plays the certified strategy.

    It first says who wins from the start and why. Type moves as ROW COL
    (maze), V (geography) or PIECE h|v AT (cutting games: '1 v 2' cuts piece 1
    after column 2). A rules file (--rules FILE --position TEXT; impartial,
    general, score and partizan kinds; a graph kind's file plays from FILE
    --start V) lists your legal moves, numbered, as its format() writes them:
    type a number or the position after your move; ? shows each move's
    certified value. Moves may come from a pipe. The game ends with a line
    naming the winner.
    """
    from gamecert.verify.engine.play import play_game

    g = registry.get_game(game)
    from_position = g.capability(PositionPlay)
    from_start = g.capability(Play)
    if from_position is not None:
        if position is None or file is not None or start is not None:
            raise click.UsageError(f"{game} is played from --position PIECES (no FILE, no --start)")
    elif start is None or file is None or position is not None:
        raise click.UsageError(f"{game} is played from FILE with --start")
    elif file == "-":
        raise click.UsageError("your moves come on stdin: give the board as a FILE, not -")
    try:
        if from_position is not None:
            engine = from_position.position(position)
        else:
            text, source = read_input(file)
            engine = from_start.start(g.parse(text, source, not no_judge_limits), start)
    except InputError:
        raise
    except GamecertError as exc:  # a start the rules refuse (a wall, no such vertex): about this input
        raise InputProblem(f"{file}: {exc}") from None

    def read() -> str | None:
        line = sys.stdin.readline()
        return line if line else None

    try:
        play_game(engine, human == "first", read, click.echo)
    except EOFError as exc:
        raise InputProblem(f"<stdin>: {exc}") from None
