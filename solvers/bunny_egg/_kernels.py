"""Compiled kernel for the Bunny-and-Egg replay: one matching kept up to date.

Private: callers pass well-formed CSR arrays (see :mod:`gamecert.solvers.matching.graph`) of a
bipartite graph, a maximum matching ``mate`` of it, and a token path whose
consecutive vertices are adjacent and distinct. Nothing is re-checked here.
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.jit import kernel
from gamecert.solvers.matching.bipartite import augment_stack


@kernel
def replay(indptr, indices, mate, path):
    """Delete the token's positions one by one, keeping ``mate`` maximum.

    Returns ``(wins, move, nu)`` per position ``t``: whether the vertex
    ``path[t]`` is covered by every maximum matching of the graph with
    ``path[:t]`` deleted, the mate of ``path[t]`` then (a winning move) or -1,
    and that graph's matching number. ``mate`` is modified in place.

    Invariants, before position ``t``: ``mate`` is a maximum matching of
    ``G - path[:t]`` and every deleted vertex is unmatched. Deleting
    ``v = path[t]`` with mate ``u`` leaves a matching one short of ``v``'s
    possible loss; any augmenting path of it in ``G - v`` ends at ``u`` (else
    it would augment the old maximum matching), so one search from ``u``
    decides whether ``v`` was avoidable.
    """
    n = len(indptr) - 1
    steps = len(path)
    wins = np.zeros(steps, dtype=np.bool_)
    move = np.full(steps, -1, dtype=np.int32)
    nu = np.empty(steps, dtype=np.int32)
    deleted = np.zeros(n, dtype=np.bool_)
    # seen[w] == stamp marks w as tried in the current search: no O(V) reset.
    seen = np.zeros(n, dtype=np.int32)
    stack = np.empty(n + 1, dtype=np.int32)
    it = np.empty(n, dtype=np.int64)
    size = 0
    for v in range(n):
        if mate[v] > v:
            size += 1
    for t in range(steps):
        nu[t] = size
        v = path[t]
        u = mate[v]
        deleted[v] = True
        if u < 0:
            continue
        mate[v] = -1
        mate[u] = -1
        stamp = t + 1
        # Depth-first alternating search from u: stack[i + 1] is the mate of
        # the vertex stack[i] stepped to, so the stack spells the path.
        top = 0
        stack[0] = u
        it[u] = indptr[u]
        found = False
        while top >= 0 and not found:
            a = stack[top]
            advanced = False
            while it[a] < indptr[a + 1]:
                w = indices[it[a]]
                it[a] += 1
                if deleted[w] or seen[w] == stamp:
                    continue
                seen[w] = stamp
                x = mate[w]
                if x < 0:
                    augment_stack(stack, top, w, mate)
                    found = True
                    break
                top += 1
                stack[top] = x
                it[x] = indptr[x]
                advanced = True
                break
            if not found and not advanced:
                top -= 1
        if not found:
            wins[t] = True
            move[t] = u
            size -= 1
    return wins, move, nu


@kernel
def induced(indptr, indices, keep):
    """CSR of the subgraph induced by ``keep`` (vertices renumbered in order).

    Returns ``(indptr, indices, old)`` with ``old[i]`` the original id of new
    vertex ``i``; neighbour lists stay sorted because renumbering is monotone.
    """
    n = len(indptr) - 1
    new = np.full(n, -1, dtype=np.int32)
    count = 0
    for v in range(n):
        if keep[v]:
            new[v] = count
            count += 1
    old = np.empty(count, dtype=np.int32)
    out_ptr = np.zeros(count + 1, dtype=np.int64)
    for v in range(n):
        if keep[v]:
            d = 0
            for k in range(indptr[v], indptr[v + 1]):
                if keep[indices[k]]:
                    d += 1
            old[new[v]] = v
            out_ptr[new[v] + 1] = d
    for i in range(count):
        out_ptr[i + 1] += out_ptr[i]
    out_idx = np.empty(out_ptr[count], dtype=np.int32)
    for i in range(count):
        v = old[i]
        j = out_ptr[i]
        for k in range(indptr[v], indptr[v + 1]):
            w = indices[k]
            if keep[w]:
                out_idx[j] = new[w]
                j += 1
    return out_ptr, out_idx, old


@kernel
def replay_bidirectional(indptr, indices, side, mate, path):
    """:func:`replay` with each search run from both ends at once.

    Same results and invariants as :func:`replay`. Deciding whether an
    augmenting path from ``u`` exists is also done from the other end: an
    alternating search from every free vertex of the opposite side, looking
    for ``u``. The two searches advance one edge (forward) and one vertex
    (backward) in turn and the first to finish decides, so a step costs at
    most about twice the smaller of the two explored regions. That matters
    when the matching is nearly perfect: a failing search from ``u`` must
    sweep everything ``u`` reaches, while the few free vertices reach little.
    Free vertices are kept in one list per side (``where`` indexes it) so
    that the backward search starts without scanning all vertices.
    """
    n = len(indptr) - 1
    steps = len(path)
    wins = np.zeros(steps, dtype=np.bool_)
    move = np.full(steps, -1, dtype=np.int32)
    nu = np.empty(steps, dtype=np.int32)
    deleted = np.zeros(n, dtype=np.bool_)
    seen_f = np.zeros(n, dtype=np.int32)  # forward: tried vertices (opposite side)
    seen_b = np.zeros(n, dtype=np.int32)  # backward: reached vertices (both sides)
    parent = np.empty(n, dtype=np.int32)  # backward: the vertex that reached x (u's side)
    stack = np.empty(n + 1, dtype=np.int32)
    it = np.empty(n, dtype=np.int64)
    work = np.empty(n + 1, dtype=np.int32)
    free = np.empty((2, n), dtype=np.int32)
    count = np.zeros(2, dtype=np.int64)
    where = np.full(n, -1, dtype=np.int64)
    size = 0
    for v in range(n):
        if mate[v] < 0:
            s = side[v]
            where[v] = count[s]
            free[s, count[s]] = v
            count[s] += 1
        elif mate[v] > v:
            size += 1
    for t in range(steps):
        nu[t] = size
        v = path[t]
        u = mate[v]
        deleted[v] = True
        if u < 0:
            s = side[v]
            last = free[s, count[s] - 1]
            free[s, where[v]] = last
            where[last] = where[v]
            where[v] = -1
            count[s] -= 1
            continue
        mate[v] = -1
        mate[u] = -1
        stamp = t + 1
        so = 1 - side[u]
        # Forward state: DFS stack from u. Backward state: a work list of
        # opposite-side vertices, fed lazily from the free list.
        top = 0
        stack[0] = u
        it[u] = indptr[u]
        wtop = 0
        next_free = 0
        result = 0  # 1: forward found w, 2: backward reached u, -1: no path
        end = -1
        while result == 0:
            # One forward edge.
            if top < 0:
                result = -1
                break
            a = stack[top]
            if it[a] < indptr[a + 1]:
                w = indices[it[a]]
                it[a] += 1
                if not deleted[w] and seen_f[w] != stamp:
                    seen_f[w] = stamp
                    x = mate[w]
                    if x < 0:
                        result = 1
                        end = w
                        break
                    top += 1
                    stack[top] = x
                    it[x] = indptr[x]
            else:
                top -= 1
            # One backward vertex.
            if wtop > 0:
                wtop -= 1
                y = work[wtop]
            elif next_free < count[so]:
                y = free[so, next_free]
                next_free += 1
                if seen_b[y] == stamp:
                    continue
                seen_b[y] = stamp
            else:
                result = -1
                break
            for k in range(indptr[y], indptr[y + 1]):
                x = indices[k]
                if deleted[x] or seen_b[x] == stamp:
                    continue
                seen_b[x] = stamp
                parent[x] = y
                if x == u:
                    result = 2
                    break
                z = mate[x]
                if z >= 0 and seen_b[z] != stamp:
                    seen_b[z] = stamp
                    work[wtop] = z
                    wtop += 1
        if result == 1:
            augment_stack(stack, top, end, mate)
        elif result == 2:
            end = -1
            x = u
            while True:
                y = parent[x]
                nxt = mate[y]
                mate[x] = y
                mate[y] = x
                if nxt < 0:
                    end = y
                    break
                x = nxt
        if result > 0:
            s = side[end]
            last = free[s, count[s] - 1]
            free[s, where[end]] = last
            where[last] = where[end]
            where[end] = -1
            count[s] -= 1
        else:
            wins[t] = True
            move[t] = u
            size -= 1
            s = side[u]
            where[u] = count[s]
            free[s, count[s]] = u
            count[s] += 1
    return wins, move, nu
