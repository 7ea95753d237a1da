"""MADMAX (Codeforces 917B / 918D): two marbles on a lettered DAG; each round's letter may not go down.

A rules file for gamecert (docs/rules.md), of the general kind, in the
judge's whole-input form. A directed acyclic graph has a lowercase letter
on each edge. Max has a marble on vertex i, Lucas one on vertex j (they may
share a vertex). Max moves first and the players alternate; a move takes the
mover's own marble along an edge, and the letter of each round must be at
least the letter of the round before (letters compare alphabetically; the
first round may use any letter). The player who cannot move loses.

Input (the judge's): ``n m`` (2 <= n <= 100), then m lines ``v u c``, an
edge from v to u with letter c. Output: n lines of n characters, the j-th of
the i-th line ``A`` when Max wins with the marbles on i and j, else ``B``.
The problem's first sample, 4 vertices and edges ``1 2 b``, ``1 3 a``,
``2 4 c``, ``3 4 b``, answers ``BAAA / ABAA / BBBA / BBBB``.

The game is the same for both players, so a position needs no name of the
mover: it is ``(graph, mine, theirs, letter)``, the graph as canonical text
(one string object shared by every position), the mover's marble, the
other's, and the least letter the mover may play.

    gamecert solve --rules examples/madmax.py INPUT
"""

from functools import cache

KIND = "general"


def parse(text):
    """The instance: the canonical text ``"n|v u c,v u c,..."`` of the graph (edges in input order)."""
    rows = [line.split() for line in text.splitlines() if line.strip()]
    if not rows or len(rows[0]) != 2 or not all(w.isdigit() for w in rows[0]):
        raise ValueError("expected the first line to be n m")
    n, m = map(int, rows[0])
    if len(rows) != m + 1:
        raise ValueError(f"expected {m} edges after the first line, got {len(rows) - 1}")
    edges = []
    for number, row in enumerate(rows[1:], 2):
        ok = len(row) == 3 and row[0].isdigit() and row[1].isdigit() and len(row[2]) == 1 and row[2].islower()
        if not ok or not (1 <= int(row[0]) <= n and 1 <= int(row[1]) <= n):
            raise ValueError(
                f"line {number}: expected an edge v u c (vertices 1..{n}, c a lowercase letter), got {' '.join(row)!r}"
            )
        edges.append(f"{int(row[0])} {int(row[1])} {row[2]}")
    _acyclic(n, [tuple(map(int, edge.split()[:2])) for edge in edges])
    return f"{n}|{','.join(edges)}"


def _acyclic(n, edges):
    """Raise unless the graph is acyclic (the judge's promise): remove vertices with no edge in, until none is left."""
    into = [0] * (n + 1)
    out = [[] for _ in range(n + 1)]
    for v, u in edges:
        into[u] += 1
        out[v].append(u)
    free = [v for v in range(1, n + 1) if into[v] == 0]
    removed = 0
    while free:
        v = free.pop()
        removed += 1
        for u in out[v]:
            into[u] -= 1
            if into[u] == 0:
                free.append(u)
    if removed < n:
        raise ValueError("expected an acyclic graph, got a cycle")


@cache
def _graph(graph):
    n, edges = graph.split("|")
    out = [[] for _ in range(int(n) + 1)]
    for edge in edges.split(",") if edges else []:
        v, u, c = edge.split()
        out[int(v)].append((c, int(u)))
    return int(n), tuple(tuple(sorted(near)) for near in out)


def starts(graph):
    """Max on i and Lucas on j, for every i and then every j (the judge's grid in reading order)."""
    n, _ = _graph(graph)
    return [(graph, i, j, "a") for i in range(1, n + 1) for j in range(1, n + 1)]


def moves(position):
    """Move the mover's marble along an edge whose letter is at least the last round's; then the other moves."""
    graph, mine, theirs, letter = position
    _, out = _graph(graph)
    return [(graph, theirs, u, c) for c, u in out[mine] if c >= letter]


def output(graph, answers):
    """The n x n grid of ``A`` (Max, the player to move at each start, wins) and ``B``."""
    n, _ = _graph(graph)
    cells = ["A" if outcome == "win" else "B" for outcome, _ in answers]
    return "".join("".join(cells[i * n : (i + 1) * n]) + "\n" for i in range(n))


def format(position):
    """A position as messages and pictures show it: the marbles (the mover's first) and the least letter."""
    _, mine, theirs, letter = position
    return f"mover on {mine}, other on {theirs}, letter >= {letter}"
