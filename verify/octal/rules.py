"""An octal code as impartial rules (``gamecert.verify.rules``), so the rules formulations cross-check it.

A position is a sorted tuple of heap sizes; a move takes ``k`` tokens from
one heap and leaves none, one or two heaps as the code's digit allows,
listed literally (every split ``a + b``, ``1 <= a <= b``; ``a < b`` for a
rule with unequal splits, Grundy's game). The rules split a
position into its heaps (``components``), so the rules' retrograde analysis
uses Sprague-Grundy theory on single heaps, and the whole-sum formulations
(SAT, ILP, search) do not.
"""

from __future__ import annotations

from collections.abc import Iterator

from gamecert.solvers.octal.code import OctalCode
from gamecert.solvers.rules.rules import ImpartialRules


def octal_rules(code: OctalCode) -> ImpartialRules:
    """The rules of ``code`` with positions ``(heap, heap, ...)``.

    >>> from gamecert.solvers.octal import parse_code
    >>> sorted(octal_rules(parse_code("0.07")).moves((5,)))
    [(1, 2), (3,)]
    """
    digits = code.digits
    top = (lambda left: (left - 1) // 2) if code.unequal else (lambda left: left // 2)  # the smaller part's largest size

    def position(heaps) -> tuple[int, ...]:
        return tuple(sorted(h for h in heaps if h > 0))

    def parse(line: str) -> tuple[int, ...]:
        return position(int(w) for w in line.split())

    def moves(p: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for i, h in enumerate(p):
            rest = p[:i] + p[i + 1 :]
            for k, d in enumerate(digits):
                left = h - k
                if left < 0:
                    break
                if left == 0 and d & 1:
                    yield rest
                if left > 0 and k > 0 and d & 2:
                    yield position(rest + (left,))
                if d & 4:
                    for a in range(1, top(left) + 1):
                        yield position(rest + (a, left - a))

    def components(p: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [(h,) for h in p]

    def format(p: tuple[int, ...]) -> str:
        return " ".join(map(str, p))

    return ImpartialRules(f"octal {code}", f"<octal {code}>", parse, moves, components, format)
