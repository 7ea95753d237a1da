"""The text report of ``gamecert check``: skipped formulations one line per reason, --verbose, plurals, warm-up."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from gamecert.verify.engine.cases import CaseFile, case_text, default_cases_dir
from gamecert.verify.engine.crosscheck import CaseReport, Status, Verdict
from gamecert.verify.engine.report import render_reports, skipped_summary
from tests.support import run


def report(case_id: str, *verdicts: Verdict) -> CaseReport:
    return CaseReport(CaseFile(None, case_id, "g", "", "", ""), verdicts)


def skip(name: str, detail: str) -> Verdict:
    return Verdict(name, Status.SKIPPED, detail)


def test_skips_of_one_kind_share_a_line():
    reports = [
        report("a", skip("qbf", "25 vertices > 20 (QBF limit)"), skip("sat", "105 vertices > 60 (SAT limit)")),
        report("b", skip("qbf", "28 vertices > 20 (QBF limit)")),
        report("c", skip("qbf", "timed out after 60 s")),
    ]
    assert skipped_summary(reports) == [
        "  qbf: 2 cases, e.g. a: 25 vertices > 20 (QBF limit)",
        "  a: sat: 105 vertices > 60 (SAT limit)",
        "  c: qbf: timed out after 60 s",
    ]
    assert skipped_summary(reports, verbose=True) == [
        "  a: qbf: 25 vertices > 20 (QBF limit)",
        "  a: sat: 105 vertices > 60 (SAT limit)",
        "  b: qbf: 28 vertices > 20 (QBF limit)",
        "  c: qbf: timed out after 60 s",
    ]


def test_plurals_and_the_warm_up_line():
    ok = Verdict("fast", Status.OK, "", 0.001)
    text, failed = render_reports([report("only", ok)], warm_up=2.5)
    assert failed == 0
    lines = text.splitlines()
    assert lines[0] == "g: 1 case"
    assert lines[-2] == "compiled kernels ready in 2.5 s (numba; counted here once, not in any case's time)"
    assert lines[-1] == "1 case: every answer as expected, every formulation that ran agrees, every certificate valid"
    text, _ = render_reports([report("x", ok), report("y", ok)])
    assert "compiled kernels" not in text
    assert text.splitlines()[-1].startswith("2 cases: ")


def test_check_verbose_lists_every_skip(tmp_path):
    folder = tmp_path / "cases"
    (folder / "open").mkdir(parents=True)
    for rows in (8, 9):  # open boards of 64 and 72 cells: perfect matchings, AA loses
        board = f"{rows} 8\n" + "........\n" * rows
        (folder / "open" / f"{rows}x8.toml").write_text(case_text("maze", "tests", board, "LOSE\n"))
    short = run(["check", str(folder)])
    assert short.exit_code == 0, short.output
    # Skipped for their predicted time (the rule search grows exponentially with the cells), never for a size.
    assert "  search: 2 cases, e.g. open/8x8: predicted 6 min > 60 s\n" in short.stdout
    long = run(["check", str(folder), "--verbose"])
    assert "  open/8x8: search: predicted 6 min > 60 s\n" in long.stdout
    assert "  open/9x8: search: predicted 43 min > 60 s\n" in long.stdout
    assert "limit)" not in long.stdout
    # CaseFile ids are relative to the folder given.
    assert re.search(r"^open/9x8 ", short.stdout, re.M)
    inner = run(["check", str(folder / "open")])
    assert re.search(r"^9x8 ", inner.stdout, re.M)


@pytest.mark.slow
def test_compilation_is_reported_once_not_in_a_case(tmp_path):
    """A fresh process with compiled kernels: the warm-up line appears, and the case's fast time stays small."""
    folder = tmp_path / "cases"
    folder.mkdir()
    shutil.copy(default_cases_dir() / "geography" / "petersen.toml", folder)
    env = {k: v for k, v in os.environ.items() if k != "GAMECERT_KERNELS"}
    code = "from gamecert.verify.cli import run; run()"
    done = subprocess.run([sys.executable, "-c", code, "check", str(folder)], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    warm = re.search(r"^compiled kernels ready in (\d+\.\d) s", done.stdout, re.M)
    assert warm is not None, done.stdout
    fast = float(re.search(r"^petersen +ok (\d+\.\d+)s", done.stdout, re.M).group(1))
    assert fast < 0.5  # compiling (seconds) is not charged to the case
    env["GAMECERT_KERNELS"] = "python"
    plain = subprocess.run([sys.executable, "-c", code, "check", str(folder)], capture_output=True, text=True, env=env, timeout=300)
    assert "compiled kernels" not in plain.stdout


def test_stress_says_one_case(tmp_path):
    from tests.support import candidate

    result = run(["stress", "maze", "--candidate", candidate("maze/candidate.py"), "--count", "1", "--out", str(tmp_path)])
    assert (result.exit_code, result.stdout) == (0, "stress maze: 1 case passed (seed 1)\n")
