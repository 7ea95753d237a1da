"""Write the bundled geography cases, each expected answer agreed on by independent formulations.

Usage: python -m gamecert.verify.geography.cases [OUT_DIR]   (default: cases/geography)

The fast solver is never consulted. Every case's expected output comes from
the formulations that can handle it (rule search, ILP, SAT; at least two of
them must run), which must all agree, matching numbers included; the
``source`` line names them.
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

import networkx as nx
import numpy as np

from gamecert.solvers.errors import SolverError
from gamecert.solvers.geography.solver import parse_geography
from gamecert.verify.engine.cases import case_text
from gamecert.verify.geography.families import flower, tower
from gamecert.verify.uvg import ilp, sat, search
from gamecert.verify.uvg.adapter import agreed_outcomes


def edge_list(n: int, edges) -> str:
    return f"{n} {len(edges)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges)


def dimacs(n: int, edges, comment: str) -> str:
    return f"c {comment}\np edge {n} {len(edges)}\n" + "".join(f"e {u + 1} {v + 1}\n" for u, v in edges)


def cycle(n: int):
    return n, [(i, (i + 1) % n) for i in range(n)]


def path(n: int):
    return n, [(i, i + 1) for i in range(n - 1)]


def complete(n: int):
    return n, list(itertools.combinations(range(n), 2))


_rng = np.random.default_rng(2024)


def rand(n: int, m: int):
    """m distinct random edges on n vertices (a fixed seed: the cases are reproducible)."""
    e: set[tuple[int, int]] = set()
    while len(e) < m:
        u, v = sorted(_rng.integers(0, n, 2).tolist())
        if u != v:
            e.add((u, v))
    return n, sorted(e)


def cases() -> list[tuple[str, str, str]]:
    """(name, input text, note) for every generated case."""
    out: list[tuple[str, str, str]] = []

    def add(name: str, text: str, note: str) -> None:
        out.append((name, text, note))

    add("odd-cycle-7", edge_list(*cycle(7)), "C7: every vertex is missed by some maximum matching (factor-critical)")
    add("odd-cycle-9-dimacs", dimacs(*cycle(9), "the 9-cycle"), "C9 in DIMACS format")
    add("even-cycle-8", edge_list(*cycle(8)), "C8 has a perfect matching and no vertex is avoidable")
    add("k5", edge_list(*complete(5)), "K5, odd complete graph")
    add("k7-dimacs", dimacs(*complete(7), "complete graph K7"), "K7 in DIMACS format")
    add("k6", edge_list(*complete(6)), "K6, even complete graph")
    add("k8", edge_list(*complete(8)), "K8, even complete graph")
    P = nx.petersen_graph()
    add("petersen", edge_list(10, sorted(P.edges())), "the Petersen graph (3-regular, perfect matching, not bipartite)")
    add("petersen-dimacs", dimacs(10, sorted(P.edges()), "Petersen graph"), "the Petersen graph in DIMACS format")
    add("flower-nested-blossoms", edge_list(*flower(3, 3)), "a hub with 3 petals, each a chain of 3 nested triangles")
    add("tower-nested-blossoms", edge_list(*tower(9)), "triangles glued edge to edge: 9 levels of nested blossoms")
    hub = [(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 4), (7, 8), (8, 9), (9, 7), (0, 1), (0, 4), (0, 7)]
    add("several-odd-d-components", edge_list(10, hub), "hub 1 joined to three triangles: A = {1}, D has three odd components")
    two_hubs = [(0, 2), (0, 3), (0, 4), (1, 4), (1, 5), (1, 8), (2, 3), (5, 6), (6, 7), (7, 5), (8, 9), (9, 10), (10, 8), (4, 11)]
    add("d-components-two-hubs", edge_list(12, two_hubs), "two A vertices shared by odd components of sizes 1, 2+1, 3, 3")
    disc = [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (6, 7), (8, 9), (9, 10), (10, 11), (8, 10), (9, 11), (8, 11)]
    add("disconnected", edge_list(13, disc), "triangle, path P3, an edge, K4 and an isolated vertex")
    add("isolated-vertices", edge_list(6, [(1, 2), (3, 4)]), "two edges and two isolated vertices")
    add("star", edge_list(7, [(0, i) for i in range(1, 7)]), "the star K1,6: the centre wins, every leaf loses")
    add("path-6", edge_list(*path(6)), "an even path")
    add("path-7", edge_list(*path(7)), "an odd path")
    G = nx.grid_2d_graph(3, 4)
    idx = {v: i for i, v in enumerate(sorted(G.nodes))}
    add("bipartite-grid-3x4", edge_list(12, sorted((idx[u], idx[v]) for u, v in G.edges())), "a bipartite graph (3x4 grid) given as an edge list")
    add("bipartite-random", edge_list(11, [(0, 6), (0, 7), (1, 7), (2, 8), (2, 9), (3, 9), (4, 9), (4, 10), (5, 10), (1, 8)]), "a bipartite graph with a deficient side")
    add("empty-4", "4 0\n", "no edges: nobody can move")
    add("single-vertex", "1 0\n", "one vertex, no edges")
    add("self-loops-and-repeats", "5 8\n1 2\n2 2\n2 3\n3 1\n1 2\n2 1\n4 5\n5 5\n", "self-loops are ignored and repeated edges count once")
    add("dimacs-self-loops-repeats", "c a triangle with extras\nc second comment\np edge 4 6\ne 1 2\ne 2 3\ne 3 1\ne 3 3\ne 2 1\ne 3 4\n", "DIMACS with a self-loop and a repeated edge")
    add("wheel-7", edge_list(*(lambda n: (n, [(0, i) for i in range(1, n)] + [(i, i % (n - 1) + 1) for i in range(1, n)]))(7)), "the wheel W7 (hub + 6-cycle)")
    add("odd-ring-of-cliques", edge_list(15, [e for k in range(5) for e in itertools.combinations(range(3 * k, 3 * k + 3), 2)] + [(3 * k + 2, (3 * k + 3) % 15) for k in range(5)]), "five triangles in a ring")
    for i, (n, m) in enumerate([(12, 18), (16, 20), (20, 30), (25, 35), (28, 60)]):
        add(f"random-{n}-{m}", edge_list(*rand(n, m)), f"a random general graph, {n} vertices, {m} edges")
    add("random-60-90", edge_list(*rand(60, 90)), "a random general graph too big for the game search")

    return out


def expected(text: str, name: str) -> tuple[str, str]:
    """The agreed judge output and the names of the formulations that agreed."""
    graph = parse_geography(text, name).graph()
    answers = {}
    if search.fits(graph) is None:
        answers["search"] = search.graph_search_outcomes(graph)
    if ilp.fits(graph) is None:
        answers["ilp"] = ilp.ilp_outcomes(graph)
    if sat.fits(graph) is None:
        answers["sat"] = sat.sat_outcomes(graph)
    first, agreed = agreed_outcomes(answers, name)
    out = "".join(f"{v + 1} {'lose' if x else 'win'}\n" for v, x in enumerate(first.loses))
    return out, agreed


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else Path("cases/geography")
    out.mkdir(parents=True, exist_ok=True)
    for name, text, note in cases():
        t0 = time.perf_counter()
        try:
            answer, agreed = expected(text, name)
        except SolverError as exc:
            raise SystemExit(str(exc)) from None
        (out / f"{name}.toml").write_text(case_text("geography", f"agreement: {agreed}", text, answer, note))
        print(f"{name}: {agreed} in {time.perf_counter() - t0:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
