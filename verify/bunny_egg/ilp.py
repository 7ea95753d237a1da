"""Bunny and Egg decided by integer programs: two matching numbers per position.
"""

from __future__ import annotations

from gamecert.solvers.bunny_egg import BunnyEgg, Verdicts, record_mistakes
from gamecert.solvers.errors import SolverError
from gamecert.solvers.matching.graph import graph_from_edges
from gamecert.verify.bunny_egg.positions import position_graphs
from gamecert.verify.game import Formulation

#: Largest board (cells) times positions for :func:`ilp_verdicts`.
ILP_MAX_WORK = 12_000


def ilp_fits(game: BunnyEgg, limit: int = ILP_MAX_WORK) -> str | None:
    """Whether :func:`ilp_verdicts` runs on ``game``: cells × positions ≤ ``limit``.

    It solves two integer programs per position, so the work is about cells
    times positions; the limit keeps a whole call within seconds
    (measurements in ``benchmarks/limits.md``). The ILP's own graph limits
    (:func:`gamecert.verify.uvg.ilp.fits`) apply too.
    """
    n, m = game.shape
    work = n * m * (len(game.moves) + 1)
    if work > limit:
        return f"{n * m} cells x {len(game.moves) + 1} positions = {work} > {limit} (ILP limit)"
    from gamecert.verify.uvg.ilp import fits as graph_fits  # loads OR-Tools: only past the work limit's check

    return graph_fits(next(position_graphs(game))[0])


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


class IlpFormulation(Formulation[BunnyEgg, Verdicts]):
    """The ``ilp`` cross-check: :func:`ilp_verdicts` (OR-Tools, imported when it runs) within :func:`ilp_fits`."""

    name = "ilp"

    def fits(self, instance: BunnyEgg) -> str | None:
        return ilp_fits(instance)

    def run(self, instance: BunnyEgg) -> Verdicts:
        return ilp_verdicts(instance)[0]
