"""Execute a rules file as a module of its own: :func:`load_module`."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import traceback
from types import ModuleType

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import BY_VALUE


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
