"""The registry: the one list of games. Every command takes its choices from here.

Adding a game is one folder in ``solvers/``, one in ``verify/`` with a
``game.py`` defining its :class:`~gamecert.verify.game.Game`, a loader below
and one line in :data:`_ENTRIES`. Each entry is imported the first time it is
asked for, so ``gamecert solve maze`` loads the maze and nothing else. :func:`register`
adds a game at run time (a plug-in, or a test's toy game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from gamecert.solvers.errors import GamecertError
from gamecert.verify.game import Game


def _maze() -> Game:
    from gamecert.verify.maze.game import MAZE

    return MAZE


def _bunny_egg() -> Game:
    from gamecert.verify.bunny_egg.game import BUNNY_EGG

    return BUNNY_EGG


def _geography() -> Game:
    from gamecert.verify.geography.game import GEOGRAPHY

    return GEOGRAPHY


def _split() -> Game:
    from gamecert.verify.cutting.game import SPLIT

    return SPLIT


def _cutting() -> Game:
    from gamecert.verify.cutting.game import CUTTING

    return CUTTING


#: Game name (as typed on the command line) -> its entry's loader, in the order commands list them.
_ENTRIES: dict[str, Callable[[], Game]] = {
    "maze": _maze,
    "bunny-egg": _bunny_egg,
    "geography": _geography,
    "split": _split,
    "cutting": _cutting,
}


def game_names() -> list[str]:
    """The registered games' names, in registry order (nothing is imported).

    >>> game_names()[:2]
    ['maze', 'bunny-egg']
    """
    return list(_ENTRIES)


def get_game(name: str) -> Game:
    """The registered game called ``name``."""
    try:
        load = _ENTRIES[name]
    except KeyError:
        raise GamecertError(f"unknown game {name!r}; choose from {', '.join(_ENTRIES)}") from None
    return load()


def games() -> dict[str, Game]:
    """Every registered game by name, in registry order (each one imported).

    >>> [name for name, game in games().items() if game.export_start is not None]
    ['maze', 'geography']
    """
    return {name: get_game(name) for name in _ENTRIES}


def register(game: Game) -> None:
    """Add ``game`` to the registry; it replaces a game of the same name."""
    _ENTRIES[game.name] = lambda: game


def unregister(name: str) -> None:
    """Remove the game called ``name`` (nothing happens when there is none)."""
    _ENTRIES.pop(name, None)


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """Register ``game`` for the duration of a ``with`` block, then put back what was there."""
    before = _ENTRIES.get(game.name)
    register(game)
    try:
        yield game
    finally:
        if before is None:
            unregister(game.name)
        else:
            _ENTRIES[game.name] = before
