"""Bunny and Egg decided by SAT: one satisfiable call per position, a matching and a cover proving each other.
"""

from __future__ import annotations

from gamecert.solvers.bunny_egg import BunnyEgg, Verdicts, record_mistakes
from gamecert.verify.bunny_egg.positions import position_graphs
from gamecert.verify.game import Formulation, Rate

#: Seconds per unit of cells x positions (a whole call), measured by the command it names.
KONIG_RATE = Rate(1.0e-5, "cell x position", "python benchmarks/rates_matching.py bunny-konig")


def konig_verdicts(game: BunnyEgg) -> tuple[Verdicts, tuple[int, ...]]:
    """Each position decided by one satisfiable SAT call: is the token's vertex uncovered, or in a minimum cover?

    The mover wins iff every maximum matching covers the token's vertex
    (``docs/theory.md``, *Undirected vertex geography*), asked of
    :func:`gamecert.verify.uvg.konig.konig_avoidable`: by König's theorem one
    of the two always holds, so no call needs a refutation. Returns the
    verdicts and ``ν(G_t)`` per position.
    """
    from gamecert.verify.uvg.konig import konig_avoidable

    wins, nus = [], []
    for graph, token, _cells in position_graphs(game):
        nu, avoidable = konig_avoidable(graph, token)
        wins.append(not avoidable)
        nus.append(nu)
    return Verdicts(tuple(wins), *record_mistakes(wins, len(game.moves) // 2)), tuple(nus)


class KonigFormulation(Formulation[BunnyEgg, Verdicts]):
    """The ``sat-konig`` cross-check: :func:`konig_verdicts` (python-sat, imported when it runs)."""

    name = "sat-konig"

    def fits(self, instance: BunnyEgg) -> str | None:
        return None  # every position graph is bipartite: cells coloured like a chessboard

    def predict(self, instance: BunnyEgg) -> float:
        n, m = instance.shape
        return KONIG_RATE.seconds(n * m * (len(instance.moves) + 1))

    def run(self, instance: BunnyEgg) -> Verdicts:
        return konig_verdicts(instance)[0]
