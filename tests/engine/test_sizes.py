"""Campaign sizes: counts against independent counts, the size line, refusals (exact output, in time),
option errors without fake positions, and ``check --max-memory``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gamecert.solvers.cutting.rules import CUTTING, SPLIT
from gamecert.verify.bunny_egg.exhaustive import board_count, board_shards
from gamecert.verify.cutting.exhaustive import CuttingSums, sums_of_area
from gamecert.verify.engine import sizes
from gamecert.verify.maze.exhaustive import canonical_codes, orbit_count, shapes
from gamecert.verify.uvg.exhaustive import UvgGraphs, graph_count
from gamecert.verify.uvg.geng import geng_part
from tests.support import run

# ---------------------------------------------------------------------------
# Counts, each against an independent count


@pytest.mark.parametrize("n", range(1, 8))
def test_graph_counts_are_genges(n):
    for connected in (True, False):
        lines = geng_part(n, connected=connected).count(b"\n")
        assert graph_count(n, connected) == (lines, True)


def test_graph_estimate_past_the_table_is_close_to_the_last_known_count():
    cases, exact = graph_count(12, True)
    estimate = (1 << 66) // 479001600  # 2^C(12,2) / 12!, the estimate graph_count gives past its table
    assert exact and abs(estimate - cases) / cases < 0.07
    assert graph_count(13, True)[1] is False


def test_maze_orbits_are_the_canonical_boards_by_brute_enumeration():
    for r, c in shapes(4):
        assert orbit_count(r, c) == len(canonical_codes(r, c, 0, 1 << (r * c))), (r, c)


def test_bunny_boards_are_the_shards_masks():
    by_cells: dict[int, int] = {}
    for s in board_shards(9):
        cells = s.params["rows"] * s.params["cols"]
        by_cells[cells] = by_cells.get(cells, 0) + s.params["hi"] - s.params["lo"]
    assert by_cells == {c: board_count(c) for c in range(1, 10)}


@pytest.mark.parametrize("rule", [SPLIT, CUTTING], ids=lambda r: r.name)
def test_cutting_sums_are_the_enumerated_sums(rule):
    cap = CuttingSums(rule)
    assert [cap.audit_size(a).cases for a in range(2, 19)] == [len(list(sums_of_area(rule, a))) for a in range(2, 19)]


def test_projection_stops_past_the_limit_and_the_largest_fitting_size():
    cap = UvgGraphs()
    p = sizes.project(cap.audit_size, 10**17, workers=2, scale=1.0)
    assert (p.reached, p.complete) == (12, False)
    assert p.largest_fitting == 11


# ---------------------------------------------------------------------------
# The size line and refusals (tests/conftest.py fixes the machine's scale at 1.0)


def test_audit_says_its_size_before_it_starts():
    result = run(["audit", "--game", "maze", "--exhaustive", "2", "--jobs", "0"])
    assert result.exit_code == 0, result.output
    assert result.stderr == "audit --game maze --exhaustive 2: 11 boards, projected 0.0 s on 1 worker\n"


REFUSALS = [
    (
        ["audit", "--game", "geography", "--exhaustive", "12", "--jobs", "2"],
        "--exhaustive",
        (
            "12 is 165,078,520,805 connected graphs, projected at least 80.2 days on 2 workers, more than a day; "
            "the largest that fits is --exhaustive 11 (11.8 h); --no-size-limit runs it anyway"
        ),
    ),
    (
        ["audit", "--game", "geography", "--exhaustive", "30", "--jobs", "2"],
        "--exhaustive",
        (
            "30 is more than 165,078,520,805 connected graphs (those up to 12 alone), projected more than "
            "80.2 days on 2 workers, more than a day; the largest that fits is --exhaustive 11 (11.8 h); --no-size-limit runs it anyway"
        ),
    ),
    (
        ["audit", "--game", "maze", "--exhaustive", "9", "--jobs", "2"],
        "--exhaustive",
        (
            "9 is more than 8,867,834,257 boards (those up to 6 alone), projected more than 10.8 days on "
            "2 workers, more than a day; the largest that fits is --exhaustive 5 (7.9 min); --no-size-limit runs it anyway"
        ),
    ),
    (
        ["audit", "--game", "maze", "--exhaustive", "999999999999999999", "--jobs", "2"],
        "--exhaustive",
        (
            "999999999999999999 is more than 8,867,834,257 boards (those up to 6 alone), projected more than "
            "10.8 days on 2 workers, more than a day; the largest that fits is --exhaustive 5 (7.9 min); "
        "--no-size-limit runs it anyway"
        ),
    ),
    (
        ["stress", "maze", "--candidate", "true", "--exhaustive", "6", "--jobs", "2"],
        "--exhaustive",
        (
            "6 is 8,867,834,257 boards, projected at least 101.6 days on 2 workers, more than a day; "
            "the largest that fits is --exhaustive 5 (at least 1.2 h); --no-size-limit runs it anyway"
        ),
    ),
    (
        ["audit", "--game", "geography", "--random", "1000000000000", "--jobs", "2"],
        "--random",
        (
            "1000000000000 random cases are projected 5.4 years on 2 workers, more than a day; "
            "the most that fit are --random 508235294; --no-size-limit runs it anyway"
        ),
    ),
    (
        ["stress", "split", "--candidate", "true", "--count", "100000000000"],
        "--count",
        (
            "100000000000 cases are projected at least 4.8 years on 1 worker, more than a day; "
            "the most that fit are --count 57600000; --no-size-limit runs it anyway"
        ),
    ),
]


@pytest.mark.parametrize("args,option,message", REFUSALS, ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_absurd_campaigns_are_refused_naming_the_largest_that_fits(args, option, message):
    result = run(args)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"Error: Invalid value for '{option}': {message}"


def test_no_size_limit_says_the_size_and_runs(monkeypatch):
    monkeypatch.setattr(sizes, "DAY", 1e-6)  # a limit every campaign passes
    args = ["audit", "--game", "cutting", "--exhaustive", "12", "--jobs", "0"]
    refused = run(args)
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--exhaustive': 12 is more than 1 sums (those up to 4 alone), projected more than "
        "0.0 s on 1 worker, more than a day; the largest that fits is --exhaustive 3 (0.0 s); --no-size-limit runs it anyway"
    )
    ok = run(args + ["--no-size-limit"])
    assert ok.exit_code == 0, ok.output
    assert ok.stderr == "audit --game cutting --exhaustive 12: more than 1 sums (those up to 4 alone), projected more than 0.0 s on 1 worker\n"
    assert ok.stdout.startswith("cutting-exhaustive: 21 sums of pieces up to total area 12 agree")


#: Run in a fresh process: a refused campaign, then which heavy modules the refusal loaded.
_REFUSAL_PROBE = """
import sys
from gamecert.verify.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
heavy = [m for m in ("numba", "distributed", "dask", "ortools", "pysat") if m in sys.modules]
print(code, ",".join(heavy) or "none", file=sys.stderr)
"""


@pytest.mark.slow
@pytest.mark.parametrize("size", ["12", "30", "999999999999999999"])
def test_refusal_loads_no_engine_in_a_fresh_process(size):
    # A refusal is quick because it is decided from the count tables alone: before numba compiles, Dask
    # starts or geng runs (benchmarks/campaign_sizes.py times it).
    done = subprocess.run(
        [sys.executable, "-c", _REFUSAL_PROBE, "audit", "--game", "geography", "--exhaustive", size],
        capture_output=True, text=True, timeout=60, check=False,
    )
    lines = done.stderr.splitlines()
    assert "more than a day" in done.stderr
    assert lines[-1] == "2 none", done.stderr


# ---------------------------------------------------------------------------
# check --max-memory


def test_check_takes_max_memory_like_solve(tmp_path):
    case = tmp_path / "huge.toml"
    case.write_text('game = "maze"\nsource = "test"\njudge_limits = false\ninput = """\n100000 100000\n"""\nexpected = ""\n')
    result = run(["check", str(case), "--max-memory", "64M"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {case}:5:1: a 100000 x 100000 maze needs about 1.7 TiB of memory, more than the 64.0 MiB allowed "
        "(--max-memory raises the limit)\n"
    )
    result = run(["check", str(case), "--max-memory", "lots"])
    assert result.exit_code == 2 and "--max-memory" in result.stderr
