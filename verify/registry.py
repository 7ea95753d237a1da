"""The registry: the one list of games. Every command takes its choices from here.

Adding a game is one folder in ``solvers/``, one in ``verify/`` with a
``game.py`` defining its :class:`~gamecert.verify.game.Game` subclass, a loader
below and one line in :data:`_LOADERS`. Each built-in game is imported the
first time it is asked for, so ``gamecert solve maze`` loads the maze and
nothing else. :func:`register` adds a game object at run time (a rules file,
or a test's toy game); campaign shards carry the game object itself to their
workers, so a registered game runs there too.

Installed distributions add games through the entry-point group
``gamecert.games``: each entry point names a :class:`~gamecert.verify.game.Game`
object, a ``Game`` subclass (built with no arguments) or a rules module
(docs/rules.md). Scanning the installed distributions costs tens of
milliseconds, so :func:`load_plugins` runs only when a name is not a built-in
one or a command lists its choices.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

from gamecert.solvers.errors import GamecertError, InputError
from gamecert.verify.game import Capability, Game

if TYPE_CHECKING:
    from gamecert.solvers.rules.rules import Limits

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


def _octal() -> Game:
    from gamecert.verify.octal.game import OctalGame

    return OctalGame()


#: Built-in game name (as typed on the command line) -> its loader, in the order commands list them.
_LOADERS: dict[str, Callable[[], Game]] = {
    "maze": _maze,
    "bunny-egg": _bunny_egg,
    "geography": _geography,
    "split": _split,
    "cutting": _cutting,
    "octal": _octal,
}

#: Games loaded so far, and games registered at run time (which replace a built-in of the same name).
_GAMES: dict[str, Game] = {}
#: Names in command order: the built-ins, then games registered at run time.
_ORDER: list[str] = list(_LOADERS)


#: Entry-point group of installed games.
PLUGIN_GROUP = "gamecert.games"
_plugins_loaded = False


def load_plugins() -> None:
    """Add the games of the ``gamecert.games`` entry points of installed distributions (once)."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    from importlib.metadata import entry_points

    for ep in entry_points(group=PLUGIN_GROUP):
        if ep.name not in _ORDER:
            _LOADERS[ep.name] = _PluginLoader(ep)
            _ORDER.append(ep.name)


class _PluginLoader:
    """Loads one entry point's game the first time it is asked for."""

    def __init__(self, entry_point) -> None:
        self.entry_point = entry_point

    def __call__(self) -> Game:
        import inspect
        from types import ModuleType

        name = self.entry_point.name
        try:
            target = self.entry_point.load()
        except Exception as exc:
            raise GamecertError(f"the installed game {name!r} ({self.entry_point.value}) cannot be loaded: {exc}") from None
        if isinstance(target, Game):
            game = target
        elif inspect.isclass(target) and issubclass(target, Game):
            game = target()
        elif isinstance(target, ModuleType):
            from gamecert.verify.rules.load import module_game

            game = module_game(target)
        else:
            raise GamecertError(
                f"the installed game {name!r} ({self.entry_point.value}) is a {type(target).__name__}; "
                "expected a Game, a Game subclass or a rules module"
            )
        if game.name != name:
            raise GamecertError(f"the installed game {name!r} calls itself {game.name!r}; the names must agree")
        return game


def builtin_names() -> list[str]:
    """The built-in games' names (nothing is imported)."""
    return [name for name, loader in _LOADERS.items() if not isinstance(loader, _PluginLoader)]


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
        load_plugins()
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


def register_rules(path: str, limits: Limits | None = None) -> Game:
    """Load the rules file at ``path`` with ``limits``, register its game and return it; a rules file whose NAME
    is a built-in game's is bad input at its first line."""
    from gamecert.verify.rules.load import rules_game

    game = rules_game(path, limits)
    if game.name in builtin_names():
        raise InputError(path, 1, 1, f"the rules' NAME {game.name!r} is a built-in game's; choose another NAME")
    register(game)
    return game


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
