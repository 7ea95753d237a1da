"""The independent formulations of score games (depth-first minimax, MILP).

Each answers the queries of an input by itself, reading nothing but the
rules (:func:`~gamecert.verify.turn.graph.turn_graph`, which also proves
that play ends), and returns one
:class:`~gamecert.solvers.turn.value.Value` (``score S``) per query, as
the game's ``answer`` does. None shares code with the fast solver
(:mod:`gamecert.solvers.score`):

* ``search`` (:mod:`~gamecert.verify.score.search`): negamax over the game,
  depth first with a memo;
* ``milp`` (:mod:`~gamecert.verify.score.milp`): each value equals its best
  option, one binary choice per move, solved by SCIP through OR-Tools;
* ``sat`` (:mod:`~gamecert.verify.score.sat`): each value in the order
  encoding ("at least ``t``" per threshold), solved by CaDiCaL;
* ``cpsat`` (:mod:`~gamecert.verify.score.cpsat`): each value the maximum of
  its options, integers with tight domains, solved by CP-SAT.
"""

from __future__ import annotations

from typing import Any

from gamecert.verify.game import Formulation
from gamecert.verify.score import cpsat, milp, sat
from gamecert.verify.score.search import minimax_values
from gamecert.verify.turn.formulation import TurnFormulation, Values
from gamecert.verify.turn.graph import TurnGraph
from gamecert.verify.turn.strategy import TurnGame


def score_formulations(game: TurnGame) -> tuple[Formulation, ...]:
    """The formulations ``check`` runs on a score game, each where it fits.

    >>> from gamecert.solvers.rules.rules import ScoreRules, Limits
    >>> class Take:
    ...     rules = ScoreRules("take", "t.py", int, lambda n: [(n - k, k) for k in (1, 2) if k <= n])
    ...     limits = Limits()
    >>> [(f.name, [str(v) for v in f.run([3, 4])]) for f in score_formulations(Take())]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('search', ['score 1', 'score 0']), ('milp', ['score 1', 'score 0']), ('sat', ['score 1', 'score 0']),
     ('cpsat', ['score 1', 'score 0'])]
    """
    return (ScoreMinimaxFormulation(game), ScoreMilpFormulation(game), ScoreSatFormulation(game), ScoreCpSatFormulation(game))


class ScoreMinimaxFormulation(TurnFormulation):
    """Depth-first minimax with a memo (:func:`~gamecert.verify.score.search.minimax_values`).

    Linear in the positions and moves, so it runs wherever the solver does;
    past ``--max-positions`` it is skipped.
    """

    name = "search"

    def run(self, instance: Any) -> Values:
        return minimax_values(self.graph(instance))


class ScoreMilpFormulation(TurnFormulation):
    """Values as a mixed-integer program, by SCIP (:func:`~gamecert.verify.score.milp.milp_values`)."""

    name = "milp"

    def estimate(self, graph: TurnGraph) -> float:
        return milp.predict(graph)

    def run(self, instance: Any) -> Values:
        return milp.milp_values(self.graph(instance))


class ScoreSatFormulation(TurnFormulation):
    """Values in the order encoding, by SAT calls (:func:`~gamecert.verify.score.sat.score_sat_values`)."""

    name = "sat"

    def estimate(self, graph: TurnGraph) -> float:
        return sat.predict(graph)

    def run(self, instance: Any) -> Values:
        return sat.score_sat_values(self.graph(instance))


class ScoreCpSatFormulation(TurnFormulation):
    """Values as maxima of their options, by CP-SAT (:func:`~gamecert.verify.score.cpsat.score_cpsat_values`)."""

    name = "cpsat"

    def estimate(self, graph: TurnGraph) -> float:
        return cpsat.predict(graph)

    def run(self, instance: Any) -> Values:
        return cpsat.score_cpsat_values(self.graph(instance))
