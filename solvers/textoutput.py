"""Writing large answers: rows of integers formatted into bytes by a kernel, chunk by chunk.

An answer can be far larger than its input (one line per vertex of a graph
given as ``100000000 0``; a maze certificate as JSON). :class:`RowFormat`
turns a block of integer rows into bytes in one compiled pass, and
:func:`write_rows` streams any number of rows through a fixed-size buffer,
so memory stays bounded whatever the answer's size.

>>> RowFormat("%d %d\\n").format(np.array([[2, 3], [3, 2]]))
b'2 3\\n3 2\\n'
>>> RowFormat(("%d win\\n", "%d lose\\n")).format(np.array([[1], [2]]), np.array([0, 1]))
b'1 win\\n2 lose\\n'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from gamecert.solvers.jit import kernel, running_python

#: Rows formatted per chunk by :func:`write_rows`.
CHUNK_ROWS = 1 << 16
#: Below this many integers a block is formatted by Python's ``%`` operator
#: (no compiled kernel, so a small answer never loads numba).
SMALL_BLOCK = 4096


@kernel
def format_rows_kernel(values, choice, lits, lit_off, alternatives, out):
    """Write row ``i`` of ``values`` into ``out`` as literal, int, literal, ..., literal.

    The literal before column ``j`` (and the final one, ``j = columns``) of
    row ``i`` is ``lits[lit_off[t]:lit_off[t + 1]]`` with
    ``t = j * alternatives + choice[i]``. Returns the number of bytes written;
    ``out`` must hold them (see :meth:`RowFormat.bound`).
    """
    rows, columns = values.shape
    pos = 0
    for i in range(rows):
        pick = choice[i]
        for j in range(columns + 1):
            t = j * alternatives + pick
            for q in range(lit_off[t], lit_off[t + 1]):
                out[pos] = lits[q]
                pos += 1
            if j == columns:
                break
            x = values[i, j]
            if x < 0:
                out[pos] = 45  # '-'
                pos += 1
                x = -x
            digits = 1
            y = x
            while y >= 10:
                y //= 10
                digits += 1
            p = pos + digits - 1
            while True:
                out[p] = 48 + x % 10
                x //= 10
                p -= 1
                if x == 0:
                    break
            pos += digits
    return pos


class RowFormat:
    """A line or record template with ``%d`` placeholders, or several chosen per row.

    Every alternative has the same number of placeholders; only ``%d`` and
    literal text (``%%`` for a percent sign) are understood.
    """

    def __init__(self, template: str | tuple[str, ...]) -> None:
        alternatives = (template,) if isinstance(template, str) else tuple(template)
        split = [[part.replace("%%", "%").encode() for part in alt.split("%d")] for alt in alternatives]
        self.columns = len(split[0]) - 1
        if any(len(parts) != self.columns + 1 for parts in split):
            raise ValueError("every alternative needs the same number of %d placeholders")
        self.alternatives = len(split)
        self._templates = alternatives
        # Literal t = j * alternatives + a: the piece before column j in alternative a.
        pieces = [split[a][j] for j in range(self.columns + 1) for a in range(self.alternatives)]
        self._lits = np.frombuffer(b"".join(pieces) or b"\0", dtype=np.uint8)
        self._off = np.zeros(len(pieces) + 1, dtype=np.int64)
        np.cumsum([len(p) for p in pieces], out=self._off[1:])
        self._widest = max(sum(len(p) for p in parts) for parts in split)

    def bound(self, rows: int) -> int:
        """Bytes that ``rows`` rows can take at most (int64 values need up to 20 characters)."""
        return rows * (self._widest + 20 * self.columns)

    def format(self, values: np.ndarray, choice: np.ndarray | None = None, out: np.ndarray | None = None) -> bytes:
        """``values`` (rows x columns integers) as bytes; ``choice[i]`` picks row ``i``'s alternative."""
        values = np.ascontiguousarray(values, dtype=np.int64)
        if values.ndim != 2 or values.shape[1] != self.columns:
            raise ValueError(f"expected rows of {self.columns} integers, got shape {values.shape}")
        rows = len(values)
        if choice is None:
            choice = np.zeros(rows, dtype=np.int64)
        if rows * max(self.columns, 1) <= SMALL_BLOCK or running_python():
            if self.alternatives == 1:
                return (self._templates[0] * rows % tuple(values.ravel().tolist())).encode()
            t = self._templates
            return "".join(t[c] % tuple(row) for c, row in zip(choice.tolist(), values.tolist())).encode()
        choice = np.ascontiguousarray(choice, dtype=np.int64)
        if out is None or len(out) < self.bound(rows):
            out = np.empty(self.bound(rows), dtype=np.uint8)
        end = format_rows_kernel(values, choice, self._lits, self._off, self.alternatives, out)
        return out[:end].tobytes()


def chunks(count: int, size: int = CHUNK_ROWS) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` of consecutive blocks covering ``range(count)``."""
    for start in range(0, count, size):
        yield start, min(start + size, count)


def write_rows(
    write: Callable[[bytes], object],
    fmt: RowFormat,
    count: int,
    block: Callable[[int, int], tuple[np.ndarray, np.ndarray | None]],
    size: int = CHUNK_ROWS,
) -> None:
    """Write rows ``0 .. count - 1``, asking ``block(start, stop)`` for each chunk's values and choices."""
    out = np.empty(fmt.bound(size), dtype=np.uint8)
    for start, stop in chunks(count, size):
        values, choice = block(start, stop)
        write(fmt.format(values, choice, out))
