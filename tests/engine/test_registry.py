"""The registry is the only list of games: a toy game built and registered here is offered by
every command (solve, check, stress, audit, export and their --help) with no other change."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from gamecert.solvers.errors import InputError
from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.graph import Graph, graph_from_edges
from gamecert.solvers.matching.types import Outcomes
from gamecert.verify import registry
from gamecert.verify.engine.cases import case_text
from gamecert.verify.game import Audit, AuditResult, Game
from gamecert.verify.uvg.adapter import explain_outcomes, uvg_formulations
from gamecert.verify.uvg.certificate import check_decomposition
from gamecert.verify.uvg.export import UVGStart
from gamecert.verify.uvg.search import graph_search_outcomes
from tests.support import run

# ---------------------------------------------------------------------------
# A toy game: undirected vertex geography on the path 1 - 2 - ... - n.


def path_graph(n: int) -> Graph:
    return graph_from_edges(n, [(i, i + 1) for i in range(n - 1)])


def parse_path(text: str | bytes, source: str, judge_limits: bool) -> int:
    text = text.decode() if isinstance(text, bytes) else text
    words = text.split()
    if len(words) != 1 or not words[0].isdigit() or not 1 <= int(words[0]) <= 60:
        raise InputError(source, 1, 1, f"expected one number n in 1..60, got {text.strip()!r}")
    return int(words[0])


def solve_path(n: int):
    return gallai_edmonds(path_graph(n))


def format_path(dec) -> str:
    return "".join(f"{v + 1} {'lose' if x else 'win'}\n" for v, x in enumerate(dec.outcomes().loses))


@dataclass(frozen=True)
class PathGenerator:
    def edge_cases(self, max_size: int) -> Iterator[tuple[str, str]]:
        for n in range(1, min(max_size, 3) + 1):
            yield f"path {n}", f"{n}\n"

    def random_case(self, rng: random.Random, size: int) -> str:
        return f"{rng.randint(1, max(1, min(size, 60)))}\n"

    def reductions(self, text: str) -> Iterator[str]:
        n = int(text)
        if n > 1:
            yield f"{n - 1}\n"


def path_audit(max_n: int = 12) -> AuditResult:
    t0 = time.perf_counter()
    for n in range(1, max_n + 1):
        if solve_path(n).outcomes() != graph_search_outcomes(path_graph(n)):
            return AuditResult("path-rules", "paths", n, time.perf_counter() - t0, f"path {n}", "paths")
    return AuditResult("path-rules", "paths", max_n, time.perf_counter() - t0, None, f"paths up to {max_n} vertices")


def path_start(n: int, vertex: str | None, source: str) -> UVGStart:
    start = UVGStart(path_graph(n), None, label=lambda u: str(u + 1), ident=lambda u: f"p{u + 1}", about=("game: a path",))
    return start if vertex is None else UVGStart(start.graph, int(vertex) - 1, start.label, start.ident, start.about)


TOY = Game(
    name="path",
    summary="undirected vertex geography on a path (a test's toy game)",
    parse=parse_path,
    solve=solve_path,
    format=format_path,
    to_json=lambda dec: {"game": "path", "answer": format_path(dec).split()},
    answer=lambda dec: dec.outcomes(),
    certify=lambda n, dec: check_decomposition(path_graph(n), dec, lambda v: str(v + 1)),
    explain=lambda n, fast, other: explain_outcomes(lambda v: str(v + 1), fast, other),
    formulations=uvg_formulations(path_graph),
    generator=PathGenerator(),
    audits=(Audit("path-rules", path_audit, {"max_n": 6}),),
    export_start=path_start,
)


@pytest.fixture
def toy():
    """Register the toy game for one test (workers forked by check see it too)."""
    with registry.registered(TOY):
        yield TOY


def test_unknown_until_registered():
    assert "path" not in registry.game_names()
    assert run(["solve", "path", "-"], input="3\n").exit_code == 2


def test_solve_and_help(toy):
    result = run(["solve", "path", "-"], input="3\n")
    assert (result.exit_code, result.stdout) == (0, "1 lose\n2 win\n3 lose\n")
    bad = run(["solve", "path", "-"], input="x\n")
    assert (bad.exit_code, bad.stderr) == (1, "error: <stdin>:1:1: expected one number n in 1..60, got 'x'\n")
    for command in ("solve", "stress", "export"):
        assert "path" in run([command, "--help"]).stdout
    assert "path" in run(["audit", "--help"]).stdout


def test_check(toy, tmp_path):
    (tmp_path / "p4.toml").write_text(case_text("path", "agreement: test", "4\n", "1 win\n2 win\n3 win\n4 win\n"))
    (tmp_path / "p5.toml").write_text(case_text("path", "agreement: test", "5\n", format_path(solve_path(5))))
    result = run(["check", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith(
        "2 cases: every answer as expected, every formulation that ran agrees, every certificate valid"
    )
    rows = [line.split() for line in result.stdout.splitlines() if line.startswith(("p4 ", "p5 "))]
    # fast, certificate, then ilp, sat, search and qbf: every one ran and agreed on both cases.
    assert [row[:1] + row[1::2] for row in rows] == [[name, "ok", "valid", "agree", "agree", "agree", "agree"] for name in ("p4", "p5")]


def test_stress(toy, tmp_path):
    program = f"{sys.executable} -c \"n=int(input());print(''.join(f'{{v}} {{\\\"win\\\" if n%2==0 or v%2==0 else \\\"lose\\\"}}\\\\n' for v in range(1,n+1)),end='')\""
    result = run(["stress", "path", "--candidate", program, "--count", "20", "--out", str(tmp_path)])
    assert (result.exit_code, result.stdout) == (0, "stress path: 20 cases passed (seed 1)\n"), result.output


def test_audit(toy):
    result = run(["audit", "--game", "path", "--quick"])
    assert result.exit_code == 0
    assert result.stdout.startswith("path-rules: 6 paths up to 6 vertices agree (")


def test_export(toy, tmp_path):
    (tmp_path / "p.txt").write_text("3\n")
    result = run(["export", "lp", "path", str(tmp_path / "p.txt"), "--vertex", "2"])
    assert result.exit_code == 0, result.output
    assert "gamecert's fast solver says: the player to move from 2 wins (expect optimum == nu - 1)" in result.stdout


def test_outcomes_type_is_shared():
    # The toy's answer is the UVG answer type every formulation returns: a cross-check is an equality.
    assert solve_path(3).outcomes() == Outcomes((True, False, True))
