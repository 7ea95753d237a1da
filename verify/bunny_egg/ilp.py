"""Bunny and Egg decided by integer programs: two matching numbers per position.
"""

from __future__ import annotations

from gamecert.solvers.bunny_egg import BunnyEgg, Verdicts, record_mistakes
from gamecert.solvers.errors import SolverError
from gamecert.solvers.matching.graph import graph_from_edges
from gamecert.verify.bunny_egg.positions import position_graphs
from gamecert.verify.game import Formulation, Rate

#: Seconds per unit of cells x positions (a whole call: two integer programs per position), measured by the
#: command it names.
ILP_RATE = Rate(3.0e-4, "cell x position", "python benchmarks/routes_matching.py bunny-ilp")


def ilp_seconds(game: BunnyEgg) -> float:
    """The predicted seconds of :func:`ilp_verdicts` on ``game``: two integer programs per position, each about
    as large as the board."""
    n, m = game.shape
    return ILP_RATE.seconds(n * m * (len(game.moves) + 1))


def ilp_verdicts(game: BunnyEgg) -> tuple[Verdicts, tuple[int, ...]]:
    """Each position decided by two ILPs: ``ν(G_t)`` and ``ν(G_t - v_t)``.

    The mover wins iff removing the token's vertex lowers the matching
    number (``docs/theory.md``, *Undirected vertex geography*). Returns the verdicts and ``ν(G_t)`` per position.
    """
    from gamecert.verify.uvg.ilp import ilp_matching_number

    wins, nus = [], []
    for graph, token, _cells in position_graphs(game):
        nu = ilp_matching_number(graph)
        rest = [(u, v) for u, v in graph.edges().tolist() if token not in (u, v)]
        nu_without = ilp_matching_number(graph_from_edges(graph.n, rest, side=graph.side))
        if nu_without not in (nu, nu - 1):
            raise SolverError(f"ILP: ν = {nu} but ν without one vertex = {nu_without}")
        wins.append(nu_without < nu)
        nus.append(nu)
    return Verdicts(tuple(wins), *record_mistakes(wins, len(game.moves) // 2)), tuple(nus)


class BunnyEggIlpFormulation(Formulation[BunnyEgg, Verdicts]):
    """The ``ilp`` cross-check: :func:`ilp_verdicts` (OR-Tools, imported when it runs), predicted by :func:`ilp_seconds`."""

    name = "ilp"

    def fits(self, instance: BunnyEgg) -> str | None:
        return None

    def predict(self, instance: BunnyEgg) -> float:
        return ilp_seconds(instance)

    def run(self, instance: BunnyEgg) -> Verdicts:
        return ilp_verdicts(instance)[0]
