"""Playing undirected vertex geography (mazes, graphs) against the certified strategy.

A position is a graph, the token's vertex and the vertices visited before it.
The player to move wins iff the token's vertex is in every maximum matching of
the graph without the earlier vertices, and then moving to its partner in such
a matching wins (docs/theory.md, "Undirected vertex geography"). The engine recomputes that matching after every
move, so it never relies on an earlier matching the opponent has broken.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from gamecert.solvers.errors import InputError, OptionError
from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.graph import Graph, graph_from_edges
from gamecert.solvers.matching.types import D
from gamecert.verify.engine.play import Illegal

if TYPE_CHECKING:
    from gamecert.verify.capabilities import ExportStart
    from gamecert.verify.uvg.start import UVGStart


@dataclass(frozen=True)
class MidGameVerdict:
    """Who wins a mid-game position, with a winning move and the proof's vertices.

    ``move`` is the token vertex's partner in a maximum matching of what is
    left when the player to move wins, else None. ``path`` is the proof: for
    a loss, the even alternating path from the token's vertex to an unmatched
    vertex (flipping it gives a maximum matching that misses the token); for
    a win, ``(token, move)``. ``nu`` is the matching number of what is left.
    """

    mover_wins: bool
    move: int | None
    path: tuple[int, ...]
    nu: int


def mid_game(graph: Graph, token: int, visited: np.ndarray) -> MidGameVerdict:
    """Solve undirected vertex geography from ``token`` once the ``visited`` vertices are gone.

    ``visited`` is a boolean mask over the vertices; the token's own entry is ignored.

    Notes
    -----
    Builds the subgraph induced by the unvisited vertices and the token
    (``O(V + E)``, numpy), then its Gallai–Edmonds decomposition
    (:func:`~gamecert.solvers.matching.gallai_edmonds.gallai_edmonds`:
    bipartite matching when the graph has a bipartition, else Edmonds'
    blossom algorithm). The mover wins iff the token is not in ``D``.

    >>> g = graph_from_edges(3, [(0, 1), (1, 2)])
    >>> mid_game(g, 1, np.zeros(3, dtype=bool)).mover_wins, mid_game(g, 0, np.zeros(3, dtype=bool)).mover_wins
    (True, False)
    """
    keep = ~np.asarray(visited, dtype=bool)
    keep[token] = True
    old = np.flatnonzero(keep)
    new = np.full(graph.n, -1, dtype=np.int64)
    new[old] = np.arange(len(old))
    e = graph.edges()
    e = e[keep[e[:, 0]] & keep[e[:, 1]]]
    side = graph.side[old] if graph.side is not None else None
    dec = gallai_edmonds(graph_from_edges(len(old), new[e], side))
    t = int(new[token])
    if dec.part[t] == D:
        return MidGameVerdict(False, None, tuple(int(old[u]) for u in dec.paths.path(t)), dec.nu)
    mate = int(old[dec.matching.mate[t]])
    return MidGameVerdict(True, mate, (token, mate), dec.nu)


#: The board position ``export_start`` appends to some messages (``(FILE:2:3)``); moves and options leave it out.
_WHERE = re.compile(r" \([^()]*:\d+:\d+\)$")


def _reason(exc: InputError) -> str:
    return _WHERE.sub("", exc.message)


def start_vertex(starts: ExportStart, instance: Any, text: str, option: str) -> int:
    """The vertex a user names in ``text``, read by the game's :class:`~gamecert.verify.capabilities.ExportStart`;
    errors located in ``option``."""
    try:
        return int(starts.export_start(instance, text, "FILE").vertex)
    except InputError as exc:
        raise OptionError(option, text, _reason(exc)) from None


_PAIR = re.compile(r"\s*\(?\s*(\d+)\s*[\s,]\s*(\d+)\s*\)?\s*")


class UvgPlay:
    """A game of undirected vertex geography in progress, for :func:`~gamecert.verify.engine.play.play_game`.

    ``starts`` is the game's :class:`~gamecert.verify.capabilities.ExportStart`
    (it reads a vertex the way users name it: ``ROW,COL`` in a maze, a label
    in a graph); moves are typed the same way (a maze cell also as ``ROW COL``).
    """

    def __init__(self, starts: ExportStart, instance: Any, start: str) -> None:
        self._starts = starts
        self._instance = instance
        info = self._read_start(start, "--start")
        self.graph: Graph = info.graph
        self.label = info.label
        self.token = int(info.vertex)
        self.visited = np.zeros(self.graph.n, dtype=bool)  # left behind (the token's vertex is not)

    def _read_start(self, text: str, option: str) -> UVGStart:
        try:
            return self._starts.export_start(self._instance, text, "FILE")
        except InputError as exc:
            raise OptionError(option, text, _reason(exc)) from None

    def read_move(self, text: str) -> int:
        """The vertex a person typed; :class:`Illegal` with the reason when it is not a legal move."""
        pair = _PAIR.fullmatch(text)
        name = f"{pair.group(1)},{pair.group(2)}" if pair else text.strip()
        try:
            v = int(self._starts.export_start(self._instance, name, "move").vertex)
        except InputError as exc:
            raise Illegal(_reason(exc)) from None
        if v == self.token:
            raise Illegal(f"the token is already on {self.label(v)}")
        if self.visited[v]:
            raise Illegal(f"{self.label(v)} was visited already")
        if not self.graph.has_edge(self.token, v):
            raise Illegal(f"{self.label(v)} is not next to the token on {self.label(self.token)}")
        return v

    def moves(self) -> list[int]:
        return [int(w) for w in self.graph.neighbors(self.token) if not self.visited[w]]

    def play(self, v: int) -> None:
        self.visited[self.token] = True
        self.token = v

    def verdict(self) -> MidGameVerdict:
        return mid_game(self.graph, self.token, self.visited)

    def engine_move(self) -> int:
        """The partner of the token in a maximum matching of what is left; when losing, any move."""
        v = self.verdict()
        return v.move if v.move is not None else self.moves()[0]

    def describe(self, move: int) -> str:
        return f"to {self.label(move)}"

    def state(self) -> str:
        return f"token on {self.label(self.token)}"

    def opening(self, first: str, second: str) -> str:
        """One line: who wins from the start, and why."""
        v = self.verdict()
        here = self.label(self.token)
        if v.mover_wins:
            return (
                f"From {here} the first mover ({first}) wins: every maximum matching covers {here}, "
                f"so the first move goes to its partner {self.label(v.move)} and every later one follows a maximum matching."
            )
        if len(v.path) == 1:
            why = f"a maximum matching leaves {here} uncovered, so every move enters a matched vertex whose partner answers"
        else:
            chain = " - ".join(self.label(u) for u in v.path)
            why = f"the even alternating path {chain} ends at an uncovered vertex, so some maximum matching misses {here}"
        return f"From {here} the first mover ({first}) loses, so {second} wins: {why}."


def solve_mid_game(starts: ExportStart, instance: Any, token: str, visited: str, source: str) -> str:
    """``gamecert solve maze|geography --from V --visited FILE``: the verdict of a mid-game position, one line.

    ``starts`` reads vertices as users name them (``ROW COL`` or ``ROW,COL``
    in a maze, a label in a graph); ``visited`` lists the vertices visited
    before, one per line; blank lines are skipped and the token's own vertex
    may be listed. A bad line raises :class:`~gamecert.solvers.errors.InputError`
    at its line and column.
    """
    first = start_vertex(starts, instance, token, "--from")
    info = starts.export_start(instance, token, "FILE")
    graph, label = info.graph, info.label
    gone = np.zeros(graph.n, dtype=bool)
    for number, line in enumerate(visited.splitlines(), start=1):
        if not line.strip():
            continue
        pair = _PAIR.fullmatch(line)
        name = f"{pair.group(1)},{pair.group(2)}" if pair else line.strip()
        try:
            v = int(starts.export_start(instance, name, source).vertex)
        except InputError as exc:
            column = len(line) - len(line.lstrip()) + 1
            raise InputError(source, number, column, _reason(exc)) from None
        gone[v] = True
    gone[first] = False
    verdict = mid_game(graph, first, gone)
    here = label(first)
    if verdict.mover_wins:
        return f"the player to move wins: move to {label(verdict.move)} (every maximum matching of what is left covers {here})\n"
    if len(verdict.path) == 1:
        return f"the player to move loses: a maximum matching of what is left leaves {here} uncovered\n"
    chain = " - ".join(label(u) for u in verdict.path)
    return f"the player to move loses: the even alternating path {chain} ends at an uncovered vertex, so some maximum matching of what is left misses {here}\n"
