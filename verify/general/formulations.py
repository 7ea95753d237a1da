"""The independent formulations of general games (depth-bounded search, SAT, QBF, CP-SAT).

Each answers the queries of an input by itself, reading nothing but the
rules (through a guard, :func:`~gamecert.verify.turn.graph.turn_graph`),
and returns what the game's ``answer`` returns: one
:class:`~gamecert.solvers.turn.value.Value` per query. None shares code
with the fast solver (:mod:`gamecert.solvers.general`):

* ``search`` (:mod:`~gamecert.verify.general.search`): "the player to move
  wins within ``k`` moves" by iterative deepening, a memo per ``k``;
* ``sat`` (:mod:`~gamecert.verify.general.sat`): labels and a binary
  remoteness that doubles as a level ranking, each label proven by a SAT
  and an UNSAT call;
* ``qbf-depqbf``, ``qbf-rareqs`` (:mod:`~gamecert.verify.general.qbf`): the
  game tree to the longest play as prenex QBFs, one route per QBF solver;
* ``cpsat`` (:mod:`~gamecert.verify.general.cpsat`): labels and integer ranks
  as CP-SAT constraints, each label proven by the infeasibility of every other.

Score games have their own (:func:`gamecert.verify.score.formulations.score_formulations`).
"""

from __future__ import annotations

from typing import Any

from gamecert.verify.game import Formulation
from gamecert.verify.general import cpsat, qbf, sat, search
from gamecert.verify.turn.formulation import TurnFormulation, Values
from gamecert.verify.turn.graph import TurnGraph
from gamecert.verify.turn.strategy import TurnGame

def general_formulations(game: TurnGame) -> tuple[Formulation, ...]:
    """The formulations ``check`` runs on a general game, each where it fits.

    >>> from gamecert.solvers.rules.rules import GeneralRules, Limits
    >>> class Count:
    ...     rules, limits = GeneralRules("count", "c.py", int, lambda n: [n, n - 1] if n else []), Limits()
    >>> [(f.name, [str(v) for v in f.run([1, 2])]) for f in general_formulations(Count())]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('search', ['win 1', 'draw']), ('sat', ['win 1', 'draw']), ('qbf-depqbf', ['win 1', 'draw']),
     ('qbf-rareqs', ['win 1', 'draw']), ('cpsat', ['win 1', 'draw'])]
    """
    qbfs = tuple(GeneralQbfFormulation(game, solver) for solver in qbf.QBF_SOLVERS)
    return (GeneralSearchFormulation(game), GeneralSatFormulation(game), *qbfs, GeneralCpSatFormulation(game))


class GeneralSearchFormulation(TurnFormulation):
    """Depth-bounded search (:func:`~gamecert.verify.general.search.search_values`)."""

    name = "search"

    def estimate(self, graph: TurnGraph) -> float:
        return search.predict(graph)

    def run(self, instance: Any) -> Values:
        return search.search_values(self.graph(instance))


class GeneralSatFormulation(TurnFormulation):
    """Labels and a binary remoteness, a level ranking, by SAT calls (:func:`~gamecert.verify.general.sat.sat_values`)."""

    name = "sat"

    def estimate(self, graph: TurnGraph) -> float:
        return sat.predict(graph)

    def run(self, instance: Any) -> Values:
        return sat.sat_values(self.graph(instance))


class GeneralQbfFormulation(TurnFormulation):
    """The game tree to the longest play as QBFs, by one QBF solver (:func:`~gamecert.verify.general.qbf.qbf_values`).

    One route per solver of :data:`~gamecert.verify.general.qbf.QBF_SOLVERS`, named ``qbf-SOLVER``.
    """

    def __init__(self, game: TurnGame, solver: str = qbf.QBF_SOLVER) -> None:
        super().__init__(game)
        self.solver = solver
        self.name = f"qbf-{solver}"

    def estimate(self, graph: TurnGraph) -> float:
        return qbf.predict(graph)

    def run(self, instance: Any) -> Values:
        return qbf.qbf_values(self.graph(instance), self.solver)


class GeneralCpSatFormulation(TurnFormulation):
    """Labels and ranks as CP-SAT constraints (:func:`~gamecert.verify.general.cpsat.cpsat_values`)."""

    name = "cpsat"

    def estimate(self, graph: TurnGraph) -> float:
        return cpsat.predict(graph)

    def run(self, instance: Any) -> Values:
        return cpsat.cpsat_values(self.graph(instance))
