"""Undirected vertex geography as an interactive problem: ``gamecert package geography --interactive``.

A test is a simple graph and a start vertex (the jury's input format: ``n m``,
the m edges ``u v``, then the start ``s``; the limits of the non-interactive
problem: 1 <= n <= 2000, 0 <= m <= 20000, vertices 1..n, no self-loop, no
edge twice). The contestant picks the role that wins from the start and must
then win against a jury that plays the certified strategy whenever it can
(``uvg_jury.hpp``); moves are vertex numbers and the jury writes ``0`` when it
cannot move. Secret groups:

- ``roles``: random graphs of every size class, one start won by each role;
- ``blossoms``: odd cycles and nested blossoms (towers, flowers, rings of
  cliques), one start won by each role: a matching that ignores blossoms
  picks wrong roles and moves there;
- ``paths``: paths, cycles and caterpillars: long forced games;
- ``anti-greedy``: starts won by FIRST from which the greedy move (to the
  neighbour with the fewest unvisited neighbours, ties to the lowest number)
  loses, found by search;
- ``max``: graphs of 2000 vertices or up to 20000 edges;
- ``heavy``: a long path beside a dense unbalanced random bipartite block,
  vertex numbers shuffled: a player that recomputes a maximum matching before
  every move fails hundreds of searches through the block each time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from gamecert.solvers.geography.solver import geography_game, parse_geography
from gamecert.verify.engine.problem import TestCase, Unseen, slug
from gamecert.verify.geography.contest import (
    MAX_EDGES,
    MAX_VERTICES,
    SAMPLES,
    Edges,
    graph_text,
    random_graph,
    ring_of_cliques,
    shuffled,
)
from gamecert.verify.geography.families import flower, tower
from gamecert.verify.uvg.contest import UvgInteractive

_CLASSES = {"small": (4, 8, 30), "judge": (4, 8, 30, 200, 1000, MAX_VERTICES)}


def jury_input(n: int, edges: Edges, start: int) -> str:
    """The jury's input: the graph (vertices 0..n-1 written 1..n), then the start (0-based, written 1-based)."""
    return graph_text(n, edges) + f"{start + 1}\n"


def second_wins(n: int, edges: Edges) -> set[int]:
    """The vertices (0-based) from which the player to move loses: SECOND wins there."""
    loses = geography_game(parse_geography(graph_text(n, edges))).loses
    return {v for v in range(n) if loses[v]}


def greedy_move(n: int, edges: Edges, visited: set[int], token: int) -> int | None:
    """The greedy player's move: the unvisited neighbour with the fewest unvisited neighbours of its own (the
    token not counted), ties to the lowest number; None without a move.

    >>> greedy_move(4, [(0, 1), (0, 2), (2, 3)], set(), 0)
    1
    """
    adj: list[set[int]] = [set() for _ in range(n)]
    for u, v in edges:
        adj[u].add(v)
        adj[v].add(u)
    gone = visited | {token}
    options = sorted(w for w in adj[token] if w not in gone)
    return min(options, key=lambda w: len(adj[w] - gone), default=None)


def caterpillar(rng: random.Random, spine: int) -> tuple[int, Edges]:
    """A path of ``spine`` vertices, each with a leaf of probability one half."""
    edges = [(i, i + 1) for i in range(spine - 1)]
    n = spine
    for i in range(spine):
        if rng.random() < 0.5:
            edges.append((i, n))
            n += 1
    return n, edges


def path_beside_block(rng: random.Random, length: int, small: int, large: int, edges: int) -> tuple[int, Edges]:
    """A path of ``length`` vertices and, apart, ``edges`` random edges between ``small`` and ``large``
    vertices (``small`` < ``large``): at least ``large - small`` block vertices stay unmatched, and the
    alternating tree from each of them reaches most of the block."""
    path = [(i, i + 1) for i in range(length - 1)]
    block: set[tuple[int, int]] = set()
    while len(block) < edges:
        block.add((length + rng.randrange(small), length + small + rng.randrange(large)))
    out = path + sorted(block)
    rng.shuffle(out)
    return length + small + large, out


class GeographyInteractive(UvgInteractive):
    """Interactive vertex geography: three certified samples, then the secret groups."""

    game = "geography"
    title = "Vertex Geography (interactive)"
    source = "gamecert"
    no_move = "0"
    groups = (
        ("roles", "random graphs of every size class, one start won by each role per graph"),
        ("blossoms", "odd cycles and nested blossoms: towers, flowers, rings of cliques; a start won by each role"),
        ("paths", "paths, odd and even cycles, caterpillars: long forced games"),
        ("anti-greedy", "starts won by FIRST from which the move to the neighbour with the fewest neighbours loses"),
        ("max", f"{MAX_VERTICES} vertices or up to {MAX_EDGES} edges"),
        ("heavy", "a long path beside a dense unbalanced bipartite block, vertex numbers shuffled"),
    )
    sample_note = "no judge has published samples: a small graph of ours with a start won by each role"

    def position(self, text: str) -> str:
        return text[: text.rstrip("\n").rfind("\n") + 1]

    def start(self, text: str) -> str:
        return text.rstrip("\n").rsplit("\n", 1)[1].strip()

    def first_wins(self, text: str, answer: str) -> bool:
        return f"{self.start(text)} win" in answer.splitlines()

    def stress_test(self, text: str, rng: random.Random) -> str | None:
        """The stress case's graph made simple (self-loops and repeated edges dropped: the test's limits) and
        one of its vertices, drawn by ``rng``; ``None`` for the empty graph.

        >>> PROBLEM.stress_test("2 3\\n1 2\\n2 1\\n2 2\\n", random.Random(0))
        '2 1\\n1 2\\n2\\n'
        """
        numbers = [int(t) for t in text.split()]
        n, m = numbers[0], numbers[1]
        edges: Edges = []
        seen = set()
        for i in range(m):
            u, v = numbers[2 + 2 * i] - 1, numbers[3 + 2 * i] - 1
            if u != v and (min(u, v), max(u, v)) not in seen:
                seen.add((min(u, v), max(u, v)))
                edges.append((u, v))
        return jury_input(n, edges, rng.randrange(n)) if n else None

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        rng = random.Random(f"geography interactive {size} {seed}")
        classes = _CLASSES[size]
        fresh = Unseen()

        def both_roles(group: str, name: str, n: int, edges: Edges, why: str) -> Iterator[TestCase]:
            second = second_wins(n, edges)
            for role, pool in (("first", [v for v in range(n) if v not in second]), ("second", sorted(second))):
                if pool:
                    text = jury_input(n, edges, rng.choice(pool))
                    if fresh(text):
                        yield TestCase(group, f"{slug(name)}-{role}", text, f"{why}, won by {role.upper()}")

        name, n, edges = SAMPLES[0]
        yield from both_roles("sample", name, n, edges, f"sample (ours): {name}")
        for s in classes:
            for density in (1.0, 2.5):
                n = rng.randint(max(2, s // 2), s)
                edges = random_graph(rng, n, int(density * n))
                yield from both_roles("roles", f"random {n} {len(edges)}", n, edges, f"random graph, {n} vertices")
        depth = 6 if size == "small" else (MAX_VERTICES - 3) // 2
        blossoms = [
            (f"tower of {depth} triangles", *tower(depth)),
            (f"flower 3 petals depth {max(1, depth // 3)}", *flower(3, max(1, depth // 3))),
            ("ring of 5 triangles", *ring_of_cliques(5, 3)),
            (f"ring of {max(3, depth // 5)} 5-cliques", *ring_of_cliques(max(3, depth // 5), 5)),
        ]
        for name, n, edges in blossoms:
            yield from both_roles("blossoms", f"{name} shuffled", n, shuffled(rng, n, edges), f"odd cycles: {name}")
        long = 30 if size == "small" else MAX_VERTICES
        paths = [
            (f"path {long}", long, [(i, i + 1) for i in range(long - 1)]),
            (f"cycle {long - 1}", long - 1, [(i, (i + 1) % (long - 1)) for i in range(long - 1)]),
            (f"caterpillar spine {long // 2}", *caterpillar(rng, long // 2)),
        ]
        for name, n, edges in paths:
            yield from both_roles("paths", name, n, shuffled(rng, n, edges), f"long games: {name}")
        yield from self._anti_greedy(rng, fresh, 4 if size == "small" else 8, classes)
        top = MAX_VERTICES
        big = [(f"random {top} vertices {MAX_EDGES} edges", top, random_graph(rng, top, MAX_EDGES))]
        if size == "judge":
            big += [
                ("complete 200", 200, [(i, j) for i in range(200) for j in range(i + 1, 200)]),
                ("complete 199", 199, [(i, j) for i in range(199) for j in range(i + 1, 199)]),
                (f"random {top} vertices {3 * top} edges", top, random_graph(rng, top, 3 * top)),
            ]
        for name, n, edges in big:
            yield from both_roles("max", name, n, edges, f"maximum size: {name}")
        heavy = [(1000, 300, 700, 18000)] if size == "small" else [(1000, 300, 700, 18000), (1200, 350, 450, 18000)]
        for length, small, large, count in heavy:
            n, edges = path_beside_block(rng, length, small, large, count)
            perm = list(range(n))
            rng.shuffle(perm)
            edges = [(perm[u], perm[v]) for u, v in edges]
            text = jury_input(n, edges, perm[0])  # one end of the path: the longest game
            if fresh(text):
                name = f"path {length} beside bipartite {small}+{large} with {count} edges"
                yield TestCase("heavy", slug(name), text, f"long game beside an unbalanced block: {name}")

    def _anti_greedy(
        self, rng: random.Random, fresh: Unseen, want: int, classes: tuple[int, ...]
    ) -> Iterator[TestCase]:
        """Starts won by FIRST whose greedy first move loses, on random graphs (search)."""
        found = tries = 0
        while found < want and tries < 5000:
            tries += 1
            n = rng.randint(4, classes[1 + found % (len(classes) - 1)])
            edges = random_graph(rng, n, int(n * rng.choice((1.0, 1.5, 2.5))))
            second = second_wins(n, edges)
            starts = [v for v in range(n) if v not in second]
            if not starts:
                continue
            start = rng.choice(starts)
            move = greedy_move(n, edges, set(), start)
            if move is None:
                continue
            # The jury, to move at the greedy vertex with the start gone, must win there.
            rest = [(u - (u > start), v - (v > start)) for u, v in edges if start not in (u, v)]
            if move - (move > start) in second_wins(n - 1, rest):
                continue
            text = jury_input(n, edges, start)
            if fresh(text):
                found += 1
                yield TestCase("anti-greedy", f"greedy-{n}-{found}", text, "won by FIRST; the greedy first move loses")


#: The problem, as the game's :class:`~gamecert.verify.capabilities.InteractiveContest` capability returns it.
PROBLEM = GeographyInteractive()
