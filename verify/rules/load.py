"""Read a rules file: a plain Python module whose module-level names define a game.

``KIND = "impartial"``, ``"graph"``, ``"general"``, ``"score"`` or
``"partizan"`` says what kind of game it is (:mod:`gamecert.verify.rules.kinds`
lists the names each kind reads); without it, a file defining ``moves`` is an
impartial game and one defining ``graph`` a token on a graph.
``NAME = "..."`` names the game (else the file's stem).
Any other module-level function is a claim that ``gamecert audit --claim``
can check. docs/rules.md is the contract in full.

:func:`load_rules` executes the file once, as its own module (never through
``sys.path``), and returns the frozen description; :func:`rules_game` the
:class:`~gamecert.verify.game.Game` every command uses.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import os
import sys
import traceback
from types import ModuleType

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import BY_VALUE, RulesKind
from gamecert.verify.rules.kinds import KINDS, Kind, Reader, bound_at

#: Module-level names of a rules file that are neither rules nor claims.
_IGNORED = ("NAME", "KIND")


def load_module(path: str) -> ModuleType:
    """Execute the rules file at ``path`` as a module of its own.

    The module is named after the file's contents (``gamecert_rules_<hash>``)
    so two rules files never collide and a Dask worker can rebuild it by
    value; it stays in ``sys.modules`` so its classes and functions pickle.
    """
    try:
        with open(path, "rb") as f:
            source = f.read()
    except OSError as exc:
        raise RulesError(path, 1, 1, f"cannot read the rules file: {exc.strerror or exc}") from None
    name = "gamecert_rules_" + hashlib.sha256(os.path.realpath(path).encode() + b"\0" + source).hexdigest()[:16]
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise RulesError(path, 1, 1, "cannot load the rules file as a Python module (expected a .py file)")
    module = importlib.util.module_from_spec(spec)
    setattr(module, BY_VALUE, True)  # campaign shards carry it to Dask workers by value
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        del sys.modules[name]
        raise RulesError(path, exc.lineno or 1, exc.offset or 1, f"the rules file is not valid Python: {exc.msg}") from None
    except BaseException as exc:  # the file's own top-level code failed (sys.exit and KeyboardInterrupt too)
        del sys.modules[name]
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if os.path.realpath(f.filename) == os.path.realpath(path)]
        line = frames[-1].lineno if frames else 1
        detail = "".join(f"  {path}:{f.lineno}, in {f.name}: {(f.line or '').strip()}\n" for f in frames[-8:])
        text = str(exc).replace("\r", "\\r").replace("\n", "\\n")
        what = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
        raise RulesError(path, line or 1, 1, f"loading the rules file raised {what}", detail) from None
    return module


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
