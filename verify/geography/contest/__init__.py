"""Undirected vertex geography as a contest problem, with limits of our own: ``gamecert package geography``.

The contest version reads a simple graph (no self-loops, no repeated edges)
with 1 <= n <= 2000 vertices and 0 <= m <= 20000 edges. No judge has
published samples for it; the samples are small graphs certified like every
other case. Secret groups: ``edge`` (the stress generator's edge families,
simple graphs only), ``max`` (2000 vertices or 20000 edges: no edges, paths,
odd cycles, complete graphs, dense random graphs), ``random`` (random graphs
of every size class), ``blossoms`` (odd cycles and nested blossoms: towers of
triangles, flowers, odd rings of cliques, where a bipartite matcher or a
greedy matching goes wrong) and ``heavy`` (the graphs on which Edmonds'
algorithm did the most work when measured: blossom families and sparse
random graphs with shuffled vertex numbers, which defeat a greedy start).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from gamecert.verify.engine.problem import ContestProblem, TestCase, Unseen, edge_group, slug
from gamecert.verify.geography import generator
from gamecert.verify.geography.families import double_tower, flower, tower

MAX_VERTICES = 2000
MAX_EDGES = 20_000
SAMPLES = (
    ("triangle with a tail", 5, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]),
    ("path of four", 4, [(0, 1), (1, 2), (2, 3)]),
    ("star with three leaves", 4, [(0, 1), (0, 2), (0, 3)]),
)
_CLASSES = {"small": (2, 4, 30), "judge": (2, 5, 10, 50, 200, 1000, MAX_VERTICES)}
Edges = list[tuple[int, int]]


def graph_text(n: int, edges: Edges) -> str:
    """Judge input (1-based) of a graph given with vertices 0..n-1."""
    return f"{n} {len(edges)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges)


def is_simple(text: str) -> bool:
    """Whether an edge-list input is within the contest's limits: 1 <= n, simple, m <= MAX_EDGES.

    >>> is_simple("3 2\\n1 2\\n2 3\\n"), is_simple("3 2\\n1 2\\n2 1\\n"), is_simple("2 1\\n1 1\\n")
    (True, False, False)
    """
    tok = text.split()
    n, m = int(tok[0]), int(tok[1])
    pairs = {tuple(sorted((int(tok[2 + 2 * i]), int(tok[3 + 2 * i])))) for i in range(m)}
    return 1 <= n <= MAX_VERTICES and m <= MAX_EDGES and len(pairs) == m and all(u != v for u, v in pairs)


def random_graph(rng: random.Random, n: int, m: int) -> Edges:
    """m distinct edges chosen uniformly (m at most n(n-1)/2), in random order."""
    m = min(m, n * (n - 1) // 2)
    chosen: set[tuple[int, int]] = set()
    while len(chosen) < m:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            chosen.add((min(u, v), max(u, v)))
    edges = sorted(chosen)
    rng.shuffle(edges)
    return edges


def shuffled(rng: random.Random, n: int, edges: Edges) -> Edges:
    """The same graph with its vertices renumbered at random."""
    perm = list(range(n))
    rng.shuffle(perm)
    return [(perm[u], perm[v]) for u, v in edges]


def ring_of_cliques(count: int, size: int) -> tuple[int, Edges]:
    """``count`` cliques of ``size`` vertices, each joined to the next by one edge, in a ring."""
    edges = []
    for c in range(count):
        base = c * size
        edges += [(base + i, base + j) for i in range(size) for j in range(i + 1, size)]
        edges.append((base + size - 1, ((c + 1) % count) * size))
    return count * size, edges


class GeographyProblem(ContestProblem):
    """Undirected vertex geography as ``gamecert package geography`` writes it: three certified samples and
    the secret groups, on simple graphs of at most :data:`MAX_VERTICES` vertices and :data:`MAX_EDGES` edges."""

    game = "geography"
    title = "Vertex Geography"
    source = "gamecert"
    groups = (
        ("edge", "edge families of the stress generator (simple graphs) at every size class"),
        (
            "max",
            f"{MAX_VERTICES} vertices or up to {MAX_EDGES} edges: no edges, path, odd cycle, complete and random graphs",
        ),
        ("random", "random graphs of every size class and density"),
        ("blossoms", "odd cycles and nested blossoms: towers, flowers, rings of cliques"),
        (
            "heavy",
            "graphs where Edmonds' algorithm did the most work when measured (shuffled blossom families, sparse random)",
        ),
    )
    sample_note = (
        "no judge has published samples for this problem: the samples are three small graphs of ours, "
        "certified like the rest"
    )

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        """The geography package: three small certified samples, then the secret groups."""
        rng = random.Random(f"geography {size} {seed}")
        classes = _CLASSES[size]
        top = classes[-1]
        fresh = Unseen(admits=is_simple)
        for name, n, edges in SAMPLES:
            text = graph_text(n, edges)
            fresh(text)
            yield TestCase("sample", slug(name), text, f"sample (ours, no judge published one): {name}")
        yield from edge_group(fresh, generator.edge_cases, classes if size == "judge" else classes[:-1])
        big = [
            (f"{top} isolated vertices", top, []),
            (f"path {top}", top, [(i, i + 1) for i in range(top - 1)]),
            (f"odd cycle {top - 1}", top - 1, [(i, (i + 1) % (top - 1)) for i in range(top - 1)]),
            (f"random {top} vertices {MAX_EDGES} edges", top, random_graph(rng, top, MAX_EDGES)),
            (f"random {top - 1} vertices {top} edges", top - 1, random_graph(rng, top - 1, top)),
        ]
        k = 200 if size == "judge" else 20  # K_200 has 19,900 edges
        big += [
            (f"complete {k}", k, [(i, j) for i in range(k) for j in range(i + 1, k)]),
            (f"complete {k - 1}", k - 1, [(i, j) for i in range(k - 1) for j in range(i + 1, k - 1)]),
        ]
        for name, n, edges in big:
            text = graph_text(n, edges)
            if fresh(text):
                yield TestCase("max", slug(name), text, f"maximum size: {name}")
        for s in classes:
            for density in (0.5, 1.0, 2.0, 5.0):
                n = rng.randint(max(1, s // 2), s)
                edges = random_graph(rng, n, int(density * n))
                text = graph_text(n, edges)
                if fresh(text):
                    yield TestCase(
                        "random", f"random-{n}-{len(edges)}", text, f"random graph, {n} vertices, {len(edges)} edges"
                    )
        depth = (top - 3) // 2
        blossoms = [
            (f"tower of {depth} triangles", *tower(depth)),
            (f"double tower {depth // 2}", *double_tower(depth // 2)),
            (f"flower 4 petals depth {depth // 4}", *flower(4, depth // 4)),
            (f"flower {depth // 2} petals depth 1", *flower(depth // 2, 1)),
            ("ring of 7 triangles", *ring_of_cliques(7, 3)),
            (f"ring of {top // 5} 5-cliques", *ring_of_cliques(top // 5, 5)),
        ]
        for name, n, edges in blossoms:
            text = graph_text(n, edges)
            if fresh(text):
                yield TestCase("blossoms", slug(name), text, f"odd cycles: {name}")
        # Judge-size even in a small package: matching from scratch per vertex must show its cost.
        depth = (MAX_VERTICES - 3) // 2
        heavy = [
            (f"flower 4 petals depth {depth // 4}, shuffled", *flower(4, depth // 4)),
            (f"tower of {depth} triangles, shuffled", *tower(depth)),
            (
                f"random {MAX_VERTICES} vertices {3 * MAX_VERTICES} edges",
                MAX_VERTICES,
                random_graph(rng, MAX_VERTICES, 3 * MAX_VERTICES),
            ),
        ]
        for name, n, edges in heavy if size == "judge" else heavy[:1]:
            text = graph_text(n, shuffled(rng, n, edges))
            if fresh(text):
                yield TestCase("heavy", slug(name), text, f"blossom-search heavy: {name}")


#: The problem, as the game's :class:`~gamecert.verify.capabilities.Contest` capability returns it.
PROBLEM = GeographyProblem()
