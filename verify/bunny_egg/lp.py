"""Bunny and Egg decided by linear programs: one LP per position, integral because position graphs are bipartite.
"""

from __future__ import annotations

from gamecert.solvers.bunny_egg import BunnyEgg, Verdicts, record_mistakes
from gamecert.verify.bunny_egg.positions import position_graphs
from gamecert.verify.game import Formulation, Rate

#: Seconds per unit of cells x positions (a whole call), measured by the command it names.
LP_RATE = Rate(1.0e-5, "cell x position", "python benchmarks/rates_matching.py bunny-lp")


def lp_verdicts(game: BunnyEgg) -> tuple[Verdicts, tuple[int, ...]]:
    """Each position decided by one LP: does some maximum matching of ``G_t`` leave the token's vertex uncovered?

    The mover wins iff every maximum matching covers the token's vertex
    (``docs/theory.md``, *Undirected vertex geography*), asked of
    :func:`gamecert.verify.uvg.lp.lp_avoidable`: a maximum matching that leaves
    the token uncovered when one exists, integral by total unimodularity.
    Returns the verdicts and ``ν(G_t)`` per position.
    """
    from gamecert.verify.uvg.lp import lp_avoidable

    wins, nus = [], []
    for graph, token, _cells in position_graphs(game):
        nu, avoidable = lp_avoidable(graph, token)
        wins.append(not avoidable)
        nus.append(nu)
    return Verdicts(tuple(wins), *record_mistakes(wins, len(game.moves) // 2)), tuple(nus)


class LpFormulation(Formulation[BunnyEgg, Verdicts]):
    """The ``lp`` cross-check: :func:`lp_verdicts` (OR-Tools' GLOP, imported when it runs)."""

    name = "lp"

    def fits(self, instance: BunnyEgg) -> str | None:
        return None  # every position graph is bipartite: cells coloured like a chessboard

    def predict(self, instance: BunnyEgg) -> float:
        n, m = instance.shape
        return LP_RATE.seconds(n * m * (len(instance.moves) + 1))

    def run(self, instance: BunnyEgg) -> Verdicts:
        return lp_verdicts(instance)[0]
