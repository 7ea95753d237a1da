"""Pieces shared by the games that reduce to undirected vertex geography."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from solvers.decomposition import Decomposition, Outcomes
from solvers.graph import Graph

from ..games import Formulation, first_difference, lazy


def decomposition_json(dec: Decomposition, name: Callable[[int], Hashable]) -> dict:
    """The decomposition and its certificate as JSON-able data, vertices named by ``name``.

    ``paths.nodes[k] = [vertex, next]`` (``next`` = -1 at the unmatched end) and
    ``paths.start`` maps each ``D`` vertex to the first node of its path.
    """
    mate = dec.matching.mate
    part_names = ("D", "A", "C")
    comps: dict[int, list] = {}
    for v in dec.D.tolist():
        comps.setdefault(int(dec.component[v]), []).append(name(v))
    return {
        "nu": dec.nu,
        "matching": [[name(u), name(w)] for u, w in dec.matching.pairs().tolist()],
        "decomposition": {
            key: [name(v) for v in getattr(dec, key).tolist()] for key in part_names
        }
        | {"components": [comps[k] for k in sorted(comps)]},
        "certificate": {
            "unmatched": [name(v) for v in range(len(mate)) if mate[v] < 0],
            "paths": {
                "nodes": [
                    [name(int(v)), int(k)]
                    for v, k in zip(dec.paths.node_vertex.tolist(), dec.paths.node_next.tolist())
                ],
                "start": [[name(v), int(dec.paths.start[v])] for v in dec.D.tolist()],
            },
        },
    }


def explain_outcomes(name: Callable[[int], str], fast: Outcomes, other: Outcomes) -> str:
    """Where another formulation's UVG answer differs from the fast one, naming the first vertex."""
    i = first_difference(fast.loses, other.loses)
    if i is None:
        return "answers agree"
    if i >= min(len(fast.loses), len(other.loses)):
        return f"{len(other.loses)} vertices, fast has {len(fast.loses)}"
    word = {True: "lose", False: "win"}
    return f"vertex {name(i)}: player to move should {word[other.loses[i]]}, fast says {word[fast.loses[i]]}"


def graph_fits(limit: int, what: str) -> Callable[[Graph], str | None]:
    def fits(graph: Graph) -> str | None:
        return None if graph.n <= limit else f"{graph.n} vertices > {limit} ({what} limit)"

    return fits


def graph_formulation(
    name: str, function: str, graph_of: Callable, prepare: Callable | None = None
) -> Formulation:
    """The formulation ``verify.NAME.FUNCTION`` on an instance's graph, gated by ``verify.NAME.fits``.

    ``prepare`` turns the instance into the function's argument when that is
    not the graph (the maze search reads the board text).
    """
    module = f"verify.{name}"
    return Formulation(name, lazy(module, "fits", graph_of), lazy(module, function, prepare or graph_of))
