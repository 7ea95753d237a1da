"""Stress cases for the Split Game: lines of two sides (see :mod:`verify.generators._pieces`)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from . import _pieces


def edge_cases(max_size: int) -> Iterator[tuple[str, str]]:
    """Yield the Split Game's edge-case families as ``(name, input)``, sides at most ``max_size``.

    >>> next(edge_cases(4))
    ('smallest piece', '1 2\\n')
    """
    return _pieces.edge_cases("split", max_size)


def random_case(rng: random.Random, size: int) -> str:
    """Generate 1 to 8 random Split Game queries with sides at most ``size``.

    >>> len(random_case(random.Random(0), 5).splitlines()) >= 1
    True
    """
    return _pieces.random_case("split", rng, size)


def reductions(text: str) -> Iterator[str]:
    """Yield smaller Split Game inputs: fewer queries, then smaller sides.

    >>> list(reductions("1 3\\n"))
    ['1 2\\n']
    """
    return _pieces.reductions("split", text)
