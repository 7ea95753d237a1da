"""Col on small graphs: the players colour vertices, Left blue and Right red; two neighbours never share a colour.

A partizan rules file for gamecert (docs/partizan.md). One input line is one
graph: the number of vertices n (named 1..n), then its edges ``u-v``, e.g.
``4 1-2 2-3 3-4`` is the path on four vertices; a word ``v:L`` or ``v:R`` says
that only that colour is still allowed on vertex v (how positions are written
back). A move colours an uncoloured
vertex with the mover's colour, which is allowed only where no neighbour has
that colour. The player who cannot move loses.

A coloured vertex only forbids its colour to its neighbours, so a position is
what is left uncoloured: each vertex with the colours still allowed on it
(``LR``, ``L`` or ``R``; a vertex allowing neither is gone) and the edges
among them. The uncoloured vertices fall apart into connected parts, the
``components``.

    gamecert solve --rules examples/col.py INPUT
"""

KIND = "partizan"

#: The colour a move by Left or Right forbids on the mover's neighbours: Col forbids the mover's own.
FORBIDS = {"L": "L", "R": "R"}


def parse(line):
    """``"n u-v u-v ... v:L ..."``: n uncoloured vertices named 1..n, then edges and allowed colours."""
    words = line.split()
    if not words or not words[0].isdigit():
        raise ValueError("expected the number of vertices, then edges u-v")
    n = int(words[0])
    edges, allowed = set(), {v: "LR" for v in range(1, n + 1)}
    for word in words[1:]:
        v, colon, colour = word.partition(":")
        if colon:
            if not v.isdigit() or not 1 <= int(v) <= n or colour not in ("L", "R"):
                raise ValueError(f"expected v:L or v:R for a vertex v of 1..{n}, got {word!r}")
            allowed[int(v)] = colour
            continue
        u, dash, v = word.partition("-")
        if not dash or not u.isdigit() or not v.isdigit() or not (1 <= int(u) <= n and 1 <= int(v) <= n) or u == v:
            raise ValueError(f"expected an edge u-v between two different vertices of 1..{n}, got {word!r}")
        edges.add((min(int(u), int(v)), max(int(u), int(v))))
    return _graph(allowed, edges)


def _graph(allowed, edges):
    """``(allowed colours per vertex, edges)`` with its vertices renamed 1..k in their old order."""
    keep = sorted(v for v, a in allowed.items() if a)
    name = {v: i + 1 for i, v in enumerate(keep)}
    kept = sorted({(name[u], name[v]) for u, v in edges if u in name and v in name})
    return (tuple(allowed[v] for v in keep), tuple(kept))


def _moves(position, colour):
    allowed, edges = position
    out = []
    for v, colours in enumerate(allowed, 1):
        if colour not in colours:
            continue
        after = {u: a for u, a in enumerate(allowed, 1) if u != v}
        for a, b in edges:
            if v in (a, b):
                w = b if a == v else a
                after[w] = after[w].replace(FORBIDS[colour], "")
        out.append(_graph(after, [e for e in edges if v not in e]))
    return out


def left(position):
    """Left colours a vertex blue."""
    return _moves(position, "L")


def right(position):
    """Right colours a vertex red."""
    return _moves(position, "R")


def components(position):
    """The connected parts of the uncoloured vertices."""
    allowed, edges = position
    parent = list(range(len(allowed) + 1))

    def root(v):
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for a, b in edges:
        parent[root(a)] = root(b)
    groups = {}
    for v in range(1, len(allowed) + 1):
        groups.setdefault(root(v), set()).add(v)
    return sorted(
        _graph({v: allowed[v - 1] for v in group}, [e for e in edges if e[0] in group]) for group in groups.values()
    )


def format(position):
    allowed, edges = position
    words = [str(len(allowed))] + [f"{a}-{b}" for a, b in edges]
    return " ".join(words + [f"{v}:{a}" for v, a in enumerate(allowed, 1) if a != "LR"])


def positions(size):
    """The path and the cycle on ``size`` vertices."""
    path = " ".join(f"{v}-{v + 1}" for v in range(1, size))
    cycle = path + (f" 1-{size}" if size > 2 else "")
    return sorted({parse(f"{size} {path}"), parse(f"{size} {cycle}")})
