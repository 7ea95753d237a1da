"""Stress cases of the rectangle-cutting games (lines of two sides), for any rule.

Texts are judge input: one query ``A B`` per line. The size knob bounds every
side (clamped to the rule's judge limit, at least its least side). Reductions
drop halves of the queries, then single queries, then halve single sides or
take 2 or 1 off: each is strictly smaller in (number of queries, sum of sides).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from gamecert.solvers.cutting.rules import CuttingRule
from gamecert.solvers.cutting.solver import Piece, available_cuts, parse_queries
from gamecert.verify.capabilities import StressCases

#: At most this many queries in one edge-case text.
_MAX_QUERIES = 400


def _text(pairs: list[tuple[int, int]]) -> str:
    return "".join(f"{a} {b}\n" for a, b in pairs)


def _allowed(rule: CuttingRule, a: int, b: int) -> bool:
    """Whether ``a x b`` is judge input of the rule (a piece within the judge limit)."""
    return rule.is_piece(a, b) and max(a, b) <= rule.judge_limit


def _span(rule: CuttingRule, size: int) -> tuple[int, int]:
    """The sides a case of this size may use: ``lo..hi``, never empty."""
    lo = rule.min_side
    return lo, max(lo + 1, min(size, rule.judge_limit))


def _terminal(rule: CuttingRule, lo: int) -> list[tuple[int, int]]:
    """The thinnest pieces without a cut: short side ``lo``, long side up to ``lo + 2``, both ways round."""
    out = []
    for long in range(lo, lo + 3):
        for piece in dict.fromkeys(((lo, long), (long, lo))):
            if rule.is_piece(*piece) and not any(True for _ in available_cuts(Piece(*piece), rule)):
                out.append(piece)
    return out


def _families(rule: CuttingRule, lo: int, s: int) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    yield "smallest piece", [(lo, lo) if rule.is_piece(lo, lo) else (lo, lo + 1)]
    yield "terminal pieces", _terminal(rule, lo)
    # The thinnest strips, then 2-wide ones (the first a Split Game cuts across its short side).
    for w in dict.fromkeys((lo, max(lo, 2))):
        yield f"{w}xk strips up to {s}", [(w, k) for k in range(lo, s + 1)] + [(k, w) for k in range(lo, s + 1)]
    yield f"squares up to {s}", [(k, k) for k in range(lo, s + 1)]
    yield f"largest piece {s}x{s}", [(s, s)]
    yield f"largest thin pieces {lo}x{s}", [(lo, s), (s, lo)]
    every = [(a, b) for a in range(lo, s + 1) for b in range(lo, s + 1) if rule.is_piece(a, b)]
    if len(every) <= _MAX_QUERIES:
        yield f"every piece up to {s}x{s}", every
    yield f"{_MAX_QUERIES} repeated queries", [(s, s - 1)] * _MAX_QUERIES


def _edge_cases(rule: CuttingRule, max_size: int) -> Iterator[tuple[str, str]]:
    """The edge-case families of one rule, sides at most ``max_size`` (at least the rule's minimum)."""
    lo, s = _span(rule, max_size)
    seen: set[str] = set()
    for name, pairs in _families(rule, lo, s):
        pairs = [p for p in pairs if _allowed(rule, *p) and max(p) <= s]
        text = _text(pairs)
        if pairs and text not in seen:
            seen.add(text)
            yield name, text


def _random_case(rule: CuttingRule, rng: random.Random, size: int) -> str:
    """1 to 8 random queries with sides in the rule's minimum..``size``."""
    lo, hi = _span(rule, size)
    pairs = []
    for _ in range(rng.randint(1, 8)):
        a, b = rng.randint(lo, hi), rng.randint(lo, hi)
        while not rule.is_piece(a, b):
            a, b = rng.randint(lo, hi), rng.randint(lo, hi)
        pairs.append((a, b))
    return _text(pairs)


def _candidates(rule: CuttingRule, pairs: list[tuple[int, int]]) -> Iterator[list[tuple[int, int]]]:
    q = len(pairs)
    if q >= 2:
        yield pairs[q // 2 :]
        yield pairs[: q // 2]
        for i in range(q):
            yield pairs[:i] + pairs[i + 1 :]
    lo = rule.min_side
    for i, (a, b) in enumerate(pairs):
        for j, side in ((0, a), (1, b)):
            for smaller in sorted({max(lo, side // 2), side - 2, side - 1}):
                piece = (smaller, b) if j == 0 else (a, smaller)
                if smaller < side and _allowed(rule, *piece):
                    yield pairs[:i] + [piece] + pairs[i + 1 :]


def _reductions(rule: CuttingRule, text: str) -> Iterator[str]:
    """Smaller query files for shrinking: halves, single queries, then smaller sides (halved, -2, -1)."""
    pairs = [(p.rows, p.cols) for p in parse_queries(text, rule, "<case>", judge_limits=False)]
    seen = {text}
    for smaller in _candidates(rule, pairs):
        out = _text(smaller)
        if out not in seen:
            seen.add(out)
            yield out


class PiecesGenerator(StressCases):
    """The stress cases of one rule (a :class:`~gamecert.verify.capabilities.StressCases`)."""

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule

    def edge_cases(self, max_size: int) -> Iterator[tuple[str, str]]:
        """Yield the edge-case families as ``(name, input)``, sides at most ``max_size``.

        >>> from gamecert.solvers.cutting.rules import CUTTING, SPLIT
        >>> next(PiecesGenerator(SPLIT).edge_cases(4))
        ('smallest piece', '1 2\\n')
        >>> [name for name, _ in PiecesGenerator(CUTTING).edge_cases(5)][:3]
        ['smallest piece', 'terminal pieces', '2xk strips up to 5']
        """
        return _edge_cases(self.rule, max_size)

    def random_case(self, rng: random.Random, size: int) -> str:
        """Generate 1 to 8 random queries with sides at most ``size``.

        >>> from gamecert.solvers.cutting.rules import CUTTING
        >>> len(PiecesGenerator(CUTTING).random_case(random.Random(0), 5).splitlines()) >= 1
        True
        """
        return _random_case(self.rule, rng, size)

    def reductions(self, text: str) -> Iterator[str]:
        """Yield smaller inputs: fewer queries, then smaller sides.

        >>> from gamecert.solvers.cutting.rules import SPLIT
        >>> list(PiecesGenerator(SPLIT).reductions("1 3\\n"))
        ['1 2\\n']
        """
        return _reductions(self.rule, text)
