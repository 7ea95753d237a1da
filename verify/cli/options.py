"""Command-line option types that read numbers the way input files are read.

click's own ``int`` and ``float`` types accept whatever Python's ``int()``
and ``float()`` accept: full-width and other Unicode digits, ``inf``,
``nan``, digit strings thousands of characters long. These types take ASCII
digits only (as :mod:`gamecert.solvers.textinput` does in files), refuse
over-long numbers by their length, and read memory sizes such as ``4G``.
"""

from __future__ import annotations

import re

import click

from gamecert.solvers.textinput import MAX_DIGITS, format_bytes, shown

_INT = re.compile(r"[+-]?[0-9]+", re.ASCII)
_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?", re.ASCII)
_SIZE = re.compile(r"([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(?:([KMGT])(?:i?B)?|B)?", re.ASCII | re.IGNORECASE)
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def _digits(text: str) -> int:
    return len(text.lstrip("+-").split(".")[0].lstrip("0"))


class Integer(click.IntRange):
    """An integer in ASCII digits (optional sign), at most ``MAX_DIGITS`` significant digits, in a range."""

    name = "integer"

    def convert(self, value, param, ctx):
        if isinstance(value, str):
            text = value.strip()
            if not _INT.fullmatch(text):
                self.fail(f"expected an integer (ASCII digits), got {shown(value.encode())}", param, ctx)
            if _digits(text) > MAX_DIGITS:
                self.fail(f"expected an integer of at most {MAX_DIGITS} digits, got {_digits(text)} digits", param, ctx)
        return super().convert(value, param, ctx)


class Number(click.FloatRange):
    """A decimal number in ASCII (no ``inf`` or ``nan``) in a range."""

    name = "number"

    def convert(self, value, param, ctx):
        if isinstance(value, str):
            text = value.strip()
            if not _FLOAT.fullmatch(text) or _digits(text) > MAX_DIGITS:
                self.fail(f"expected a number such as 2.5 (ASCII digits), got {shown(value.encode())}", param, ctx)
        return super().convert(value, param, ctx)


def max_memory_option(command):
    """``--max-memory SIZE`` (a :class:`MemorySize`, passed as ``max_memory``): the memory the answers
    to parsed input may need, as :func:`gamecert.solvers.textinput.memory_limit` enforces it."""
    return click.option(
        "--max-memory",
        type=MemorySize(),
        metavar="SIZE",
        help="Refuse input whose answer would need more memory (4G, 512M; default: an eighth of physical memory).",
    )(command)


class MemorySize(click.ParamType):
    """A number of bytes: ``4G``, ``512M``, ``1.5GiB``, ``100000`` (binary units K, M, G, T)."""

    name = "size"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        text = str(value).strip()
        found = _SIZE.fullmatch(text)
        if found is None or _digits(found.group(1)) > MAX_DIGITS:
            self.fail(f"expected a size such as 4G, 512M or 100000 (bytes), got {shown(text.encode())}", param, ctx)
        size = int(float(found.group(1)) * _UNITS[(found.group(2) or "").upper()])
        if size < 2**20:
            self.fail(f"expected a size of at least 1M, got {format_bytes(size)}", param, ctx)
        return size
