"""Bunny and Egg decided by SAT: one satisfiable call per position, a matching and a cover proving each other.
"""

from __future__ import annotations

from gamecert.solvers.bunny_egg import BunnyEgg, Verdicts, record_mistakes
from gamecert.verify.bunny_egg.positions import board_edges, position_cells
from gamecert.verify.game import Formulation, Rate

#: Seconds per unit of cells x positions (a whole call), measured by the command it names.
KONIG_RATE = Rate(1.0e-4, "cell x position", "python benchmarks/routes_matching.py bunny-konig")


def konig_verdicts(game: BunnyEgg) -> tuple[Verdicts, tuple[int, ...]]:
    """Each position decided by one satisfiable SAT call: is the token's vertex uncovered, or in a minimum cover?

    The mover wins iff every maximum matching covers the token's vertex
    (``docs/theory.md``, *Undirected vertex geography*). One
    :class:`~gamecert.verify.uvg.konig.KonigCNF` over the whole board's grid
    (bipartite), its vertices switchable, on one incremental solver: per
    position, the assumptions keep the cells the token may still enter
    (:func:`position_cells`), delete the others and ask the token's cell. By
    König's theorem every call is satisfiable, so none needs a refutation;
    the model leaves the token uncovered (the mover loses) or puts it in a
    minimum cover (the mover wins). Returns the verdicts and ``ν(G_t)`` per
    position.
    """
    from pysat.solvers import Solver

    from gamecert.solvers.errors import SolverError
    from gamecert.solvers.matching.graph import graph_from_edges
    from gamecert.verify.uvg.konig import KONIG_BACKEND, KonigCNF

    n, m = game.shape
    cnf = KonigCNF(graph_from_edges(n * m, board_edges(n, m)), switchable=True)
    wins, nus = [], []
    with Solver(name=KONIG_BACKEND, bootstrap_with=cnf.cnf) as solver:
        for keep, token in position_cells(game):
            cell = keep.ravel().tolist()
            assumptions = [p if here else -p for p, here in zip(cnf.present, cell)] + [cnf.ask[token]]
            # Solve
            if not solver.solve(assumptions=assumptions):
                raise SolverError("SAT: a König duality pair was refuted on a bipartite position graph")
            loses: list[bool | None] = [None] * (n * m)
            nus.append(cnf.read(solver.get_model(), loses))
            if loses[token] is None:
                raise SolverError(f"SAT model neither leaves cell {token} uncovered nor puts it in the cover")
            wins.append(not loses[token])
    return Verdicts(tuple(wins), *record_mistakes(wins, len(game.moves) // 2)), tuple(nus)


class BunnyEggKonigFormulation(Formulation[BunnyEgg, Verdicts]):
    """The ``sat-konig`` cross-check: :func:`konig_verdicts` (python-sat, imported when it runs)."""

    name = "sat-konig"

    def fits(self, instance: BunnyEgg) -> str | None:
        return None  # every position graph is bipartite: cells coloured like a chessboard

    def predict(self, instance: BunnyEgg) -> float:
        n, m = instance.shape
        return KONIG_RATE.seconds(n * m * (len(instance.moves) + 1))

    def run(self, instance: BunnyEgg) -> Verdicts:
        return konig_verdicts(instance)[0]
