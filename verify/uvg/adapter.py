"""Pieces shared by the games that reduce to undirected vertex geography: their JSON, explanations,
and the case writers' agreement rule (the game class itself is :mod:`gamecert.verify.uvg.game`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from gamecert.solvers.errors import SolverError
from gamecert.solvers.matching.types import Decomposition, Outcomes
from gamecert.verify.game import first_difference

if TYPE_CHECKING:
    from gamecert.verify.engine.jsonstream import Rows


def explain_outcomes(name: Callable[[int], str], fast: Outcomes, other: Outcomes) -> str:
    """Where another formulation's UVG answer differs from the fast one, naming the first vertex."""
    i = first_difference(fast.loses, other.loses)
    if i is None:
        return "answers agree"
    if i >= min(len(fast.loses), len(other.loses)):
        return f"{len(other.loses)} vertices, fast has {len(fast.loses)}"
    word = {True: "lose", False: "win"}
    return f"vertex {name(i)}: player to move should {word[other.loses[i]]}, fast says {word[fast.loses[i]]}"


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


class VertexNames:
    """A :class:`~gamecert.verify.engine.jsonstream.Rows` block: the names of ``vertices[i:j]``,
    as ``columns`` gives them."""

    def __init__(self, vertices: np.ndarray, columns: Callable[[np.ndarray], np.ndarray]) -> None:
        self.vertices = vertices
        self.columns = columns

    def __call__(self, i: int, j: int) -> tuple[np.ndarray, None]:
        return self.columns(self.vertices[i:j]), None


def vertex_rows(name: str, vertices: np.ndarray, columns: Callable[[np.ndarray], np.ndarray]) -> Rows:
    """The JSON array of the names of ``vertices``, streamed; ``name`` and ``columns`` as in
    :func:`decomposition_json`."""
    from gamecert.verify.engine.jsonstream import Rows

    return Rows(name, len(vertices), VertexNames(vertices, columns))


def decomposition_json(dec: Decomposition, name: str, columns: Callable[[np.ndarray], np.ndarray]) -> dict:
    """The decomposition and its certificate as JSON, its arrays :class:`~gamecert.verify.engine.jsonstream.Rows`.

    ``name`` is the JSON of one vertex name with ``%d`` for its integers
    (``"[%d, %d]"`` for a maze cell, ``"%d"`` for a label); ``columns(v)``
    gives those integers for an array of vertices.
    ``paths.nodes[k] = [vertex, next]`` (``next`` = -1 at the unmatched end)
    and ``paths.start`` maps each ``D`` vertex to the first node of its path;
    ``decomposition.components`` lists the odd components of ``D`` in index
    order, each its vertices in increasing order.
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
        "decomposition": {key: vertex_rows(name, v, columns) for key, v in parts.items()}
        | {"components": Rows(comp_templates, len(by_comp), comp_block)},
        "certificate": {
            "unmatched": vertex_rows(name, unmatched, columns),
            "paths": {
                "nodes": Rows(f"[{name}, %d]", len(paths.node_vertex), node_block),
                "start": Rows(f"[{name}, %d]", len(d), start_block),
            },
        },
    }
