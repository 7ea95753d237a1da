"""Compiled kernels for Edmonds' blossom algorithm on general graphs.

Private: callers pass well-formed CSR arrays (see :mod:`gamecert.solvers.matching.graph`) and a
valid ``mate`` array; nothing here re-checks its input. No kernel recurses.

The search grows an alternating forest from every unmatched vertex at once.
Blossoms are contracted with a union-find whose set representative carries
the blossom's base. Every outer (even) vertex ``x`` has a path ``P(x)``: an
even alternating path in ``G`` from ``x`` to its tree's root that starts
with ``x``'s matching edge. A vertex grown into the tree has ``P(x) = x,
mate(x), P(parent)``; an inner vertex ``o`` that turns outer when the edge
``(s, t)`` closes a blossom (``s`` on ``o``'s side) has ``P(o) = reverse(P(s)
up to o), P(t)``. While the matching grows only the bridge ``(s, t)`` is
kept and paths are expanded on demand (:func:`_expand`); for the
certificate every ``P(x)`` is stored as a chain of nodes, one reversed copy
per side of each blossom serving every vertex on that side (their paths are
suffixes of it).
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.jit import kernel

UNLABELED, OUTER, INNER = 0, 1, 2


@kernel
def _find(uf, v):
    """Root of ``v``'s set, halving the path on the way."""
    while uf[v] != v:
        uf[v] = uf[uf[v]]
        v = uf[v]
    return v


@kernel
def _grow_nodes(node_vertex, node_next, need, limit):
    """Node arrays with room for ``need`` nodes (contents kept), doubling but
    never past ``max(need, limit)``."""
    cap = len(node_vertex)
    if need <= cap:
        return node_vertex, node_next
    while cap < need:
        cap *= 2
    cap = max(need, min(cap, limit))
    nv = np.empty(cap, dtype=np.int32)
    nn = np.empty(cap, dtype=np.int32)
    nv[: len(node_vertex)] = node_vertex
    nn[: len(node_next)] = node_next
    return nv, nn


@kernel
def _flip_chain(mate, node_vertex, node_next, k):
    """Flip the matching along the chain from node ``k`` to its root.

    The chain is ``x0, x1, x2, ...`` with ``(x0, x1)`` matched; afterwards
    ``(x1, x2), (x3, x4), ...`` are matched and ``x0`` is left for the caller.
    """
    k = node_next[k]
    while k >= 0:
        a = node_vertex[k]
        k2 = node_next[k]
        b = node_vertex[k2]
        mate[a] = b
        mate[b] = a
        k = node_next[k2]


@kernel(inline="always")
def _push(stack, i, a, b, kind):
    stack[i, 0] = a
    stack[i, 1] = b
    stack[i, 2] = kind


@kernel
def _expand(x, stop, mate, parent, born, bridge_s, bridge_t, out, stack):
    """Write ``P(x)`` from ``x`` up to ``stop`` into ``out``; return its length.

    Used when chains are not stored. ``P`` of a grown vertex is ``x,
    mate(x), P(parent(mate(x)))``; of a blossom-born vertex ``x`` with bridge
    ``(s, t)`` it is ``x, reverse(P(s) up to mate(x)), P(t)``. An explicit
    stack of items ``(a, b, kind)`` replaces the recursion: kind 0 emits
    ``P(a)[a..b]``, kind 1 emits it reversed, kind 2 emits the vertex ``a``.
    """
    length = 0
    top = 0
    stack[0, 0] = x
    stack[0, 1] = stop
    stack[0, 2] = 0
    top = 1
    while top > 0:
        top -= 1
        a = stack[top, 0]
        b = stack[top, 1]
        kind = stack[top, 2]
        if kind == 2 or a == b:
            out[length] = a
            length += 1
            continue
        # Items are pushed last-first, so the first one pops next.
        if born[a]:
            s = bridge_s[a]
            t = bridge_t[a]
            if kind == 0:
                _push(stack, top, t, b, 0)
                _push(stack, top + 1, s, mate[a], 1)
                _push(stack, top + 2, a, a, 2)
            else:
                _push(stack, top, a, a, 2)
                _push(stack, top + 1, s, mate[a], 0)
                _push(stack, top + 2, t, b, 1)
            top += 3
        else:
            w = mate[a]
            if kind == 0:
                _push(stack, top, parent[w], b, 0)
                _push(stack, top + 1, w, w, 2)
                _push(stack, top + 2, a, a, 2)
            else:
                _push(stack, top, a, a, 2)
                _push(stack, top + 1, w, w, 2)
                _push(stack, top + 2, parent[w], b, 1)
            top += 3
    return length


@kernel
def forest_phase(
    indptr, indices, mate, node_vertex, node_next, label, uf, base, parent, tree, start, spent,
    born, bridge_s, bridge_t, first_base, materialize, max_nodes,
):
    """One phase: grow the alternating forest from all unmatched vertices.

    Whenever an edge joins outer vertices of two live trees, the matching is
    augmented along the path through it (``mate`` changes in place) and both
    trees are retired for the rest of the phase. When no augmentation happens
    the arrays describe a complete Edmonds forest of a maximum matching:
    outer vertices form ``D``, inner ``A``, unlabeled ``C``; ``_find(uf, v)``
    names ``v``'s top-level blossom.

    With ``materialize`` every outer ``v`` gets its chain ``P(v)`` stored from
    node ``start[v]`` (one reversed copy per side of each blossom, which can
    total ``O(V^2)`` nodes under deep nesting); the phase gives up, returning
    ``node_count = -1``, past ``max_nodes``. Without it, blossom-born vertices
    keep only their bridge and paths are expanded on demand by
    :func:`_expand`, in time linear in their length.

    ``first_base[r]`` is the base of the first blossom formed in root ``r``'s
    tree (-1 if none). Returns ``(augmentations, node_count, node_vertex,
    node_next)``.
    """
    n = len(indptr) - 1
    queue = np.empty(n, dtype=np.int32)
    mark = np.zeros(n, dtype=np.int32)
    buf = np.empty(n, dtype=np.int32)
    buf2 = np.empty(n, dtype=np.int32)
    stack = np.empty((3 * n + 3, 3), dtype=np.int32)
    stamp = 0
    head, tail = 0, 0
    nodes = 0
    # Chains: n roots and grown vertices take at most 3 n nodes, blossoms
    # at most max_nodes; capacity never doubles past that.
    limit = max_nodes + 3 * n + 16
    for v in range(n):
        label[v] = UNLABELED
        uf[v] = v
        base[v] = v
        parent[v] = -1
        tree[v] = -1
        start[v] = -1
        spent[v] = False
        born[v] = False
        first_base[v] = -1
    if materialize:
        node_vertex, node_next = _grow_nodes(node_vertex, node_next, n, limit)
    for v in range(n):
        if mate[v] < 0:
            label[v] = OUTER
            tree[v] = v
            if materialize:
                node_vertex[nodes] = v
                node_next[nodes] = -1
                start[v] = nodes
                nodes += 1
            queue[tail] = v
            tail += 1
    augmentations = 0
    while head < tail:
        u = queue[head]
        head += 1
        if spent[tree[u]]:
            continue
        for k in range(indptr[u], indptr[u + 1]):
            if spent[tree[u]]:
                break
            w = indices[k]
            lw = label[w]
            if lw == UNLABELED:
                # w is matched (every unmatched vertex is a root): grow.
                x = mate[w]
                label[w] = INNER
                parent[w] = u
                tree[w] = tree[u]
                label[x] = OUTER
                tree[x] = tree[u]
                if materialize:
                    node_vertex, node_next = _grow_nodes(node_vertex, node_next, nodes + 2, limit)
                    node_vertex[nodes] = w
                    node_next[nodes] = start[u]
                    node_vertex[nodes + 1] = x
                    node_next[nodes + 1] = nodes
                    start[x] = nodes + 1
                    nodes += 2
                queue[tail] = x
                tail += 1
                continue
            if lw == INNER or spent[tree[w]]:
                continue
            if tree[w] != tree[u]:
                # Augmenting path: reverse(P(u)), (u, w), P(w).
                if materialize:
                    _flip_chain(mate, node_vertex, node_next, start[u])
                    _flip_chain(mate, node_vertex, node_next, start[w])
                else:
                    lu = _expand(u, tree[u], mate, parent, born, bridge_s, bridge_t, buf, stack)
                    lw2 = _expand(w, tree[w], mate, parent, born, bridge_s, bridge_t, buf2, stack)
                    for i in range(1, lu, 2):
                        mate[buf[i]] = buf[i + 1]
                        mate[buf[i + 1]] = buf[i]
                    for i in range(1, lw2, 2):
                        mate[buf2[i]] = buf2[i + 1]
                        mate[buf2[i + 1]] = buf2[i]
                mate[u] = w
                mate[w] = u
                spent[tree[u]] = True
                spent[tree[w]] = True
                augmentations += 1
                break
            bu = base[_find(uf, u)]
            bw = base[_find(uf, w)]
            if bu == bw:
                continue
            # Blossom: the base b is where the two walks up the tree meet.
            stamp += 1
            a, c = bu, bw
            b = -1
            while b < 0:
                if a >= 0:
                    if mark[a] == stamp:
                        b = a
                        break
                    mark[a] = stamp
                    if mate[a] < 0:
                        a = -1
                    else:
                        a = base[_find(uf, parent[mate[a]])]
                a, c = c, a
            for side in range(2):
                s = u if side == 0 else w
                t = w if side == 0 else u
                beta = base[_find(uf, s)]
                if beta == b:
                    continue
                if materialize:
                    # The last inner vertex below b on this side.
                    last = -1
                    while beta != b:
                        last = mate[beta]
                        beta = base[_find(uf, parent[last])]
                    # buf = P(s) from s up to and including `last`.
                    length = 0
                    q = start[s]
                    while True:
                        y = node_vertex[q]
                        buf[length] = y
                        length += 1
                        if y == last:
                            break
                        q = node_next[q]
                    if nodes + length > max_nodes:
                        return augmentations, -1, node_vertex, node_next
                    node_vertex, node_next = _grow_nodes(node_vertex, node_next, nodes + length, limit)
                    prev = start[t]
                    for i in range(length):
                        y = buf[i]
                        node_vertex[nodes] = y
                        node_next[nodes] = prev
                        prev = nodes
                        if label[y] == INNER:
                            start[y] = nodes
                        nodes += 1
                rb = _find(uf, b)
                beta = base[_find(uf, s)]
                while beta != b:
                    o = mate[beta]
                    nxt = parent[o]
                    uf[_find(uf, beta)] = rb
                    uf[o] = rb
                    label[o] = OUTER
                    born[o] = True
                    bridge_s[o] = s
                    bridge_t[o] = t
                    queue[tail] = o
                    tail += 1
                    beta = base[_find(uf, nxt)]
                base[rb] = b
            if first_base[tree[u]] < 0:
                first_base[tree[u]] = b
    return augmentations, nodes, node_vertex, node_next


@kernel
def _relocate_roots(mate, parent, born, bridge_s, bridge_t, first_base):
    """Make the base of each tree's first blossom the tree's unmatched vertex.

    Flipping the even path ``P(b)`` from that base ``b`` to the root keeps the
    matching maximum and moves the gap to ``b``. Trees grown from there tend
    to close blossoms near their root, so the stored reversed copies stay
    short: on a tower of triangles rooted at its far end the paths shrink
    from ``Θ(V^2)`` to ``O(V)`` nodes. Returns how many roots moved.
    """
    n = len(mate)
    out = np.empty(n, dtype=np.int32)
    stack = np.empty((3 * n + 3, 3), dtype=np.int32)
    moved = 0
    for r in range(n):
        b = first_base[r]
        if b < 0 or b == r or mate[r] >= 0:
            continue
        length = _expand(b, r, mate, parent, born, bridge_s, bridge_t, out, stack)
        for i in range(1, length, 2):
            mate[out[i]] = out[i + 1]
            mate[out[i + 1]] = out[i]
        mate[b] = -1
        moved += 1
    return moved


@kernel
def maximum_matching_forest(indptr, indices, mate, materialize, budget, max_nodes):
    """Augment ``mate`` to a maximum matching; return the final forest.

    Phases run without stored chains until one finds nothing. With
    ``materialize`` one more phase stores every outer vertex's chain; if they
    pass ``budget`` nodes, the roots move (:func:`_relocate_roots`) and the
    chains are built again, up to ``max_nodes``. Returns ``(label, start,
    node_vertex, node_next, component, phases)`` where ``component[v]``
    numbers ``v``'s top-level outer blossom; ``phases`` is ``-1`` when the
    chains would pass ``max_nodes``.
    """
    n = len(indptr) - 1
    label = np.empty(n, dtype=np.int8)
    uf = np.empty(n, dtype=np.int32)
    base = np.empty(n, dtype=np.int32)
    parent = np.empty(n, dtype=np.int32)
    tree = np.empty(n, dtype=np.int32)
    start = np.empty(n, dtype=np.int32)
    spent = np.empty(max(n, 1), dtype=np.bool_)
    born = np.empty(n, dtype=np.bool_)
    bridge_s = np.empty(n, dtype=np.int32)
    bridge_t = np.empty(n, dtype=np.int32)
    first_base = np.empty(n, dtype=np.int32)
    node_vertex = np.empty(16, dtype=np.int32)
    node_next = np.empty(16, dtype=np.int32)
    phases = 0
    nodes = 0
    stage = 0  # 0: matching, 1: chains within budget, 2: chains after moving roots
    while True:
        phases += 1
        cap = budget if stage == 1 else max_nodes
        chains = stage > 0
        aug, nodes, node_vertex, node_next = forest_phase(
            indptr, indices, mate, node_vertex, node_next, label, uf, base, parent, tree, start, spent,
            born, bridge_s, bridge_t, first_base, chains, cap,
        )
        if nodes < 0:
            if stage == 2:
                phases = -1
                nodes = 0
                break
            # Over budget: rebuild the plain forest, move the roots, retry. The
            # flag is ``not chains`` (False: only a phase storing chains gives
            # up), not a literal ``False``: numba would compile a second
            # version of forest_phase for the literal.
            forest_phase(
                indptr, indices, mate, node_vertex, node_next, label, uf, base, parent, tree, start, spent,
                born, bridge_s, bridge_t, first_base, not chains, cap,
            )
            _relocate_roots(mate, parent, born, bridge_s, bridge_t, first_base)
            stage = 2
            continue
        if aug == 0:
            if stage > 0 or not materialize:
                break
            stage = 1
    # Top-level outer blossoms are the components of G[D], numbered in
    # order of their smallest vertex; -1 off D.
    component = np.full(n, -1, dtype=np.int32)
    number = np.full(n, -1, dtype=np.int32)
    count = 0
    for v in range(n):
        if label[v] == OUTER:
            r = _find(uf, v)
            if number[r] < 0:
                number[r] = count
                count += 1
            component[v] = number[r]
    return label, start, node_vertex[:nodes].copy(), node_next[:nodes].copy(), component, phases
