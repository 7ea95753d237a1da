"""The ``gamecert`` command: a thin click layer over the library, one module per command.

Exit codes: 0 agreement, 1 bad input, 2 usage, 3 disagreement or invalid
certificate, 4 internal error. A new command is a module here and one
``main.add_command`` line below.
"""

from __future__ import annotations

import os
import sys

import click

from gamecert.solvers import jit
from gamecert.verify import registry
from gamecert.verify.cli.audit import audit
from gamecert.verify.cli.check import check
from gamecert.verify.cli.common import EXIT_INTERNAL, click_error
from gamecert.verify.cli.export import export
from gamecert.verify.cli.package import package
from gamecert.verify.cli.play import play
from gamecert.verify.cli.rules import expand_rules
from gamecert.verify.cli.show import show
from gamecert.verify.cli.solve import solve
from gamecert.verify.cli.stress import stress

jit.skip_blas_probe = True


class _Group(click.Group):
    """Turns library errors into their exit codes (:func:`~gamecert.verify.cli.common.click_error`)
    and anything else into one ``internal error`` line and exit 4."""

    def resolve_command(self, ctx: click.Context, args: list[str]):
        name, command, rest = super().resolve_command(ctx, args)
        return name, command, expand_rules(name or "", rest)

    def invoke(self, ctx: click.Context):
        # Games a command registers (a --rules file, a case file's rules) last as long as the command.
        known = set(registry.game_names())
        try:
            return self._invoke(ctx)
        finally:
            for name in set(registry.game_names()) - known:
                registry.unregister(name)

    def _invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except Exception as exc:
            known = click_error(exc)
            if known is not None:
                raise known from None
            click.echo(f"internal error: {type(exc).__name__}: {exc} (a gamecert bug, not bad input)", err=True)
            ctx.exit(EXIT_INTERNAL)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="gamecert")
def main() -> None:
    """Certified solvers and cross-checks for two-player combinatorial games.

    Built in: matching games (maze, geography, bunny-egg), rectangle-cutting
    games (split, cutting) and octal games (octal). Any other game is a rules
    file, a Python module of named functions (--rules FILE, docs/rules.md), of
    the kind impartial, graph, general, score, partizan or positional. Every
    answer carries a certificate; check runs every independent formulation
    against it.
    """


main.add_command(solve)
main.add_command(check)
main.add_command(stress)
main.add_command(export)
main.add_command(audit)
main.add_command(show)
main.add_command(play)
main.add_command(package)


def run() -> None:
    """The console entry point: :func:`main`, then exit without interpreter teardown.

    Freeing large arrays and unloading numba's compiled code at exit costs a
    process time after the answer is already written; output is flushed
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
