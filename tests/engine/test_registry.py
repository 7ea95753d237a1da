"""The registry is the only list of games: a toy game, a class written here and registered here,
is offered by every command (solve, check, stress, audit, export and their --help) with no other
change, and its stress campaigns run on Dask workers that cannot import this module."""

from __future__ import annotations

import json
import os
import random
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

import pytest

from gamecert.solvers.errors import InputError
from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.graph import Graph, graph_from_edges
from gamecert.solvers.matching.types import Decomposition, Outcomes
from gamecert.verify import registry
from gamecert.verify.capabilities import Audit, AuditResult, Audits, ExhaustiveStress, ExportStart, StressCases
from gamecert.verify.engine.campaign import Shard
from gamecert.verify.engine.cases import case_text
from gamecert.verify.game import Capability, Write
from gamecert.verify.uvg.game import UvgGame
from gamecert.verify.uvg.search import graph_search_outcomes
from gamecert.verify.uvg.start import UVGStart
from tests.support import dask_process, run, stop_process, wait_for

# ---------------------------------------------------------------------------
# A toy game: undirected vertex geography on the path 1 - 2 - ... - n.


def path_graph(n: int) -> Graph:
    return graph_from_edges(n, [(i, i + 1) for i in range(n - 1)])


@dataclass(frozen=True)
class PathSolution:
    graph: Graph
    decomposition: Decomposition


class PathGame(UvgGame[int, PathSolution]):
    """Undirected vertex geography on a path of ``n`` vertices, ``n`` read from one line."""

    name = "path"
    summary = "undirected vertex geography on a path (a test's toy game)"

    def parse(self, text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> int:
        text = text.decode() if isinstance(text, bytes) else text
        words = text.split()
        if len(words) != 1 or not words[0].isdigit() or not 1 <= int(words[0]) <= 60:
            raise InputError(source, 1, 1, f"expected one number n in 1..60, got {text.strip()!r}")
        return int(words[0])

    def solve(self, instance: int) -> PathSolution:
        graph = path_graph(instance)
        return PathSolution(graph, gallai_edmonds(graph))

    def write_answer(self, solution: PathSolution, write: Write) -> None:
        loses = solution.decomposition.outcomes().loses
        write("".join(f"{v + 1} {'lose' if x else 'win'}\n" for v, x in enumerate(loses)).encode())

    def describe(self, solution: PathSolution) -> dict:
        return {"game": "path", "losing": [int(v) + 1 for v in solution.decomposition.D]}

    def graph(self, instance: int) -> Graph:
        return path_graph(instance)

    def namer(self, instance: int) -> Callable[[int], str]:
        return lambda v: str(v + 1)

    def capabilities(self) -> tuple[Capability, ...]:
        return (PathStressCases(), PathAudits(), PathStarts(), EveryPath())


class PathStressCases(StressCases):
    def edge_cases(self, max_size: int) -> Iterator[tuple[str, str]]:
        for n in range(1, min(max_size, 3) + 1):
            yield f"path {n}", f"{n}\n"

    def random_case(self, rng: random.Random, size: int) -> str:
        return f"{rng.randint(1, max(1, min(size, 60)))}\n"

    def reductions(self, text: str) -> Iterator[str]:
        for smaller in range(1, int(text)):
            yield f"{smaller}\n"


def path_audit(max_n: int = 12) -> AuditResult:
    t0 = time.perf_counter()
    game = PathGame()
    for n in range(1, max_n + 1):
        if game.answer(game.solve(n)) != graph_search_outcomes(path_graph(n)):
            return AuditResult("path-rules", "paths", n, time.perf_counter() - t0, f"path {n}", "paths")
    return AuditResult("path-rules", "paths", max_n, time.perf_counter() - t0, None, f"paths up to {max_n} vertices")


class PathAudits(Audits):
    def audits(self) -> tuple[Audit, ...]:
        return (Audit("path-rules", path_audit, quick={"max_n": 6}),)


class PathStarts(ExportStart[int]):
    def export_start(self, instance: int, vertex: str | None, source: str) -> UVGStart:
        about = (f"game: a path of {instance} vertices",)
        if vertex is None:
            return UVGStart(path_graph(instance), None, about)
        if not vertex.isdigit() or not 1 <= int(vertex) <= instance:
            raise InputError("--vertex", 1, 1, f"expected a vertex in 1..{instance}, got {vertex!r}")
        return UVGStart(path_graph(instance), int(vertex) - 1, about)


class EveryPath(ExhaustiveStress):
    """Every path of 1 to ``N`` vertices, three lengths a shard."""

    stress_unit = "paths"

    def stress_shards(self, size: int) -> tuple[Shard, ...]:
        return tuple(Shard(f"n{lo}", {"lo": lo, "hi": min(size, lo + 2)}) for lo in range(1, size + 1, 3))

    def stress_covered(self, size: int) -> str:
        return f"paths up to {size} vertices"

    def stress_cases(self, params: Mapping) -> Iterator[tuple[str, str]]:
        for n in range(int(params["lo"]), int(params["hi"]) + 1):
            yield f"path {n}", f"{n}\n"


TOY = PathGame()

# The right answer on a path of n vertices: the player to move loses from v when n and v are odd.
RIGHT = f"{shlex.quote(sys.executable)} -c " + shlex.quote(
    "n = int(input())\nfor v in range(1, n + 1): print(v, 'lose' if n % 2 and v % 2 else 'win')"
)
# Wrong on the odd paths of 5 vertices or more: says every start wins.
WRONG = f"{shlex.quote(sys.executable)} -c " + shlex.quote(
    "n = int(input())\nfor v in range(1, n + 1): print(v, 'lose' if n % 2 and v % 2 and n < 5 else 'win')"
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
    as_json = run(["solve", "path", "-", "--json"], input="3\n")
    assert (as_json.exit_code, json.loads(as_json.stdout)) == (0, {"game": "path", "losing": [1, 3]})
    for command in ("solve", "stress", "export"):
        assert "path" in run([command, "--help"]).stdout
    assert "path" in run(["audit", "--help"]).stdout


def test_check(toy, tmp_path):
    (tmp_path / "p4.toml").write_text(case_text("path", "agreement: test", "4\n", "1 win\n2 win\n3 win\n4 win\n"))
    (tmp_path / "p5.toml").write_text(case_text("path", "agreement: test", "5\n", TOY.format(TOY.solve(5))))
    result = run(["check", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith(
        "2 cases: every answer as expected, every formulation that ran agrees, every certificate valid"
    )
    rows = [line.split() for line in result.stdout.splitlines() if line.startswith(("p4 ", "p5 "))]
    # fast, certificate, then ilp, sat, search, qbf, lp, sat-konig and cpsat: every one ran and agreed on both cases.
    assert [row[:1] + row[1::2] for row in rows] == [[name, "ok", "valid", *["agree"] * 7] for name in ("p4", "p5")]


def test_check_finds_a_wrong_expected_answer(toy, tmp_path):
    (tmp_path / "p3.toml").write_text(case_text("path", "agreement: test", "3\n", "1 win\n2 win\n3 win\n"))
    result = run(["check", str(tmp_path)])
    assert result.exit_code == 3, result.output


def test_stress(toy, tmp_path):
    result = run(["stress", "path", "--candidate", RIGHT, "--count", "20", "--out", str(tmp_path)])
    assert (result.exit_code, result.stdout) == (0, "stress path: 20 cases passed (seed 1)\n"), result.output


def test_stress_finds_and_shrinks_a_wrong_candidate(toy, tmp_path):
    result = run(["stress", "path", "--candidate", WRONG, "--count", "20", "--out", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert (tmp_path / "path-wrong-answer.in").read_text() == "5\n"  # shrunk to the smallest path it fails on


def test_audit(toy):
    result = run(["audit", "--game", "path", "--quick"])
    assert result.exit_code == 0
    assert result.stdout.startswith("path-rules: 6 paths up to 6 vertices agree (")


def test_export(toy, tmp_path):
    (tmp_path / "p.txt").write_text("3\n")
    result = run(["export", "lp", "path", str(tmp_path / "p.txt"), "--vertex", "2"])
    assert result.exit_code == 0, result.output
    assert "gamecert's fast solver says: the player to move from 2 wins (expect optimum == nu - 1)" in result.stdout
    bad = run(["export", "lp", "path", str(tmp_path / "p.txt"), "--vertex", "9"])
    assert (bad.exit_code, bad.stderr) == (1, "error: --vertex: expected a vertex in 1..3, got '9'\n")


def test_the_answer_type_is_shared():
    # The toy's answer is the UVG answer type every formulation returns: a cross-check is an equality.
    assert TOY.answer(TOY.solve(3)) == Outcomes((True, False, True))
    formulations = TOY.formulations()
    assert [f.name for f in formulations] == ["ilp", "sat", "search", "qbf", "lp", "sat-konig", "cpsat"]
    assert [f.run(3) for f in formulations] == [Outcomes((True, False, True))] * 7


# ---------------------------------------------------------------------------
# The toy's exhaustive stress campaign on Dask: worker processes of a local cluster, and workers of
# a cluster started here in a folder where this test module cannot be imported.


def _summary(result) -> list[str]:
    """The campaign's first two lines, its time masked."""
    lines = result.stdout.splitlines()
    return [lines[0].rsplit(" (", 1)[0], lines[1]]


@pytest.mark.slow
@pytest.mark.parametrize("candidate, expected", [
    (RIGHT, ["stress path: 7 paths up to 7 vertices passed", "  paths 7, passed 7; 3 shards (0 from the store, 3 run now)"]),
    (WRONG, ["stress path: 2 of 7 paths up to 7 vertices failed: wrong answer 2", "  paths 7, passed 5, wrong answer 2; 3 shards (0 from the store, 3 run now)"]),
], ids=["right", "wrong"])
def test_exhaustive_stress_on_local_workers(toy, candidate, expected):
    result = run(["stress", "path", "--candidate", candidate, "--exhaustive", "7", "--jobs", "2"])
    assert result.exit_code == (0 if candidate == RIGHT else 3), result.output
    assert _summary(result) == expected


@pytest.mark.slow
def test_exhaustive_stress_on_a_cluster_that_cannot_import_the_game(toy, tmp_path):
    address_file = tmp_path / "scheduler.json"
    log = tmp_path / "dask.log"
    procs = [dask_process("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                   "--scheduler-file", str(address_file), cwd=tmp_path, log=log)]
    try:
        wait_for(lambda: address_file.exists() and "tcp://" in address_file.read_text(), "the scheduler's address")
        address = json.loads(address_file.read_text())["address"]
        procs.append(dask_process("worker", "--scheduler-file", str(address_file), "--nthreads", "1", "--no-nanny",
                           "--host", "127.0.0.1", "--no-dashboard", cwd=tmp_path, log=log))
        probe = subprocess.run(
            [sys.executable, "-c", "import tests.engine.test_registry"], cwd=tmp_path, capture_output=True,
            env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        )
        assert probe.returncode != 0  # so the game can only reach the worker by value
        from distributed import Client

        with Client(address, timeout=30) as client:
            client.wait_for_workers(1, timeout=60)
        result = run(["stress", "path", "--candidate", WRONG, "--exhaustive", "7", "--scheduler", address])
        assert result.exit_code == 3, result.output + log.read_text()
        assert _summary(result) == [
            "stress path: 2 of 7 paths up to 7 vertices failed: wrong answer 2",
            "  paths 7, passed 5, wrong answer 2; 3 shards (0 from the store, 3 run now)",
        ]
        assert "printf '5\\n'" in result.stdout  # the failure, shrunk on the worker with the toy's reductions
    finally:
        for proc in procs:
            stop_process(proc)
