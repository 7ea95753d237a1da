"""Trace a gamecert command hop by hop: each gamecert function on its first call after the command is dispatched.

Prints, for each command line given (one per argument, words split by spaces), the hops:
functions entered (gamecert functions called at least once, counted at their first call),
files (distinct source files among them) and returns (a first call in a file already left
before, the file just before it being another). ``--list`` also prints every first call in
order, as ``file:line function``.

    python benchmarks/trace.py "solve --rules examples/kalah.py" "check --time-limit 0 cases/score/take.toml"

Standard input of a ``solve`` is the first line of the example's ``positions``-free sample:
give it after ``<`` in the command line (``"solve --rules examples/kayles.py < 3"``).
"""

from __future__ import annotations

import sys
from inspect import CO_OPTIMIZED
from pathlib import Path

import click
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
SKIP = (str(ROOT / "tests"), str(ROOT / "benchmarks"), str(ROOT / ".venv"))


def trace(args: list[str], stdin: str | None) -> tuple[list[tuple[str, int, str]], str]:
    """The first calls of gamecert functions while the command ``args`` runs, and its output."""
    from gamecert.verify.cli import main

    seen: set = set()
    calls: list[tuple[str, int, str]] = []

    def profile(frame, event, arg):
        if event != "call":
            return
        code = frame.f_code
        if code in seen:
            return
        seen.add(code)
        name = code.co_filename
        # functions only: a module's or a class's body (run as it is imported) is no hop of the command
        if code.co_flags & CO_OPTIMIZED and name.startswith(str(ROOT)) and not name.startswith(SKIP) and not code.co_name.startswith("<"):
            calls.append((str(Path(name).relative_to(ROOT)), code.co_firstlineno, code.co_qualname))

    invoke = click.Context.invoke

    def traced(ctx, callback, *a, **k):
        # the dispatched command's own callback starts the trace; the group's does not
        if getattr(callback, "__module__", "").startswith("gamecert.verify.cli.") and sys.getprofile() is None:
            sys.setprofile(profile)
            try:
                return invoke(ctx, callback, *a, **k)
            finally:
                sys.setprofile(None)
        return invoke(ctx, callback, *a, **k)

    click.Context.invoke = traced
    try:
        result = CliRunner().invoke(main, args, input=stdin)
    finally:
        click.Context.invoke = invoke
    return calls, result.output


def hops(calls: list[tuple[str, int, str]]) -> tuple[int, int, int]:
    """(functions entered, files, returns to a file already left)."""
    left: set[str] = set()
    returns = 0
    previous = None
    for file, _, _ in calls:
        if file != previous:
            if file in left:
                returns += 1
            if previous is not None:
                left.add(previous)
            previous = file
    return len(calls), len({f for f, _, _ in calls}), returns


if __name__ == "__main__":
    import os

    os.chdir(ROOT)
    listing = "--list" in sys.argv
    print("| command | functions | files | returns |\n|---|---|---|---|")
    details = []
    for line in (a for a in sys.argv[1:] if a != "--list"):
        command, _, stdin = line.partition(" < ")
        calls, out = trace(command.split(), stdin.replace("\\n", "\n") + "\n" if stdin else None)
        f, n, r = hops(calls)
        print(f"| `{line}` | {f} | {n} | {r} |", flush=True)
        details.append((line, calls, out))
    if listing:
        for line, calls, out in details:
            print(f"\n## {line}\n{out}")
            for file, number, name in calls:
                print(f"{file}:{number} {name}")
