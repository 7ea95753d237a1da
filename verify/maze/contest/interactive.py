"""The maze game as an interactive problem: ``gamecert package maze --interactive``.

A test is a board and a start cell (the jury's input format: ``N M``, the N
rows, then ``R C``, 1-based, free). The contestant picks the role that wins
from the start and must then win against a jury that plays the certified
strategy whenever it can win (``uvg_jury.hpp``). Secret groups:

- ``roles``: random boards of every size class, one start won by each role
  per board (a role picked by a wrong rule loses one of them);
- ``corridors``: one-cell-wide corridors (straight, serpentine, spiral) with
  starts at their ends and in their middle: the longest games;
- ``rooms``: square rooms joined by single door cells;
- ``anti-greedy``: starts won by FIRST from which the greedy move (to the
  neighbour with the fewest free unvisited neighbours, ties up, down, left,
  right) loses, found by search;
- ``max``: boards of the judge's full size (open, labyrinths);
- ``heavy``: 100x100 boards whose games last thousands of moves, beside a
  region where a maximum matching built from scratch does much work: a player
  that recomputes a maximum matching before every move runs out of time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from gamecert.solvers.maze.solver import MAZE_LIMIT, maze_game, parse_maze
from gamecert.verify.engine.problem import TestCase, Unseen, slug
from gamecert.verify.maze.contest import SAMPLE, board_text, labyrinth, random_board, serpentine, spiral
from gamecert.verify.uvg.contest import UvgInteractive

Cell = tuple[int, int]
_CLASSES = {"small": (3, 5, 8), "judge": (3, 5, 10, 30, 60, MAZE_LIMIT)}
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # up, down, left, right


def jury_input(rows: list[str], start: Cell) -> str:
    """The jury's input: the board, then the start cell (1-based)."""
    return board_text(rows) + f"{start[0]} {start[1]}\n"


def second_wins(rows: list[str]) -> set[Cell]:
    """The free cells (1-based) from which the player to move loses: SECOND wins there (AA's winning cells)."""
    return {(int(r), int(c)) for r, c in maze_game(parse_maze(board_text(rows))).winning_cells}


def free_cells(rows: list[str]) -> list[Cell]:
    return [(r + 1, c + 1) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]


def rooms(rng: random.Random, count: int, side: int) -> list[str]:
    """``count`` x ``count`` open rooms of ``side`` x ``side`` cells, walls one cell thick, adjacent rooms joined
    by one door cell along a random spanning tree, plus one extra door in four.

    >>> rooms(random.Random(1), 2, 2)  # three doors: (1,3), (3,5), (5,3)
    ['.....', '..#..', '####.', '..#..', '.....']
    """
    n = count * (side + 1) - 1
    grid = [["#"] * n for _ in range(n)]
    for a in range(count):
        for b in range(count):
            for r in range(side):
                for c in range(side):
                    grid[a * (side + 1) + r][b * (side + 1) + c] = "."
    doors = [
        ((a, b), (a + da, b + db))
        for a in range(count)
        for b in range(count)
        for da, db in ((0, 1), (1, 0))
        if a + da < count and b + db < count
    ]
    rng.shuffle(doors)
    root = list(range(count * count))

    def find(x: int) -> int:
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    for (a, b), (c, d) in doors:
        x, y = find(a * count + b), find(c * count + d)
        if x == y and rng.random() >= 0.25:
            continue
        root[x] = y
        k = rng.randrange(side)
        if c > a:  # the wall row below room (a, b)
            grid[a * (side + 1) + side][b * (side + 1) + k] = "."
        else:
            grid[a * (side + 1) + k][b * (side + 1) + side] = "."
    return ["".join(row) for row in grid]


def corridor_beside_blob(rng: random.Random, colour: int) -> list[str]:
    """A 100x100 board: a serpentine corridor on the top 50 rows (games of about 2,500 moves from its end),
    a wall row, and an open region below with a tenth of its cells of ``colour`` (by row + column parity) walled.

    The region is far from the game, but one colour outnumbers the other there by about 240 cells: a
    matching built from scratch by searching from the cells of the larger colour fails about 240 times,
    each failure exploring the region, before every move.
    """
    top = serpentine(MAZE_LIMIT // 2, MAZE_LIMIT)
    rest = range(MAZE_LIMIT // 2 + 1, MAZE_LIMIT)
    blob = [
        "".join("#" if (r + c) % 2 == colour and rng.random() < 0.1 else "." for c in range(MAZE_LIMIT)) for r in rest
    ]
    return top + ["#" * MAZE_LIMIT] + blob


def greedy_move(rows: list[str], visited: set[Cell], token: Cell) -> Cell | None:
    """The greedy player's move: the free unvisited neighbour with the fewest free unvisited neighbours of its
    own (the token's cell not counted), ties in the order up, down, left, right; None without a move.

    >>> greedy_move(["...", ".#."], set(), (1, 2))
    (1, 1)
    """
    n, m = len(rows), len(rows[0])

    def moves(cell: Cell, gone: set[Cell]) -> list[Cell]:
        r, c = cell
        return [
            (r + dr, c + dc)
            for dr, dc in _STEPS
            if 1 <= r + dr <= n
            and 1 <= c + dc <= m
            and rows[r + dr - 1][c + dc - 1] == "."
            and (r + dr, c + dc) not in gone
        ]

    gone = visited | {token}
    options = moves(token, gone)
    return min(options, key=lambda cell: len(moves(cell, gone)), default=None)


class MazeInteractive(UvgInteractive):
    """The interactive maze game: the judges' board with two starts as samples, then the secret groups."""

    game = "maze"
    title = "Maze Game (interactive)"
    source = "JSOI 2009, interactive version by gamecert"
    no_move = "0 0"
    groups = (
        ("roles", "random boards of every size class, one start won by each role per board"),
        ("corridors", "one-cell-wide corridors: straight, serpentine, spiral; starts at their ends and middles"),
        ("rooms", "square rooms joined by single door cells"),
        (
            "anti-greedy",
            "starts won by FIRST from which the move to the neighbour with the fewest free neighbours loses",
        ),
        ("max", "boards of the judge's full size: open boards and labyrinths"),
        (
            "heavy",
            "100x100 boards with games of thousands of moves beside a region where matching from scratch is slow",
        ),
    )
    sample_note = "the judges' published board, with a start won by each role"

    def position(self, text: str) -> str:
        return text[: text.rstrip("\n").rfind("\n") + 1]

    def _start_cell(self, text: str) -> Cell:
        r, c = text.rstrip("\n").rsplit("\n", 1)[1].split()
        return int(r), int(c)

    def start(self, text: str) -> str:
        return "{},{}".format(*self._start_cell(text))

    def first_wins(self, text: str, answer: str) -> bool:
        # The certified answer lists AA's winning cells: those the player to move loses from.
        return "{} {}".format(*self._start_cell(text)) not in answer.splitlines()[1:]

    def stress_test(self, text: str, rng: random.Random) -> str | None:
        """The stress case's board and one of its free cells, drawn by ``rng``.

        >>> PROBLEM.stress_test("1 3\\n#.#\\n", random.Random(0)), PROBLEM.stress_test("1 1\\n#\\n", random.Random(0))
        ('1 3\\n#.#\\n1 2\\n', None)
        """
        lines = text.split("\n")
        rows = lines[1 : 1 + int(lines[0].split()[0])]
        cells = free_cells(rows)
        return jury_input(rows, rng.choice(cells)) if cells else None

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        rng = random.Random(f"maze interactive {size} {seed}")
        classes = _CLASSES[size]
        top = classes[-1]
        fresh = Unseen()
        sample = SAMPLE.splitlines()[1:]
        for start, role in (((2, 2), "FIRST"), ((2, 3), "SECOND")):
            text = jury_input(sample, start)
            fresh(text)
            yield TestCase("sample", f"judge-board-{role.lower()}", text, f"the judges' board, won by {role}")

        def both_roles(group: str, name: str, rows: list[str], why: str) -> Iterator[TestCase]:
            second = second_wins(rows)
            cells = free_cells(rows)
            for role, pool in (("first", [c for c in cells if c not in second]), ("second", sorted(second))):
                if pool:
                    start = rng.choice(pool)
                    text = jury_input(rows, start)
                    if fresh(text):
                        yield TestCase(group, f"{slug(name)}-{role}", text, f"{why}, won by {role.upper()}")

        for s in classes:
            for walls in (0.15, 0.35):
                n, m = rng.randint(max(2, s // 2), s), rng.randint(max(2, s // 2), s)
                yield from both_roles(
                    "roles",
                    f"random {n}x{m} w{int(walls * 100)}",
                    random_board(rng, n, m, walls),
                    f"random {n}x{m}, {walls:.0%} walls",
                )
        side = 20 if size == "small" else top
        corridors = (
            (f"corridor 1x{side}", ["." * side]),
            (f"corridor {side - 1}x1", ["."] * (side - 1)),
            (f"serpentine {side}x{side}", serpentine(side, side)),
            (f"spiral {side - 1}x{side}", spiral(side - 1, side)),
        )
        for name, rows in corridors:
            cells = free_cells(rows)
            for where, start in (
                ("end", cells[0]),
                ("middle", cells[len(cells) // 2]),
                ("middle2", cells[len(cells) // 2 + 1]),
            ):
                text = jury_input(rows, start)
                if fresh(text):
                    yield TestCase("corridors", f"{slug(name)}-{where}", text, f"{name}, start at its {where}")
        for count, room in ((2, 2), (3, 3)) if size == "small" else ((2, 3), (3, 4), (5, 5), (10, 9), (20, 4)):
            yield from both_roles(
                "rooms",
                f"rooms {count}x{count} of {room}",
                rooms(rng, count, room),
                f"{count}x{count} rooms of {room}x{room} cells, single-cell doors",
            )
        yield from self._anti_greedy(rng, fresh, 4 if size == "small" else 8, classes)
        full = MAZE_LIMIT
        big = [(f"labyrinth {full}x{full}", labyrinth(rng, full, full))]
        if size == "judge":
            big += [
                (f"open {full - 1}x{full - 1}", ["." * (full - 1)] * (full - 1)),
                (f"labyrinth {full - 1}x{full}", labyrinth(rng, full - 1, full)),
                (f"random {full}x{full} w25", random_board(rng, full, full, 0.25)),
            ]
        for name, rows in big:
            yield from both_roles("max", name, rows, f"maximum size: {name}")
        heavy = [(f"corridor beside blob {colour}", corridor_beside_blob(rng, colour), None) for colour in (0, 1)]
        if size == "judge":
            heavy += [
                (f"open {full}x{full}", ["." * full] * full, (1, 1)),
                (f"serpentine {full}x{full}", serpentine(full, full), (1, 1)),
            ]
        for name, rows, start in heavy:
            start = start or free_cells(rows)[0]
            text = jury_input(rows, start)
            if fresh(text):
                yield TestCase("heavy", f"{slug(name)}-{start[0]}-{start[1]}", text, f"long games: {name}")

    def _anti_greedy(
        self, rng: random.Random, fresh: Unseen, want: int, classes: tuple[int, ...]
    ) -> Iterator[TestCase]:
        """Starts won by FIRST whose greedy first move loses, on random boards (search)."""
        found = tries = 0
        while found < want and tries < 5000:
            tries += 1
            s = classes[1 + found % (len(classes) - 1)]
            n, m = rng.randint(2, s), rng.randint(2, s)
            rows = random_board(rng, n, m, rng.choice((0.1, 0.25, 0.4)))
            second = second_wins(rows)
            starts = [c for c in free_cells(rows) if c not in second]
            if not starts:
                continue
            start = rng.choice(starts)
            move = greedy_move(rows, set(), start)
            if move is None:
                continue
            gone = [
                row[: start[1] - 1] + "#" + row[start[1] :] if i == start[0] - 1 else row for i, row in enumerate(rows)
            ]
            if move in second_wins(gone):
                continue  # the jury, to move at the greedy cell, would lose: the greedy move wins
            text = jury_input(rows, start)
            if fresh(text):
                found += 1
                yield TestCase(
                    "anti-greedy", f"greedy-{n}x{m}-{found}", text, "won by FIRST; the greedy first move loses"
                )


#: The problem, as the game's :class:`~gamecert.verify.capabilities.InteractiveContest` capability returns it.
PROBLEM = MazeInteractive()
