"""What every formulation of a rules game shares, whatever its kind: :class:`RulesFormulation`.

Each kind's formulations (``verify/<kind>/formulations.py``) subclass it: a
formulation reads the game's rules and limits, never the fast solver, and
lists what it solves (a position graph) at most once per instance, for
:meth:`~gamecert.verify.game.Formulation.fits`,
:meth:`~gamecert.verify.game.Formulation.predict` and
:meth:`~gamecert.verify.game.Formulation.run` alike.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from gamecert.solvers.rules.rules import Limits, RulesKind
from gamecert.verify.game import Formulation

I = TypeVar("I")  # the game's instance
A = TypeVar("A")  # the answer, as the game's answer() gives it
L = TypeVar("L")  # what the formulation lists of an instance before it solves


class RulesGame(Protocol):
    """What a formulation reads of its game: the rules and the limits they run under."""

    rules: RulesKind
    limits: Limits


class RulesFormulation(Formulation[I, A], Generic[I, A, L]):
    """A formulation of one rules game: it reads the game's rules and limits.

    A formulation that lists something before it solves (a position graph)
    defines :meth:`listing` and reads it through :meth:`listed`, which keeps
    the last instance's listing: ``fits``, ``predict`` and ``run`` on the same
    instance (the same object) list it once. It fits every instance unless it
    says otherwise (:meth:`fits` is for what it can never run on; how long it
    would take is :meth:`predict`'s).

    >>> from gamecert.solvers.rules.rules import ImpartialRules
    >>> class Count(RulesFormulation):
    ...     name = "count"
    ...     def listing(self, instance): return len(instance)
    ...     def run(self, instance): return self.listed(instance)
    >>> class Nim:
    ...     rules, limits = ImpartialRules("nim", "nim.py", int, range), Limits()
    >>> Count(Nim()), Count(Nim()).run([1, 2]), Count(Nim()).fits([1])
    (<Count of 'nim'>, 2, None)
    """

    def __init__(self, game: RulesGame) -> None:
        self.game = game
        self._listed: tuple[Any, L] | None = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game.rules.name!r}>"

    def fits(self, instance: I) -> str | None:
        return None

    def listing(self, instance: I) -> L:
        """What the formulation lists of ``instance`` before it solves; read it through :meth:`listed`."""
        raise NotImplementedError(f"{type(self).__name__} lists nothing")

    def listed(self, instance: I) -> L:
        """:meth:`listing` of ``instance``, listed once while the same instance (the same object) is asked again."""
        if self._listed is None or self._listed[0] is not instance:
            self._listed = (instance, self.listing(instance))
        return self._listed[1]
