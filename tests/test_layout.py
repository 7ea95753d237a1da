"""The shape of the code: installed names, no import cycle, no private names across modules,
every package installed, no bare top-level imports, no outside documents cited."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = {"solvers": "gamecert.solvers", "verify": "gamecert.verify"}
SOURCES = sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    parts[0] = FOLDERS.get(parts[0], parts[0])
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in SOURCES}


@functools.cache
def imported(path: Path) -> tuple[tuple[str, str | None, int], ...]:
    """``(module, name, line)`` for every import in the file, at any depth; ``name`` is the
    imported name of a ``from`` import (None for ``import x``), relative imports resolved. Parsed
    once per file in a test process: several tests read the same files."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out += [(alias.name, None, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            out += [(base, alias.name, node.lineno) for alias in node.names]
    return tuple(out)


def dependencies(path: Path) -> set[str]:
    """The project modules a module needs: each one it imports and every package above it
    (but the packages holding the module itself, which are initialised before it runs)."""
    here = module_name(path)
    deps = set()
    for module, name, _ in imported(path):
        target = f"{module}.{name}" if name and f"{module}.{name}" in MODULES else module
        while target.startswith("gamecert."):
            if target in MODULES and not here.startswith(target + "."):
                deps.add(target)
            target = target.rpartition(".")[0]
    return deps - {here}


def test_every_source_is_a_module_of_the_installed_package():
    assert len(MODULES) > 60
    assert "gamecert.solvers.matching.gallai_edmonds" in MODULES and "gamecert.verify.registry" in MODULES


def test_no_import_cycle():
    graph = {name: sorted(dependencies(path)) for name, path in MODULES.items()}
    state: dict[str, int] = {}  # 1 = on the current path, 2 = finished
    for root in sorted(graph):
        if root in state:
            continue
        path, stack = [root], [iter(graph[root])]
        state[root] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                cycle = path[path.index(nxt) :] + [nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(graph[nxt]))


def test_dependencies_see_imports_at_any_depth():
    # The registry imports the games at the top; the CLI's check imports the engines inside a function.
    assert dependencies(MODULES["gamecert.verify.registry"]) >= {"gamecert.verify.maze.game", "gamecert.verify.game"}
    assert "gamecert.verify.engine.parallel" in dependencies(MODULES["gamecert.verify.cli.check"])


@pytest.mark.slow
def test_no_private_name_crosses_a_module():
    problems = []
    for path in SOURCES + sorted((ROOT / "benchmarks").glob("*.py")):
        here = module_name(path)
        package = here if path.name == "__init__.py" else here.rpartition(".")[0]
        for module, name, line in imported(path):
            if not module.startswith("gamecert."):
                continue
            full = f"{module}.{name}" if name and f"{module}.{name}" in MODULES else module
            private_module = any(part.startswith("_") for part in full.split("."))
            if private_module and full.rpartition(".")[0] != package:
                problems.append(f"{path.relative_to(ROOT)}:{line}: imports private module {full}")
            if name and name.startswith("_") and full != f"{module}.{name}":
                problems.append(f"{path.relative_to(ROOT)}:{line}: imports private name {name} from {module}")
    assert problems == []


@pytest.mark.slow
def test_no_bare_top_level_imports():
    files = SOURCES + sorted((ROOT / "tests").rglob("*.py")) + sorted((ROOT / "benchmarks").glob("*.py"))
    bare = [
        f"{path.relative_to(ROOT)}:{line}: {module}"
        for path in files
        for module, _name, line in imported(path)
        if module.split(".")[0] in FOLDERS
    ]
    assert bare == []


def test_pyproject_installs_every_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"] == {name: folder for folder, name in FOLDERS.items()}
    packages = {module_name(p) for p in SOURCES if p.name == "__init__.py"}
    assert set(config["packages"]) == packages


@pytest.mark.parametrize(
    "code, ok",
    [
        ("import gamecert.solvers, gamecert.verify; import gamecert.verify.cli", True),
        ("import solvers", False),
        ("import verify", False),
    ],
)
def test_installed_import_names_outside_the_checkout(tmp_path, code, ok):
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert (run.returncode == 0) == ok, run.stderr
    if not ok:
        assert "ModuleNotFoundError" in run.stderr


@pytest.mark.parametrize("phrase", ["SPEC", "this machine", "2-core"])
def test_no_outside_document_or_machine_timing_is_cited(phrase):
    hits = [str(p.relative_to(ROOT)) for p in SOURCES if phrase in p.read_text()]
    assert hits == []
