"""Compiled kernels for bipartite matching and the alternating forest.

Private: callers pass well-formed CSR arrays (see :mod:`gamecert.solvers.matching.graph`) and a
proper 2-colouring ``side``; nothing here re-checks its input. No kernel
recurses: depth-first searches keep an explicit stack of (vertex, next edge).
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.jit import kernel


@kernel
def _match_pair(u, w, indptr, indices, mate, deg, stack, top):
    """Match ``u``-``w``; free neighbours lose a degree, those left at one are pushed.

    Returns the new stack top.
    """
    mate[u] = w
    mate[w] = u
    for i in range(2):
        a = u if i == 0 else w
        for k in range(indptr[a], indptr[a + 1]):
            x = indices[k]
            if mate[x] < 0:
                deg[x] -= 1
                if deg[x] == 1:
                    stack[top] = x
                    top += 1
    return top


@kernel
def greedy_matching(indptr, indices):
    """A maximal matching, degree-one vertices first (a cheap Karp–Sipser start).

    Invariant: ``mate`` is symmetric and every matched pair is an edge;
    ``deg[x]`` counts the free neighbours of free ``x``.
    """
    n = len(indptr) - 1
    mate = np.full(n, -1, dtype=np.int32)
    deg = np.empty(n, dtype=np.int32)
    # Each vertex is pushed at most once: when its degree first reaches one.
    stack = np.empty(n, dtype=np.int32)
    top = 0
    for v in range(n):
        deg[v] = indptr[v + 1] - indptr[v]
        if deg[v] == 1:
            stack[top] = v
            top += 1
    # Karp–Sipser rule 1: a vertex of residual degree one is matched to its
    # only free neighbour; such a choice is contained in some maximum matching.
    for v in range(n):
        while top > 0:
            top -= 1
            u = stack[top]
            if mate[u] >= 0:
                continue
            for k in range(indptr[u], indptr[u + 1]):
                w = indices[k]
                if mate[w] < 0:
                    top = _match_pair(u, w, indptr, indices, mate, deg, stack, top)
                    break
        if mate[v] >= 0:
            continue
        for k in range(indptr[v], indptr[v + 1]):
            w = indices[k]
            if mate[w] < 0:
                top = _match_pair(v, w, indptr, indices, mate, deg, stack, top)
                break
    return mate


@kernel(inline="always")
def augment_stack(stack, top, w, mate):
    """Flip the augmenting path spelled by a depth-first stack and its free end ``w``.

    ``stack[0]`` is unmatched and ``stack[i + 1]`` is the mate of the vertex
    that ``stack[i]`` stepped to; afterwards ``stack[top]`` is matched to
    ``w`` and each ``stack[i]`` to the vertex it stepped through.
    """
    y = w
    for i in range(top, -1, -1):
        a = stack[i]
        nxt = mate[a]
        mate[a] = y
        mate[y] = a
        y = nxt


@kernel
def hopcroft_karp(indptr, indices, side, mate):
    """Augment ``mate`` (modified in place) to a maximum matching.

    Phases: a BFS from every free side-0 vertex layers the graph by shortest
    alternating distance, then a depth-first search per free vertex finds a
    maximal set of vertex-disjoint shortest augmenting paths.
    """
    n = len(indptr) - 1
    inf = np.int32(2**31 - 1)
    dist = np.empty(n, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    it = np.empty(n, dtype=np.int64)
    stack = np.empty(n, dtype=np.int32)
    while True:
        head, tail = 0, 0
        for v in range(n):
            if side[v] == 0 and mate[v] < 0:
                dist[v] = 0
                queue[tail] = v
                tail += 1
            else:
                dist[v] = inf
        found = inf
        while head < tail:
            u = queue[head]
            head += 1
            if dist[u] >= found:
                continue
            for k in range(indptr[u], indptr[u + 1]):
                w = indices[k]
                x = mate[w]
                if x < 0:
                    if found == inf:
                        found = dist[u] + 1
                elif dist[x] == inf:
                    dist[x] = dist[u] + 1
                    queue[tail] = x
                    tail += 1
        if found == inf:
            return mate
        for v in range(n):
            it[v] = indptr[v]
        for s in range(n):
            if side[s] != 0 or mate[s] >= 0:
                continue
            top = 0
            stack[0] = s
            while top >= 0:
                u = stack[top]
                advanced = False
                while it[u] < indptr[u + 1]:
                    w = indices[it[u]]
                    it[u] += 1
                    x = mate[w]
                    if x < 0:
                        if dist[u] + 1 == found:
                            augment_stack(stack, top, w, mate)
                            for i in range(top + 1):
                                dist[stack[i]] = inf
                            top = -1
                            advanced = True
                            break
                    elif dist[x] == dist[u] + 1:
                        top += 1
                        stack[top] = x
                        advanced = True
                        break
                if not advanced:
                    dist[u] = inf
                    top -= 1


@kernel
def alternating_forest(indptr, indices, mate):
    """Gallai–Edmonds parts and certificate arrays from one alternating BFS.

    The BFS starts from every free vertex at once. Returns ``(part,
    component, parent, start)``: ``part[v]`` is 0 (``D``) for vertices
    reached at even distance, 1 (``A``) for odd, 2 (``C``) for unreached;
    ``component`` numbers the ``D`` vertices 0, 1, ... in vertex order (-1
    elsewhere); following ``parent`` from a reached vertex gives an
    alternating path to a free vertex (parent -1): an even vertex's parent is
    its mate, an odd vertex's parent is the even vertex that reached it;
    ``start[v]`` is ``v`` for ``D`` vertices, else -1. Valid for bipartite
    graphs with a maximum matching, where no vertex is both even and odd.
    """
    n = len(indptr) - 1
    part = np.full(n, 2, dtype=np.int8)
    parent = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    head, tail = 0, 0
    for v in range(n):
        if mate[v] < 0:
            part[v] = 0
            queue[tail] = v
            tail += 1
    while head < tail:
        u = queue[head]
        head += 1
        for k in range(indptr[u], indptr[u + 1]):
            w = indices[k]
            if part[w] != 2 or w == mate[u]:
                continue
            x = mate[w]
            part[w] = 1
            parent[w] = u
            if x >= 0 and part[x] == 2:
                part[x] = 0
                parent[x] = w
                queue[tail] = x
                tail += 1
    component = np.full(n, -1, dtype=np.int32)
    start = np.full(n, -1, dtype=np.int32)
    count = 0
    for v in range(n):
        if part[v] == 0:
            component[v] = count
            start[v] = v
            count += 1
    return part, component, parent, start
