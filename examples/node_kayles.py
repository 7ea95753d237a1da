"""Node Kayles on small graphs: a move takes a vertex away together with all its neighbours.

A rules file for gamecert (docs/rules.md). One input line is one graph:
the number of vertices n (named 1..n), then its edges ``u-v``, e.g.
``4 1-2 2-3 3-4`` is the path on four vertices and ``3`` three lone
vertices. A move picks a remaining vertex and removes it and its neighbours;
the player who removes the last vertex wins (normal play).

A position is the graph that is left, as ``(n, edges)``: its vertices
renamed 1..n in their old order and its edges as sorted pairs, so the same
graph reached two ways is one position. Removing vertices can cut the graph
apart, and the parts are independent games: ``components`` gives the
connected components.

On a path of n vertices this is Dawson's Chess (octal 0.137), OEIS A002187;
on a complete graph every move ends the game (value 1).

    gamecert solve --rules examples/node_kayles.py INPUT
"""

NAME = "node-kayles"


def parse(line):
    """``"n u-v u-v ..."``: n vertices named 1..n, then edges; repeated edges are one edge."""
    words = line.split()
    if not words or not words[0].isdigit():
        raise ValueError("expected the number of vertices, then edges u-v")
    n = int(words[0])
    edges = set()
    for word in words[1:]:
        u, dash, v = word.partition("-")
        if not dash or not u.isdigit() or not v.isdigit():
            raise ValueError(f"expected an edge u-v, got {word!r}")
        u, v = int(u), int(v)
        if not (1 <= u <= n and 1 <= v <= n) or u == v:
            raise ValueError(f"expected an edge between two different vertices of 1..{n}, got {word!r}")
        edges.add((min(u, v), max(u, v)))
    return (n, tuple(sorted(edges)))


def _induced(position, keep):
    """The graph on the vertices ``keep`` (a set), renamed 1..k in their old order."""
    _, edges = position
    name = {v: i + 1 for i, v in enumerate(sorted(keep))}
    kept = sorted((name[u], name[v]) for u, v in edges if u in name and v in name)
    return (len(name), tuple(kept))


def _neighbours(position):
    n, edges = position
    adjacent = {v: {v} for v in range(1, n + 1)}  # closed neighbourhoods: a vertex and its neighbours
    for u, v in edges:
        adjacent[u].add(v)
        adjacent[v].add(u)
    return adjacent


def moves(position):
    """Remove a vertex and its neighbours."""
    n = position[0]
    for closed in _neighbours(position).values():
        yield _induced(position, set(range(1, n + 1)) - closed)


def components(position):
    """The connected components, each renamed 1..k (found by an explicit-stack search)."""
    adjacent = _neighbours(position)
    seen, parts = set(), []
    for start in adjacent:
        if start in seen:
            continue
        part, stack = {start}, [start]
        seen.add(start)
        while stack:
            for w in adjacent[stack.pop()]:
                if w not in seen:
                    seen.add(w)
                    part.add(w)
                    stack.append(w)
        parts.append(_induced(position, part))
    return parts


def positions(size):
    """Every graph on ``size`` vertices named 1..size (2 ** (size * (size - 1) / 2) of them)."""
    pairs = [(u, v) for u in range(1, size + 1) for v in range(u + 1, size + 1)]
    return [(size, tuple(p for i, p in enumerate(pairs) if mask >> i & 1)) for mask in range(1 << len(pairs))]


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    n, edges = position
    return " ".join([str(n)] + [f"{u}-{v}" for u, v in edges])
