"""The registry of games: what the CLI and the cross-check need from each.

A game is a :class:`Game` defined in its own adapter module (``verify/adapters``)
and listed in :data:`ADAPTERS`; adding a game is a new adapter and one line
here. Adapters import heavy formulation modules (OR-Tools, python-sat) only
inside :attr:`Formulation.run`, so ``gamecert solve`` starts fast.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solvers import _jit
from solvers.errors import GamecertError

#: Game name (as typed on the command line) -> adapter module defining ``GAME``.
ADAPTERS: dict[str, str] = {
    "maze": "verify.adapters.maze",
    "bunny-egg": "verify.adapters.bunny_egg",
    "geography": "verify.adapters.geography",
    "split": "verify.adapters.split",
    "cutting": "verify.adapters.cutting",
}


@dataclass(frozen=True)
class Formulation:
    """An independent way to answer a game's question.

    ``fits(instance)`` is ``None`` when the formulation should run on the
    instance, else the reason it is skipped; ``run(instance)`` returns an
    answer comparable by ``==`` with :attr:`Game.answer` of the fast solution.
    """

    name: str
    fits: Callable[[Any], str | None]
    run: Callable[[Any], Any]


@dataclass(frozen=True)
class Game:
    """Everything gamecert does with one game.

    parse(text, source, judge_limits) -> instance   (raises InputError)
    solve(instance) -> solution                     (the fast solver)
    format(solution) -> str                         (byte-exact judge output)
    to_json(solution) -> dict                       (answer, values, certificate)
    answer(solution) -> comparable answer
    certify(instance, solution) -> list[str]        (certificate violations)
    explain(instance, fast, other) -> str           (where another answer differs from fast)
    formulations                                    (independent cross-checks)
    solve_position(text) -> dict                    (optional: a position given on
                                                     the command line, e.g. a sum of pieces)
    small(instance) -> bool                         (optional: solve with plain-Python
                                                     kernels, quicker than loading numba)
    generator                                       (optional: module path of the game's
                                                     stress-case generators, imported lazily;
                                                     see verify.generators)
    """

    name: str
    summary: str
    parse: Callable[[str | bytes, str, bool], Any]
    solve: Callable[[Any], Any]
    format: Callable[[Any], str]
    to_json: Callable[[Any], dict]
    answer: Callable[[Any], Any]
    certify: Callable[[Any, Any], list[str]]
    explain: Callable[[Any, Any, Any], str]
    formulations: tuple[Formulation, ...] = ()
    solve_position: Callable[[str], dict] | None = None
    small: Callable[[Any], bool] = lambda instance: False
    generator: str | None = None

    def fast_solve(self, instance: Any) -> Any:
        """:attr:`solve`, run as plain Python when :attr:`small` says numba is not worth loading."""
        with _jit.python_kernels(self.small(instance)):
            return self.solve(instance)


def game_names() -> list[str]:
    return list(ADAPTERS)


def get_game(name: str) -> Game:
    """The registered game called ``name``."""
    try:
        module = ADAPTERS[name]
    except KeyError:
        raise GamecertError(f"unknown game {name!r}; choose from {', '.join(ADAPTERS)}") from None
    return importlib.import_module(module).GAME


def lazy(module: str, function: str, prepare: Callable[[Any], Any] = lambda x: x) -> Callable[[Any], Any]:
    """``module.function(prepare(instance))``, importing ``module`` on first call.

    Keeps OR-Tools and python-sat out of start-up for commands that never
    cross-check.
    """

    def call(instance: Any) -> Any:
        return getattr(importlib.import_module(module), function)(prepare(instance))

    call.__name__ = f"{module}.{function}"
    return call


def first_difference(expected: tuple, got: tuple) -> int | None:
    """The first index where two equal-length sequences differ, or None."""
    for i, (a, b) in enumerate(zip(expected, got)):
        if a != b:
            return i
    return None if len(expected) == len(got) else min(len(expected), len(got))
