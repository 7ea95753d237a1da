"""Bunny and Egg decided by linear programs: one LP per position, integral because position graphs are bipartite.
"""

from __future__ import annotations

from gamecert.solvers.bunny_egg import BunnyEgg, Verdicts, record_mistakes
from gamecert.verify.bunny_egg.positions import board_edges, position_cells
from gamecert.verify.game import Formulation, Rate

#: Seconds per unit of cells x positions (a whole call), measured by the command it names.
LP_RATE = Rate(1.5e-5, "cell x position", "python benchmarks/routes_matching.py bunny-lp")


def lp_verdicts(game: BunnyEgg) -> tuple[Verdicts, tuple[int, ...]]:
    """Each position decided by one LP: does some maximum matching of ``G_t`` leave the token's vertex uncovered?

    The mover wins iff every maximum matching covers the token's vertex
    (``docs/theory.md``, *Undirected vertex geography*). One
    :class:`~gamecert.verify.uvg.lp.MatchingLP` over the whole board's grid
    (bipartite, so its optima are integral): per position, the edges between
    two cells the token may still enter (:func:`position_cells`) are allowed,
    the others bounded by 0, and ``U`` is the token's cell; the optimum is a
    maximum matching that leaves the token uncovered when one exists. Each
    solve starts from the previous position's basis. Returns the verdicts and
    ``ν(G_t)`` per position.
    """
    from gamecert.solvers.matching.graph import graph_from_edges
    from gamecert.verify.uvg.lp import MatchingLP

    n, m = game.shape
    pairs = board_edges(n, m)
    lp = MatchingLP(graph_from_edges(n * m, pairs))
    lp.settle(range(n * m))
    edges = list(lp.x)
    wins, nus = [], []
    before = None
    for keep, token in position_cells(game):
        cell = keep.ravel()
        lp.keep_edges([bool(cell[a] and cell[b]) for a, b in edges])
        lp.ask(token, before)
        before = token
        matching, uncovered = lp.solve()
        wins.append(token not in uncovered)
        nus.append(len(matching))
    return Verdicts(tuple(wins), *record_mistakes(wins, len(game.moves) // 2)), tuple(nus)


class BunnyEggLpFormulation(Formulation[BunnyEgg, Verdicts]):
    """The ``lp`` cross-check: :func:`lp_verdicts` (OR-Tools' GLOP, imported when it runs)."""

    name = "lp"

    def fits(self, instance: BunnyEgg) -> str | None:
        return None  # every position graph is bipartite: cells coloured like a chessboard

    def predict(self, instance: BunnyEgg) -> float:
        n, m = instance.shape
        return LP_RATE.seconds(n * m * (len(instance.moves) + 1))

    def run(self, instance: BunnyEgg) -> Verdicts:
        return lp_verdicts(instance)[0]
