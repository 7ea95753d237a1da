"""Cat and Mouse (LeetCode 913): a mouse runs for the hole, the cat chases it, on an undirected graph.

A rules file for gamecert (docs/rules.md), of the general kind. The mouse
starts on node 1 and moves first, the cat starts on node 2, the hole is node
0. In turn each must move along an edge of the graph; the cat may not enter
the hole. The mouse wins on reaching the hole; the cat wins on reaching the
mouse's node; a position repeated (the same nodes, the same player to move)
is a draw, so endless play is a draw (gamecert's rule for general games).

One input line is one graph as the judge gives it, the neighbours of each
node in order, ``[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]``, optionally
followed by the mouse's and the cat's nodes (``... 3 4``: a later position,
the mouse to move). The answer is the judge's: ``1`` when the mouse wins,
``2`` when the cat wins, ``0`` for a draw. The problem's examples: the graph
above answers ``0``, ``[[1,3],[0],[3],[0,2]]`` answers ``1``.

A position is ``(graph, mouse, cat, mover)``: the graph as canonical text
(one string object shared by every position, so hashing it is cheap), the
two nodes, and ``"mouse"`` or ``"cat"``.

    gamecert solve --rules examples/cat_and_mouse.py INPUT
"""

import json
from functools import cache
from itertools import combinations

KIND = "general"

#: The judge's word for the mouse's outcome (the mouse moves first: it is the player to move).
WORDS = {"win": "1", "lose": "2", "draw": "0"}


def parse(line):
    """The position of one input line: the graph, the mouse on 1 (or the given node), the cat on 2, the mouse to move."""
    text = line.strip()
    end = text.rfind("]") + 1
    try:
        graph = json.loads(text[:end])
        nodes = [int(word) for word in text[end:].split()]
    except ValueError:
        raise ValueError(
            f"expected a graph as lists of neighbours, [[1,2],[0],[0]], then optionally two nodes, got {line!r}"
        ) from None
    if not (isinstance(graph, list) and all(isinstance(near, list) for near in graph)):
        raise ValueError("expected the graph as a list of lists of neighbours")
    n = len(graph)
    for v, near in enumerate(graph):
        if not near or any(type(u) is not int or not 0 <= u < n or u == v or v not in graph[u] for u in near):
            raise ValueError(f"node {v}: expected one or more neighbours, each another node listing {v} back")
    mouse, cat = nodes if nodes else (1, 2)
    if len(nodes) not in (0, 2) or not (0 < mouse < n and 0 < cat < n and mouse != cat):
        raise ValueError(f"expected the mouse's and the cat's nodes, two different nodes from 1 to {n - 1}")
    return (json.dumps(graph, separators=(",", ":")), mouse, cat, "mouse")


@cache
def _neighbours(graph):
    return tuple(tuple(near) for near in json.loads(graph))


def result(position):
    """The mouse in the hole: the mouse has won; the mouse on the cat's node (either moved there): the cat has."""
    _, mouse, cat, mover = position
    if mouse == 0:
        return "win" if mover == "mouse" else "lose"
    if mouse == cat:
        return "win" if mover == "cat" else "lose"
    return None


def moves(position):
    """The mouse moves to a neighbour; the cat to a neighbour other than the hole."""
    graph, mouse, cat, mover = position
    near = _neighbours(graph)
    if mover == "mouse":
        return [(graph, u, cat, "cat") for u in near[mouse]]
    return [(graph, mouse, u, "mouse") for u in near[cat] if u != 0]


def answer(outcome, number):
    """The judge's word for the mouse, the player to move on every input line."""
    return WORDS[outcome]


def positions(size):
    """The start of every graph of ``size`` nodes (3 to 5) where every node has a neighbour and the cat can move."""
    pairs = list(combinations(range(size), 2))
    found = []
    for mask in range(1 << len(pairs)):
        near = [[] for _ in range(size)]
        for i, (a, b) in enumerate(pairs):
            if mask >> i & 1:
                near[a].append(b)
                near[b].append(a)
        if size >= 3 and all(near) and any(u != 0 for u in near[2]):
            found.append(parse(json.dumps(near)))
    return found


def format(position):
    """A position with the mouse to move as an input line (``parse`` reads it back); with the cat to move, shown only."""
    graph, mouse, cat, mover = position
    return f"{graph} {mouse} {cat}" + ("" if mover == "mouse" else " (cat to move)")
