"""``--rules FILE``: any command on a game written as a rules file.

``gamecert solve --rules kayles.py INPUT`` is ``gamecert solve kayles INPUT``
with the rules file's game registered first: :func:`expand_rules` loads the
file (with ``--max-positions`` and ``--time-limit``, which only rules games
take), registers its game, and puts the game's name where the command takes
a game (its first argument; ``audit --game``). The commands declare the
options with :func:`rules_options`, so ``--help`` lists them.
"""

from __future__ import annotations

import click

from gamecert.verify import registry
from gamecert.verify.cli.options import Integer, MemorySize, Number

#: Commands that take ``--rules``, and how each names its game.
FIRST_ARGUMENT = ("solve", "stress", "show", "play", "package")
#: ``export FORMAT GAME FILE``: the game goes after the format.
AFTER_FORMAT = ("export",)
EXPORT_FORMATS = ("qdimacs", "cnf", "lp", "mps")
GAME_OPTION = ("audit",)
#: ``check``: the rules file is registered; case files name it by ``game`` (or by ``rules``).
REGISTER_ONLY = ("check",)

#: Defaults of the rules-only options (:class:`~gamecert.solvers.rules.rules.Limits`).
DEFAULT_MAX_POSITIONS = 2_000_000
DEFAULT_TIME_LIMIT = 10.0


#: Commands with a ``--time-limit`` of their own, which then also bounds each call of a rules function.
OWN_TIME_LIMIT = ("check",)


def rules_options(command):
    """Declare ``--rules``, ``--max-positions`` and ``--time-limit`` on a command (read by :func:`expand_rules`)."""
    if command.__name__ not in OWN_TIME_LIMIT:
        command = click.option(
            "--time-limit", metavar="SECONDS", expose_value=False,
            help=f"--rules: stop when one call of a rules function runs longer (default {DEFAULT_TIME_LIMIT:g}).",
        )(command)
    command = click.option(
        "--max-positions", metavar="N", expose_value=False,
        help=f"--rules: refuse a game with more positions (default {DEFAULT_MAX_POSITIONS:,}; partizan: none, "
        "--max-memory bounds it).",
    )(command)
    return click.option(
        "--rules", metavar="FILE", expose_value=False,
        help="A game written as a rules file (docs/rules.md) instead of GAME.",
    )(command)


def _take(args: list[str], option: str) -> tuple[str | None, list[str]]:
    """The value of ``option`` in ``args`` (``--opt V`` or ``--opt=V``; the last wins) and the args without it."""
    value, rest, i = None, [], 0
    while i < len(args):
        a = args[i]
        if a == "--":
            rest.extend(args[i:])
            break
        if a == option:
            if i + 1 == len(args):
                raise click.UsageError(f"{option} needs a value")
            value = args[i + 1]
            i += 2
            continue
        if a.startswith(option + "="):
            value = a[len(option) + 1 :]
        else:
            rest.append(a)
        i += 1
    return value, rest


def _converted(option: str, text: str | None, kind: click.ParamType, default):
    """``text`` read by ``kind`` (one of the project's ASCII number types), else ``default``."""
    if text is None:
        return default
    try:
        return kind.convert(text, None, None)
    except click.BadParameter as exc:
        raise click.UsageError(f"Invalid value for '{option}': {exc.message}") from None


def expand_rules(command: str, args: list[str]) -> list[str]:
    """The arguments of ``command`` with ``--rules FILE`` replaced by the name of the game it registers.

    Commands that do not take ``--rules`` get their arguments unchanged (click
    then reports the unknown option).
    """
    if command not in FIRST_ARGUMENT + AFTER_FORMAT + GAME_OPTION + REGISTER_ONLY:
        return args
    path, rest = _take(args, "--rules")
    positions, rest = _take(rest, "--max-positions")
    if command in OWN_TIME_LIMIT:
        seconds, _ = _take(rest, "--time-limit")  # the command's own option, kept for it
        seconds = None if seconds in ("0", "0.0") else seconds
    else:
        seconds, rest = _take(rest, "--time-limit")
    if path is None:
        if positions is not None or (seconds is not None and command not in OWN_TIME_LIMIT):
            raise click.UsageError("--max-positions and --time-limit are for --rules FILE")
        return args
    from gamecert.solvers.rules.rules import Limits

    memory, _ = _take(rest, "--max-memory")  # the command's own option, kept for it
    if memory is not None:
        try:
            memory = MemorySize().convert(memory, None, None)
        except click.BadParameter as exc:
            raise click.UsageError(f"Invalid value for '--max-memory': {exc.message}") from None
    limits = Limits(
        max_positions=_converted("--max-positions", positions, Integer(min=1), DEFAULT_MAX_POSITIONS),
        max_memory=memory,
        time_limit=_converted("--time-limit", seconds, Number(min=0, min_open=True, max=1e9), DEFAULT_TIME_LIMIT),
        from_memory=positions is None,
    )
    game = registry.register_rules(path, limits)
    if command in FIRST_ARGUMENT:
        return [game.name, *rest]
    if command in AFTER_FORMAT:
        at = next((i + 1 for i, a in enumerate(rest) if a in EXPORT_FORMATS), 0)
        return [*rest[:at], game.name, *rest[at:]]
    if command in GAME_OPTION:
        return ["--game", game.name, *rest]
    return rest
