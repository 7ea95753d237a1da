"""The independent formulations of general games (depth-bounded search, SAT, QBF, CP-SAT).

Each answers the queries of an input by itself, reading nothing but the
rules (through a guard, :func:`~gamecert.verify.general.graph.turn_graph`),
and returns what the game's ``answer`` returns: one
:class:`~gamecert.solvers.general.value.Value` per query. None shares code
with the fast solver (:mod:`gamecert.solvers.general`):

* ``search`` (:mod:`~gamecert.verify.general.search`): "the player to move
  wins within ``k`` moves" by iterative deepening, a memo per ``k``;
* ``sat`` (:mod:`~gamecert.verify.general.sat`): the game unrolled into
  "won / lost within ``k``" variables, each label proven by a SAT and an
  UNSAT call;
* ``qbf`` (:mod:`~gamecert.verify.general.qbf`): the game tree to depth ``k``
  as a prenex QBF, solved by DepQBF, for tiny games;
* ``cpsat`` (:mod:`~gamecert.verify.general.cpsat`): labels and integer ranks
  as CP-SAT constraints, each label proven by the infeasibility of every other.

Score games have their own (:func:`gamecert.verify.score.formulations.score_formulations`).
"""

from __future__ import annotations

from typing import Any

from gamecert.solvers.general.value import Value
from gamecert.verify.game import Formulation
from gamecert.verify.general import cpsat, qbf, sat, search
from gamecert.verify.general.graph import TurnGraph, queries, turn_graph
from gamecert.verify.general.strategy import TurnGame

#: What every formulation returns: one value per query, in query order.
Values = tuple[Value, ...]


def general_formulations(game: TurnGame) -> tuple[Formulation, ...]:
    """The formulations ``check`` runs on a general game, each where it fits.

    >>> from gamecert.solvers.rules.rules import GeneralRules, Limits
    >>> class Count:
    ...     rules, limits = GeneralRules("count", "c.py", int, lambda n: [n, n - 1] if n else []), Limits()
    >>> [(f.name, [str(v) for v in f.run([1, 2])]) for f in general_formulations(Count())]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('search', ['win 1', 'draw']), ('sat', ['win 1', 'draw']), ('qbf', ['win 1', 'draw']),
     ('cpsat', ['win 1', 'draw'])]
    """
    return (GeneralSearchFormulation(game), GeneralSatFormulation(game), GeneralQbfFormulation(game), GeneralCpSatFormulation(game))


class TurnFormulation(Formulation[Any, Values]):
    """A formulation over the position graph of a general or score game, listed once for ``fits`` and ``run``.

    ``fits`` lists the graph up to :attr:`cap` positions and :attr:`move_cap`
    moves and keeps it for ``run`` on the same instance (the same object).
    The instance is the game's (its query positions read by
    :func:`~gamecert.verify.general.graph.queries`) or a list of positions.
    """

    #: Positions and moves listed before the graph is called too large.
    cap: int
    move_cap: int
    #: How the limits are named in reasons (``SAT`` limit).
    limit: str

    def __init__(self, game: TurnGame) -> None:
        self.game = game
        self._listed: tuple[Any, TurnGraph] | None = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game.rules.name!r}>"

    def graph(self, instance: Any) -> TurnGraph:
        """The position graph of ``instance`` (``stopped`` past :attr:`cap` positions or :attr:`move_cap` moves)."""
        if self._listed is None or self._listed[0] is not instance:
            graph = turn_graph(self.game.rules, queries(instance), self.game.limits, self.cap, self.move_cap, self.limit)
            self._listed = (instance, graph)
        return self._listed[1]

    def fits(self, instance: Any) -> str | None:
        """None when the graph of ``instance`` is listed whole and :meth:`too_large` allows it, else why not.

        >>> from gamecert.solvers.rules.rules import GeneralRules, Limits
        >>> class Count:
        ...     rules, limits = GeneralRules("count", "c.py", int, lambda n: [n - 1] if n else []), Limits()
        >>> GeneralCpSatFormulation(Count()).fits([3]), GeneralCpSatFormulation(Count()).fits([3000])
        (None, 'more than 2,000 positions (CP-SAT limit)')
        """
        graph = self.graph(instance)
        return graph.stopped or self.too_large(graph)

    def too_large(self, graph: TurnGraph) -> str | None:
        """Why the formulation's model of the whole ``graph`` is too large, or None (the listing's caps are its only
        limit)."""
        return None


class GeneralSearchFormulation(TurnFormulation):
    """Depth-bounded search (:func:`~gamecert.verify.general.search.search_values`)."""

    name = "search"
    cap = search.SEARCH_MAX_POSITIONS
    move_cap = search.SEARCH_MAX_MOVES
    limit = "search"

    def run(self, instance: Any) -> Values:
        return search.search_values(self.graph(instance))


class GeneralSatFormulation(TurnFormulation):
    """"Won / lost within ``k``" by SAT calls (:func:`~gamecert.verify.general.sat.sat_values`)."""

    name = "sat"
    cap = sat.SAT_MAX_POSITIONS
    move_cap = sat.SAT_MAX_MOVES
    limit = "SAT"

    def too_large(self, graph: TurnGraph) -> str | None:
        return sat.too_large(graph)

    def run(self, instance: Any) -> Values:
        return sat.sat_values(self.graph(instance))


class GeneralQbfFormulation(TurnFormulation):
    """The game tree to depth ``k`` as a QBF, by DepQBF (:func:`~gamecert.verify.general.qbf.qbf_values`)."""

    name = "qbf"
    cap = qbf.QBF_MAX_POSITIONS
    move_cap = qbf.QBF_MAX_MOVES
    limit = "QBF"

    def too_large(self, graph: TurnGraph) -> str | None:
        return qbf.too_large(graph)

    def run(self, instance: Any) -> Values:
        return qbf.qbf_values(self.graph(instance))


class GeneralCpSatFormulation(TurnFormulation):
    """Labels and ranks as CP-SAT constraints (:func:`~gamecert.verify.general.cpsat.cpsat_values`)."""

    name = "cpsat"
    cap = cpsat.CPSAT_MAX_POSITIONS
    move_cap = cpsat.CPSAT_MAX_MOVES
    limit = "CP-SAT"

    def run(self, instance: Any) -> Values:
        return cpsat.cpsat_values(self.graph(instance))
