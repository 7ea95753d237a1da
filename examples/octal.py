"""Octal games: one heap, and a code saying how many tokens a move may take and what it may leave.

A rules file for gamecert (docs/rules.md). One input line is ``CODE N``, as for the built-in
``gamecert solve octal`` (docs/octal.md): the octal code, e.g. ``0.77`` (Kayles) or ``4.7``,
and a heap of ``N`` tokens (or several heaps, ``CODE N1 N2 ...``, a sum). Digit ``k`` of the code (``k = 0`` before the point) is a sum of
1: a heap of exactly ``k`` may be taken whole; 2: ``k`` tokens may be taken from a larger heap,
leaving one heap; 4: ``k`` tokens may be taken leaving the rest as two non-empty heaps. Heaps
are independent games: a position is the sum of its heaps.

This file answers exactly as ``gamecert solve octal`` where the rules solver reaches
(tests/octal/test_crosscheck.py: every heap up to 300 of six codes, up to 2000 of 0.137).

    gamecert solve --rules examples/octal.py INPUT
"""

NAME = "octal-rules"


#: The games ``positions`` lists (for ``stress`` and ``audit --claim``): Kayles, Dawson's Kayles, Dawson's chess, 4.7.
CODES = ("0.77", "0.07", "0.137", "4.7")


def parse(line):
    """``"0.77 5"`` -> the code's digits and the heaps, e.g. ``((0, 7, 7), (5,))``; ``"0.77 3 4"`` is two heaps."""
    words = line.split()
    if len(words) < 2:
        raise ValueError(f"expected CODE N (a code and one or more heap sizes), got {line!r}")
    code, heaps = words[0], words[1:]
    before, _, after = code.partition(".")
    if before not in ("", "0", "4") or not all(c in "01234567" for c in after):
        raise ValueError(f"expected an octal code such as 0.77 or 4.7 (0 or 4 before the point), got {code!r}")
    for heap in heaps:
        if not heap.isdigit():
            raise ValueError(f"expected a heap size (a whole number 0 or more), got {heap!r}")
    digits = [int(before or "0")] + [int(c) for c in after]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return _position(tuple(digits), [int(h) for h in heaps])


def _position(digits, heaps):
    # The heaps sorted, empty ones dropped: the same heaps in any order are the same position.
    return digits, tuple(sorted(h for h in heaps if h))


def moves(position):
    """Take ``k`` from one heap, leaving what digit ``k`` allows: nothing, one heap, or two heaps ``a + b``."""
    digits, heaps = position
    for i, n in enumerate(heaps):
        others = list(heaps[:i] + heaps[i + 1 :])
        for k in range(min(n, len(digits) - 1) + 1):
            d, rest = digits[k], n - k
            if rest == 0 and d % 2 == 1:
                yield _position(digits, others)
            if 0 < rest and k > 0 and (d // 2) % 2 == 1:
                yield _position(digits, others + [rest])
            if (d // 4) % 2 == 1:
                for a in range(1, rest // 2 + 1):  # a <= b: a split and its mirror leave the same heaps
                    yield _position(digits, others + [a, rest - a])


def components(position):
    """Each heap is a game of its own."""
    digits, heaps = position
    return [(digits, (n,)) for n in heaps]


def positions(size):
    """A heap of ``size`` tokens in each game of :data:`CODES`."""
    return [parse(f"{code} {size}") for code in CODES]


def format(position):
    """The position as an input line: the code, then its heaps (``0`` for none)."""
    digits, heaps = position
    code = f"{digits[0]}." + "".join(map(str, digits[1:]))
    return f"{code} " + " ".join(map(str, heaps or (0,)))
