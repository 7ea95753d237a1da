"""Stress cases for the Cutting Game: lines of two sides (see :mod:`verify.generators._pieces`)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from . import _pieces


def edge_cases(max_size: int) -> Iterator[tuple[str, str]]:
    """Yield the Cutting Game's edge-case families as ``(name, input)``, sides at most ``max_size``.

    >>> next(edge_cases(4))
    ('smallest piece', '2 2\\n')
    """
    return _pieces.edge_cases("cutting", max_size)


def random_case(rng: random.Random, size: int) -> str:
    """Generate 1 to 8 random Cutting Game queries with sides at most ``size``.

    >>> len(random_case(random.Random(0), 5).splitlines()) >= 1
    True
    """
    return _pieces.random_case("cutting", rng, size)


def reductions(text: str) -> Iterator[str]:
    """Yield smaller Cutting Game inputs: fewer queries, then smaller sides.

    >>> list(reductions("2 4\\n"))
    ['2 2\\n', '2 3\\n']
    """
    return _pieces.reductions("cutting", text)
