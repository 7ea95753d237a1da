"""Reading judge-format text: whole-file scanning, positions only for errors.

Every parser in gamecert reads through :class:`TextInput`. The input stays
bytes; one vectorised pass (numpy) finds every token's start and end offset,
runs of integers are checked and converted as whole arrays, and the line and
column of a byte are worked out only when an error must name them. Errors
read ``source:line:column: what was expected`` (1-based; columns count
UTF-8 characters) and show the offending token decoded as UTF-8 (bad bytes
as U+FFFD), cut to :data:`SHOWN_WIDTH` characters.

Whitespace is what judges treat as whitespace in these formats: space, tab,
newline, and carriage returns that end a line (so CRLF files read like LF
files). Any other byte, a carriage return inside a line included, belongs to
a token. Digits are ASCII digits only, and an integer of more than
:data:`MAX_DIGITS` significant digits is refused by its length before any
conversion.

Parsers also ask :meth:`TextInput.require_memory` before allocating anything
sized by a number they read, so an input whose answer cannot fit in
``max_memory`` bytes is refused with a one-line error instead of exhausting
the machine.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Callable, Iterator

import numpy as np

from gamecert.solvers.errors import InputError

#: Integers are read as int64: at most this many significant digits.
MAX_DIGITS = 18
#: Tokens in messages are cut to this many characters (plus an ellipsis).
SHOWN_WIDTH = 20
#: Bytes of scratch arrays the scan needs per input byte (masks, offsets).
SCAN_BYTES_PER_BYTE = 24

_SPACE, _TAB, _LF, _CR = 32, 9, 10, 13
_ZERO = 48


def shown(raw: bytes, width: int = SHOWN_WIDTH) -> str:
    """``raw`` as messages show it: UTF-8 (bad bytes as U+FFFD), cut to ``width``, quoted.

    >>> shown("３x5".encode()), shown(b"\\xc3"), shown(b"a" * 30)
    ("'３x5'", "'�'", "'aaaaaaaaaaaaaaaaaaaa…'")
    """
    head = raw[: 4 * width + 4].decode("utf-8", "replace")
    if len(head) > width:
        head = head[:width] + "…"
    return repr(head)


def physical_memory() -> int:
    """Bytes of physical memory, or the process's cgroup limit when lower."""
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            with open(path) as f:
                raw = f.read().strip()
        except OSError:
            continue
        if raw.isdigit():
            total = min(total, int(raw))
    return total


_MAX_MEMORY: contextvars.ContextVar[int | None] = contextvars.ContextVar("gamecert_max_memory", default=None)


def default_max_memory() -> int:
    """The memory an answer may need unless told otherwise.

    Inside ``with memory_limit(n):`` it is ``n``; otherwise an eighth of
    physical memory, so that one answer leaves room for the other work of a
    shared machine.
    """
    limit = _MAX_MEMORY.get()
    return physical_memory() // 8 if limit is None else limit


@contextlib.contextmanager
def memory_limit(limit: int | None) -> Iterator[None]:
    """Parsers called in this block refuse answers needing over ``limit`` bytes (None: the default)."""
    token = _MAX_MEMORY.set(limit)
    try:
        yield
    finally:
        _MAX_MEMORY.reset(token)


def format_bytes(n: int) -> str:
    """``n`` bytes for people, in binary units.

    >>> format_bytes(3 * 2**30), format_bytes(1536), format_bytes(12)
    ('3.0 GiB', '1.5 KiB', '12 B')
    """
    for unit, size in (("PiB", 2**50), ("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} B"


def _small_integer(raw: bytes) -> int | None:
    """``raw`` as an integer if it is one with at most :data:`MAX_DIGITS` significant digits."""
    body = raw[1:] if raw[:1] in (b"+", b"-") else raw
    if not body.isdigit() or len(body.lstrip(b"0")) > MAX_DIGITS:
        return None
    return int(raw)


def _range_text(lo: int | None, hi: int | None) -> str:
    if hi is None:
        return f">= {lo}"
    return f"{lo}..{hi}"


class TextInput:
    """Judge input as bytes, its tokens found by one vectorised pass.

    Token ``i`` is ``data[starts[i]:ends[i]]``. ``max_memory`` (bytes;
    ``None``: :func:`default_max_memory`, which :func:`memory_limit` sets)
    bounds what :meth:`require_memory` lets a parser go on to allocate.

    >>> src = TextInput("3 5\\r\\n  4 x\\n")
    >>> len(src), src.integers(0, 3, "a side").tolist(), src.position(int(src.starts[3]))
    (4, [3, 5, 4], (2, 5))
    """

    def __init__(self, data: str | bytes, source: str = "<stdin>", max_memory: int | None = None) -> None:
        self.data = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        self.source = source
        self.max_memory = default_max_memory() if max_memory is None else int(max_memory)
        self._bytes = np.frombuffer(self.data, dtype=np.uint8)
        self._tokens: tuple[np.ndarray, np.ndarray] | None = None
        self._lines: tuple[np.ndarray, np.ndarray] | None = None

    # Tokens -----------------------------------------------------------------

    def _whitespace(self) -> np.ndarray:
        b = self._bytes
        ws = (b == _SPACE) | (b == _TAB) | (b == _LF)
        cr = np.flatnonzero(b == _CR)
        if len(cr):
            # A CR is whitespace when only CRs stand between it and a newline or the end.
            other = np.flatnonzero(b != _CR)
            nxt = np.searchsorted(other, cr)
            ends_line = nxt == len(other)
            inner = np.flatnonzero(~ends_line)
            ends_line[inner] = b[other[nxt[inner]]] == _LF
            ws[cr[ends_line]] = True
        return ws

    def _scan(self) -> tuple[np.ndarray, np.ndarray]:
        if self._tokens is None:
            self.require_memory(
                SCAN_BYTES_PER_BYTE * len(self.data), None, f"reading {format_bytes(len(self.data))} of input"
            )
            inside = np.zeros(len(self._bytes) + 2, dtype=np.int8)
            inside[1:-1] = ~self._whitespace()
            edge = np.diff(inside)  # +1 where a token starts, -1 just past its end
            self._tokens = np.flatnonzero(edge == 1), np.flatnonzero(edge == -1)
        return self._tokens

    @property
    def starts(self) -> np.ndarray:
        return self._scan()[0]

    @property
    def ends(self) -> np.ndarray:
        return self._scan()[1]

    def __len__(self) -> int:
        """The number of tokens."""
        return len(self.starts)

    def text(self, i: int) -> bytes:
        """Token ``i``'s bytes."""
        return self.data[int(self.starts[i]) : int(self.ends[i])]

    def is_word(self, i: int, *words: bytes) -> bool:
        """Whether token ``i`` exists and is one of ``words``."""
        return i < len(self) and self.text(i) in words

    def shown(self, i: int) -> str:
        """Token ``i`` as messages show it (see :func:`shown`)."""
        return shown(self.text(i))

    def char_at(self, offset: int) -> str:
        """The character starting at byte ``offset``, quoted, as messages show it."""
        return repr(self.data[offset : offset + 4].decode("utf-8", "replace")[:1])

    # Lines ------------------------------------------------------------------

    def lines(self) -> tuple[np.ndarray, np.ndarray]:
        """Byte offsets ``(start, end)`` of every line (``end`` at its newline).

        A final newline ends the last line rather than starting an empty one.
        """
        if self._lines is None:
            nl = np.flatnonzero(self._bytes == _LF)
            start = np.concatenate(([0], nl + 1))
            end = np.concatenate((nl, [len(self.data)]))
            if len(self.data) == 0 or self.data.endswith(b"\n"):
                start, end = start[:-1], end[:-1]
            self._lines = start, end
        return self._lines

    def line_of(self, offset: int) -> int:
        """The 1-based line holding byte ``offset``."""
        return self.data.count(b"\n", 0, offset) + 1

    def token_lines(self) -> np.ndarray:
        """The 0-based line of every token (vectorised)."""
        return np.searchsorted(self.lines()[0], self.starts, side="right") - 1

    # Positions (worked out only for messages) --------------------------------

    def position(self, offset: int) -> tuple[int, int]:
        """1-based ``(line, column)`` of byte ``offset``; columns count characters."""
        line_start = self.data.rfind(b"\n", 0, offset) + 1
        line = self.data.count(b"\n", 0, line_start) + 1
        column = len(self.data[line_start:offset].decode("utf-8", "replace")) + 1
        return line, column

    def end_offset(self) -> int:
        """The byte just past the last line's text (a final newline and CRs aside)."""
        data = self.data[:-1] if self.data.endswith(b"\n") else self.data
        last = data.rfind(b"\n") + 1
        return last + len(data[last:].rstrip(b"\r"))

    def end(self) -> tuple[int, int]:
        """The position of :meth:`end_offset`, for 'expected more' errors."""
        return self.position(self.end_offset())

    def error(self, line: int, column: int, message: str) -> InputError:
        return InputError(self.source, line, column, message)

    def error_at(self, offset: int, message: str) -> InputError:
        return InputError(self.source, *self.position(offset), message)

    def error_token(self, i: int, message: str) -> InputError:
        return self.error_at(int(self.starts[i]), message)

    def error_end(self, message: str) -> InputError:
        return InputError(self.source, *self.end(), message)

    # Integers ---------------------------------------------------------------

    def integer(self, i: int, what: str, lo: int | None = None, hi: int | None = None, hint: str = "") -> int:
        """Token ``i`` as an integer in ``lo..hi``, or an error naming ``what`` (plus ``hint``).

        A sign is allowed; digits are ASCII digits; more than
        :data:`MAX_DIGITS` significant digits are refused before conversion.
        """
        raw = self.text(i)
        body = raw[1:] if raw[:1] in (b"+", b"-") else raw
        if not body.isdigit():  # bytes.isdigit() is true for ASCII digits only
            raise self.error_token(i, f"expected {what} (an integer), got {self.shown(i)}")
        digits = len(body.lstrip(b"0"))
        if digits > MAX_DIGITS:
            got = raw.decode() if len(raw) <= 2 * SHOWN_WIDTH else f"{raw[:SHOWN_WIDTH].decode()}… ({digits} digits)"
            if hi is None:
                raise self.error_token(i, f"expected {what} (an integer of at most {MAX_DIGITS} digits), got {got}")
            extra = hint if raw[:1] != b"-" else ""
            raise self.error_token(i, f"expected {what} in {_range_text(lo, hi)}, got {got}{extra}")
        value = int(raw)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            hint = hint if hi is not None and value > hi else ""
            raise self.error_token(i, f"expected {what} in {_range_text(lo, hi)}, got {value}{hint}")
        return value

    def scan_integers(
        self, first: int, count: int, lo: int | None = None, hi: int | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Tokens ``first .. first + count - 1`` as int64, and a mask of the good ones.

        A token is good when it is an integer (optional sign, ASCII digits, at
        most :data:`MAX_DIGITS` of them significant) in ``lo..hi``; the values
        of bad tokens are unspecified, and :meth:`integer` words their errors.
        """
        return self.scan_integers_at(np.arange(first, first + max(count, 0)), lo, hi)

    def scan_integers_at(
        self, tokens: np.ndarray, lo: int | None = None, hi: int | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`scan_integers` for the tokens whose indices are ``tokens``."""
        tokens = np.asarray(tokens, dtype=np.int64)
        s = self.starts[tokens]
        e = self.ends[tokens]
        values = np.zeros(len(s), dtype=np.int64)
        if len(s) == 0:
            return values, np.ones(0, dtype=bool)
        b = self._bytes
        lead = b[s]
        negative = lead == 45
        s = s + (negative | (lead == 43))  # digits start after a sign
        length = e - s
        longest = int(length.max())
        ok = (length > 0) & (length <= MAX_DIGITS)
        # Tokens grouped by length l: column j of a group is its tokens' j-th
        # byte. Bytes are summed as they are and the digits' '0's taken off
        # at the end (48 * 11...1 for l ones); a non-digit byte marks the token bad.
        for size in range(1, min(longest, MAX_DIGITS) + 1):
            group = np.flatnonzero(length == size)
            if len(group) == 0:
                continue
            first = s[group]
            acc = np.zeros(len(group), dtype=np.int64)
            digits = np.ones(len(group), dtype=bool)
            for j in range(size):
                c = b[first + j]
                digits &= (c >= _ZERO) & (c <= _ZERO + 9)
                acc = acc * 10 + c
            values[group] = acc - _ZERO * ((10**size - 1) // 9)
            ok[group] &= digits
        values = np.where(negative, -values, values)
        if lo is not None:
            ok &= values >= lo
        if hi is not None:
            ok &= values <= hi
        if longest > MAX_DIGITS:
            # Long tokens may still be small integers written with leading zeros.
            for k in np.flatnonzero(~ok & (e - s > MAX_DIGITS)).tolist():
                value = _small_integer(self.text(int(tokens[k])))
                if value is not None and (lo is None or value >= lo) and (hi is None or value <= hi):
                    values[k], ok[k] = value, True
        return values, ok

    def integers(
        self,
        first: int,
        count: int,
        what: str | Callable[[int], str],
        lo: int | None = None,
        hi: int | None = None,
        hint: str = "",
    ) -> np.ndarray:
        """Tokens ``first .. first + count - 1`` as int64, each checked as :meth:`integer` checks one.

        ``what`` names the ``k``-th of them (a string, or a function of ``k``).
        """
        return self.integers_at(np.arange(first, first + max(count, 0)), what, lo, hi, hint)

    def integers_at(
        self,
        tokens: np.ndarray,
        what: str | Callable[[int], str],
        lo: int | None = None,
        hi: int | None = None,
        hint: str = "",
    ) -> np.ndarray:
        """:meth:`integers` for the tokens whose indices are ``tokens`` (in reading order)."""
        values, ok = self.scan_integers_at(tokens, lo, hi)
        if not ok.all():
            k = int(np.argmin(ok))
            self.integer(int(tokens[k]), what(k) if callable(what) else what, lo, hi, hint)
            raise AssertionError("unreachable: integer() accepted a token the scan refused")  # pragma: no cover
        return values

    # Memory -----------------------------------------------------------------

    def require_memory(self, need: int, i: int | None, what: str) -> None:
        """Refuse, at token ``i`` (``None``: the start), input whose answer needs over ``max_memory``."""
        if need <= self.max_memory:
            return
        message = (
            f"{what} needs about {format_bytes(need)} of memory, more than the "
            f"{format_bytes(self.max_memory)} allowed (--max-memory raises the limit)"
        )
        raise self.error(1, 1, message) if i is None else self.error_token(i, message)
