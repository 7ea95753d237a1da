"""The independent formulations of impartial rules games (retrograde analysis, SAT, OR-Tools, whole-sum search).

Each answers the queries of an input by itself, reading nothing but the
rules (through a guard, like the solver), and returns what
:meth:`~gamecert.verify.impartial.game.ImpartialRulesGame.answer` returns: one
``(win, value)`` per query. None shares code with the fast solver
(:mod:`gamecert.solvers.impartial.solver`):

* ``retrograde`` (:mod:`~gamecert.verify.impartial.retrograde`): the explicit
  position graph, solved bottom-up (Sprague–Grundy on components, or misère
  outcomes of whole sums);
* ``sat`` (:mod:`~gamecert.verify.impartial.sat`): the P-positions of the whole
  sum as the unique kernel, each answer proven by an UNSAT call;
* ``ilp`` (:mod:`~gamecert.verify.impartial.ilp`): the Grundy function of the
  whole sum by mex constraints in CP-SAT, each value proven by infeasibility;
* ``search`` (:mod:`~gamecert.verify.impartial.search`): the whole sum searched
  as one game, no Sprague–Grundy theory at all.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from gamecert.verify.game import Formulation
from gamecert.verify.impartial import ilp, retrograde, sat, search
from gamecert.verify.impartial.retrograde import Answers, WholeSumGraph, whole_sum_graph
from gamecert.verify.rules.formulation import RulesFormulation, RulesGame


def impartial_formulations(game: RulesGame) -> tuple[Formulation, ...]:
    """The formulations ``check`` runs on an impartial rules game, each where it fits.

    >>> from gamecert.solvers.rules.rules import ImpartialRules, Limits
    >>> class Nim:
    ...     rules, limits = ImpartialRules("nim", "nim.py", int, range), Limits()
    >>> [(f.name, f.run([0, 4])) for f in impartial_formulations(Nim())]  # doctest: +NORMALIZE_WHITESPACE
    [('retrograde', ((False, 0), (True, 4))), ('sat', ((False, 0), (True, 4))),
     ('ilp', ((False, 0), (True, 4))), ('search', ((False, 0), (True, 4)))]
    """
    return (ImpartialRetrogradeFormulation(game), ImpartialSatFormulation(game), ImpartialIlpFormulation(game), ImpartialSearchFormulation(game))


class ImpartialFormulation(RulesFormulation[list, Answers, Any]):
    """A formulation of one impartial rules game: it reads the game's rules and limits."""


class ImpartialRetrogradeFormulation(ImpartialFormulation):
    """The explicit position graph solved bottom-up (:func:`~gamecert.verify.impartial.retrograde.retrograde_answers`).

    As cheap as the solver (linear in the positions and moves), so it runs
    wherever the solver does; past ``--max-positions`` it is skipped.
    """

    name = "retrograde"

    def run(self, instance: list) -> Answers:
        return retrograde.retrograde_answers(self.game.rules, instance, self.game.limits)


class ImpartialWholeSumFormulation(ImpartialFormulation):
    """A formulation over the whole-sum position graph, listed once for ``fits``, ``predict`` and ``run``
    (:meth:`~gamecert.verify.rules.formulation.RulesFormulation.listed`).

    ``fits`` lists the graph up to the game's ``--max-positions``; its only
    refusal is a listing that stopped. How long the formulation would take
    is :meth:`predict`'s, in seconds, from a measured rate (:meth:`estimate`).
    """

    def listing(self, instance: list) -> WholeSumGraph:
        """The whole-sum graph of ``instance`` (``stopped`` past ``--max-positions``)."""
        return whole_sum_graph(self.game.rules, instance, self.game.limits, stop=True)

    def graph(self, instance: list) -> WholeSumGraph:
        """The whole-sum graph of ``instance``, listed once for ``fits``, ``predict`` and ``run`` on the same instance."""
        return self.listed(instance)

    def fits(self, instance: list) -> str | None:
        return self.graph(instance).stopped or None

    def predict(self, instance: list) -> float | None:
        """Predicted seconds of :meth:`run` on ``instance`` (None: the listing stopped)."""
        graph = self.graph(instance)
        return None if graph.stopped else self.estimate(graph)

    @abstractmethod
    def estimate(self, graph: WholeSumGraph) -> float:
        """Predicted seconds of :meth:`run` on ``graph``, from a measured rate."""


class ImpartialSatFormulation(ImpartialWholeSumFormulation):
    """The P-positions as the unique kernel, by SAT calls (:func:`~gamecert.verify.impartial.sat.sat_answers`)."""

    name = "sat"

    def estimate(self, graph: WholeSumGraph) -> float:
        return sat.predict(graph)

    def run(self, instance: list) -> Answers:
        return sat.sat_answers(self.graph(instance))


class ImpartialIlpFormulation(ImpartialWholeSumFormulation):
    """The Grundy function by mex constraints, by CP-SAT (:func:`~gamecert.verify.impartial.ilp.ilp_answers`)."""

    name = "ilp"

    def estimate(self, graph: WholeSumGraph) -> float:
        return ilp.predict(graph)

    def run(self, instance: list) -> Answers:
        return ilp.ilp_answers(self.graph(instance))


class ImpartialSearchFormulation(ImpartialFormulation):
    """The whole sum searched as one game (:func:`~gamecert.verify.impartial.search.search_answers`).

    Its cost shows only while searching, so it always fits and gives up
    (skipped, as past a time limit) after
    :data:`~gamecert.verify.impartial.search.SEARCH_MAX_POSITIONS` positions.
    """

    name = "search"

    def run(self, instance: list) -> Answers:
        return search.search_answers(self.game.rules, instance, self.game.limits)
