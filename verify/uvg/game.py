"""The games that are undirected vertex geography on a graph of their instance: :class:`UvgGame`.

A token sits on a start vertex; players alternately move it to an unvisited
neighbour; whoever cannot move loses. The player to move from ``v`` loses iff
some maximum matching avoids ``v``, i.e. ``v`` is in ``D`` of the
Gallai–Edmonds decomposition (docs/theory.md, "Undirected vertex geography").
The maze game (:mod:`gamecert.verify.maze.game`) and geography on any graph
(:mod:`gamecert.verify.geography.game`) share everything here: the answer
(the decomposition's outcomes), its certificate check, the explanation of a
disagreement, the four independent formulations (ILP, SAT, rule search, QBF:
:class:`UvgFormulation` subclasses holding their game), and the play,
mid-game and pictures' focus capabilities built on the game's
:class:`~gamecert.verify.capabilities.ExportStart`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import numpy as np

from gamecert.solvers.matching.graph import Graph
from gamecert.solvers.matching.types import Decomposition, Outcomes
from gamecert.verify.capabilities import ExportStart, MidGame, Pictures, Play
from gamecert.verify.game import Formulation, Game, Rate
from gamecert.verify.uvg.adapter import explain_outcomes

if TYPE_CHECKING:
    from gamecert.verify.uvg.play import UvgPlay


class UvgSolution(Protocol):
    """What a UVG game's solution carries: its graph and the decomposition certifying the answer."""

    @property
    def graph(self) -> Graph: ...

    @property
    def decomposition(self) -> Decomposition: ...


I = TypeVar("I")
S = TypeVar("S", bound=UvgSolution)
F = TypeVar("F")  # a picture's focus: a maze cell, a geography vertex


def small_graph(n: int, m: int) -> bool:
    """Whether undirected vertex geography on ``n`` vertices and ``m`` edges runs as plain Python.

    Random graphs of 5000 vertices and 15000 edges decompose quicker as plain
    Python than numba loads; nested-blossom towers of that size are the
    exception (benchmarks/limits.md). So does every graph within the geography
    contest's judge limits, 2000 vertices and 20000 edges: its heavy group
    takes at most 0.25 s as plain Python against 0.45 s compiled.

    >>> small_graph(2000, 20000), small_graph(5000, 16000)
    (True, False)
    """
    return n + m <= 20_000 or (n <= 2000 and m <= 20_000)


class UvgGame(Game[I, S]):
    """A game that is undirected vertex geography on :meth:`graph` of its instance.

    Subclasses add the game's parse, solve, judge answer and JSON, the graph
    and how users name its vertices (:meth:`namer`); the answer, certificate,
    explanation and formulations are shared. The answer is
    :class:`~gamecert.solvers.matching.types.Outcomes` indexed by the graph's
    vertices, which every formulation returns too.
    """

    @abstractmethod
    def graph(self, instance: I) -> Graph:
        """The graph the game is played on (vertex ``v`` of the solution's graph is vertex ``v`` here)."""

    @abstractmethod
    def namer(self, instance: I) -> Callable[[int], str]:
        """Vertex -> its name in messages, as users write it (a maze cell ``(2,3)``, a label ``4``)."""

    def search_rows(self, instance: I) -> list[str] | None:
        """What the rule search reads instead of the graph, or None to search the graph.

        A maze search reads the board rows themselves, so it shares no code
        with the grid graph the fast solver builds.
        """
        return None

    def answer(self, solution: S) -> Outcomes:
        return solution.decomposition.outcomes()

    def certify(self, instance: I, solution: S) -> list[str]:
        from gamecert.verify.uvg.certificate import check_decomposition

        return check_decomposition(solution.graph, solution.decomposition, self.namer(instance))

    def explain(self, instance: I, fast: Outcomes, other: Outcomes) -> str:
        return explain_outcomes(self.namer(instance), fast, other)

    def formulations(self) -> tuple[Formulation, ...]:
        """ILP, SAT, the rule search, QBF, the LP, König SAT and CP-SAT, each on the game's graph (the search maybe
        on :meth:`search_rows`)."""
        return (
            UvgIlpFormulation(self),
            UvgSatFormulation(self),
            UvgSearchFormulation(self),
            UvgQbfFormulation(self),
            UvgLpFormulation(self),
            UvgKonigFormulation(self),
            UvgCpSatFormulation(self),
        )


# -- the independent formulations -------------------------------------------------------------
# Each holds its game and asks it for the instance's graph; each one's ``fits`` says whether it can
# run at all, its ``predict`` how long it would take (a measured Rate times the size of its encoding:
# the rates are measured by ``python benchmarks/routes_matching.py``, which prints each one's worst
# seconds per unit). Its solver library (OR-Tools, python-sat, pyqbf) is imported on first use, so
# listing a game's formulations loads none of them. Every ``run`` returns Outcomes over the graph's vertices.

#: The command that measured every rate below (its ``ROUTE`` argument names the route).
RATES_COMMAND = "python benchmarks/routes_matching.py"


def _rate(seconds: float, unit: str, route: str) -> Rate:
    return Rate(seconds, unit, f"{RATES_COMMAND} {route}")


#: Per-vertex CBC integer programs, bipartite graphs (integral at the root): seconds per vertex query x nonzero.
ILP_BIPARTITE_RATE = _rate(2.1e-5, "vertex query x nonzero of the ILP", "ilp")
#: The same on graphs with odd cycles (branch and bound; triangular lattices are the slowest family).
ILP_RATE = _rate(1.6e-4, "vertex query x nonzero of the ILP", "ilp")
#: Cardinality SAT: seconds per vertex call x clause (refutations easy: graphs with odd cycles).
SAT_RATE = _rate(3.0e-7, "vertex call x clause", "sat")
#: Cardinality SAT on bipartite components: refuting a larger matching is pigeonhole-hard, so the time grows
#: as SAT_GROWTH ** (component's vertices); seconds per unit of that growth.
SAT_BIPARTITE_RATE = _rate(9.6 * 1.1**-77, "SAT_GROWTH ** vertices, summed over components", "sat")
SAT_GROWTH = 1.1
#: Rule search: memo entries grow as SEARCH_GROWTH ** (component's vertices), SPARSE when m <= 1.8 n.
SEARCH_SPARSE_RATE = _rate(0.27 * 1.29**-36, "SEARCH_SPARSE_GROWTH ** vertices, summed over components", "search")
SEARCH_SPARSE_GROWTH = 1.29
SEARCH_DENSE_RATE = _rate(30.0 * 2.34**-24, "SEARCH_DENSE_GROWTH ** vertices, summed over components", "search")
SEARCH_DENSE_GROWTH = 2.34
#: QBF, one formula per start vertex on its component: seconds per unit of QBF_GROWTH ** (component's vertices).
QBF_RATE = _rate(0.4 / 16 * 1.31**-16, "QBF_GROWTH ** vertices, per start vertex", "qbf")
QBF_GROWTH = 1.31
#: The warm-started LP (GLOP), a whole call: seconds per unit of nonzeros ** 1.5 (simplex pivots grow with the size).
LP_RATE = _rate(1.9e-6, "nonzero ** 1.5 of the LP", "lp")
#: The LP's rounds (as the CP-SAT model's, :data:`CPSAT_ROUND_RATE`): seconds per nonzero x round.
LP_ROUND_RATE = _rate(2.1e-6, "nonzero x round (order of a component over its sides' imbalance)", "lp")
#: König SAT, a whole call: seconds per unit of clauses ** 2 (its calls grow with the formula, each call with it too).
KONIG_RATE = _rate(2.6e-8, "clause ** 2", "sat-konig")
#: The CP-SAT model, a whole call: seconds per unit of nonzeros ** 1.75 (its solves grow faster than the model).
CPSAT_RATE = _rate(3.0e-6, "nonzero ** 1.75 of the model", "cpsat")
#: The CP-SAT model on a component of odd order: its LP has no odd-set constraints and CP-SAT no parity reasoning,
#: so proving that the component has no perfect matching is a search that grows as CPSAT_ODD_GROWTH ** (vertices of
#: the 3-core of its largest non-bipartite block): odd cliques, dense odd graphs. Trees, cycles, chains of triangles
#: (empty 3-core) and bipartite blocks (an integral LP) stay polynomial.
CPSAT_ODD_RATE = _rate(
    5.1e-6, "CPSAT_ODD_GROWTH ** (3-core vertices of an odd component's odd blocks)", "cpsat --family odd"
)
CPSAT_ODD_GROWTH = 3.0
#: The CP-SAT model's rounds: a component whose maximum matchings leave one vertex uncovered (odd order, a side one
#: larger) may give one new losing vertex per solve, each solve a pass over the model: seconds per nonzero x round.
CPSAT_ROUND_RATE = _rate(3.6e-5, "nonzero x round (order of a component over its sides' imbalance)", "cpsat")


def nonzeros(graph: Graph) -> int:
    """The nonzeros of the matching models' matrices: two per edge, one per vertex."""
    return 2 * graph.m + graph.n


def rounds_and_parity(graph: Graph) -> tuple[int, list[int]]:
    """The LP and CP-SAT routes' rounds, and CP-SAT's parity searches: what their times grow with beside their size.

    Returns the rounds (solves) of the largest component, as the rates were fitted: its order, divided by the
    imbalance of its sides where it is bipartite (a component left one vertex short may give one new losing
    vertex per solve; a larger imbalance leaves more vertices uncovered per solve), and, per component of odd
    order, the vertices of the 3-core of its largest non-bipartite block (0: none). A fitted model
    (benchmarks/limits.md), not a bound.

    >>> from gamecert.solvers.matching.graph import graph_from_edges
    >>> rounds_and_parity(graph_from_edges(5, [(u, v) for u in range(5) for v in range(u + 1, 5)]))
    (5, [5])
    """
    import networkx as nx

    n = graph.n
    if n == 0:
        return 0, []
    found, parity, members = graph.components_and_parities()
    label, colour, count = np.array(found, dtype=np.int64), np.array(parity, dtype=np.int64), len(members)
    edges = graph.edges()
    odd = edges[colour[edges[:, 0]] == colour[edges[:, 1]]]  # an edge inside a colour class: an odd cycle
    bipartite = np.ones(count, dtype=bool)
    bipartite[label[odd[:, 0]]] = False
    sizes = np.bincount(label, minlength=count)
    ones = np.bincount(label, weights=colour, minlength=count).astype(np.int64)
    imbalance = np.maximum(1, np.abs(sizes - 2 * ones))
    rounds = int(max(np.where(bipartite, sizes // imbalance, sizes).max(), 0))
    cores = []
    for c in np.flatnonzero(~bipartite & (sizes % 2 == 1)).tolist():
        members = np.flatnonzero(label == c)
        component = nx.Graph()
        inside = edges[label[edges[:, 0]] == c]
        component.add_nodes_from(members.tolist())
        component.add_edges_from(inside.tolist())
        blocks = (component.subgraph(block) for block in nx.biconnected_components(component))
        cores.append(max((len(nx.k_core(b, 3)) for b in blocks if not nx.is_bipartite(b)), default=0))
    return rounds, cores


def component_sizes(graph: Graph) -> list[int]:
    """The number of vertices of each connected component."""
    return [len(members) for members in graph.components()[1]]


def exponential_seconds(rate: Rate, growth: float, sizes: list[int], weight: bool = False) -> float:
    """``rate`` times ``Σ growth ** size`` over components (``weight``: ``Σ size · growth ** size``, one run per vertex)."""
    return sum(rate.exponential(growth, size, size if weight else 1.0) for size in sizes if size > 1)


class UvgFormulation(Formulation[I, Outcomes]):
    """A formulation of one UVG game: it reads the game's graph of each instance."""

    def __init__(self, game: UvgGame[I, Any]) -> None:
        self.game = game

    def fits(self, instance: I) -> str | None:
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game.name!r}>"


class UvgIlpFormulation(UvgFormulation[I]):
    """Integer programs: ν, then "ν edges that avoid v" per vertex (:mod:`gamecert.verify.uvg.ilp`)."""

    name = "ilp"

    def predict(self, instance: I) -> float:
        from gamecert.verify.uvg.lp import bipartition

        graph = self.game.graph(instance)
        rate = ILP_BIPARTITE_RATE if bipartition(graph) is not None else ILP_RATE
        return rate.seconds((graph.n + 1) * nonzeros(graph))

    def run(self, instance: I) -> Outcomes:
        from gamecert.verify.uvg import ilp

        return ilp.ilp_outcomes(self.game.graph(instance))


class UvgSatFormulation(UvgFormulation[I]):
    """SAT with cardinality constraints, the same questions as the ILP (:mod:`gamecert.verify.uvg.sat`)."""

    name = "sat"

    def predict(self, instance: I) -> float:
        from gamecert.verify.uvg.lp import bipartition

        graph = self.game.graph(instance)
        degrees = graph.degree()
        clauses = int((degrees.astype(float) ** 2).sum()) + graph.m + graph.n * graph.n
        seconds = SAT_RATE.seconds(graph.n * clauses)
        if bipartition(graph) is not None:
            seconds = max(seconds, exponential_seconds(SAT_BIPARTITE_RATE, SAT_GROWTH, component_sizes(graph)))
        return seconds

    def run(self, instance: I) -> Outcomes:
        from gamecert.verify.uvg import sat

        return sat.sat_outcomes(self.game.graph(instance))


class UvgSearchFormulation(UvgFormulation[I]):
    """The literal rules searched (:mod:`gamecert.verify.uvg.search`): no matchings at all.

    A game whose :meth:`~gamecert.verify.uvg.game.UvgGame.search_rows` gives
    board rows is searched on them (a maze, read cell by cell), else on its graph.
    """

    name = "search"

    def predict(self, instance: I) -> float:
        graph = self.game.graph(instance)
        sparse = graph.m <= 1.8 * graph.n
        rate, growth = (SEARCH_SPARSE_RATE, SEARCH_SPARSE_GROWTH) if sparse else (SEARCH_DENSE_RATE, SEARCH_DENSE_GROWTH)
        return exponential_seconds(rate, growth, component_sizes(graph))

    def run(self, instance: I) -> Outcomes:
        from gamecert.verify.uvg import search

        rows = self.game.search_rows(instance)
        if rows is None:
            return search.graph_search_outcomes(self.game.graph(instance))
        return search.maze_search_outcomes(rows)


class UvgQbfFormulation(UvgFormulation[I]):
    """The game as a quantified Boolean formula per start vertex (:mod:`gamecert.verify.uvg.qbf`)."""

    name = "qbf"

    def predict(self, instance: I) -> float:
        return exponential_seconds(QBF_RATE, QBF_GROWTH, component_sizes(self.game.graph(instance)), weight=True)

    def run(self, instance: I) -> Outcomes:
        from gamecert.verify.uvg import qbf

        return qbf.qbf_outcomes(self.game.graph(instance))


class UvgLpFormulation(UvgFormulation[I]):
    """One warm-started LP, integral on bipartite graphs (:mod:`gamecert.verify.uvg.lp`)."""

    name = "lp"

    def fits(self, instance: I) -> str | None:
        from gamecert.verify.uvg.lp import not_bipartite

        return not_bipartite(self.game.graph(instance))

    def predict(self, instance: I) -> float:
        graph = self.game.graph(instance)
        size = nonzeros(graph)
        return max(LP_RATE.seconds(size**1.5), LP_ROUND_RATE.seconds(size * rounds_and_parity(graph)[0]))

    def run(self, instance: I) -> Outcomes:
        from gamecert.verify.uvg import lp

        return lp.lp_outcomes(self.game.graph(instance))


class UvgKonigFormulation(UvgFormulation[I]):
    """SAT calls that are all satisfiable, a matching and a cover proving each other (:mod:`gamecert.verify.uvg.konig`)."""

    name = "sat-konig"

    def fits(self, instance: I) -> str | None:
        from gamecert.verify.uvg.lp import not_bipartite

        return not_bipartite(self.game.graph(instance))

    def predict(self, instance: I) -> float:
        graph = self.game.graph(instance)
        clauses = int((graph.degree().astype(float) ** 2).sum()) // 2 + 3 * graph.m + 3 * graph.n
        return KONIG_RATE.seconds(float(clauses) ** 2)

    def run(self, instance: I) -> Outcomes:
        from gamecert.verify.uvg import konig

        return konig.konig_outcomes(self.game.graph(instance))


class UvgCpSatFormulation(UvgFormulation[I]):
    """One CP-SAT model asked again with bounds changed, any graph (:mod:`gamecert.verify.uvg.cpsat`)."""

    name = "cpsat"

    def predict(self, instance: I) -> float:
        graph = self.game.graph(instance)
        rounds, cores = rounds_and_parity(graph)
        parity = sum(CPSAT_ODD_RATE.exponential(CPSAT_ODD_GROWTH, core) for core in cores if core)
        size = nonzeros(graph)
        return max(CPSAT_RATE.seconds(size**1.75), CPSAT_ROUND_RATE.seconds(size * rounds)) + parity

    def run(self, instance: I) -> Outcomes:
        from gamecert.verify.uvg import cpsat

        return cpsat.cpsat_outcomes(self.game.graph(instance))


# -- capabilities shared by the UVG games ------------------------------------------------------


class UvgStartPlay(Play[I]):
    """``gamecert play FILE --start V``: from a start vertex named as the game's ``starts`` read it."""

    def __init__(self, starts: ExportStart[I]) -> None:
        self.starts = starts

    def start(self, instance: I, start: str) -> UvgPlay:
        from gamecert.verify.uvg.play import UvgPlay

        return UvgPlay(self.starts, instance, start)


class UvgMidGame(MidGame[I]):
    """``gamecert solve FILE --from V --visited TRAIL``: vertices named as the game's ``starts`` read them."""

    def __init__(self, starts: ExportStart[I]) -> None:
        self.starts = starts

    def solve_from(self, instance: I, token: str, visited: str, source: str) -> str:
        from gamecert.verify.uvg.play import solve_mid_game

        return solve_mid_game(self.starts, instance, token, visited, source)


class UvgPictures(Pictures[I, S, F]):
    """``gamecert show GAME --OPTION V``: pictures whose focus is a start vertex named as the game's ``starts`` read it.

    Subclasses set :attr:`focus_option` and draw; :meth:`focused` turns the
    start vertex into the picture's focus (the vertex itself unless overridden).
    """

    def __init__(self, starts: ExportStart[I]) -> None:
        self.starts = starts

    def focus(self, instance: I, text: str) -> F:
        """The start ``text`` names; a name ``starts`` rejects raises ``InputError`` located in :attr:`focus_option`."""
        from gamecert.verify.uvg.play import start_vertex

        return self.focused(instance, start_vertex(self.starts, instance, text, self.focus_option))

    def focused(self, instance: I, vertex: int) -> F:
        """The picture's focus for start ``vertex`` (0-based, of the game's graph): the vertex itself."""
        return vertex  # F is int unless a subclass overrides this
