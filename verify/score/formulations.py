"""The independent formulations of score games (depth-first minimax, MILP).

Each answers the queries of an input by itself, reading nothing but the
rules (:func:`~gamecert.verify.general.graph.turn_graph`, which also proves
that play ends), and returns one
:class:`~gamecert.solvers.general.value.Value` (``score S``) per query, as
the game's ``answer`` does. None shares code with the fast solver
(:mod:`gamecert.solvers.score`):

* ``search`` (:mod:`~gamecert.verify.score.search`): negamax over the game,
  depth first with a memo;
* ``milp`` (:mod:`~gamecert.verify.score.milp`): each value equals its best
  option, one binary choice per move, solved by SCIP through OR-Tools.
"""

from __future__ import annotations

from typing import Any

from gamecert.verify.game import Formulation
from gamecert.verify.general.formulations import TurnFormulation, Values
from gamecert.verify.general.strategy import TurnGame
from gamecert.verify.score import milp
from gamecert.verify.score.search import minimax_values

#: Most positions the minimax search lists (it is as cheap as the solver, but holds the graph).
MINIMAX_MAX_POSITIONS = 2_000_000


def score_formulations(game: TurnGame) -> tuple[Formulation, ...]:
    """The formulations ``check`` runs on a score game, each where it fits.

    >>> from gamecert.solvers.rules.rules import ScoreRules, Limits
    >>> class Take:
    ...     rules = ScoreRules("take", "t.py", int, lambda n: [(n - k, k) for k in (1, 2) if k <= n])
    ...     limits = Limits()
    >>> [(f.name, [str(v) for v in f.run([3, 4])]) for f in score_formulations(Take())]
    [('search', ['score 1', 'score 0']), ('milp', ['score 1', 'score 0'])]
    """
    return (ScoreMinimaxFormulation(game), ScoreMilpFormulation(game))


class ScoreMinimaxFormulation(TurnFormulation):
    """Depth-first minimax with a memo (:func:`~gamecert.verify.score.search.minimax_values`).

    Linear in the positions and moves, so it runs wherever the solver does;
    past ``--max-positions`` it is skipped.
    """

    name = "search"
    cap = MINIMAX_MAX_POSITIONS
    move_cap = 10 * MINIMAX_MAX_POSITIONS
    limit = "search"

    def run(self, instance: Any) -> Values:
        return minimax_values(self.graph(instance))


class ScoreMilpFormulation(TurnFormulation):
    """Values as a mixed-integer program, by SCIP (:func:`~gamecert.verify.score.milp.milp_values`)."""

    name = "milp"
    cap = milp.MILP_MAX_POSITIONS
    move_cap = milp.MILP_MAX_MOVES
    limit = "MILP"

    def run(self, instance: Any) -> Values:
        return milp.milp_values(self.graph(instance))
