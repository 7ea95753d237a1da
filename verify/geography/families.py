"""Graph families for undirected vertex geography on general graphs (nested blossoms).

Each returns ``(n, edges)`` with vertices ``0..n-1``; the blossom solver's
hardest inputs, used by the case writer, the stress generator and the benchmarks.
"""

from __future__ import annotations


def tower(k: int) -> tuple[int, list[tuple[int, int]]]:
    """Triangles glued edge to edge (the square of a path): blossoms nest ``k`` deep."""
    edges = [(0, 1), (1, 2), (2, 0)]
    cur = 3
    for _ in range(k):
        edges += [(cur - 1, cur), (cur, cur + 1), (cur + 1, cur - 2)]
        cur += 2
    return cur, edges


def double_tower(k: int) -> tuple[int, list[tuple[int, int]]]:
    """Two towers whose tops are joined through one extra vertex."""
    n, edges = tower(k)
    return 2 * n + 1, edges + [(u + n, v + n) for u, v in edges] + [(n - 1, 2 * n), (2 * n, 2 * n - 1)]


def flower(petals: int, depth: int) -> tuple[int, list[tuple[int, int]]]:
    """A hub (vertex 0) with petals, each a chain of ``depth`` nested triangles."""
    edges = []
    cur = 1
    for _ in range(petals):
        attach = 0
        for _ in range(depth):
            edges += [(attach, cur), (cur, cur + 1), (cur + 1, attach)]
            attach = cur + 1
            cur += 2
    return cur, edges
