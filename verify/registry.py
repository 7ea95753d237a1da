"""The registry: the one list of games. Every command takes its choices from here.

Adding a game is one folder in ``solvers/``, one in ``verify/`` with a
``game.py`` defining its :class:`~gamecert.verify.game.Game`, and one line in
:data:`GAMES`. :func:`register` adds a game at run time (a plug-in, or a test's
toy game).
"""

from __future__ import annotations

from gamecert.solvers.errors import GamecertError
from gamecert.verify.bunny_egg.game import BUNNY_EGG
from gamecert.verify.cutting.game import CUTTING, SPLIT
from gamecert.verify.game import Game
from gamecert.verify.geography.game import GEOGRAPHY
from gamecert.verify.maze.game import MAZE

#: Game name (as typed on the command line) -> its entry, in the order commands list them.
GAMES: dict[str, Game] = {game.name: game for game in (MAZE, BUNNY_EGG, GEOGRAPHY, SPLIT, CUTTING)}


def game_names() -> list[str]:
    """The registered games' names, in registry order.

    >>> game_names()[:2]
    ['maze', 'bunny-egg']
    """
    return list(GAMES)


def get_game(name: str) -> Game:
    """The registered game called ``name``."""
    try:
        return GAMES[name]
    except KeyError:
        raise GamecertError(f"unknown game {name!r}; choose from {', '.join(GAMES)}") from None


def register(game: Game) -> None:
    """Add ``game`` to the registry (it replaces a game of the same name)."""
    GAMES[game.name] = game


def unregister(name: str) -> None:
    """Remove the game called ``name`` (a test's toy game, once the test is done)."""
    GAMES.pop(name, None)
