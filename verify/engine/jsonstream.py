"""JSON written as it is produced: big arrays of integer records in chunks.

``json.dumps`` needs the whole document as Python objects first: for a
2000 x 2000 maze that is tens of millions of small lists and several GB.
:func:`write_json` writes the same bytes as ``json.dumps`` (default
separators) from a dict whose large arrays are :class:`Rows`, each formatted
chunk by chunk by :class:`~gamecert.solvers.textoutput.RowFormat`, so memory stays
bounded by the chunk size.

>>> import io, numpy as np
>>> out = io.BytesIO()
>>> write_json({"a": 1, "pairs": Rows("[%d, %d]", 2, lambda i, j: (np.array([[1, 2], [3, 4]])[i:j], None))}, out.write)
>>> out.getvalue()
b'{"a": 1, "pairs": [[1, 2], [3, 4]]}'
"""

from __future__ import annotations

import json
from collections.abc import Callable

import numpy as np

from gamecert.solvers.textoutput import CHUNK_ROWS, RowFormat, chunks

Block = Callable[[int, int], tuple[np.ndarray, "np.ndarray | None"]]


class Rows:
    """A JSON array of ``count`` items, item ``i`` being ``template`` filled with row ``i``'s integers.

    ``template`` may be a tuple of alternatives chosen per item (see
    :class:`~gamecert.solvers.textoutput.RowFormat`); ``block(start, stop)`` returns
    the items' integers and choices (or None) for that range.
    """

    def __init__(self, template: str | tuple[str, ...], count: int, block: Block) -> None:
        alternatives = (template,) if isinstance(template, str) else template
        self.format = RowFormat(tuple(t + ", " for t in alternatives))
        self.count = count
        self.block = block

    def write(self, write: Callable[[bytes], object]) -> None:
        write(b"[")
        if self.count:
            size = max(1, CHUNK_ROWS // max(1, self.format.columns))  # about CHUNK_ROWS integers a chunk
            out = np.empty(self.format.bound(size), dtype=np.uint8)
            last = None
            for start, stop in chunks(self.count, size):
                if last is not None:
                    write(last)
                values, choice = self.block(start, stop)
                last = self.format.format(values, choice, out)
            write(last[:-2])  # no separator after the last item
        write(b"]")

    def value(self) -> list:
        """The array as Python lists (what ``json.loads`` would give)."""
        parts: list[bytes] = []
        self.write(parts.append)
        return json.loads(b"".join(parts))


def write_json(document: dict, write: Callable[[bytes], object]) -> None:
    """Write ``document`` as ``json.dumps`` would, streaming its :class:`Rows` values.

    Dicts are walked with an explicit stack; any other value goes through
    ``json.dumps``.
    """
    stack = [iter([(None, document)])]
    while stack:
        item = next(stack[-1], None)
        if item is None:
            stack.pop()
            if stack:
                write(b"}")
            continue
        key, value = item
        if key is not None:
            write(_key_bytes(key) + b": ")
        if isinstance(value, dict):
            write(b"{")
            stack.append(_members(value))
        elif isinstance(value, Rows):
            value.write(write)
        else:
            write(json.dumps(value).encode())


def _members(d: dict):
    """``(key, value)`` pairs, each after the first preceded by writing the separator."""
    for i, (k, v) in enumerate(d.items()):
        yield (k if i == 0 else _Sep(k)), v


class _Sep(str):
    """A key written after a ``, `` separator."""


def _key_bytes(key: str) -> bytes:
    return (b", " if isinstance(key, _Sep) else b"") + json.dumps(str(key)).encode()
