"""Undirected vertex geography evaluated from its rules alone, by game search.

This is the QBF-style witness: "the player to move wins" is read as ∃ my move
∀ your move ∃ … and decided by memoized alternating search over positions.
Nothing here knows about matchings; it shares no code with :mod:`solvers`
(the adjacency comes in as plain neighbour lists, and the maze front end
builds its own 4-neighbour moves from the board text).
"""

from __future__ import annotations

from collections.abc import Sequence

from gamecert.solvers.errors import GamecertError
from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import Outcomes

#: Any graph up to this many vertices is searched (see :func:`fits`).
SEARCH_MAX_DENSE = 20
#: Sparse graphs (``m <= SEARCH_SPARSE_RATIO * n``) are searched up to this many.
SEARCH_MAX_VERTICES = 30
SEARCH_SPARSE_RATIO = 1.8


def fits(graph: Graph) -> str | None:
    """Whether :func:`graph_search_outcomes` runs on ``graph`` (None) or why not.

    The search memoizes positions, so its cost grows with the number of
    distinct (token, reachable unvisited set) pairs: exponential, and worse
    for dense graphs. The limits are where whole :func:`search_outcomes`
    calls (all start vertices) stop finishing within seconds: mazes and
    sparse random graphs of about 30 vertices are quick, denser random
    graphs of that size and dense graphs past about 20 vertices are not (the
    measurements are in ``benchmarks/limits.md``). Hence: any graph up to
    :data:`SEARCH_MAX_DENSE` vertices, and up
    to :data:`SEARCH_MAX_VERTICES` vertices when ``m <= 1.8 n`` (every
    maze of n <= 30 free cells has ``m <= 2n - ceil(2 sqrt n) < 1.8 n``,
    e.g. 49 edges on the 6×5 grid).
    """
    if graph.n <= SEARCH_MAX_DENSE:
        return None
    if graph.n > SEARCH_MAX_VERTICES:
        return f"{graph.n} vertices > {SEARCH_MAX_VERTICES} (search limit)"
    if graph.m > SEARCH_SPARSE_RATIO * graph.n:
        return (
            f"{graph.n} vertices > {SEARCH_MAX_DENSE} with {graph.m} edges > "
            f"{SEARCH_SPARSE_RATIO} n (search limit)"
        )
    return None


def search_outcomes(adjacency: Sequence[Sequence[int]]) -> Outcomes:
    """Decide undirected vertex geography from every start vertex by game search.

    A token sits on vertex ``v`` (visited); players alternately move it to an
    adjacent unvisited vertex; whoever cannot move loses. ``loses[v]`` is True
    when the player to move from the start ``v`` loses.

    Parameters
    ----------
    adjacency : neighbour lists, ``adjacency[v]`` the neighbours of ``v``
        (vertices ``0..n-1``; symmetric, no self-loops)

    Returns
    -------
    Outcomes with ``nu`` left None

    Notes
    -----
    A position is the token's vertex ``v`` and the set ``R`` of unvisited
    vertices reachable from ``v`` through unvisited vertices: vertices outside
    ``R`` can never be entered again, so ``(v, R)`` decides the game. The
    mover wins at ``(v, R)`` iff some neighbour ``w ∈ R`` gives a losing
    position ``(w, R_w)`` for the opponent, where ``R_w`` is the component of
    ``w`` in ``G[R]`` minus ``w``. Positions are bitmasks, memoized in one
    table shared by all starts; the alternating search keeps an explicit stack
    of frames (position, moves not yet refuted) and stops a frame at its first
    winning move. Time and space are proportional to the number of positions
    reached, each costing ``O(n · deg)`` bit operations for the flood fill:
    exponential in the worst case (the search ignores the structure that
    makes the undirected game polynomial; on directed graphs geography is
    PSPACE-complete [1]_), fine up to about 30 sparse vertices in practice.

    References
    ----------
    .. [1] T. J. Schaefer, "On the complexity of some two-person
       perfect-information games", J. Comput. Syst. Sci. 16(2), 1978.
       DOI 10.1016/0022-0000(78)90045-4

    Examples
    --------
    >>> search_outcomes([[1], [0, 2], [1]]).loses
    (True, False, True)
    """
    n = len(adjacency)
    if n >= 128:
        raise GamecertError(f"game search needs fewer than 128 vertices, got {n}")
    nbr = [0] * n
    for v, row in enumerate(adjacency):
        for w in map(int, row):
            if not 0 <= w < n or w == v:
                raise GamecertError(f"bad neighbour {w} of vertex {v} (vertices 0..{n - 1}, no loops)")
            nbr[v] |= 1 << w
    for v in range(n):
        rest = nbr[v]
        while rest:
            low = rest & -rest
            if not nbr[low.bit_length() - 1] >> v & 1:
                raise GamecertError(f"adjacency is not symmetric: {v} lists {low.bit_length() - 1}, not back")
            rest ^= low
    full = (1 << n) - 1
    wins: dict[int, bool] = {}
    loses = tuple(not _mover_wins(v, _reach(nbr, v, full & ~(1 << v)), nbr, wins) for v in range(n))
    return Outcomes(loses)


def _reach(nbr: list[int], v: int, free: int) -> int:
    """The vertices of ``free`` reachable from ``v`` through ``free`` (``v`` not in ``free``)."""
    seen = 0
    frontier = nbr[v] & free
    while frontier:
        seen |= frontier
        grow = 0
        while frontier:
            low = frontier & -frontier
            grow |= nbr[low.bit_length() - 1]
            frontier ^= low
        frontier = grow & free & ~seen
    return seen


def _mover_wins(v: int, reach: int, nbr: list[int], wins: dict[int, bool]) -> bool:
    """Whether the mover wins at position ``(v, reach)``; fills the memo ``wins``.

    Keys are ``reach << 7 | v`` (n < 128). Invariant: every frame on the stack
    is a position not yet in ``wins`` whose moves outside ``moves`` all lead
    to positions the opponent wins.
    """
    root = reach << 7 | v
    if root in wins:
        return wins[root]
    # Frame: [key, token, reach, moves still to try].
    stack = [[root, v, reach, nbr[v] & reach]]
    while stack:
        frame = stack[-1]
        key, u, r, moves = frame
        if not moves:
            wins[key] = False
            stack.pop()
            continue
        low = moves & -moves
        w = low.bit_length() - 1
        rw = _reach(nbr, w, r & ~low)
        child = rw << 7 | w
        if child in wins:
            if wins[child]:
                frame[3] = moves ^ low
            else:
                wins[key] = True
                stack.pop()
        elif not rw:
            wins[child] = False
            wins[key] = True
            stack.pop()
        else:
            stack.append([child, w, rw, nbr[w] & rw])
    return wins[root]


def graph_search_outcomes(graph: Graph) -> Outcomes:
    """Undirected vertex geography on a :class:`~gamecert.solvers.matching.graph.Graph`, by game search.

    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> graph_search_outcomes(graph_from_edges(3, [(0, 1), (1, 2), (2, 0)])).losing
    [0, 1, 2]
    """
    return search_outcomes([graph.neighbors(v).tolist() for v in range(graph.n)])


def maze_search_outcomes(rows: list[str]) -> Outcomes:
    """The JSOI2009 maze game by game search: ``loses[v]`` iff AA wins from free cell ``v``.

    ``rows`` are the board lines (``.`` free, ``#`` blocked); vertices are the
    free cells in row-major order and moves go to the 4 orthogonal neighbours.
    AA places the token and YY moves first, so AA wins from ``v`` exactly when
    the player to move from ``v`` loses.

    >>> maze_search_outcomes([".##", "...", "#.#"]).losing
    [3, 4]
    """
    width = max((len(row) for row in rows), default=0)
    if any(len(row) != width for row in rows) or any(ch not in ".#" for row in rows for ch in row):
        raise GamecertError("a maze is rows of equal length over '.' and '#'")
    ids: dict[tuple[int, int], int] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == ".":
                ids[r, c] = len(ids)
    adjacency = [
        [ids[p] for p in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)) if p in ids] for (r, c) in ids
    ]
    return search_outcomes(adjacency)
