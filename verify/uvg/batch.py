"""Undirected vertex geography from its literal rules, for a whole batch of small graphs at once.

The exhaustive audits decide hundreds of thousands of small graphs per
shard; one compiled call per batch keeps a shard throughput-bound. A graph
is given by its neighbour bitmasks (``nbr[v]`` has bit ``w`` set when ``vw``
is an edge); nothing here knows about matchings.
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.jit import kernel

#: Largest graph the batch search takes: its memo has ``2^n · n`` entries.
BATCH_MAX_N = 20


@kernel
def _low_index(low):
    """The index of the single set bit of ``low``."""
    w = 0
    while low > 1:
        low >>= 1
        w += 1
    return w


@kernel
def _search_batch(nbrs, n, stamp, value, out):
    # Position: the token's vertex v and the set F of unvisited vertices
    # (bitmask), memo index F * n + v. stamp[i] == g marks entry i as decided
    # for graph g, so the memo is never cleared between graphs; value[i] = 1
    # when the player to move at position i wins.
    full = (1 << n) - 1
    stk_key = np.zeros(n + 1, dtype=np.int64)
    stk_free = np.zeros(n + 1, dtype=np.int64)
    stk_moves = np.zeros(n + 1, dtype=np.int64)
    for g in range(nbrs.shape[0]):
        nbr = nbrs[g]
        for s in range(n):
            free0 = full & ~(1 << s)
            root = free0 * n + s
            if stamp[root] != g:
                # Invariant: each frame is an undecided position whose moves
                # outside stk_moves all lead to positions the opponent wins.
                top = 0
                stk_key[0] = root
                stk_free[0] = free0
                stk_moves[0] = nbr[s] & free0
                while top >= 0:
                    moves = stk_moves[top]
                    key = stk_key[top]
                    if moves == 0:
                        stamp[key] = g
                        value[key] = 0
                        top -= 1
                        continue
                    low = moves & -moves
                    w = _low_index(low)
                    fw = stk_free[top] & ~low
                    child = fw * n + w
                    if stamp[child] == g:
                        if value[child] == 1:
                            stk_moves[top] = moves ^ low
                        else:
                            stamp[key] = g
                            value[key] = 1
                            top -= 1
                    else:
                        top += 1
                        stk_key[top] = child
                        stk_free[top] = fw
                        stk_moves[top] = nbr[w] & fw
            out[g, s] = value[root] == 0


def batch_search_loses(nbrs: np.ndarray, n: int) -> np.ndarray:
    """Decide undirected vertex geography from every start of every graph of a batch by game search.

    ``nbrs`` has shape ``(graphs, n)``: neighbour bitmasks of graphs on
    ``n`` vertices. Returns ``loses`` of shape ``(graphs, n)``: True where
    the player to move from that start vertex loses (the token's vertex is
    visited; moves go to adjacent unvisited vertices; who cannot move loses).

    Notes
    -----
    Memoized alternating search over positions (token, unvisited set), with
    an explicit stack of at most ``n`` frames (no recursion), stopping a
    position at its first winning move. One memo of ``2^n · n`` entries
    serves the whole batch, stamped with the graph's index instead of being
    cleared; time is the number of positions reached times ``n`` per graph,
    at most ``O(2^n · n²)``. The rules only: the matching criterion this
    checks [1]_ is nowhere used.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge
       geography", Theoret. Comput. Sci. 112(2), 1993, 371–381.

    >>> batch_search_loses(np.array([[2, 5, 2], [6, 5, 3]]), 3).tolist()  # path 0-1-2, triangle
    [[True, False, True], [True, True, True]]
    """
    nbrs = np.ascontiguousarray(nbrs, dtype=np.int64)
    if not 1 <= n <= BATCH_MAX_N or nbrs.ndim != 2 or nbrs.shape[1] != n:
        raise ValueError(f"a batch of graphs on 1..{BATCH_MAX_N} vertices as (graphs, n) bitmasks, got n = {n}")
    size = (1 << n) * n
    stamp = np.full(size, -1, dtype=np.int64)
    value = np.zeros(size, dtype=np.uint8)
    out = np.zeros(nbrs.shape, dtype=np.bool_)
    _search_batch(nbrs, n, stamp, value, out)
    return out


@kernel
def _bipartite_batch(nbrs, n, out):
    colour = np.zeros(n, dtype=np.int64)
    stack = np.zeros(n, dtype=np.int64)
    for g in range(nbrs.shape[0]):
        nbr = nbrs[g]
        colour[:] = -1
        ok = True
        for s in range(n):
            if colour[s] >= 0 or not ok:
                continue
            colour[s] = 0
            top = 0
            stack[0] = s
            while top >= 0 and ok:
                u = stack[top]
                top -= 1
                rest = nbr[u]
                while rest:
                    low = rest & -rest
                    w = _low_index(low)
                    rest ^= low
                    if colour[w] < 0:
                        colour[w] = 1 - colour[u]
                        top += 1
                        stack[top] = w
                    elif colour[w] == colour[u]:
                        ok = False
                        break
        out[g] = ok


def batch_bipartite(nbrs: np.ndarray, n: int) -> np.ndarray:
    """Whether each graph of a batch (neighbour bitmasks, shape ``(graphs, n)``) is bipartite.

    Notes
    -----
    Two-colouring by depth-first search with an explicit stack, ``O(n²)``
    per graph.

    >>> batch_bipartite(np.array([[2, 5, 2], [6, 5, 3]]), 3).tolist()
    [True, False]
    """
    nbrs = np.ascontiguousarray(nbrs, dtype=np.int64)
    out = np.zeros(nbrs.shape[0], dtype=np.bool_)
    _bipartite_batch(nbrs, n, out)
    return out
