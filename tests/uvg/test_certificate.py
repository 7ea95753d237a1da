"""The certificate checker accepts real certificates and rejects broken ones."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gamecert.solvers.matching.graph import graph_from_edges
from gamecert.solvers.matching.types import A, AlternatingPaths, C, D, Decomposition, Matching
from gamecert.solvers.maze.solver import Maze, maze_game
from gamecert.verify.errors import CertificateError
from gamecert.verify.uvg.certificate import check_decomposition


def rows_from_bits(r: int, c: int, bits: int) -> list[str]:
    return ["".join("." if bits >> (i * c + j) & 1 else "#" for j in range(c)) for i in range(r)]


mazes = st.tuples(st.integers(1, 5), st.integers(1, 6), st.integers(0, 2**30 - 1)).map(lambda t: rows_from_bits(*t))


def solved(rows):
    sol = maze_game(Maze.from_rows(rows))
    return sol.graph, sol.decomposition


@settings(max_examples=80, deadline=None)
@given(mazes)
def test_real_certificates_are_valid(rows):
    graph, dec = solved(rows)
    assert check_decomposition(graph, dec) == []


@settings(max_examples=80, deadline=None)
@given(mazes, st.integers(0, 10**6))
def test_removed_matching_edge_is_caught(rows, pick):
    graph, dec = solved(rows)
    pairs = dec.matching.pairs()
    assume(len(pairs) > 0)
    u, w = pairs[pick % len(pairs)]
    mate = dec.matching.mate.copy()
    mate[u] = mate[w] = -1
    assert check_decomposition(graph, dataclasses.replace(dec, matching=Matching(mate)))


@settings(max_examples=80, deadline=None)
@given(mazes, st.integers(0, 10**6))
def test_vertex_moved_from_a_to_d_is_caught(rows, pick):
    graph, dec = solved(rows)
    a_vertices = dec.A
    assume(len(a_vertices) > 0)
    v = a_vertices[pick % len(a_vertices)]
    part, comp = dec.part.copy(), dec.component.copy()
    part[v], comp[v] = D, comp.max() + 1
    assert check_decomposition(graph, dataclasses.replace(dec, part=part, component=comp))


@settings(max_examples=80, deadline=None)
@given(mazes, st.integers(0, 10**6))
def test_vertex_moved_from_d_to_a_is_caught(rows, pick):
    graph, dec = solved(rows)
    d_vertices = dec.D
    assume(len(d_vertices) > 0)
    v = d_vertices[pick % len(d_vertices)]
    part, comp = dec.part.copy(), dec.component.copy()
    part[v], comp[v] = A, -1
    assert check_decomposition(graph, dataclasses.replace(dec, part=part, component=comp))


@settings(max_examples=80, deadline=None)
@given(mazes, st.integers(0, 10**6), st.booleans())
def test_broken_alternating_path_is_caught(rows, pick, cut):
    graph, dec = solved(rows)
    matched_d = [v for v in dec.D.tolist() if dec.matching.mate[v] >= 0]
    assume(matched_d)
    v = matched_d[pick % len(matched_d)]
    nxt = dec.paths.node_next.copy()
    k = dec.paths.start[v]
    # Either cut the path at v, or skip two steps (to a vertex of v's colour,
    # never adjacent in a bipartite graph).
    nxt[k] = -1 if cut else nxt[nxt[k]]
    broken = AlternatingPaths(dec.paths.node_vertex, nxt, dec.paths.start)
    assert check_decomposition(graph, dataclasses.replace(dec, paths=broken))


def triangle_certificate(part: list[int], component: list[int]) -> Decomposition:
    mate = np.array([1, 0, -1], dtype=np.int32)
    # Path of 0: 0 -(matched)- 1 -(unmatched)- 2 (free); of 1: 1 - 0 - 2; of 2: itself.
    node_vertex = np.array([0, 1, 2, 1, 0], dtype=np.int32)
    node_next = np.array([3, 4, -1, 2, 2], dtype=np.int32)
    start = np.array([0, 1, 2], dtype=np.int32)
    return Decomposition(
        Matching(mate),
        np.array(part, dtype=np.int8),
        np.array(component, dtype=np.int32),
        AlternatingPaths(node_vertex, node_next, start),
    )


def test_odd_cycle_certificate_with_a_real_d_component():
    triangle = graph_from_edges(3, [(0, 1), (1, 2), (2, 0)])
    assert check_decomposition(triangle, triangle_certificate([D, D, D], [0, 0, 0])) == []


def test_odd_cycle_split_into_singletons_is_caught():
    triangle = graph_from_edges(3, [(0, 1), (1, 2), (2, 0)])
    violations = check_decomposition(triangle, triangle_certificate([D, D, D], [0, 1, 2]))
    assert violations[0].startswith("cover: edge 0-1 (D-D)")


def test_odd_c_is_caught():
    triangle = graph_from_edges(3, [(0, 1), (1, 2), (2, 0)])
    violations = check_decomposition(triangle, triangle_certificate([C, C, C], [-1, -1, -1]))
    assert "cover: |C| = 3 is odd, so C cannot be perfectly matched" in violations


def test_path_that_repeats_a_vertex_is_caught():
    # Square 0-1-2-3-0 plus pendant 4 at 0; M = {0-1, 2-3}, 4 free.
    g = graph_from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 4)])
    dec = triangle_certificate([D, D, D], [0, 0, 0])
    mate = np.array([1, 0, 3, 2, -1], dtype=np.int32)
    # Claimed path of 2: 2-3 (m), 3-0 (u), 0-1 (m), 1-2 (u), 2-3 (m), 3-0 (u), 0-4?? uses 0 and 2 twice.
    node_vertex = np.array([2, 3, 0, 1, 2, 3, 0, 4], dtype=np.int32)
    node_next = np.array([1, 2, 3, 4, 5, 6, 7, -1], dtype=np.int32)
    start = np.array([-1, -1, 0, -1, 7], dtype=np.int32)
    dec = Decomposition(
        Matching(mate),
        np.array([A, C, D, C, D], dtype=np.int8),
        np.array([-1, -1, 0, -1, 1], dtype=np.int32),
        AlternatingPaths(node_vertex, node_next, start),
    )
    assert any("visits" in v and "twice" in v for v in check_decomposition(g, dec))


def test_malformed_certificate_raises():
    g = graph_from_edges(3, [(0, 1)])
    good = triangle_certificate([D, D, D], [0, 0, 0])
    with pytest.raises(CertificateError, match="part has length 2, expected 3"):
        check_decomposition(g, dataclasses.replace(good, part=np.array([0, 0], dtype=np.int8)))
    with pytest.raises(CertificateError, match="code other than D, A, C"):
        check_decomposition(g, dataclasses.replace(good, part=np.array([0, 5, 0], dtype=np.int8)))
