"""NOI2011 Bunny and Egg as a contest problem: test families for ``gamecert package bunny-egg``.

Secret groups: ``edge`` (the stress generator's edge families at every size
class up to 40, records ending with Bunny stuck), ``max`` (40-row and
40-column boards with the longest records the board allows, k = 799 on
40x40), ``random`` (random boards and legal records of every size class),
``left-behind`` (corridors played from the middle, whose cells behind the
start stay joined to the token's path: a matcher that keeps the cells the
token has left gets these wrong, measured on every 1 x m corridor up to 40)
and ``heavy`` (long records on boards where every untouched cell can be
entered: the largest graph at every step, where matching from scratch at
each step did the most work when measured).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np

from gamecert.solvers.bunny_egg.solver import BOARD_LIMIT
from gamecert.verify.bunny_egg import generator
from gamecert.verify.bunny_egg.families import long_game, random_hamiltonian_path
from gamecert.verify.engine.problem import ContestProblem, TestCase, Unseen, edge_group

SAMPLES = (
    "1 6\nXO.OXO\n1\n1 2\n1 1\n",
    "3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n",
    "4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n",
)
_CLASSES = {"small": (3, 5), "judge": (3, 5, 10, 20, BOARD_LIMIT)}


def egg_wins(text: str) -> bool:
    """Whether a legal record ends with Bunny unable to move (the judge's promise), with 1 <= k.

    >>> egg_wins("1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n"), egg_wins("1 7\\nXO.OXOO\\n1\\n1 4\\n1 5\\n")
    (True, False)
    """
    tok = text.split()
    n, m = int(tok[0]), int(tok[1])
    board = [list(row) for row in tok[2 : 2 + n]]
    k = int(tok[2 + n])
    er, ec = next((r, c) for r in range(n) for c in range(m) if board[r][c] == ".")
    for j in range(2 * k):
        x, y = int(tok[3 + n + 2 * j]) - 1, int(tok[4 + n + 2 * j]) - 1
        board[er][ec], board[x][y] = board[x][y], "."
        er, ec = x, y
    stuck = all(
        not (0 <= er + dr < n and 0 <= ec + dc < m and board[er + dr][ec + dc] == "O")
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
    )
    return k >= 1 and stuck


def open_long_game(n: int, m: int, k: int, seed: int, enterable: float = 1.0) -> str:
    """A k-round record along a random Hamiltonian path, untouched cells enterable with probability ``enterable``.

    The path's odd cells hold ``O`` and its even cells ``X``; the untouched
    neighbours of the final empty cell hold ``X`` so that Bunny is stuck.
    With ``enterable = 1`` the game's graph keeps every cell: the largest
    graph at every step.
    """
    rng = np.random.default_rng(seed)
    walk = [int(v) for v in random_hamiltonian_path(n, m, seed)[: 2 * k + 1]]
    parity = sum(divmod(walk[0], m)) % 2
    cells = []
    for v in range(n * m):
        own = sum(divmod(v, m)) % 2 == parity
        enter = rng.random() < enterable
        cells.append(("X" if own else "O") if enter else ("O" if own else "X"))
    for i, v in enumerate(walk):
        cells[v] = "." if i == 0 else "OX"[(i + 1) % 2]
    r, c = divmod(walk[-1], m)
    visited = set(walk)
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        v = (r + dr) * m + c + dc
        if 0 <= r + dr < n and 0 <= c + dc < m and v not in visited:
            cells[v] = "X"
    rows = ["".join(cells[i * m : (i + 1) * m]) for i in range(n)]
    moves = "".join(f"{v // m + 1} {v % m + 1}\n" for v in walk[1:])
    return f"{n} {m}\n" + "".join(row + "\n" for row in rows) + f"{k}\n" + moves


def corridor_from(m: int, start: int, vertical: bool = False) -> str:
    """A 1 x m corridor (m x 1 if ``vertical``) played from cell ``start`` (0-based) to its far end.

    The cells behind the start can all be entered, so they stay joined to
    the token's path; ``m - 1 - start`` must be even (whole rounds, Egg moves
    last and Bunny is stuck at the end).

    >>> corridor_from(6, 1)
    '1 6\\nO.OXOX\\n2\\n1 3\\n1 4\\n1 5\\n1 6\\n'
    """
    if (m - 1 - start) % 2 or not 0 <= start < m - 1:
        raise ValueError(f"a 1x{m} corridor cannot be played to its end from cell {start}")
    cells = "".join(
        ("X" if (start - c) % 2 == 0 else "O") if c < start else "." if c == start else "OX"[(c - start + 1) % 2]
        for c in range(m)
    )
    cols = range(start + 2, m + 1)
    if vertical:
        return (
            f"{m} 1\n"
            + "".join(ch + "\n" for ch in cells)
            + f"{(m - 1 - start) // 2}\n"
            + "".join(f"{c} 1\n" for c in cols)
        )
    return f"1 {m}\n{cells}\n{(m - 1 - start) // 2}\n" + "".join(f"1 {c}\n" for c in cols)


class BunnyEggProblem(ContestProblem):
    """NOI2011 Bunny and Egg: the judges' samples and the secret groups described in this module's docstring."""

    game = "bunny-egg"
    title = "Bunny and Egg"
    source = "NOI 2011"
    groups = (
        ("edge", "edge families of the stress generator at every size class up to 40"),
        ("max", "the longest records the board allows on 40-row and 40-column boards (k = 799 on 40x40)"),
        ("random", "random boards and legal records of every size class"),
        ("left-behind", "corridors played from the middle: the cells the token left touch its path"),
        ("heavy", "longest records on boards whose untouched cells can all be entered (largest graphs)"),
    )

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        """The Bunny and Egg package: the three judges' samples, then the secret groups."""
        rng = random.Random(f"bunny-egg {size} {seed}")
        classes = _CLASSES[size]
        fresh = Unseen(SAMPLES, admits=egg_wins)
        for i, text in enumerate(SAMPLES, 1):
            yield TestCase("sample", f"judge-sample-{i}", text, f"the judges' published sample {i}")
        yield from edge_group(fresh, generator.edge_cases, classes if size == "judge" else classes[:1])
        top_max = BOARD_LIMIT if size == "judge" else 12
        shapes = [(top_max, top_max), (1, top_max), (top_max, 1), (2, top_max), (top_max, top_max - 1)]
        for n, m in shapes:
            k = (n * m - 1) // 2
            text = long_game(n, m, k, seed=rng.randrange(1 << 30)).text()
            if fresh(text):
                yield TestCase("max", f"longest-{n}x{m}-k{k}", text, f"maximum length: {n}x{m}, k = {k}")
        text = long_game(top_max, top_max, 1, seed=rng.randrange(1 << 30)).text()
        if fresh(text):
            yield TestCase("max", f"one-round-{top_max}x{top_max}", text, "maximum board, one round")
        per_class = 4 if size == "judge" else 2
        for s in classes:
            for _ in range(per_class):
                for _attempt in range(50):
                    text = generator.random_case(rng, s)
                    if fresh(text):
                        yield TestCase(
                            "random", f"random-{s}-{len(fresh.seen)}", text, f"random board and record, sides <= {s}"
                        )
                        break
        # Measured on every 1 x m corridor up to 40: the kept cells change an answer exactly when
        # m is even and at least two rounds are played, so the start is odd and at most m - 5.
        lengths = (6, 10, 16, 24, BOARD_LIMIT) if size == "judge" else (6, 10, BOARD_LIMIT)
        for m in lengths:
            start = min(m - 5, (m // 2) | 1)
            for vertical in (False, True):
                text = corridor_from(m, start, vertical)
                if fresh(text):
                    shape = f"{m}x1" if vertical else f"1x{m}"
                    yield TestCase(
                        "left-behind",
                        f"corridor-{shape}-from-{start + 1}",
                        text,
                        f"{shape} corridor played from cell {start + 1}: left cells stay next to the path",
                    )
        heavy = BOARD_LIMIT if size == "judge" else 24
        for enterable in (1.0, 0.7) if size == "judge" else (1.0,):
            k = (heavy * heavy - 1) // 2
            text = open_long_game(heavy, heavy, k, rng.randrange(1 << 30), enterable)
            if fresh(text):
                yield TestCase(
                    "heavy",
                    f"open-long-{heavy}x{heavy}-e{int(enterable * 100)}",
                    text,
                    f"longest record, {enterable:.0%} of untouched cells enterable (largest graphs)",
                )


PROBLEM = BunnyEggProblem()
