"""Stress cases for the JSOI2009 maze game (``N M`` + N rows of ``.``/``#``): :class:`MazeStressCases`.

The size knob bounds both N and M (clamped to the judge's 100). Reductions
drop halves of the rows or columns, then quarters and so on down to single
rows and columns, then wall single free cells, then dominoes of two adjacent
free cells: each is strictly smaller in (area, free cells).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import zip_longest

import numpy as np

from gamecert.solvers.maze.solver import MAZE_LIMIT, Maze, parse_maze
from gamecert.verify.capabilities import StressCases
from gamecert.verify.maze.families import board_text, checkerboard, open_maze, snake

_DENSITIES = (0.0, 0.15, 0.3, 0.45, 0.6)


def _text(free: np.ndarray) -> str:
    return Maze(np.ascontiguousarray(free, dtype=bool)).text()


def _families(s: int) -> Iterator[tuple[str, list[str]]]:
    yield "single free cell", ["."]
    yield "no free cell", ["#"]
    if s >= 2:
        yield "domino", [".."]
        yield "vertical domino", [".", "."]
        yield f"all walls {s}x{s}", ["#" * s] * s
    for k in sorted({2, 3, s - 1, s}):
        if 2 <= k <= s:
            yield f"open board {k}x{k}", open_maze(k, k)
    for k in sorted({s - 1, s}):
        if k >= 2:
            yield f"corridor 1x{k}", open_maze(1, k)
            yield f"corridor {k}x1", open_maze(k, 1)
    if s >= 2:
        yield f"ladder 2x{s}", open_maze(2, s)
        yield f"isolated cells {s}x{s}", checkerboard(s, s, parity=1)
    if s >= 3:
        yield f"serpentine corridor {s}x{s}", snake(s, s)
        yield f"ring {s}x{s}", ["." * s] + ["." + "#" * (s - 2) + "."] * (s - 2) + ["." * s]
        mid = s // 2
        yield f"cross {s}x{s}", ["." * s if r == mid else "#" * mid + "." + "#" * (s - mid - 1) for r in range(s)]
        yield f"open board {s}x{s} with a centre wall", ["." * s if r != mid else "." * mid + "#" + "." * (s - mid - 1) for r in range(s)]


def edge_cases(max_size: int) -> Iterator[tuple[str, str]]:
    """Yield the maze game's edge-case families as ``(name, input)``, sides at most ``max_size``.

    >>> [name for name, _ in edge_cases(1)]
    ['single free cell', 'no free cell']
    """
    seen: set[str] = set()
    for name, rows in _families(max(1, min(max_size, MAZE_LIMIT))):
        text = board_text(rows)
        if text not in seen:
            seen.add(text)
            yield name, text


def random_case(rng: random.Random, size: int) -> str:
    """Generate a random maze with at most ``size`` rows and columns and a random wall density.

    >>> random_case(random.Random(1), 1) in ("1 1\\n.\\n", "1 1\\n#\\n")
    True
    """
    s = max(1, min(size, MAZE_LIMIT))
    n, m = rng.randint(1, s), rng.randint(1, s)
    density = rng.choice(_DENSITIES)
    return board_text(["".join("#" if rng.random() < density else "." for _ in range(m)) for _ in range(n)])


def _levels(n: int) -> list[list[tuple[int, int]]]:
    """Spans ``[start, stop)`` of lines to drop: halves, quarters, ... down to single lines."""
    levels, seen = [], {(0, n)}
    chunk = n
    while chunk > 1:
        chunk = -(-chunk // 2)
        level = [(a, min(n, a + chunk)) for a in range(0, n, chunk)]
        levels.append([span for span in level if span not in seen])
        seen.update(level)
    return levels


def _candidates(free: np.ndarray) -> Iterator[np.ndarray]:
    n, m = free.shape
    for rows, cols in zip_longest(_levels(n), _levels(m), fillvalue=[]):
        for a, b in rows:
            yield np.delete(free, np.s_[a:b], axis=0)
        for a, b in cols:
            yield np.delete(free, np.s_[a:b], axis=1)
    cells = list(zip(*np.nonzero(free)))
    for r, c in cells:
        walled = free.copy()
        walled[r, c] = False
        yield walled
    # A domino of a perfect matching keeps the rest perfectly matchable, which
    # no single walled cell can (it leaves an odd number of cells).
    for r, c in cells:
        for dr, dc in ((0, 1), (1, 0)):
            if r + dr < n and c + dc < m and free[r + dr, c + dc]:
                walled = free.copy()
                walled[r, c] = walled[r + dr, c + dc] = False
                yield walled


def reductions(text: str) -> Iterator[str]:
    """Yield smaller mazes for shrinking a failing case: row and column spans, then walled cells.

    Each is strictly smaller in (N*M, free cells) and within the judge's limits.

    >>> list(reductions("1 2\\n..\\n"))
    ['1 1\\n.\\n', '1 2\\n#.\\n', '1 2\\n.#\\n', '1 2\\n##\\n']
    """
    free = parse_maze(text, "<case>", judge_limits=False).free
    seen = {text}
    for smaller in _candidates(free):
        out = _text(smaller)
        if out not in seen:
            seen.add(out)
            yield out


class MazeStressCases(StressCases):
    """``gamecert stress maze``: the edge-case boards, random boards and reductions above."""

    def edge_cases(self, max_size: int) -> Iterator[tuple[str, str]]:
        return edge_cases(max_size)

    def random_case(self, rng: random.Random, size: int) -> str:
        return random_case(rng, size)

    def reductions(self, text: str) -> Iterator[str]:
        return reductions(text)
