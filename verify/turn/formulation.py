"""What the independent formulations of general and score games share: :class:`TurnFormulation`, a formulation
over the game's position graph (:func:`~gamecert.verify.turn.graph.turn_graph`), listed once.

Each kind's formulations (:func:`gamecert.verify.general.formulations.general_formulations`,
:func:`gamecert.verify.score.formulations.score_formulations`) return :data:`Values`: one
:class:`~gamecert.solvers.turn.value.Value` per query.
"""

from __future__ import annotations

from typing import Any

from gamecert.solvers.turn.value import Value
from gamecert.verify.rules.formulation import RulesFormulation
from gamecert.verify.turn.graph import TurnGraph, queries, turn_graph
from gamecert.verify.turn.strategy import TurnGame

#: What every formulation returns: one value per query, in query order.
Values = tuple[Value, ...]


class TurnFormulation(RulesFormulation[Any, Values, TurnGraph]):
    """A formulation over the position graph of a general or score game, listed once for ``fits``, ``predict`` and ``run``.

    ``fits`` lists the graph up to the game's ``--max-positions`` and keeps it
    for ``predict`` and ``run`` on the same instance (the same object). The
    instance is the game's (its query positions read by
    :func:`~gamecert.verify.turn.graph.queries`) or a list of positions.
    Its only refusal is a listing that stopped; how long the formulation
    would take is :meth:`predict`'s, in seconds, from measured rates.
    """

    game: TurnGame

    def listing(self, instance: Any) -> TurnGraph:
        """The position graph of ``instance`` (``stopped`` past ``--max-positions``)."""
        return turn_graph(self.game.rules, queries(instance), self.game.limits, stop=True)

    def graph(self, instance: Any) -> TurnGraph:
        """The position graph of ``instance``, listed once for ``fits``, ``predict`` and ``run`` on the same instance."""
        return self.listed(instance)

    def fits(self, instance: Any) -> str | None:
        """None when the graph of ``instance`` is listed whole, else why not.

        >>> from gamecert.solvers.rules.rules import GeneralRules, Limits
        >>> from gamecert.verify.general.formulations import GeneralCpSatFormulation
        >>> class Count:
        ...     rules, limits = GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else []), Limits(max_positions=100)
        >>> GeneralCpSatFormulation(Count()).fits([3]), GeneralCpSatFormulation(Count()).fits([3000])
        (None, 'more than 100 positions (--max-positions)')
        """
        return self.graph(instance).stopped or None

    def predict(self, instance: Any) -> float | None:
        """Predicted seconds of :meth:`run` on ``instance``, from measured rates (None: the listing stopped)."""
        graph = self.graph(instance)
        return None if graph.stopped else self.estimate(graph)

    def estimate(self, graph: TurnGraph) -> float | None:
        """Predicted seconds of :meth:`run` on ``graph`` (None: cheap)."""
        return None
