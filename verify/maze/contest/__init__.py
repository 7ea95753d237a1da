"""The JSOI2009 maze game as a contest problem: test families for ``gamecert package maze``.

Secret groups: ``edge`` (the stress generator's edge families at every size
class up to 100), ``max`` (100-row and 100-column boards: open, walled,
isolated cells, corridors, spirals, labyrinths), ``random`` (random boards
of every size class and wall density), ``anti-greedy`` (boards on which a
greedy maximal matching in row-major order is not maximum, found by search)
and ``heavy`` (the boards on which augmenting-path matchers did the most work
when measured: random 100x100 boards with 6-10% walls and serpentine
corridors in the orientation that defeats Kuhn's first-neighbour order).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from gamecert.solvers.maze.solver import MAZE_LIMIT, maze_game, parse_maze
from gamecert.verify.engine.problem import ContestProblem, TestCase, Unseen, edge_group, slug
from gamecert.verify.maze import generator

SAMPLE = "3 3\n.##\n...\n#.#\n"
_CLASSES = {"small": (1, 2, 3), "judge": (1, 2, 3, 5, 10, 50, 99, MAZE_LIMIT)}


def board_text(rows: list[str]) -> str:
    """The judge input of a board: ``N M`` and its rows."""
    return f"{len(rows)} {len(rows[0])}\n" + "".join(r + "\n" for r in rows)


def random_board(rng: random.Random, n: int, m: int, walls: float) -> list[str]:
    """Each cell a wall with probability ``walls``."""
    return ["".join("#" if rng.random() < walls else "." for _ in range(m)) for _ in range(n)]


def serpentine(n: int, m: int) -> list[str]:
    """Open rows joined at alternate ends, first turn on the right: one long corridor.

    >>> serpentine(5, 3)
    ['...', '##.', '...', '.##', '...']
    """
    rows = []
    for r in range(n):
        if r % 2 == 0:
            rows.append("." * m)
        else:
            rows.append("#" * (m - 1) + "." if (r // 2) % 2 == 0 else "." + "#" * (m - 1))
    return rows


def spiral(n: int, m: int) -> list[str]:
    """A corridor spiralling inwards from the top-left corner, one wall between turns."""
    grid = [["#"] * m for _ in range(n)]
    r = c = 0
    dr, dc = 0, 1
    grid[0][0] = "."

    def free(a: int, b: int) -> bool:
        return 0 <= a < n and 0 <= b < m and grid[a][b] == "."

    while True:
        for _ in range(4):
            a, b = r + dr, c + dc
            # Enter (a, b) only if it touches no free cell but the one we come from, nor the cell beyond.
            if (
                0 <= a < n
                and 0 <= b < m
                and not free(a, b)
                and not free(a + dr, b + dc)
                and not any(free(x, y) for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)) if (x, y) != (r, c))
            ):
                r, c = a, b
                grid[r][c] = "."
                break
            dr, dc = dc, -dr
        else:
            return ["".join(row) for row in grid]


def labyrinth(rng: random.Random, n: int, m: int) -> list[str]:
    """A perfect maze: a random spanning tree of the cells at even coordinates, corridors one cell wide."""
    grid = [["#"] * m for _ in range(n)]
    grid[0][0] = "."
    stack = [(0, 0)]  # depth-first walk, explicit stack
    while stack:
        r, c = stack[-1]
        nxt = [
            (r + dr, c + dc, dr, dc)
            for dr, dc in ((2, 0), (-2, 0), (0, 2), (0, -2))
            if 0 <= r + dr < n and 0 <= c + dc < m and grid[r + dr][c + dc] == "#"
        ]
        if not nxt:
            stack.pop()
            continue
        a, b, dr, dc = rng.choice(nxt)
        grid[r + dr // 2][c + dc // 2] = grid[a][b] = "."
        stack.append((a, b))
    return ["".join(row) for row in grid]


def checkerboard(n: int, m: int) -> list[str]:
    """Free cells on one colour only: every free cell isolated (all of them WIN)."""
    return ["".join("." if (r + c) % 2 else "#" for c in range(m)) for r in range(n)]


def greedy_leaves_augmenting_path(rows: list[str]) -> bool:
    """Whether the greedy maximal matching (row-major, first free neighbour up/down/left/right) is not maximum.

    >>> greedy_leaves_augmenting_path(["..", ".#", ".#"]), greedy_leaves_augmenting_path([".#", ".#", ".."])
    (True, False)
    """
    n, m = len(rows), len(rows[0])
    mate: dict[tuple[int, int], tuple[int, int]] = {}
    for r in range(n):
        for c in range(m):
            if (r + c) % 2 or rows[r][c] != ".":
                continue
            for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= a < n and 0 <= b < m and rows[a][b] == "." and (a, b) not in mate:
                    mate[(r, c)], mate[(a, b)] = (a, b), (r, c)
                    break
    nu = maze_game(parse_maze(board_text(rows))).decomposition.matching.size
    return len(mate) // 2 < nu


class MazeProblem(ContestProblem):
    """The maze game as ``gamecert package maze`` writes it: the judges' sample and the secret groups."""

    game = "maze"
    title = "Maze Game"
    source = "JSOI 2009"
    groups = (
        ("edge", "edge families of the stress generator at every size class up to 100"),
        ("max", "boards of 99 and 100 rows and columns: open, walled, isolated cells, corridors, spirals, labyrinths"),
        ("wide", "rows of the judge's full width 100 on few rows"),
        ("random", "random boards of every size class and wall density"),
        ("anti-greedy", "boards on which a row-major greedy maximal matching is not maximum (found by search)"),
        ("heavy", "boards where augmenting-path matchers did the most work when measured"),
    )

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        """The maze package: the judges' sample, then the secret groups."""
        rng = random.Random(f"maze {size} {seed}")
        classes = _CLASSES[size]
        top = classes[-1]
        yield TestCase("sample", "judge-sample", SAMPLE, "the judges' published sample")
        fresh = Unseen([SAMPLE])
        yield from edge_group(fresh, generator.edge_cases, classes)
        big = [(top, top), (top - 1, top - 1), (top, top - 1), (top - 1, top)] if size == "judge" else [(top, top)]
        for n, m in big:
            for name, rows in (
                (f"open {n}x{m}", ["." * m] * n),
                (f"serpentine {n}x{m}", serpentine(n, m)),
                (f"spiral {n}x{m}", spiral(n, m)),
                (f"labyrinth {n}x{m}", labyrinth(rng, n, m)),
            ):
                if fresh(board_text(rows)):
                    yield TestCase("max", slug(name), board_text(rows), f"maximum size: {name}")
        for name, rows in (
            (f"all walls {top}x{top}", ["#" * top] * top),
            (f"isolated cells {top}x{top}", checkerboard(top, top)),
            (f"corridor 1x{top}", ["." * top]),
            (f"corridor {top}x1", ["."] * top),
            (f"ladder 2x{top}", ["." * top] * 2),
            (f"open {top}x{top} minus one corner", ["#" + "." * (top - 1)] + ["." * top] * (top - 1)),
        ):
            if fresh(board_text(rows)):
                yield TestCase("max", slug(name), board_text(rows), f"maximum size: {name}")
        # Rows of the judge's full width, in small packages too: a row buffer one cell short
        # joins the last cell of a row to the first of the next.
        w = MAZE_LIMIT
        for name, rows in (
            (f"ladder 2x{w}", ["." * w] * 2),
            (f"open 3x{w} minus the first corner", ["#" + "." * (w - 1)] + ["." * w] * 2),
            (f"open 4x{w} minus the last cell of row 1", ["." * (w - 1) + "#"] + ["." * w] * 3),
            (f"spiral 10x{w}", spiral(10, w)),
            (f"random 3x{w}", random_board(rng, 3, w, 0.05)),
            (f"random 5x{w}", random_board(rng, 5, w, 0.3)),
        ):
            if fresh(board_text(rows)):
                yield TestCase("wide", slug(name), board_text(rows), f"full judge width: {name}")
        for s in classes:
            for walls in (0.05, 0.2, 0.35, 0.5) if size == "judge" else (0.2, 0.5):
                n, m = rng.randint(max(1, s // 2), s), rng.randint(max(1, s // 2), s)
                text = board_text(random_board(rng, n, m, walls))
                if fresh(text):
                    yield TestCase(
                        "random", f"random-{n}x{m}-w{int(walls * 100)}", text, f"random {n}x{m}, {walls:.0%} walls"
                    )
        found = 0
        tries = 0
        want = 6 if size == "judge" else 3
        while found < want and tries < 2000:
            tries += 1
            s = classes[min(len(classes) - 1, 2 + found % (len(classes) - 2))] if len(classes) > 2 else top
            n, m = rng.randint(2, max(2, s)), rng.randint(2, max(2, s))
            rows = random_board(rng, n, m, rng.choice((0.1, 0.2, 0.3)))
            if greedy_leaves_augmenting_path(rows) and fresh(board_text(rows)):
                found += 1
                yield TestCase(
                    "anti-greedy",
                    f"greedy-{n}x{m}-{found}",
                    board_text(rows),
                    "a greedy maximal matching (row-major) is not maximum here",
                )
        heavy = top if size == "judge" else 70
        for walls in (0.06, 0.08, 0.10) if size == "judge" else (0.08,):
            rows = random_board(rng, heavy, heavy, walls)
            yield TestCase(
                "heavy",
                f"random-{heavy}x{heavy}-w{int(walls * 100)}",
                board_text(rows),
                f"augmenting-path heavy: random {heavy}x{heavy}, {walls:.0%} walls",
            )
        corridors = (
            (f"serpentine {heavy}x{heavy}", serpentine(heavy, heavy)),
            (f"spiral {heavy}x{heavy}", spiral(heavy, heavy)),
        )
        for name, rows in corridors if size == "judge" else ():
            if fresh(board_text(rows)):
                yield TestCase("heavy", slug(name), board_text(rows), f"augmenting-path heavy: {name}")


#: The problem, as the game's :class:`~gamecert.verify.capabilities.Contest` capability returns it.
PROBLEM = MazeProblem()
