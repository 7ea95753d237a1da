"""No import cycles among gamecert's modules (issue 34): each module's imports at load time form a DAG.

An import counts when a module runs it as it loads: at module level, outside ``if TYPE_CHECKING:``
(imports inside functions run later, on a call, and are how a module reaches one that imports it).
``from package import module`` counts as an import of that module alone (its package is being
loaded already as its parent); ``from package import name`` as an import of the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"solvers": "gamecert.solvers", "verify": "gamecert.verify"}


def modules() -> dict[str, Path]:
    """Every gamecert module's dotted name and source file."""
    out = {}
    for folder, package in PACKAGES.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join((package, *parts))] = path
    return out


def load_time_imports(path: Path, name: str, known: dict[str, Path]) -> set[str]:
    """The gamecert modules ``path`` (module ``name``) imports as it loads."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    body = list(tree.body)
    while body:
        node = body.pop()
        if isinstance(node, ast.If):
            test = ast.unparse(node.test)
            if "TYPE_CHECKING" not in test:
                body += node.body + node.orelse
        elif isinstance(node, ast.Try):
            body += node.body + node.orelse + node.finalbody + [s for h in node.handlers for s in h.body]
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            submodules = {f"{base}.{a.name}" for a in node.names} & known.keys()
            found |= submodules
            if len(submodules) < len(node.names):  # a name defined in ``base`` itself
                found.add(base)
    return {m for m in found if m in known and m != name}


def cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    known = modules()
    graph = {m: sorted(load_time_imports(p, m, known)) for m, p in known.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out = []
    for root in graph:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = len(index)
                stack.append(v)
                on.add(v)
            if i < len(graph[v]):
                work.append((v, i + 1))
                w = graph[v][i]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                part = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    part.append(w)
                    if w == v:
                        break
                if len(part) > 1:
                    out.append(sorted(part))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return out


def test_no_import_cycles():
    assert cycles() == []


def test_a_cycle_is_found(tmp_path, monkeypatch):
    """The checker itself: two modules importing each other are one cycle."""
    package = tmp_path / "solvers"
    package.mkdir()
    (package / "a.py").write_text("from gamecert.solvers import b\n")
    (package / "b.py").write_text("from gamecert.solvers.a import x\n")
    (package / "c.py").write_text("def f():\n    from gamecert.solvers import a\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    monkeypatch.setattr(__import__(__name__, fromlist=["PACKAGES"]), "PACKAGES", {"solvers": "gamecert.solvers"})
    assert cycles() == [["gamecert.solvers.a", "gamecert.solvers.b"]]


if __name__ == "__main__":
    for part in cycles():
        print(" <-> ".join(part))
