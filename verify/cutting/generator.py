"""Stress cases of the two rectangle-cutting games (lines of two sides).

Texts are judge input: one query ``A B`` per line. The size knob bounds every
side (clamped to the rule's judge limits). Reductions drop halves of the
queries, then single queries, then halve single sides or take 2 or 1 off: each is
strictly smaller in (number of queries, sum of sides).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from gamecert.solvers.cutting.solver import JUDGE_LIMIT, MIN_SIDE, parse_queries

#: At most this many queries in one edge-case text.
_MAX_QUERIES = 400


def _text(pairs: list[tuple[int, int]]) -> str:
    return "".join(f"{a} {b}\n" for a, b in pairs)


def _allowed(rule: str, a: int, b: int) -> bool:
    lo = MIN_SIDE[rule]
    return lo <= a <= JUDGE_LIMIT[rule] and lo <= b <= JUDGE_LIMIT[rule] and (a, b) != (1, 1)


def _span(rule: str, size: int) -> tuple[int, int]:
    """The sides a case of this size may use: ``lo..hi``, never empty."""
    lo = MIN_SIDE[rule]
    return lo, max(lo + 1, min(size, JUDGE_LIMIT[rule]))


def _families(rule: str, lo: int, s: int) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    yield "smallest piece", [(lo, lo + 1) if lo == 1 else (lo, lo)]
    if rule == "split":
        yield "terminal pieces", [(1, 2), (2, 1), (1, 3), (3, 1)]
        yield f"1xk papers up to {s}", [(1, k) for k in range(2, s + 1)] + [(k, 1) for k in range(2, s + 1)]
    else:
        yield "terminal pieces", [(2, 2), (2, 3), (3, 2)]
    yield f"2xk strips up to {s}", [(2, k) for k in range(lo, s + 1)] + [(k, 2) for k in range(lo, s + 1)]
    yield f"squares up to {s}", [(k, k) for k in range(max(lo, 2), s + 1)]
    yield f"largest piece {s}x{s}", [(s, s)]
    yield f"largest thin pieces {lo}x{s}", [(lo, s), (s, lo)]
    every = [(a, b) for a in range(lo, s + 1) for b in range(lo, s + 1) if (a, b) != (1, 1)]
    if len(every) <= _MAX_QUERIES:
        yield f"every piece up to {s}x{s}", every
    yield f"{_MAX_QUERIES} repeated queries", [(s, s - 1)] * _MAX_QUERIES


def _edge_cases(rule: str, max_size: int) -> Iterator[tuple[str, str]]:
    """The edge-case families of one rule set, sides at most ``max_size`` (at least the rule's minimum)."""
    lo, s = _span(rule, max_size)
    seen: set[str] = set()
    for name, pairs in _families(rule, lo, s):
        pairs = [p for p in pairs if _allowed(rule, *p) and max(p) <= s]
        text = _text(pairs)
        if pairs and text not in seen:
            seen.add(text)
            yield name, text


def _random_case(rule: str, rng: random.Random, size: int) -> str:
    """1 to 8 random queries with sides in the rule's minimum..``size``."""
    lo, hi = _span(rule, size)
    pairs = []
    for _ in range(rng.randint(1, 8)):
        a, b = rng.randint(lo, hi), rng.randint(lo, hi)
        while (a, b) == (1, 1):
            a, b = rng.randint(lo, hi), rng.randint(lo, hi)
        pairs.append((a, b))
    return _text(pairs)


def _candidates(rule: str, pairs: list[tuple[int, int]]) -> Iterator[list[tuple[int, int]]]:
    q = len(pairs)
    if q >= 2:
        yield pairs[q // 2 :]
        yield pairs[: q // 2]
        for i in range(q):
            yield pairs[:i] + pairs[i + 1 :]
    lo = MIN_SIDE[rule]
    for i, (a, b) in enumerate(pairs):
        for j, side in ((0, a), (1, b)):
            for smaller in sorted({max(lo, side // 2), side - 2, side - 1}):
                piece = (smaller, b) if j == 0 else (a, smaller)
                if smaller < side and _allowed(rule, *piece):
                    yield pairs[:i] + [piece] + pairs[i + 1 :]


def _reductions(rule: str, text: str) -> Iterator[str]:
    """Smaller query files for shrinking: halves, single queries, then smaller sides (halved, -2, -1)."""
    pairs = [(p.rows, p.cols) for p in parse_queries(text, rule, "<case>", judge_limits=False)]
    seen = {text}
    for smaller in _candidates(rule, pairs):
        out = _text(smaller)
        if out not in seen:
            seen.add(out)
            yield out


@dataclass(frozen=True)
class PiecesGenerator:
    """The stress cases of one rule set, ``"split"`` or ``"cutting"`` (a :class:`~gamecert.verify.game.Generator`)."""

    rule: str

    def edge_cases(self, max_size: int) -> Iterator[tuple[str, str]]:
        """Yield the edge-case families as ``(name, input)``, sides at most ``max_size``.

        >>> next(PiecesGenerator("split").edge_cases(4))
        ('smallest piece', '1 2\\n')
        """
        return _edge_cases(self.rule, max_size)

    def random_case(self, rng: random.Random, size: int) -> str:
        """Generate 1 to 8 random queries with sides at most ``size``.

        >>> len(PiecesGenerator("cutting").random_case(random.Random(0), 5).splitlines()) >= 1
        True
        """
        return _random_case(self.rule, rng, size)

    def reductions(self, text: str) -> Iterator[str]:
        """Yield smaller inputs: fewer queries, then smaller sides.

        >>> list(PiecesGenerator("split").reductions("1 3\\n"))
        ['1 2\\n']
        """
        return _reductions(self.rule, text)
