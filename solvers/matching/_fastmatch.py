"""Compiled kernels for maximum bipartite matching on large sparse graphs.

Private, like :mod:`gamecert.solvers.matching.bipartite`: callers pass well-formed CSR arrays,
a proper 2-colouring ``side`` and a valid symmetric ``mate`` (int32, ``-1`` =
free) to start from; each kernel augments ``mate`` in place to a maximum
matching. Side-0 vertices are called *columns*, side-1 vertices *rows*. No
kernel recurses.

Both algorithms beat Hopcroft–Karp on maze grids, where the last augmenting
paths are hundreds of edges long and every Hopcroft–Karp phase re-scans the
whole graph to find a handful of them:

* :func:`push_relabel` — PR-FIFO with fair double pushes and periodic global
  relabelling (Kaya, Langguth, Manne, Uçar 2013, DOI
  10.1016/j.cor.2012.12.009). A global relabelling is a breadth-first search
  from the free rows; it also retires, for good, every free column that can
  no longer reach a free row. ``O(V E)`` worst case.
* :func:`ms_bfs_graft` — multi-source alternating BFS forests that survive
  from phase to phase; after the augmentations only the vertices of the
  augmented trees are released and grafted onto the surviving trees (Azad,
  Buluç, Pothen 2017, DOI 10.1109/TPDS.2016.2546258). ``O(V E)`` worst case.

Alternatives that lost on mazes when measured (``benchmarks/limits.md``): a
LIFO queue instead of FIFO (losing columns keep pushing), the gap heuristic on
row labels, a min-degree greedy start (more free vertices than the row-major
greedy) and bounded local augmenting searches before push–relabel.
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.jit import kernel


@kernel
def _global_relabel(indptr, indices, side, mate, psi, inf, queue):
    """Exact labels: ``psi[v]`` = alternating distance from ``v`` to a free row.

    Rows get even labels, columns odd ones; ``inf`` marks vertices from which
    no free row is reachable along an alternating path.
    """
    n = len(indptr) - 1
    tail = 0
    for v in range(n):
        psi[v] = inf
        if side[v] == 1 and mate[v] < 0:
            psi[v] = 0
            queue[tail] = v
            tail += 1
    head = 0
    while head < tail:
        r = queue[head]
        head += 1
        d = psi[r] + 1
        for k in range(indptr[r], indptr[r + 1]):
            c = indices[k]
            if psi[c] != inf:
                continue
            # c reaches r by a non-matching edge (a free row has no mate, a
            # matched row was entered from its mate, which is labelled).
            psi[c] = d
            x = mate[c]
            if x >= 0 and psi[x] == inf:
                psi[x] = d + 1
                queue[tail] = x
                tail += 1


@kernel
def push_relabel(indptr, indices, side, mate, relabel_every):
    """Augment ``mate`` to a maximum matching by push–relabel (PR-FIFO, fair).

    Labels ``psi`` on rows are lower bounds on the alternating distance to a
    free row. A free column ``u`` takes the neighbour row ``v`` of least label
    (a double push: ``v``'s old mate, if any, becomes free and joins the FIFO)
    and ``v`` is relabelled to the second least label plus two. A column whose
    neighbours all have label ``inf`` can never be matched and is dropped.
    After every ``relabel_every`` pushes the labels are recomputed exactly.
    Returns the number of double pushes.
    """
    n = len(indptr) - 1
    free_columns = 0
    for v in range(n):
        if side[v] == 0 and mate[v] < 0:
            free_columns += 1
    if free_columns == 0:
        return 0
    inf = np.int32(n + 2)
    psi = np.empty(n, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    cap = n + 1
    fifo = np.empty(cap, dtype=np.int32)  # circular; holds distinct free columns
    _global_relabel(indptr, indices, side, mate, psi, inf, queue)
    head = 0
    cnt = 0
    for v in range(n):
        if side[v] == 0 and mate[v] < 0 and psi[v] < inf:
            fifo[cnt] = v
            cnt += 1
    since = 0
    total = 0
    while cnt > 0:
        u = fifo[head]
        head += 1
        if head == cap:
            head = 0
        cnt -= 1
        b = indptr[u]
        e = indptr[u + 1]
        m1 = inf
        m2 = inf
        best = -1
        # Fairness: alternate the scan direction so ties do not always go
        # to the same row.
        if total & 1:
            first, stop, step = e - 1, b - 1, -1
        else:
            first, stop, step = b, e, 1
        for k in range(first, stop, step):
            p = psi[indices[k]]
            if p < m1:
                m2 = m1
                m1 = p
                best = indices[k]
            elif p < m2:
                m2 = p
        if m1 >= inf:
            continue
        x = mate[best]
        mate[u] = best
        mate[best] = u
        psi[best] = min(m2 + 2, inf)
        if x >= 0:
            mate[x] = -1
            t = head + cnt
            fifo[t - cap if t >= cap else t] = x
            cnt += 1
        total += 1
        since += 1
        if since >= relabel_every and cnt > 0:
            since = 0
            _global_relabel(indptr, indices, side, mate, psi, inf, queue)
            kept = 0
            for i in range(cnt):
                t = head + i
                v = fifo[t - cap if t >= cap else t]
                if psi[v] < inf:
                    t = head + kept
                    fifo[t - cap if t >= cap else t] = v
                    kept += 1
            cnt = kept
    return total


@kernel
def ms_bfs_graft(indptr, indices, side, mate):
    """Augment ``mate`` to a maximum matching by multi-source BFS with grafting.

    Every free column roots an alternating tree; trees grow level by level
    and a tree stops growing once it reaches a free row (it is *augmenting*).
    When no tree can grow, each augmenting tree is augmented along its path
    and its vertices are released; released rows adjacent to a surviving tree
    are grafted onto it and seed the next phase. A phase without augmentation
    ends the search: the surviving trees are Hungarian trees. Returns the
    number of phases.
    """
    n = len(indptr) - 1
    root = np.full(n, -1, dtype=np.int32)  # tree of a visited vertex, -1 = free to take
    parent = np.empty(n, dtype=np.int32)  # for visited rows: the column that reached it
    leaf = np.full(n, -1, dtype=np.int32)  # per root: the free row it reached
    thead = np.full(n, -1, dtype=np.int32)  # per root: first vertex of its tree list
    tnext = np.empty(n, dtype=np.int32)
    cur = np.empty(n, dtype=np.int32)
    nxt = np.empty(n, dtype=np.int32)
    aug = np.empty(n, dtype=np.int32)
    rel = np.empty(n, dtype=np.int32)
    ncur = 0
    for c in range(n):
        if side[c] == 0 and mate[c] < 0:
            root[c] = c
            thead[c] = c
            tnext[c] = -1
            cur[ncur] = c
            ncur += 1
    phases = 0
    while True:
        phases += 1
        naug = 0
        # Invariant: a matched vertex is in a tree iff its mate is in the
        # same tree; columns of non-augmenting trees in ``cur`` are the only
        # ones whose neighbours have not all been visited.
        while ncur > 0:
            nn = 0
            for i in range(ncur):
                c = cur[i]
                rt = root[c]
                if leaf[rt] >= 0:
                    continue
                for k in range(indptr[c], indptr[c + 1]):
                    r = indices[k]
                    if root[r] >= 0:
                        continue
                    root[r] = rt
                    parent[r] = c
                    tnext[r] = thead[rt]
                    thead[rt] = r
                    x = mate[r]
                    if x < 0:
                        leaf[rt] = r
                        aug[naug] = rt
                        naug += 1
                        break
                    root[x] = rt
                    tnext[x] = thead[rt]
                    thead[rt] = x
                    nxt[nn] = x
                    nn += 1
            cur, nxt = nxt, cur
            ncur = nn
        if naug == 0:
            return phases
        nrel = 0
        for i in range(naug):
            rt = aug[i]
            r = leaf[rt]
            while r >= 0:
                c = parent[r]
                nr = mate[c]
                mate[c] = r
                mate[r] = c
                r = nr
            v = thead[rt]
            while v >= 0:
                root[v] = -1
                if side[v] == 1:
                    rel[nrel] = v
                    nrel += 1
                v = tnext[v]
            thead[rt] = -1
        # Released rows are all matched; one next to a surviving tree joins
        # it together with its mate, which goes on the next frontier.
        ncur = 0
        for i in range(nrel):
            r = rel[i]
            for k in range(indptr[r], indptr[r + 1]):
                c = indices[k]
                rt = root[c]
                if rt < 0 or leaf[rt] >= 0:
                    continue
                root[r] = rt
                parent[r] = c
                tnext[r] = thead[rt]
                thead[rt] = r
                x = mate[r]
                root[x] = rt
                tnext[x] = thead[rt]
                thead[rt] = x
                cur[ncur] = x
                ncur += 1
                break
