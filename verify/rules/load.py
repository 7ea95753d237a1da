"""Read a rules file: a plain Python module whose module-level names define a game.

``KIND = "impartial"``, ``"graph"``, ``"general"``, ``"score"``, ``"partizan"``
or ``"positional"`` says what kind of game it is (:mod:`gamecert.verify.rules.kinds`
lists the names each kind reads); without it, a file defining ``moves`` is an
impartial game and one defining ``graph`` a token on a graph.
``NAME = "..."`` names the game (else the file's stem).
Any other module-level function is a claim that ``gamecert audit --claim``
can check. docs/rules.md is the contract in full.

:func:`load_rules` executes the file once, as its own module
(:func:`~gamecert.verify.rules.module.load_module`), and returns the frozen description; :func:`rules_game` the
:class:`~gamecert.verify.game.Game` every command uses.
"""

from __future__ import annotations

import inspect
import os
from types import ModuleType
from typing import TYPE_CHECKING

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import Limits, RulesKind
from gamecert.verify.rules.kinds import KINDS, Kind, Reader, bound_at, game_of
from gamecert.verify.rules.module import load_module

if TYPE_CHECKING:
    from gamecert.verify.game import Game

#: Module-level names of a rules file that are neither rules nor claims.
_IGNORED = ("NAME", "KIND")


def load_rules(path: str) -> RulesKind:
    """The game the rules file at ``path`` defines, as a frozen description.

    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "nim.py"
    >>> _ = f.write_text("def parse(line):\\n    return int(line)\\ndef moves(n):\\n    return range(n)\\n")
    >>> r = load_rules(str(f))
    >>> r.name, r.misere, r.components is None
    ('nim', False, True)
    """
    return rules_from_module(load_module(path), path)


def rules_game(path: str, limits: Limits | None = None) -> Game:
    """The game a rules file defines, ready for every command.

    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "nim.py"
    >>> _ = f.write_text("def parse(line):\\n    return int(line)\\ndef moves(n):\\n    return range(n)\\n")
    >>> g = rules_game(str(f))
    >>> g.format(g.solve(g.parse("0\\n5\\n")))
    'lose 0\\nwin 5\\n'
    """
    return game_of(load_rules(path), limits)


def module_game(module: ModuleType, limits: Limits | None = None) -> Game:
    """The game of an imported rules module (an installed ``gamecert.games`` entry point)."""
    return game_of(rules_from_module(module, getattr(module, "__file__", None) or module.__name__), limits)


def rules_from_module(module: ModuleType, path: str) -> RulesKind:
    """The game a rules module defines (an imported one, e.g. an installed ``gamecert.games`` entry point).

    The one place that reads ``KIND``: absent, a file defining ``moves`` is
    impartial and one defining ``graph`` a token on a graph.
    """
    name = getattr(module, "NAME", None) or os.path.splitext(os.path.basename(path))[0]
    if not isinstance(name, str) or not name.replace("-", "").replace("_", "").isalnum():
        why = f"expected NAME to be a word of letters, digits, '-' and '_', got {name!r}"
        raise RulesError(path, bound_at(module, "NAME"), 1, why)
    kind = _kind(module, path)
    known = kind.names + _IGNORED
    claims = tuple(
        n for n, v in vars(module).items()
        if n not in known and not n.startswith("_") and inspect.isfunction(v) and v.__module__ == module.__name__
    )
    return kind.describe(Reader(module, path, name, claims))


def _kind(module: ModuleType, path: str) -> Kind:
    """The kind the module's ``KIND`` names, or the one its functions imply when it has none."""
    word = getattr(module, "KIND", None)
    if word is None:
        has_moves, has_graph = hasattr(module, "moves"), hasattr(module, "graph")
        if has_moves and has_graph:
            raise RulesError(path, 1, 1, "expected either moves() (an impartial game) or graph() (a token on a graph), not both")
        if not has_moves and not has_graph:
            raise RulesError(path, 1, 1, "expected a function moves(position) or graph(instance) in the rules file (docs/rules.md)")
        return KINDS["impartial" if has_moves else "graph"]
    if not isinstance(word, str) or word not in KINDS:
        words = ", ".join(f'"{w}"' for w in KINDS)
        raise RulesError(path, bound_at(module, "KIND"), 1, f"expected KIND to be one of {words}, got {word!r}")
    return KINDS[word]
