"""Checking a Gallai–Edmonds certificate (``docs/theory.md``, *Certificates*) without trusting the solver.

A certificate is a :class:`~gamecert.solvers.matching.types.Decomposition`: a matching
``M``, parts ``D``/``A``/``C``, a partition of ``D`` into components and an
even alternating path for every ``D`` vertex. It proves:

* ``M`` is maximum: every edge has an end in ``A``, or both ends in one
  ``D``-component, or both in ``C``, so the singletons of ``A``, the
  components of ``D`` and ``C`` form an odd-set cover of capacity
  ``|A| + sum(floor(|Di| / 2)) + |C| / 2``, and this equals ``|M|``;
* every ``v`` in ``A`` or ``C`` is in every maximum matching: dropping ``v``
  leaves a cover of capacity ``|M| - 1`` (this needs ``|C|`` even);
* every ``v`` in ``D`` is missed by some maximum matching: flipping its even
  alternating path from an unmatched vertex moves the gap to ``v``.

Wrong certificates come back as a list of violations, the first violated
condition first; malformed ones (wrong lengths, codes out of range) raise
:class:`~gamecert.verify.errors.CertificateError`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import A, C, D, Decomposition
from gamecert.verify.errors import CertificateError

#: At most this many violations are spelled out; the rest are counted.
MAX_REPORTED = 20


class _Report:
    def __init__(self, name: Callable[[int], str]) -> None:
        self.name = name
        self.items: list[str] = []
        self.extra = 0

    def add(self, message: str) -> None:
        if len(self.items) < MAX_REPORTED:
            self.items.append(message)
        else:
            self.extra += 1

    def result(self) -> list[str]:
        if self.extra:
            return self.items + [f"... and {self.extra} more violations"]
        return self.items


def _as_int_array(x, length: int | None, what: str) -> np.ndarray:
    a = np.asarray(x)
    if a.ndim != 1 or (a.size and not np.issubdtype(a.dtype, np.integer)):
        raise CertificateError(f"{what} must be a one-dimensional integer array")
    if length is not None and len(a) != length:
        raise CertificateError(f"{what} has length {len(a)}, expected {length}")
    return a.astype(np.int64)


def check_decomposition(
    graph: Graph, dec: Decomposition, name: Callable[[int], str] | None = None
) -> list[str]:
    """Verify a Gallai–Edmonds certificate; return its violations (empty = valid).

    ``name`` renders a vertex in messages (default: its index). Time
    ``O(V + E + N log N)`` for ``N`` path nodes when every path node stands on
    a different vertex (the bipartite case); otherwise each path's simplicity
    is checked vertex by vertex, adding its total length.

    >>> from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds

    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> g = graph_from_edges(3, [(0, 1), (1, 2)])
    >>> check_decomposition(g, gallai_edmonds(g))
    []
    """
    n = graph.n
    name = name or str
    report = _Report(name)
    mate = _as_int_array(dec.matching.mate, n, "mate")
    part = _as_int_array(dec.part, n, "part")
    comp = _as_int_array(dec.component, n, "component")
    node_vertex = _as_int_array(dec.paths.node_vertex, None, "paths.node_vertex")
    node_next = _as_int_array(dec.paths.node_next, len(node_vertex), "paths.node_next")
    start = _as_int_array(dec.paths.start, n, "paths.start")
    if n and (mate.min() < -1 or mate.max() >= n):
        raise CertificateError("mate holds a vertex out of range")
    if n and not np.isin(part, (D, A, C)).all():
        raise CertificateError("part holds a code other than D, A, C")
    if len(node_vertex) and (node_vertex.min() < 0 or node_vertex.max() >= n):
        raise CertificateError("paths.node_vertex holds a vertex out of range")
    if len(node_next) and (node_next.min() < -1 or node_next.max() >= len(node_next)):
        raise CertificateError("paths.node_next holds a node out of range")
    if n and (start.min() < -1 or start.max() >= len(node_vertex)):
        raise CertificateError("paths.start holds a node out of range")

    # Directed edge keys u * n + v, sorted because CSR rows are sorted.
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(graph.indptr))
    keys = src * n + graph.indices

    def is_edge(u: np.ndarray, v: np.ndarray) -> np.ndarray:
        q = u * n + v
        i = np.searchsorted(keys, q)
        return (i < len(keys)) & (keys[np.minimum(i, len(keys) - 1)] == q) if len(keys) else np.zeros(len(q), bool)

    _check_matching(mate, is_edge, report)
    _check_cover(graph, mate, part, comp, src, report)
    _check_paths(mate, part, node_vertex, node_next, start, is_edge, report)
    return report.result()


def _check_matching(mate: np.ndarray, is_edge, report: _Report) -> None:
    matched = np.flatnonzero(mate >= 0)
    partner = mate[matched]
    for v in matched[mate[partner] != matched]:
        report.add(f"matching: mate[{report.name(v)}] = {report.name(mate[v])} but not the other way round")
    for v in matched[~is_edge(matched, partner)]:
        report.add(f"matching: {report.name(v)}-{report.name(mate[v])} is not an edge")


def _check_cover(graph, mate, part, comp, src, report: _Report) -> None:
    is_d = part == D
    for v in np.flatnonzero(is_d & (comp < 0)):
        report.add(f"components: D vertex {report.name(v)} has no component")
    for v in np.flatnonzero(~is_d & (comp >= 0)):
        report.add(f"components: vertex {report.name(v)} is not in D but has component {comp[v]}")
    u, v = src, graph.indices.astype(np.int64)
    once = u < v
    u, v = u[once], v[once]
    pu, pv = part[u], part[v]
    covered = (pu == A) | (pv == A) | ((pu == C) & (pv == C)) | ((pu == D) & (pv == D) & (comp[u] == comp[v]))
    labels = {D: "D", A: "A", C: "C"}
    for a, b in zip(u[~covered].tolist(), v[~covered].tolist()):
        report.add(
            f"cover: edge {report.name(a)}-{report.name(b)} ({labels[part[a]]}-{labels[part[b]]}) "
            "has no end in A and does not lie inside one D-component or inside C"
        )
    n_c = int(np.count_nonzero(part == C))
    if n_c % 2:
        report.add(f"cover: |C| = {n_c} is odd, so C cannot be perfectly matched")
    sizes = np.bincount(comp[is_d & (comp >= 0)]) if is_d.any() else np.zeros(0, np.int64)
    capacity = int(np.count_nonzero(part == A)) + int((sizes // 2).sum()) + n_c // 2
    size = int(np.count_nonzero(mate >= 0)) // 2
    if capacity != size:
        report.add(f"cover: capacity |A| + sum floor(|Di|/2) + |C|/2 = {capacity} differs from |M| = {size}")


def _check_paths(mate, part, node_vertex, node_next, start, is_edge, report: _Report) -> None:
    n_nodes = len(node_vertex)
    d_vertices = np.flatnonzero(part == D)
    missing = d_vertices[start[d_vertices] < 0]
    for v in missing:
        report.add(f"paths: D vertex {report.name(v)} has no alternating path")
    heads = start[d_vertices[start[d_vertices] >= 0]]
    wrong_head = d_vertices[start[d_vertices] >= 0][node_vertex[heads] != d_vertices[start[d_vertices] >= 0]]
    for v in wrong_head:
        report.add(f"paths: the path of {report.name(v)} does not start at {report.name(v)}")

    # Nodes on some D vertex's path, marked front by front; marks stop cycles.
    used = np.zeros(n_nodes, dtype=bool)
    front = np.unique(heads)
    while len(front):
        front = front[~used[front]]
        used[front] = True
        front = node_next[front]
        front = np.unique(front[front >= 0])

    # List ranking by pointer jumping: after the loop ptr[k] is the last node
    # of k's chain and depth[k] its number of steps, unless the chain cycles.
    idx = np.arange(n_nodes)
    ptr = np.where(node_next >= 0, node_next, idx)
    depth = (node_next >= 0).astype(np.int64)
    for _ in range(int(n_nodes).bit_length() + 1):
        depth = depth + depth[ptr]
        ptr = ptr[ptr]
    end = ptr
    cyclic = used & (node_next[end] >= 0) if n_nodes else used
    for k in np.flatnonzero(cyclic)[:1]:
        report.add(f"paths: the path through {report.name(node_vertex[k])} runs in a cycle")
    ok_nodes = used & ~cyclic

    ends = np.unique(end[ok_nodes])
    for k in ends[mate[node_vertex[ends]] >= 0]:
        report.add(f"paths: a path ends at {report.name(node_vertex[k])}, which is matched")

    steps = np.flatnonzero(ok_nodes & (node_next >= 0))
    a, b = node_vertex[steps], node_vertex[node_next[steps]]
    for i in np.flatnonzero(~is_edge(a, b)):
        report.add(f"paths: step {report.name(a[i])}-{report.name(b[i])} is not an edge")
    # Counted from the unmatched end, edge 1 is unmatched, edge 2 matched, ...
    should_match = depth[steps] % 2 == 0
    is_match = mate[a] == b
    for i in np.flatnonzero(should_match != is_match):
        kind = "a matching edge" if should_match[i] else "a non-matching edge"
        report.add(f"paths: step {report.name(a[i])}-{report.name(b[i])} should be {kind}")
    good_heads = heads[~cyclic[heads]]
    for k in good_heads[depth[good_heads] % 2 == 1]:
        report.add(f"paths: the path of {report.name(node_vertex[k])} has odd length")

    used_vertices = node_vertex[ok_nodes]
    if len(np.unique(used_vertices)) != len(used_vertices):
        _check_simple(node_vertex, node_next, good_heads, report)


def _check_simple(node_vertex, node_next, heads, report: _Report) -> None:
    """Each path visits distinct vertices; ``O(total path length)``."""
    seen_at = np.full(int(node_vertex.max()) + 1, -1, dtype=np.int64)
    for i, k in enumerate(heads.tolist()):
        head = k
        while k >= 0:
            v = node_vertex[k]
            if seen_at[v] == i:
                report.add(f"paths: the path of {report.name(node_vertex[head])} visits {report.name(v)} twice")
                break
            seen_at[v] = i
            k = node_next[k]
