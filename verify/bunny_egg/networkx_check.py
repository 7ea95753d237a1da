"""Bunny and Egg decided by networkx's bipartite matching: two matching numbers per position.
"""

from __future__ import annotations

from gamecert.solvers.bunny_egg import BunnyEgg, Verdicts, record_mistakes
from gamecert.verify.bunny_egg.positions import position_graphs
from gamecert.verify.game import Formulation, Rate

#: Seconds per unit of cells x positions (a whole call: two Hopcroft–Karp runs per position), measured by the
#: command it names.
NETWORKX_RATE = Rate(1.0e-5, "cell x position", "python benchmarks/routes_matching.py bunny-networkx")


def networkx_seconds(game: BunnyEgg) -> float:
    """The predicted seconds of :func:`networkx_verdicts` on ``game``."""
    n, m = game.shape
    return NETWORKX_RATE.seconds(n * m * (len(game.moves) + 1))


def networkx_verdicts(game: BunnyEgg) -> tuple[Verdicts, tuple[int, ...]]:
    """Each position decided by networkx's Hopcroft–Karp: ``ν(G_t)`` and ``ν(G_t - v_t)``.

    An independent implementation of the matching number (networkx's own
    bipartite matching), on the position graphs built here from the board.
    """
    import networkx as nx

    wins, nus = [], []
    for graph, token, _cells in position_graphs(game):
        g = nx.Graph()
        g.add_nodes_from(range(graph.n))
        g.add_edges_from(graph.edges().tolist())
        top = [v for v in range(graph.n) if graph.side[v] == 0]
        nu = len(nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)) // 2
        g.remove_node(token)
        top = [v for v in top if v != token]
        nu_without = len(nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)) // 2
        wins.append(nu_without < nu)
        nus.append(nu)
    return Verdicts(tuple(wins), *record_mistakes(wins, len(game.moves) // 2)), tuple(nus)


class BunnyEggNetworkxFormulation(Formulation[BunnyEgg, Verdicts]):
    """The ``networkx`` cross-check: :func:`networkx_verdicts` (networkx is imported when it runs), predicted by
    :func:`networkx_seconds`."""

    name = "networkx"

    def fits(self, instance: BunnyEgg) -> str | None:
        return None

    def predict(self, instance: BunnyEgg) -> float:
        return networkx_seconds(instance)

    def run(self, instance: BunnyEgg) -> Verdicts:
        return networkx_verdicts(instance)[0]
