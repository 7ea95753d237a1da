"""Undirected vertex geography on any graph (``docs/theory.md``, *Undirected vertex geography*).

A token sits on a vertex, which counts as visited; players alternately move
it to an adjacent unvisited vertex and whoever cannot move loses. The player
to move from ``v`` loses iff some maximum matching misses ``v``: ``v`` is in
the ``D`` part of the Gallai–Edmonds decomposition.

Input is an edge list — ``n m`` then ``m`` pairs ``u v`` (vertices ``1..n``)
— or DIMACS (``c`` comments, ``p edge n m``, ``e u v`` lines); the format is
recognised from the first non-blank line. Self-loops are ignored (the token
never re-enters its own vertex) and repeated edges count once; both are
reported.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass

import numpy as np

from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.graph import Graph, graph_from_edges, graph_from_networkx
from gamecert.solvers.matching.types import D, Decomposition
from gamecert.solvers.textinput import TextInput

#: The two input formats :func:`parse_geography` recognises.
FORMATS = ("edge-list", "dimacs")

#: Most vertices accepted: the solver's arrays are sized by ``n`` up front.
MAX_VERTICES = 100_000_000
_N_HINT = " (gamecert's limit)"

_ONLY_INTEGERS = re.compile(r"[0-9 \t\r\n]*")
_DIMACS_COMMENT = re.compile(r"^[ \t]*c(?=[ \t\r]|$)[^\n]*", re.M)
_DIMACS_HEADER = re.compile(r"(?:[ \t\r]*\n)*[ \t]*p[ \t]+edge[ \t]+(\d+)[ \t]+(\d+)[ \t\r]*(?:\n|$)")


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


def parse_geography(text: str | bytes, source: str = "<stdin>") -> GeographyInput:
    """Read a geography graph: an edge list ``n m`` / ``u v`` ... or DIMACS.

    Vertices are numbered ``1..n``. Tokens, not lines, matter in the edge-list
    format; DIMACS is read line by line (``c`` comment, ``p edge n m``,
    ``e u v``). Anything wrong raises :class:`~gamecert.solvers.errors.InputError` at
    its line and column.

    >>> g = parse_geography("3 3\\n1 2\\n2 3\\n3 3\\n")
    >>> g.n, g.edges.tolist(), g.self_loops.tolist()
    (3, [[0, 1], [1, 2], [2, 2]], [2])
    """
    if isinstance(text, bytes):
        text = text.decode("latin-1")
    first = next((line.split() for line in text.splitlines() if line.strip()), [])
    if first and first[0] in ("c", "p", "e"):
        fast = _parse_dimacs_fast(text)
        if fast is not None:
            return fast
        return _parse_dimacs(TextInput(text, source))
    fast = _parse_edge_list_fast(text)
    if fast is not None:
        return fast
    return _parse_edge_list(TextInput(text, source))


def _parse_edge_list_fast(text: str) -> GeographyInput | None:
    """The common well-formed case without per-token objects; None to fall back."""
    if not _ONLY_INTEGERS.fullmatch(text):
        return None
    try:
        values = np.array(text.split(), dtype=np.int64)
    except (ValueError, OverflowError):
        return None
    if len(values) < 2:
        return None
    n, m = int(values[0]), int(values[1])
    if n > MAX_VERTICES or len(values) != 2 + 2 * m:
        return None
    edges = values[2:].reshape(m, 2) - 1
    if m and (edges.min() < 0 or edges.max() >= n):
        return None
    return GeographyInput(n, edges, "edge-list")


def _parse_edge_list(src: TextInput) -> GeographyInput:
    """Token-by-token reading that locates the first problem."""
    tokens = src.tokens()
    header = next(tokens, None)
    if header is None:
        raise src.error(1, 1, "expected the graph size 'n m' (or a DIMACS 'p edge n m' line)")
    n = src.integer(header, "the number of vertices n", 0, MAX_VERTICES, _N_HINT)
    tok = next(tokens, None)
    if tok is None:
        line, col = src.end()
        raise src.error(line, col, "expected the number of edges m after n")
    m = src.integer(tok, "the number of edges m", 0)
    ends: list[int] = []
    for i in range(m):
        for _ in range(2):
            tok = next(tokens, None)
            if tok is None:
                line, col = src.end()
                raise src.error(line, col, f"expected {m} edges, found {i} (edge {i + 1} is incomplete)")
            what = f"an endpoint of edge {i + 1}"
            ends.append(src.integer(tok, what, 1, n) - 1 if n else _no_vertex(src, tok, what))
    tok = next(tokens, None)
    if tok is not None:
        raise src.error(tok.line, tok.column, f"expected end of input after {m} edges, got {tok.text!r}")
    return GeographyInput(n, np.array(ends, dtype=np.int64).reshape(m, 2), "edge-list")


def _no_vertex(src: TextInput, tok, what: str) -> int:
    raise src.error(tok.line, tok.column, f"expected {what}, but the graph has no vertices")


def _parse_dimacs_fast(text: str) -> GeographyInput | None:
    """Well-formed DIMACS by whole-text array operations; None to fall back.

    Accepted only when, comments aside, a ``p edge n m`` line comes first
    and every other non-blank line is exactly ``e u v`` with ``1 <= u, v <=
    n``, ``m`` of them; anything else goes to the line-by-line reader.
    """
    body = _DIMACS_COMMENT.sub("", text)
    head = _DIMACS_HEADER.match(body)
    if head is None:
        return None
    n, m = int(head.group(1)), int(head.group(2))
    if n > MAX_VERTICES:
        return None
    after = body[head.end() :]
    digits = after.replace("e", " ")
    if not _ONLY_INTEGERS.fullmatch(digits) or after.count("e") != m:
        return None
    values = np.array(digits.split(), dtype=np.int64)
    if len(values) != 2 * m:
        return None
    # Every non-blank line holds exactly three tokens, the first being 'e'.
    b = np.frombuffer(after.encode("latin-1"), dtype=np.uint8)
    space = (b == 32) | (b == 9) | (b == 13) | (b == 10)
    starts = np.flatnonzero(~space & np.concatenate(([True], space[:-1]))[: len(b)])
    line = np.cumsum(b == 10)[starts]
    first = np.flatnonzero(np.concatenate(([True], line[1:] != line[:-1]))[: len(starts)])
    per_line = np.diff(np.append(first, len(starts)))
    if len(first) != m or not (per_line == 3).all() or not (b[starts[first]] == ord("e")).all():
        return None
    edges = values.reshape(m, 2) - 1
    if m and (edges.min() < 0 or edges.max() >= n):
        return None
    return GeographyInput(n, edges, "dimacs")


def _parse_dimacs(src: TextInput) -> GeographyInput:
    """DIMACS: ``c`` lines anywhere, one ``p edge n m`` before the ``e u v`` lines."""
    n = m = -1
    p_line = 0
    rows: list[tuple[int, int]] = []
    for i, line in enumerate(src.lines, start=1):
        parts = line.split()
        if not parts or parts[0] == "c":
            continue
        kind = parts[0]
        if kind == "e" and n >= 0 and len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            u, v = int(parts[1]), int(parts[2])
            if 1 <= u <= n and 1 <= v <= n and len(rows) < m:
                rows.append((u - 1, v - 1))
                continue
        toks = src.line_tokens(i)
        if kind == "p":
            if n >= 0:
                raise src.error(i, toks[0].column, f"expected one 'p' line, found a second (first on line {p_line})")
            if len(toks) < 2 or toks[1].text not in ("edge", "col"):
                col = toks[1].column if len(toks) > 1 else len(line) + 1
                raise src.error(i, col, "expected the problem line 'p edge n m'")
            if len(toks) < 4:
                raise src.error(i, len(line.rstrip()) + 1, "expected 'p edge n m' (n vertices, m edges)")
            if len(toks) > 4:
                raise src.error(i, toks[4].column, "expected end of line after 'p edge n m'")
            n = src.integer(toks[2], "the number of vertices n", 0, MAX_VERTICES, _N_HINT)
            m = src.integer(toks[3], "the number of edges m", 0)
            p_line = i
        elif kind == "e":
            if n < 0:
                raise src.error(i, toks[0].column, "expected the problem line 'p edge n m' before the first edge")
            if len(rows) == m:
                raise src.error(i, toks[0].column, f"expected {m} edges as the 'p' line on line {p_line} says, found more")
            if len(toks) < 3:
                raise src.error(i, len(line.rstrip()) + 1, "expected an edge 'e u v'")
            if len(toks) > 3:
                raise src.error(i, toks[3].column, "expected end of line after 'e u v'")
            for tok in toks[1:]:
                src.integer(tok, "a vertex", 1, n) if n else _no_vertex(src, tok, "a vertex")
            raise AssertionError("unreachable: a well-formed edge line was rejected")  # pragma: no cover
        else:
            raise src.error(i, toks[0].column, f"expected a DIMACS line 'c', 'p' or 'e', got {toks[0].text!r}")
    if n < 0:
        line, col = src.end()
        raise src.error(line, col, "expected the problem line 'p edge n m'")
    if len(rows) != m:
        line, col = src.end()
        raise src.error(line, col, f"expected {m} edges as the 'p' line on line {p_line} says, found {len(rows)}")
    edges = np.array(rows, dtype=np.int64).reshape(-1, 2)
    return GeographyInput(n, edges, "dimacs")


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


def format_geography_answer(solution: GeographySolution) -> str:
    """One line ``v win`` or ``v lose`` per vertex ``v = 1..n``."""
    words = np.where(solution.loses, " lose\n", " win\n")
    return "".join(f"{v}{w}" for v, w in zip(range(1, len(words) + 1), words.tolist()))
