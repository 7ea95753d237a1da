"""The registry: the one list of games. Every command takes its choices from here.

Adding a game is one folder in ``solvers/``, one in ``verify/`` with a
``game.py`` defining its :class:`~gamecert.verify.game.Game` subclass, a loader
below and one line in :data:`_LOADERS`. Each built-in game is imported the
first time it is asked for, so ``gamecert solve maze`` loads the maze and
nothing else. :func:`register` adds a game object at run time (a plug-in, or a
test's toy game); campaign shards carry the game object itself to their
workers, so a registered game runs there too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from gamecert.solvers.errors import GamecertError
from gamecert.verify.game import Capability, Game

C = TypeVar("C", bound=Capability)


def _maze() -> Game:
    from gamecert.verify.maze.game import MazeGame

    return MazeGame()


def _bunny_egg() -> Game:
    from gamecert.verify.bunny_egg.game import BunnyEggGame

    return BunnyEggGame()


def _geography() -> Game:
    from gamecert.verify.geography.game import GeographyGame

    return GeographyGame()


def _split() -> Game:
    from gamecert.solvers.cutting.rules import SPLIT
    from gamecert.verify.cutting.game import CuttingGame

    return CuttingGame(SPLIT)


def _cutting() -> Game:
    from gamecert.solvers.cutting.rules import CUTTING
    from gamecert.verify.cutting.game import CuttingGame

    return CuttingGame(CUTTING)


#: Built-in game name (as typed on the command line) -> its loader, in the order commands list them.
_LOADERS: dict[str, Callable[[], Game]] = {
    "maze": _maze,
    "bunny-egg": _bunny_egg,
    "geography": _geography,
    "split": _split,
    "cutting": _cutting,
}

#: Games loaded so far, and games registered at run time (which replace a built-in of the same name).
_GAMES: dict[str, Game] = {}
#: Names in command order: the built-ins, then games registered at run time.
_ORDER: list[str] = list(_LOADERS)


def builtin_names() -> list[str]:
    """The built-in games' names (nothing is imported)."""
    return list(_LOADERS)


def game_names() -> list[str]:
    """The registered games' names, in registry order (nothing is imported).

    >>> game_names()[:2]
    ['maze', 'bunny-egg']
    """
    return list(_ORDER)


def get_game(name: str) -> Game:
    """The registered game called ``name``."""
    game = _GAMES.get(name)
    if game is not None:
        return game
    if name not in _ORDER:
        raise GamecertError(f"unknown game {name!r}; choose from {', '.join(_ORDER)}")
    game = _GAMES[name] = _LOADERS[name]()
    return game


def games() -> dict[str, Game]:
    """Every registered game by name, in registry order (each one imported)."""
    return {name: get_game(name) for name in _ORDER}


def games_with(kind: type[C]) -> dict[str, Game]:
    """The registered games that have a capability of class ``kind``, in registry order.

    >>> from gamecert.verify.capabilities import ExportStart
    >>> list(games_with(ExportStart))
    ['maze', 'geography']
    """
    return {name: g for name, g in games().items() if g.capability(kind) is not None}


def register(game: Game) -> None:
    """Add ``game`` to the registry; it replaces a game of the same name."""
    _GAMES[game.name] = game
    if game.name not in _ORDER:
        _ORDER.append(game.name)


def unregister(name: str) -> None:
    """Remove the game called ``name``: a built-in one goes back to its own entry, any other disappears."""
    _GAMES.pop(name, None)
    if name not in _LOADERS and name in _ORDER:
        _ORDER.remove(name)


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """Register ``game`` for the duration of a ``with`` block, then put back what was there."""
    before = _GAMES.get(game.name)
    register(game)
    try:
        yield game
    finally:
        unregister(game.name)
        if before is not None:
            _GAMES[game.name] = before
