"""What the formulation tests of general and score games share: each formulation as an implementation.

An implementation takes rules and a list of query positions and returns one
:class:`~gamecert.solvers.turn.value.Value` per query; the tests compare
every implementation with answers from outside gamecert and with a reference.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from gamecert.solvers.turn.value import Value
from gamecert.solvers.rules.rules import Limits, TurnRules
from gamecert.verify.game import Formulation

#: Rules and query positions in, one value per query out.
Implementation = Callable[[TurnRules, list], tuple[Value, ...]]


@dataclass
class Game:
    """What a formulation reads of its game."""

    rules: TurnRules
    limits: Limits = field(default_factory=Limits)


def formulation(formulations: Callable, rules: TurnRules, name: str) -> Formulation:
    """The formulation ``name`` among ``formulations(game)`` of the game of ``rules``."""
    (found,) = [f for f in formulations(Game(rules)) if f.name == name]
    return found


def implementations(formulations: Callable, names: list[str]) -> dict[str, Implementation]:
    """Each named formulation as an implementation, which asserts that it fits before it runs."""

    def by(name: str) -> Implementation:
        def run(rules: TurnRules, starts: list) -> tuple[Value, ...]:
            f = formulation(formulations, rules, name)
            reason = f.fits(starts)
            assert reason is None, reason
            return f.run(starts)

        return run

    return {name: by(name) for name in names}


def fast(solve: Callable) -> Implementation:
    """The fast solver (``general_game`` or ``score_game``) as an implementation."""

    def run(rules: TurnRules, starts: list) -> tuple[Value, ...]:
        return solve(rules, starts, Limits()).values

    return run
