"""Read a rules file: a plain Python module whose module-level names define a game.

An impartial game defines ``parse(line)`` and ``moves(position)``, and may
define ``components``, ``format``, ``misere``, ``positions`` and ``answer``; a
token-on-a-graph game defines ``parse(text)`` and ``graph(instance)``, and may
define ``instances``. ``NAME = "..."`` names the game (else the file's stem).
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
from gamecert.solvers.rules.rules import BY_VALUE, GraphRules, ImpartialRules

#: The names a rules file may define, by kind; anything else callable is a claim.
IMPARTIAL = ("parse", "moves", "components", "format", "misere", "positions", "answer")
GRAPH = ("parse", "graph", "instances", "format")
#: Module-level names of a rules file that are neither rules nor claims.
_IGNORED = ("NAME",)


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


def _function(module: ModuleType, path: str, name: str, required: bool, arguments: int):
    value = getattr(module, name, None)
    if value is None:
        if required:
            raise RulesError(path, 1, 1, f"expected a function {name}() in the rules file (docs/rules.md)")
        return None
    if not callable(value):
        why = f"expected {name} to be a function, got {type(value).__name__}"
        raise RulesError(path, _bound_at(module, name), 1, why)
    try:
        inspect.signature(value).bind(*range(arguments))
    except TypeError:
        raise RulesError(path, _line(value), 1, f"expected {name} to take {arguments} argument(s)") from None
    except ValueError:  # a builtin without a signature: called as it is
        pass
    return value


def _bound_at(module: ModuleType, name: str) -> int:
    """The line of the rules file where the module-level ``name`` is last bound (1 when it cannot be read)."""
    import ast

    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError, SyntaxError):
        return 1
    line = 1
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets = node.targets
        else:
            targets = [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            line = node.lineno
    return line


def _line(value: object) -> int:
    code = getattr(value, "__code__", None)
    return code.co_firstlineno if code is not None else 1


def load_rules(path: str) -> ImpartialRules | GraphRules:
    """The game the rules file at ``path`` defines, as a frozen description.

    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "nim.py"
    >>> _ = f.write_text("def parse(line):\\n    return int(line)\\ndef moves(n):\\n    return range(n)\\n")
    >>> r = load_rules(str(f))
    >>> r.name, r.misere, r.components is None
    ('nim', False, True)
    """
    return rules_from_module(load_module(path), path)


def rules_from_module(module: ModuleType, path: str) -> ImpartialRules | GraphRules:
    """The game a rules module defines (an imported one, e.g. an installed ``gamecert.games`` entry point)."""
    name = getattr(module, "NAME", None) or os.path.splitext(os.path.basename(path))[0]
    if not isinstance(name, str) or not name.replace("-", "").replace("_", "").isalnum():
        why = f"expected NAME to be a word of letters, digits, '-' and '_', got {name!r}"
        raise RulesError(path, _bound_at(module, "NAME"), 1, why)
    has_moves, has_graph = hasattr(module, "moves"), hasattr(module, "graph")
    if has_moves and has_graph:
        raise RulesError(path, 1, 1, "expected either moves() (an impartial game) or graph() (a token on a graph), not both")
    if not has_moves and not has_graph:
        raise RulesError(path, 1, 1, "expected a function moves(position) or graph(instance) in the rules file (docs/rules.md)")
    known = (IMPARTIAL if has_moves else GRAPH) + _IGNORED
    claims = tuple(
        n for n, v in vars(module).items()
        if n not in known and not n.startswith("_") and inspect.isfunction(v) and v.__module__ == module.__name__
    )
    if has_graph:
        return GraphRules(
            name=name, path=path,
            parse=_function(module, path, "parse", True, 1),
            graph=_function(module, path, "graph", True, 1),
            instances=_function(module, path, "instances", False, 1),
            claims=claims,
        )
    misere = getattr(module, "misere", False)
    if not isinstance(misere, bool):
        why = f"expected misere to be True or False, got {misere!r}"
        raise RulesError(path, _bound_at(module, "misere"), 1, why)
    return ImpartialRules(
        name=name, path=path,
        parse=_function(module, path, "parse", True, 1),
        moves=_function(module, path, "moves", True, 1),
        components=_function(module, path, "components", False, 1),
        format=_function(module, path, "format", False, 1),
        misere=misere,
        positions=_function(module, path, "positions", False, 1),
        answer=_function(module, path, "answer", False, 2),
        claims=claims,
        doc=inspect.getdoc(module) or "",
    )
