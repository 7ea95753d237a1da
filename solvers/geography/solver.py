"""Undirected vertex geography on any graph (``docs/theory.md``, *Undirected vertex geography*).

A token sits on a vertex, which counts as visited; players alternately move
it to an adjacent unvisited vertex and whoever cannot move loses. The player
to move from ``v`` loses iff some maximum matching misses ``v``: ``v`` is in
the ``D`` part of the Gallai–Edmonds decomposition.

Input is an edge list — ``n m`` then ``m`` pairs ``u v`` (vertices ``1..n``)
— or DIMACS (``c`` comments, ``p edge n m`` or ``p col n m``, ``e u v`` lines); the format is
recognised from the first non-blank line. Self-loops are ignored (the token
never re-enters its own vertex) and repeated edges count once; both are
reported.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import numpy as np

from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.graph import Graph, graph_from_edges, graph_from_networkx
from gamecert.solvers.matching.types import D, Decomposition
from gamecert.solvers.textinput import TextInput
from gamecert.solvers.textoutput import RowFormat, write_rows

#: The two input formats :func:`parse_geography` recognises.
FORMATS = ("edge-list", "dimacs")

#: Most vertices accepted: the solver's arrays are sized by ``n`` up front.
MAX_VERTICES = 100_000_000
_N_HINT = " (gamecert's limit)"



@dataclass(frozen=True, eq=False)
class GeographyInput:
    """A graph as read: ``n`` vertices and the edges as given (0-based rows).

    ``edges`` keeps every line, self-loops and repeats included; ``self_loops``
    and ``duplicates`` index the rows that the game ignores.
    """

    n: int
    edges: np.ndarray
    format: str = "edge-list"

    @property
    def self_loops(self) -> np.ndarray:
        """Row numbers (0-based, input order) of the edges ``u u``."""
        return np.flatnonzero(self.edges[:, 0] == self.edges[:, 1])

    @property
    def duplicates(self) -> np.ndarray:
        """Row numbers of edges that repeat an earlier edge (either orientation)."""
        e = self.edges
        proper = np.flatnonzero(e[:, 0] != e[:, 1])
        lo = np.minimum(e[proper, 0], e[proper, 1])
        hi = np.maximum(e[proper, 0], e[proper, 1])
        key = lo * max(self.n, 1) + hi
        order = np.argsort(key, kind="stable")
        # In key order, an edge repeats when its key equals its predecessor's.
        repeat = np.zeros(len(proper), dtype=bool)
        repeat[order[1:]] = key[order[1:]] == key[order[:-1]]
        return proper[repeat]

    def graph(self) -> Graph:
        """The simple graph the game is played on."""
        return graph_from_edges(self.n, self.edges)

    def text(self) -> str:
        """The input in edge-list format (1-based), self-loops and repeats kept."""
        body = "".join(f"{u + 1} {v + 1}\n" for u, v in self.edges.tolist())
        return f"{self.n} {len(self.edges)}\n{body}"


#: Bytes solving needs per vertex and per edge line: measured peak memory
#: grows by about 32 per vertex (edgeless graphs of 4 to 10 million vertices)
#: and 162 per edge (random graphs, 1 to 2 million edges), rounded up.
VERTEX_BYTES = 48
EDGE_BYTES = 192


def parse_geography(text: str | bytes, source: str = "<stdin>", max_memory: int | None = None) -> GeographyInput:
    """Read a geography graph: an edge list ``n m`` / ``u v`` ... or DIMACS.

    Vertices are numbered ``1..n``. Tokens, not lines, matter in the edge-list
    format; DIMACS is read line by line (``c`` comment, ``p edge n m`` or
    ``p col n m``, ``e u v``). Anything wrong raises
    :class:`~gamecert.solvers.errors.InputError` at its line and column; a graph whose
    solving would need more than ``max_memory`` bytes is refused as soon as
    its size is read.

    >>> g = parse_geography("3 3\\n1 2\\n2 3\\n3 3\\n")
    >>> g.n, g.edges.tolist(), g.self_loops.tolist()
    (3, [[0, 1], [1, 2], [2, 2]], [2])
    """
    src = TextInput(text, source, max_memory)
    if src.is_word(0, b"c", b"p", b"e"):
        return _parse_dimacs(src)
    return _parse_edge_list(src)


def _require(src: TextInput, n: int, m: int, at: int) -> None:
    """Refuse a graph whose solving would not fit; edges count only as far as the input holds them."""
    m = min(m, len(src) // 2)
    src.require_memory(VERTEX_BYTES * n + EDGE_BYTES * m, at, f"a graph of {n} vertices and {m} edges")


def _vertices(src: TextInput, tokens: np.ndarray, n: int, what) -> np.ndarray:
    """The vertex labels at token indices ``tokens`` (reading order) as 0-based int64."""
    if n == 0 and len(tokens):
        raise src.error_token(int(tokens[0]), f"expected {what(0)}, but the graph has no vertices")
    return src.integers_at(tokens, what, 1, n) - 1


def _parse_edge_list(src: TextInput) -> GeographyInput:
    """``n m`` then ``m`` pairs, read as one run of integers."""
    count = len(src)
    if count == 0:
        raise src.error(1, 1, "expected the graph size 'n m' (or a DIMACS 'p edge n m' line)")
    n = src.integer(0, "the number of vertices n", 0, MAX_VERTICES, _N_HINT)
    if count < 2:
        raise src.error_end("expected the number of edges m after n")
    m = src.integer(1, "the number of edges m", 0)
    _require(src, n, m, 0)
    given = min(2 * m, count - 2)
    ends = _vertices(src, np.arange(2, 2 + given), n, lambda k: f"an endpoint of edge {k // 2 + 1}")
    if given < 2 * m:
        raise src.error_end(f"expected {m} edges, found {given // 2} (edge {given // 2 + 1} is incomplete)")
    if count > 2 + 2 * m:
        at = 2 + 2 * m
        raise src.error_token(at, f"expected end of input after {m} edges, got {src.shown(at)}")
    return GeographyInput(n, ends.reshape(m, 2), "edge-list")


_DIMACS_HEADER = "expected the problem line 'p edge n m' (or 'p col n m')"


def _parse_dimacs(src: TextInput) -> GeographyInput:
    """DIMACS: ``c`` lines anywhere, one ``p edge n m`` before the ``e u v`` lines.

    Lines are classified with array operations; the first line that breaks
    the format (in reading order) is then examined alone for its message.
    """
    count = len(src)
    line = src.token_lines()
    firsts = np.flatnonzero(np.concatenate(([True], line[1:] != line[:-1])))
    sizes = np.diff(np.append(firsts, count))
    starts = src.starts[firsts]
    single = (src.ends[firsts] - starts) == 1
    kind = np.where(single, src._bytes[starts], 0)
    keep = kind != ord("c")  # comment lines: first token exactly 'c'
    firsts, sizes, kind = firsts[keep], sizes[keep], kind[keep]
    if len(firsts) == 0:
        raise src.error_end(_DIMACS_HEADER)
    if kind[0] != ord("p"):
        _dimacs_line_error(src, int(firsts[0]), int(sizes[0]), None)
    n, m = _dimacs_problem(src, int(firsts[0]), int(sizes[0]))
    p_line = src.line_of(int(src.starts[firsts[0]]))
    # After the p line: edge lines 'e u v' until the first line that is not
    # one, or the (m+1)-th edge line, whichever comes first.
    edge_ok = (kind[1:] == ord("e")) & (sizes[1:] == 3)
    shape_stop = int(np.argmin(edge_ok)) if not edge_ok.all() else len(edge_ok)
    stop = min(shape_stop, m)
    at = firsts[1 : 1 + stop]
    ends = _vertices(src, np.stack([at + 1, at + 2], axis=1).ravel(), n, lambda k: "a vertex")
    state = (n, m, p_line, stop)
    if stop < len(edge_ok):
        _dimacs_line_error(src, int(firsts[1 + stop]), int(sizes[1 + stop]), state)
    if stop != m:
        raise src.error_end(f"expected {m} edges as the 'p' line on line {p_line} says, found {stop}")
    return GeographyInput(n, ends.reshape(-1, 2), "dimacs")


def _dimacs_problem(src: TextInput, at: int, tokens: int) -> tuple[int, int]:
    """The ``p`` line starting at token ``at`` (``tokens`` tokens long) as ``(n, m)``."""
    if tokens < 2 or src.text(at + 1) not in (b"edge", b"col"):
        if tokens < 2:
            raise src.error_at(int(src.ends[at]) + 1, _DIMACS_HEADER)
        raise src.error_token(at + 1, _DIMACS_HEADER)
    if tokens < 4:
        raise src.error_at(int(src.ends[at + tokens - 1]), "expected 'p edge n m' (n vertices, m edges)")
    if tokens > 4:
        raise src.error_token(at + 4, "expected end of line after 'p edge n m'")
    n = src.integer(at + 2, "the number of vertices n", 0, MAX_VERTICES, _N_HINT)
    m = src.integer(at + 3, "the number of edges m", 0)
    _require(src, n, m, at + 2)
    return n, m


def _dimacs_line_error(src: TextInput, at: int, tokens: int, state: tuple[int, int, int, int] | None) -> None:
    """Raise the error of the line starting at token ``at``, which is not a next edge line.

    ``state`` is ``(n, m, p_line, edges read)``, or ``None`` before the ``p`` line.
    """
    kind = src.text(at)
    if kind == b"p":
        if state is not None:
            raise src.error_token(at, f"expected one 'p' line, found a second (first on line {state[2]})")
        _dimacs_problem(src, at, tokens)
    elif kind == b"e":
        if state is None:
            raise src.error_token(at, "expected the problem line 'p edge n m' before the first edge")
        n, m, p_line, read = state
        if read == m:
            raise src.error_token(at, f"expected {m} edges as the 'p' line on line {p_line} says, found more")
        if tokens < 3:
            raise src.error_at(int(src.ends[at + tokens - 1]), "expected an edge 'e u v'")
        raise src.error_token(at + 3, "expected end of line after 'e u v'")
    raise src.error_token(at, f"expected a DIMACS line 'c', 'p' or 'e', got {src.shown(at)}")


@dataclass(frozen=True, eq=False)
class GeographySolution:
    """Undirected vertex geography solved from every start vertex.

    ``loses[v]`` is True when the player to move from ``v`` loses (``v`` in
    ``D``); the decomposition certifies it.
    """

    graph: Graph
    decomposition: Decomposition
    instance: GeographyInput | None = None

    @property
    def loses(self) -> np.ndarray:
        return self.decomposition.part == D

    def outcome(self) -> dict[Hashable, str]:
        """``"win"`` or ``"lose"`` for the player to move, keyed by vertex name."""
        return {self.graph.name(v): "lose" if x else "win" for v, x in enumerate(self.loses.tolist())}


def geography_game(instance: GeographyInput) -> GeographySolution:
    """Solve undirected vertex geography from every start vertex of a graph.

    Notes
    -----
    The player to move from ``v`` loses iff some maximum matching misses
    ``v`` (``docs/theory.md``, *Undirected vertex geography*), i.e. ``v`` is in ``D`` of the Gallai–Edmonds
    decomposition; the winner keeps moving along the matching edge [1]_.
    :func:`~gamecert.solvers.matching.gallai_edmonds.gallai_edmonds` decomposes bipartite graphs
    by Hopcroft–Karp-style matching in ``O(E sqrt(V))`` and others by Edmonds'
    blossom algorithm (:mod:`gamecert.solvers.matching.blossom`). ``O(V + E)`` space plus the
    certificate's paths.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge
       geography", Theoret. Comput. Sci. 112(2), 1993, 371–381 (the vertex
       version is solved there by the same matching argument).

    Examples
    --------
    >>> sol = geography_game(parse_geography("3 3\\n1 2\\n2 3\\n3 1\\n"))
    >>> format_geography_answer(sol)
    '1 lose\\n2 lose\\n3 lose\\n'
    """
    graph = instance.graph()
    return GeographySolution(graph, gallai_edmonds(graph), instance)


def geography_networkx(G) -> GeographySolution:
    """Solve undirected vertex geography on a networkx graph with any node labels.

    Self-loops are ignored and parallel edges (multigraphs) count once; the
    solution's :meth:`~GeographySolution.outcome` is keyed by the labels.

    >>> import networkx as nx
    >>> geography_networkx(nx.path_graph(["a", "b", "c"])).outcome()
    {'a': 'lose', 'b': 'win', 'c': 'lose'}
    """
    graph = graph_from_networkx(G)
    return GeographySolution(graph, gallai_edmonds(graph))


def write_geography_answer(solution: GeographySolution, write: Callable[[bytes], object]) -> None:
    """Write the judge answer (``v win`` / ``v lose`` per vertex) in chunks of bounded size."""
    loses = solution.loses
    fmt = RowFormat(("%d win\n", "%d lose\n"))
    write_rows(write, fmt, len(loses), lambda i, j: (np.arange(i + 1, j + 1)[:, None], loses[i:j]))


def format_geography_answer(solution: GeographySolution) -> str:
    """One line ``v win`` or ``v lose`` per vertex ``v = 1..n``."""
    parts: list[bytes] = []
    write_geography_answer(solution, parts.append)
    return b"".join(parts).decode()
