"""The graph kind of rules games: the rules build a graph, and the game is undirected vertex geography on it."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from gamecert.solvers import jit
from gamecert.solvers.errors import RulesError
from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.graph import Graph, graph_from_edges
from gamecert.solvers.matching.types import Decomposition
from gamecert.solvers.rules.rules import GraphRules, Guard, Limits, shown_position
from gamecert.verify.capabilities import StressCases
from gamecert.verify.game import Capability, Write
from gamecert.verify.rules.base import RulesFileGame
from gamecert.verify.uvg.game import UvgGame, small_graph


@dataclass(frozen=True)
class GraphInstance:
    """A graph rules game's instance: what ``parse`` returned, its vertex labels (output order) and graph."""

    instance: Any = field(compare=False)
    labels: tuple[Hashable, ...]
    graph: Graph
    ignored: int  # self-loops and repeated edges, which the game never uses

    def name(self, v: int) -> str:
        return str(self.labels[v])


@dataclass(frozen=True)
class GraphRulesSolution:
    """Who wins from each vertex, certified by the Gallai–Edmonds decomposition of the instance's graph."""

    labels: tuple[Hashable, ...]
    graph: Graph
    decomposition: Decomposition


def build_graph(rules: GraphRules, instance: Any, limits: Limits) -> GraphInstance:
    """The graph of ``instance`` by the rules' ``graph``, its labels checked (hashable, distinct) and its edges
    (pairs of labels); self-loops and repeated edges are dropped."""
    guard = Guard(rules, limits)
    with guard:
        guard.doing = ("graph", instance)
        try:
            result = rules.graph(instance)
            vertices, edges = result
            labels = tuple(vertices)
            pairs = [tuple(e) for e in edges]
        except (TypeError, ValueError) as exc:
            if guard.raised_in_rules(exc):
                raise  # the guard locates it in the rules file
            raise guard.error("graph", instance, "expected (vertices, edges): vertex labels, then pairs of labels") from None
    index: dict[Hashable, int] = {}
    for label in labels:
        try:
            if label in index:
                raise guard.error("graph", instance, f"the vertex {shown_position(label)} is listed twice")
        except TypeError:
            raise guard.error("graph", instance, f"the vertex {shown_position(label)} is unhashable") from None
        index[label] = len(index)
    if len(labels) > limits.max_positions:
        raise guard.error("graph", instance, f"the graph has more than {limits.max_positions:,} vertices (--max-positions)")
    kept, seen = [], set()
    for pair in pairs:
        if len(pair) != 2:
            raise guard.error("graph", instance, f"the edge {shown_position(pair)} is not a pair of vertices")
        try:
            u, v = index[pair[0]], index[pair[1]]
        except (KeyError, TypeError):
            raise guard.error("graph", instance, f"the edge {shown_position(pair)} names a vertex not in the vertex list") from None
        key = (min(u, v), max(u, v))
        if u != v and key not in seen:
            seen.add(key)
            kept.append(key)
    # Building the graph runs a kernel too: as plain Python when the game will be (GraphRulesGame.small).
    with jit.python_kernels(small_graph(len(labels), len(kept))):
        graph = graph_from_edges(len(labels), kept)
    return GraphInstance(instance, labels, graph, len(pairs) - len(kept))


class GraphRulesGame(RulesFileGame[GraphInstance, GraphRulesSolution], UvgGame[GraphInstance, GraphRulesSolution]):
    """A token-on-a-graph game from a rules file: undirected vertex geography on the graph the rules build
    (:class:`~gamecert.verify.uvg.game.UvgGame`'s answer, certificate, explanation and formulations)."""

    compiled = True  # the matching kernels, as plain Python where the graph is small (small)
    about = "a token on a graph"
    rules: GraphRules

    def parse(self, text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> GraphInstance:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise RulesError(source, 1, 1, "expected UTF-8 text") from None
        guard = Guard(self.rules, self.limits)
        with guard:
            try:
                instance = guard.call("parse", text, self.rules.parse)
            except RulesError as found:
                raise RulesError(source, 1, 1, found.message, found.detail or f"  ({found.source}:{found.line})\n") from None
        return build_graph(self.rules, instance, self.limits)

    def solve(self, instance: GraphInstance) -> GraphRulesSolution:
        return GraphRulesSolution(instance.labels, instance.graph, gallai_edmonds(instance.graph))

    def small(self, instance: GraphInstance) -> bool:
        return small_graph(instance.graph.n, instance.graph.m)

    def write_answer(self, solution: GraphRulesSolution, write: Write) -> None:
        loses = solution.decomposition.outcomes().loses
        write("".join(f"{label} {'lose' if x else 'win'}\n" for label, x in zip(solution.labels, loses)).encode())

    def describe(self, solution: GraphRulesSolution) -> dict:
        """The verdict per vertex and the decomposition (parts D, A, C; a maximum matching), by label."""
        dec = solution.decomposition
        name = [str(label) for label in solution.labels]
        mate = dec.matching.mate
        return {
            "game": self.name,
            "rules": self.rules.path,
            "vertices": solution.graph.n,
            "edges": solution.graph.m,
            "answer": [[name[v], "lose" if x else "win"] for v, x in enumerate(dec.outcomes().loses)],
            "certificate": {
                "D": [name[v] for v in dec.D.tolist()],
                "A": [name[v] for v in dec.A.tolist()],
                "C": [name[v] for v in dec.C.tolist()],
                "matching": [[name[u], name[int(mate[u])]] for u in range(len(mate)) if int(mate[u]) > u],
                "note": "the player to move from v loses iff v is in D (some maximum matching misses v)",
            },
        }

    def graph(self, instance: GraphInstance) -> Graph:
        return instance.graph

    def namer(self, instance: GraphInstance) -> Callable[[int], str]:
        return instance.name

    def refusals(self) -> dict[type[Capability], str]:
        """``stress`` without ``instances``: nothing to draw its cases from."""
        if self.rules.instances is not None:
            return {}
        return {StressCases: f"stress draws its cases from instances(size), which {self.rules.path} does not define (docs/rules.md)"}

    def capability_classes(self) -> tuple[type[Capability], ...]:
        """Starts (export), play, mid-game positions, pictures and stress cases (with ``instances``)."""
        from gamecert.verify.graph.play import GraphRulesMidGame, GraphRulesPlay, GraphRulesStarts
        from gamecert.verify.graph.show import GraphRulesPictures
        from gamecert.verify.graph.stress import GraphStressCases

        return (GraphRulesStarts, GraphRulesPlay, GraphRulesMidGame, GraphRulesPictures, GraphStressCases)
