"""Pieces shared by the games that reduce to undirected vertex geography."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

from gamecert.solvers.errors import SolverError
from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import Decomposition, Outcomes
from gamecert.verify.game import Formulation, Play, first_difference
from gamecert.verify.uvg import search


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


def uvg_formulations(graph_of: Callable[[Any], Graph], search_input: Callable[[Any], Any] | None = None) -> tuple[Formulation, ...]:
    """The four independent UVG formulations (ILP, SAT, rule search, QBF) on an instance's graph.

    ``graph_of`` turns the game's instance into its graph; each formulation's
    own ``fits`` gates it. ``search_input``, when given, turns the instance into
    what the rule search reads instead of the graph: a maze search reads the
    board text itself, not our grid graph. Solver libraries are imported on
    first use.
    """

    def ilp_fits(instance: Any) -> str | None:
        from gamecert.verify.uvg import ilp

        return ilp.fits(graph_of(instance))

    def ilp_run(instance: Any) -> Outcomes:
        from gamecert.verify.uvg import ilp

        return ilp.ilp_outcomes(graph_of(instance))

    def sat_fits(instance: Any) -> str | None:
        from gamecert.verify.uvg import sat

        return sat.fits(graph_of(instance))

    def sat_run(instance: Any) -> Outcomes:
        from gamecert.verify.uvg import sat

        return sat.sat_outcomes(graph_of(instance))

    def search_fits(instance: Any) -> str | None:
        return search.fits(graph_of(instance))

    def search_run(instance: Any) -> Outcomes:
        if search_input is None:
            return search.graph_search_outcomes(graph_of(instance))
        return search.maze_search_outcomes(search_input(instance))

    def qbf_fits(instance: Any) -> str | None:
        from gamecert.verify.uvg import qbf

        return qbf.fits(graph_of(instance))

    def qbf_run(instance: Any) -> Outcomes:
        from gamecert.verify.uvg import qbf

        return qbf.qbf_outcomes(graph_of(instance))

    return (
        Formulation("ilp", ilp_fits, ilp_run),
        Formulation("sat", sat_fits, sat_run),
        Formulation("search", search_fits, search_run),
        Formulation("qbf", qbf_fits, qbf_run),
    )


def agreed_outcomes(answers: dict[str, Outcomes], what: str) -> tuple[Outcomes, str]:
    """The one answer several independent formulations agree on, and their names joined by ``+``.

    For the case writers: an expected answer is written only when at least two
    formulations ran and all agree, matching numbers included; otherwise
    :class:`~gamecert.solvers.errors.SolverError` names ``what`` failed.

    >>> agreed_outcomes({"ilp": Outcomes((True, False), 1), "sat": Outcomes((True, False), 1)}, "g")[1]
    'ilp + sat'
    """
    if len(answers) < 2:
        raise SolverError(f"{what}: fewer than two formulations fit")
    first = next(iter(answers.values()))
    if any(a != first for a in answers.values()):
        raise SolverError(f"formulations disagree on {what}: {answers}")
    nus = {a.nu for a in answers.values() if a.nu is not None}
    if len(nus) > 1:
        raise SolverError(f"matching numbers disagree on {what}: {nus}")
    return first, " + ".join(answers)


def decomposition_json_stream(dec: Decomposition, name: str, columns: Callable[[np.ndarray], np.ndarray]) -> dict:
    """:func:`decomposition_json` with its arrays as :class:`~gamecert.verify.engine.jsonstream.Rows`, for streaming.

    ``name`` is the JSON of one vertex name with ``%d`` for its integers
    (``"[%d, %d]"`` for a maze cell, ``"%d"`` for a label); ``columns(v)``
    gives those integers for an array of vertices. Written by
    :func:`~gamecert.verify.engine.jsonstream.write_json`, the bytes equal ``json.dumps`` of
    :func:`decomposition_json`.
    """
    from gamecert.verify.engine.jsonstream import Rows

    mate = dec.matching.mate
    parts = {key: getattr(dec, key) for key in ("D", "A", "C")}
    d = parts["D"]
    # Components in index order, each listing its vertices in increasing order.
    by_comp = d[np.argsort(dec.component[d], kind="stable")]
    comp = dec.component[by_comp]
    first = np.ones(len(by_comp), dtype=bool)
    first[1:] = comp[1:] != comp[:-1]
    last = np.ones(len(by_comp), dtype=bool)
    last[:-1] = comp[1:] != comp[:-1]
    unmatched = np.flatnonzero(mate < 0)
    pairs = dec.matching.pairs()
    paths = dec.paths

    def names(vertices: np.ndarray):
        return lambda i, j: (columns(vertices[i:j]), None)

    def comp_block(i, j):
        return columns(by_comp[i:j]), first[i:j] * 2 + last[i:j]

    def pair_block(i, j):
        return np.hstack([columns(pairs[i:j, 0]), columns(pairs[i:j, 1])]), None

    def node_block(i, j):
        return np.hstack([columns(paths.node_vertex[i:j]), paths.node_next[i:j, None]]), None

    def start_block(i, j):
        return np.hstack([columns(d[i:j]), paths.start[d[i:j], None]]), None

    # Alternatives by (first, last) in a component: 0 middle, 1 last, 2 first, 3 both.
    comp_templates = (name, name + "]", "[" + name, "[" + name + "]")
    return {
        "nu": dec.nu,
        "matching": Rows(f"[{name}, {name}]", len(pairs), pair_block),
        "decomposition": {key: Rows(name, len(v), names(v)) for key, v in parts.items()}
        | {"components": Rows(comp_templates, len(by_comp), comp_block)},
        "certificate": {
            "unmatched": Rows(name, len(unmatched), names(unmatched)),
            "paths": {
                "nodes": Rows(f"[{name}, %d]", len(paths.node_vertex), node_block),
                "start": Rows(f"[{name}, %d]", len(d), start_block),
            },
        },
    }


def uvg_play(start_of: Callable[[Any, str | None, str], Any]) -> tuple[Play, Callable[[Any, str, str, str], str]]:
    """``gamecert play`` and ``gamecert solve --from`` for a UVG game, as its registry entry takes them.

    ``start_of(instance, vertex, source)`` names a start vertex the way the
    game's users write it (a maze cell, a geography label); the play engine is
    imported on first use.
    """

    def play(instance: Any, start: str):
        from gamecert.verify.uvg.play import UvgPlay

        return UvgPlay(start_of, instance, start)

    def solve_from(instance: Any, token: str, visited: str, source: str) -> str:
        from gamecert.verify.uvg.play import solve_mid_game

        return solve_mid_game(start_of, instance, token, visited, source)

    return Play(start=play), solve_from
