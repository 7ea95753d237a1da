"""Helpers the test folders share: the CLI under click's runner, and candidate programs to stress."""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

from click.testing import CliRunner

from gamecert.verify.cli import main

TESTS = Path(__file__).resolve().parent


def run(args: list[str], **kwargs):
    """``gamecert ARGS`` under click's test runner."""
    return CliRunner().invoke(main, args, **kwargs)


def candidate(path: str, *args: str) -> str:
    """The command line of a candidate program under ``tests/`` (``-I -S``: it imports nothing)."""
    return " ".join([sys.executable, "-I", "-S", str(TESTS / path), *args])


TIME = re.compile(r" \(\d+\.\d s\)$")


def untimed(text: str) -> list[str]:
    """An audit's output lines with each summary line's trailing time replaced by ``(T)``."""
    return [TIME.sub(" (T)", row) for row in text.splitlines()]


def after(marker: str, counterexample: str) -> str:
    """The indented block (or the rest of the line) that follows ``marker`` in a counterexample."""
    rest = counterexample.split(marker, 1)[1]
    if not rest.startswith("\n"):
        return rest.strip().splitlines()[0]
    block = []
    for row in rest[1:].splitlines():
        if not row.startswith("    "):
            break
        block.append(row)
    return textwrap.dedent("\n".join(block)) + "\n"
