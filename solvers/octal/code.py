"""An octal code as data: :class:`OctalCode` and :func:`parse_code`.

An octal game is played on heaps of tokens; a move picks one heap, removes
``k`` tokens from it and leaves what remains as zero, one or two non-empty
heaps, as the code's digit ``d_k`` allows. The code is written
``d_0.d_1 d_2 d_3 ...``; each digit is a sum of

* 1: removing ``k`` tokens may leave no heap (the heap had exactly ``k``);
* 2: it may leave one heap (the heap had more than ``k``);
* 4: it may leave two non-empty heaps (the heap had at least ``k + 2``).

``d_0`` (removing no token) may only be 0 or 4: removing nothing and leaving
no heap or the same heap is no move, so 1 and 2 make no sense before the
point, and a code such as ``1.7`` or ``6.7`` is refused as bad input rather
than read one way or another. ``4.7`` lets a player split a heap into two
non-empty heaps without removing a token. Trailing zeros change nothing
(``0.770`` is ``0.77``) and are dropped, so equal games compare equal.
Kayles is ``0.77``, Dawson's Kayles ``0.07``, Dawson's chess ``0.137``
(Berlekamp, Conway and Guy, *Winning Ways*, chapter 4).

The family has one more rule no octal digit says: a split must leave two
*unequal* heaps (``unequal``). Grundy's game (split a heap into two unequal
heaps, nothing removed) is ``OctalCode((4,), unequal=True)``, written
``grundy``: :data:`NAMED` maps a name to its rule, and nothing else reads the name.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: Longest code accepted (digits after the point): longer codes are research curiosities, and every
#: digit costs the kernels a pass.
MAX_DIGITS = 64


class CodeError(ValueError):
    """A text that is not an octal code; ``column`` (1-based, within the code) locates the fault."""

    def __init__(self, column: int, message: str) -> None:
        self.column = column
        self.message = message
        super().__init__(f"column {column}: {message}")


@dataclass(frozen=True)
class OctalCode:
    """The rules of one octal game: ``digits[k]`` is the digit for removing ``k`` tokens.

    ``digits[0]`` is the digit before the point (0 or 4); the last digit is
    non-zero unless the code is ``0`` itself (no move at all). ``unequal``:
    a split must leave two different heaps.

    >>> c = parse_code("0.137")
    >>> c.digits, c.length, c.text, c.two_heap
    ((0, 1, 3, 7), 3, '0.137', True)
    """

    digits: tuple[int, ...]
    unequal: bool = False

    @property
    def length(self) -> int:
        """The largest number of tokens a move may remove (``t`` in the periodicity theorem)."""
        return len(self.digits) - 1

    @property
    def two_heap(self) -> bool:
        """Whether some move leaves two heaps (the quadratic part of every kernel)."""
        return any(d & 4 for d in self.digits)

    @property
    def periodicity_theorem(self) -> bool:
        """Whether the octal periodicity theorem applies (not with unequal splits: shifting the larger part of
        a split by the period may make the parts equal)."""
        return not self.unequal

    @property
    def text(self) -> str:
        """The code as written, trailing zeros dropped (``0.77``, ``4.7``, ``0``), or its name (``grundy``)."""
        name = next((name for name, rule in NAMED.items() if rule == self), None)
        if name is not None:
            return name
        tail = "".join(str(d) for d in self.digits[1:])
        code = f"{self.digits[0]}.{tail}" if tail else str(self.digits[0])
        return f"{code} (unequal splits)" if self.unequal else code

    def array(self) -> np.ndarray:
        """The digits as the kernels take them: ``int64``, one-dimensional."""
        return np.array(self.digits, dtype=np.int64)

    def __str__(self) -> str:
        return self.text


#: Rules of the family that have a name and no code: the name is read into this data.
NAMED = {"grundy": OctalCode((4,), unequal=True)}


def parse_code(text: str) -> OctalCode:
    """Read an octal code such as ``0.77``, ``.137``, ``4.7`` or ``0.007``, or a name of :data:`NAMED` (``grundy``).

    Raises :class:`CodeError` (a ``ValueError`` carrying the column) for
    anything else: a digit 8 or 9, a digit before the point other than 0 or
    4, a missing point before digits, more than :data:`MAX_DIGITS` digits.

    >>> parse_code(".770").text, parse_code("4.7").digits, parse_code("grundy")
    ('0.77', (4, 7), OctalCode(digits=(4,), unequal=True))
    >>> parse_code("0.78")
    Traceback (most recent call last):
    ...
    gamecert.solvers.octal.code.CodeError: column 4: expected an octal digit 0-7, got '8'
    """
    if text in NAMED:
        return NAMED[text]
    head, point, tail = text.partition(".")
    if head == "":
        head = "0"
        if not point:
            raise CodeError(1, "expected an octal code such as 0.77 or 4.7, got nothing")
    if len(head) != 1 or head not in "04":
        if len(head) == 1 and head in "1235678":
            raise CodeError(1, f"expected 0 or 4 before the point (removing no token can only split a heap), got {head!r}")
        raise CodeError(1, f"expected an octal code such as 0.77 or 4.7, or {', '.join(NAMED)}, got {text!r}")
    offset = len(text) - len(tail) + 1  # column of the first digit after the point
    if len(tail) > MAX_DIGITS:
        raise CodeError(offset + MAX_DIGITS, f"expected at most {MAX_DIGITS} digits after the point")
    for i, ch in enumerate(tail):
        if ch not in "01234567":
            raise CodeError(offset + i, f"expected an octal digit 0-7, got {ch!r}")
    digits = [int(head)] + [int(ch) for ch in tail]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return OctalCode(tuple(digits))
