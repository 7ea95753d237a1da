"""``gamecert check``: parallel workers, the per-step time limit, the JSON report.

A tiny game registered for these tests only ("parity": is N even?) has
formulations that misbehave on request — sleep past the limit, kill their
own process, answer wrong — so the runner's handling of each is seen
through the real command.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamecert.solvers.errors import InputError
from gamecert.verify import registry
from gamecert.verify.cli import main
from gamecert.verify.engine import crosscheck
from gamecert.verify.engine.cases import case_text, default_cases_dir, load_case
from gamecert.verify.game import Formulation, Game

#: Where the sleeping formulation leaves its process id (set per test).
PID_DIR: Path | None = None


def _parse(text, source, judge_limits):
    text = text.decode() if isinstance(text, bytes) else text
    fields = text.split()
    if len(fields) != 2 or not fields[0].isdigit():
        raise InputError(source, 1, 1, "expected N MODE")
    return int(fields[0]), fields[1]


def _solve(instance):
    n, mode = instance
    if mode == "slow-fast":
        time.sleep(600)
    return n % 2 == 0


def _halves(instance):
    n, mode = instance
    if mode == "raises":
        raise ValueError("no halves today")
    even = n - 2 * (n // 2) == 0
    return (not even) if mode == "wrong" else even


def _sleeper(instance):
    n, mode = instance
    if mode == "sleepy":
        (PID_DIR / "sleeper.pid").write_text(str(os.getpid()))
        time.sleep(600)
    return n % 2 == 0


def _dies(instance):
    n, mode = instance
    if mode == "dies":
        os._exit(7)
    return n % 2 == 0


class Halves(Formulation):
    name = "halves"

    def fits(self, instance):
        return None

    def run(self, instance):
        return _halves(instance)


class Sleeper(Formulation):
    name = "sleeper"

    def fits(self, instance):
        return None

    def predict(self, instance):
        # 40 minutes "predicted" for mode "predicted-slow"; the run itself is quick (the prediction is what is tested).
        return 2400.0 if instance[1] == "predicted-slow" else None

    def run(self, instance):
        return _sleeper(instance)


class Dies(Formulation):
    name = "dies"

    def fits(self, instance):
        return None

    def run(self, instance):
        return _dies(instance)


class ParityGame(Game):
    """Is N even (a test game)."""

    name = "parity"
    summary = "is N even (a test game)"

    def parse(self, text, source="<input>", judge_limits=True):
        return _parse(text, source, judge_limits)

    def solve(self, instance):
        return _solve(instance)

    def write_answer(self, even, write):
        write(b"even\n" if even else b"odd\n")

    def describe(self, even):
        return {"answer": even}

    def answer(self, even):
        return even

    def certify(self, instance, even):
        return []

    def explain(self, instance, fast, other):
        return f"says {other}, fast says {fast}"

    def formulations(self):
        return (Halves(), Sleeper(), Dies())


GAME = ParityGame()


@pytest.fixture
def parity(monkeypatch, tmp_path):
    """Register the parity game; workers are forked, so they see it too."""
    monkeypatch.setattr(sys.modules[__name__], "PID_DIR", tmp_path)
    with registry.registered(GAME):
        yield tmp_path


@pytest.fixture
def fixed_times(monkeypatch):
    """Every step takes 0.25 s as far as the report knows: exact text output."""

    def timed(fn, *args):
        return fn(*args), 0.25

    monkeypatch.setattr(crosscheck, "_timed", timed)


def write(folder: Path, name: str, n: int, mode: str) -> None:
    folder.mkdir(exist_ok=True)
    expected = "even\n" if n % 2 == 0 else "odd\n"
    (folder / f"{name}.toml").write_text(case_text("parity", "judge sample (test)", f"{n} {mode}\n", expected))


def run(args):
    return CliRunner().invoke(main, ["check", *args])


def verdicts(stdout: str) -> list:
    """Each case's (formulation, status, detail) from a --json report, times left out."""
    data = json.loads(stdout)
    return [(c["id"], [(v["formulation"], v["status"], v["detail"]) for v in c["verdicts"]]) for c in data["cases"]]


@pytest.mark.slow
def test_exact_text_with_a_timeout_and_a_dead_worker(parity, fixed_times):
    cases = parity / "cases"
    write(cases, "a", 4, "calm")
    write(cases, "b", 7, "sleepy")
    write(cases, "c", 3, "dies")
    result = run([str(cases), "--time-limit", "0.5"])
    assert result.stdout == (
        "parity: 3 cases\n"
        "case   fast        certificate    halves         sleeper          dies\n"
        "──────────────────────────────────────────────────────────────────────────────\n"
        "a      ok 0.250s   valid 0.250s   agree 0.250s   agree 0.250s     agree 0.250s\n"
        "b      ok 0.250s   valid 0.250s   agree 0.250s   skipped 0.500s   agree 0.250s\n"
        "c      ok 0.250s   valid 0.250s   agree 0.250s   agree 0.250s     ERROR\n"
        "\n"
        "skipped (--verbose lists each):\n"
        "  b: sleeper: timed out after 0.5 s\n"
        "\n"
        "failures:\n"
        "  ERROR c: dies: worker process died (exit code 7) while running dies\n"
        "\n"
        "1 of 3 cases FAILED\n"
    )
    assert result.exit_code == 3
    assert result.stderr == "1 case failed the cross-check\n"


def test_a_formulation_past_the_limit_is_really_stopped(parity):
    write(parity / "cases", "b", 8, "sleepy")
    result = run([str(parity / "cases"), "--time-limit", "0.3", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert "  b: sleeper: timed out after 0.3 s\n" in result.stdout
    pid = int((parity / "sleeper.pid").read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # the sleeping process is gone, not left running


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_formulation_predicted_past_the_limit_is_skipped_with_its_prediction(parity, jobs):
    write(parity / "cases", "p", 8, "predicted-slow")
    result = run([str(parity / "cases"), "--time-limit", "60", "--jobs", jobs, "-v", "--json"])
    assert result.exit_code == 0, result.output
    assert verdicts(result.stdout) == [
        ("p", [("fast", "ok", ""), ("certificate", "valid", ""), ("halves", "agree", ""),
               ("sleeper", "skipped", "predicted 40 min > 60 s"), ("dies", "agree", "")]),
    ]
    text = run([str(parity / "cases"), "--time-limit", "60", "--jobs", jobs, "-v"])
    assert "  p: sleeper: predicted 40 min > 60 s\n" in text.stdout
    # No limit: a prediction skips nothing, the formulation runs (and agrees).
    unlimited = run([str(parity / "cases"), "--time-limit", "0", "--jobs", jobs, "--json"])
    assert dict(verdicts(unlimited.stdout))["p"][3] == ("sleeper", "agree", "")
    # Under the prediction, it runs too.
    generous = run([str(parity / "cases"), "--time-limit", "3600", "--jobs", jobs, "--json"])
    assert dict(verdicts(generous.stdout))["p"][3] == ("sleeper", "agree", "")


def test_a_fast_solver_past_the_limit_is_an_error(parity):
    write(parity / "cases", "slow", 2, "slow-fast")
    write(parity / "cases", "then", 2, "calm")
    result = run([str(parity / "cases"), "--time-limit", "0.3", "--json"])
    assert result.exit_code == 3
    assert verdicts(result.stdout) == [
        ("slow", [("fast", "ERROR", "timed out after 0.3 s")]),
        ("then", [("fast", "ok", ""), ("certificate", "valid", "")] + [(f, "agree", "") for f in ("halves", "sleeper", "dies")]),
    ]


@pytest.mark.slow
def test_parallel_verdicts_equal_serial(parity):
    folder = parity / "mixed"
    bundled = default_cases_dir()
    for rel in ("maze/sample", "geography/petersen", "split/judge-sample", "cutting/judge-sample", "bunny-egg/sample-3"):
        target = folder / f"{rel}.toml"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(bundled / f"{rel}.toml", target)
    write(folder / "parity", "wrong", 5, "wrong")
    write(folder / "parity", "dies", 6, "dies")
    write(folder / "parity", "raises", 6, "raises")
    # One worker process: in this process, the dying formulation would take pytest with it.
    serial = run([str(folder), "--jobs", "1", "--json"])
    parallel = run([str(folder), "--jobs", "2", "--json"])
    assert serial.exit_code == parallel.exit_code == 3
    assert verdicts(parallel.stdout) == verdicts(serial.stdout)
    serial_rows = verdicts(serial.stdout)
    assert [case for case, _ in serial_rows][:2] == ["bunny-egg/sample-3", "cutting/judge-sample"]
    assert dict(serial_rows)["parity/wrong"][2] == ("halves", "DIFFER", "says True, fast says False")
    formulation, status, detail = dict(serial_rows)["parity/raises"][2]
    assert (formulation, status) == ("halves", "ERROR") and "ValueError: no halves today" in detail
    assert [s for _, s, _ in dict(serial_rows)["parity/dies"]] == ["ok", "valid", "agree", "agree", "ERROR"]


def test_json_report_structure_and_counts(parity):
    folder = parity / "cases"
    write(folder, "a", 4, "calm")
    write(folder, "w", 9, "wrong")
    text = run([str(folder), "--json", "--time-limit", "0"])
    assert text.exit_code == 3
    assert text.stderr == "1 case failed the cross-check\n"
    data = json.loads(text.stdout)
    assert set(data) == {"cases", "summary"}
    first = data["cases"][0]
    assert {k: first[k] for k in ("id", "path", "game", "source", "failed")} == {
        "id": "a",
        "path": str(folder / "a.toml"),
        "game": "parity",
        "source": "judge sample (test)",
        "failed": False,
    }
    assert [v["formulation"] for v in first["verdicts"]] == ["fast", "certificate", "halves", "sleeper", "dies"]
    assert all(isinstance(v["seconds"], float) and v["seconds"] >= 0 for v in first["verdicts"])
    assert data["cases"][1]["failed"] is True
    statuses: dict[str, int] = {}
    for case in data["cases"]:
        for v in case["verdicts"]:
            statuses[v["status"]] = statuses.get(v["status"], 0) + 1
    assert data["summary"] == {"cases": 2, "failed": 1, "statuses": statuses}
    assert statuses == {"ok": 2, "valid": 2, "agree": 5, "DIFFER": 1}


def write_unknown(folder: Path, name: str, n: int, mode: str) -> None:
    """A case with no expected answer (and so no source): nobody knows whether N is even."""
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.toml").write_text(f'game = "parity"\ninput = "{n} {mode}"\n')


def test_a_case_without_expected_answer_passes_when_the_routes_agree(parity, fixed_times):
    write_unknown(parity / "cases", "unknown", 6, "calm")
    write(parity / "cases", "known", 3, "calm")
    result = run([str(parity / "cases"), "--time-limit", "0"])
    assert result.stdout == (
        "parity: 2 cases\n"
        "case      fast            certificate    halves         sleeper        dies\n"
        "───────────────────────────────────────────────────────────────────────────────────\n"
        "known     ok 0.250s       valid 0.250s   agree 0.250s   agree 0.250s   agree 0.250s\n"
        "unknown   solved 0.250s   valid 0.250s   agree 0.250s   agree 0.250s   agree 0.250s\n"
        "\n"
        "no expected answer (the routes are compared among themselves):\n"
        "  unknown: 3 formulations agree with the fast answer\n"
        "\n"
        "2 cases (1 with no expected answer): every expected answer given, every formulation that ran agrees, "
        "every certificate valid\n"
    )
    assert result.exit_code == 0
    assert result.stderr == ""


def test_a_case_without_expected_answer_fails_when_the_routes_disagree(parity, fixed_times):
    write_unknown(parity / "cases", "unknown", 5, "wrong")
    result = run([str(parity / "cases"), "--time-limit", "0"])
    assert result.stdout == (
        "parity: 1 case\n"
        "case      fast            certificate    halves          sleeper        dies\n"
        "────────────────────────────────────────────────────────────────────────────────────\n"
        "unknown   solved 0.250s   valid 0.250s   DIFFER 0.250s   agree 0.250s   agree 0.250s\n"
        "\n"
        "no expected answer (the routes are compared among themselves):\n"
        "  unknown: 2 formulations agree with the fast answer\n"
        "\n"
        "failures:\n"
        "  DIFFER unknown: halves: says True, fast says False\n"
        "\n"
        "1 of 1 case FAILED\n"
    )
    assert result.exit_code == 3
    assert result.stderr == "1 case failed the cross-check\n"


def test_a_case_without_expected_answer_in_json(parity):
    write_unknown(parity / "cases", "unknown", 4, "calm")
    result = run([str(parity / "cases"), "--json", "--time-limit", "0"])
    assert result.exit_code == 0, result.output
    case = json.loads(result.stdout)["cases"][0]
    assert (case["source"], case["expected"], case["failed"]) == ("", False, False)
    assert verdicts(result.stdout) == [
        ("unknown", [("fast", "solved", "no expected answer"), ("certificate", "valid", "")]
         + [(f, "agree", "") for f in ("halves", "sleeper", "dies")]),
    ]


def test_only_cases_without_expected_answers_claim_no_expected_answer(parity):
    write_unknown(parity / "cases", "unknown", 4, "calm")
    result = run([str(parity / "cases"), "--time-limit", "0"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == (
        "1 case (1 with no expected answer): every formulation that ran agrees, every certificate valid"
    )


def test_the_html_report_says_no_expected_answer(parity):
    write_unknown(parity / "cases", "unknown", 4, "calm")
    page = parity / "report.html"
    result = run([str(parity / "cases"), "--time-limit", "0", "--html", str(page)])
    assert result.exit_code == 0, result.output
    html = page.read_text()
    assert '<td class="solved" title="no expected answer">solved ' in html
    assert "no expected answer: the routes compared among themselves" in html


def test_expected_needs_its_source(parity):
    folder = parity / "cases"
    folder.mkdir()
    (folder / "a.toml").write_text('game = "parity"\ninput = "4 calm"\nexpected = "even\\n"\n')
    result = run([str(folder)])
    assert result.exit_code == 1
    assert result.stderr == f"error: {folder / 'a.toml'}:1:1: expected a string value for 'source'\n"


def test_jobs_0_means_one_worker_per_cpu(parity):
    for n in range(1, 6):
        write(parity / "cases", f"n{n}", n, "calm")
    result = run([str(parity / "cases"), "--jobs", "0", "--json"])
    assert result.exit_code == 0, result.output
    assert [case for case, _ in verdicts(result.stdout)] == ["n1", "n2", "n3", "n4", "n5"]
    assert json.loads(result.stdout)["summary"]["statuses"] == {"ok": 5, "valid": 5, "agree": 15}


@pytest.mark.parametrize("rel", ["maze/random-12x12-d30", "maze/random-16x16-d40"])
def test_bundled_larger_mazes_fit_some_formulation(rel):
    """With every step under a time limit, the ILP limit admits these boards (test_cases runs them)."""
    root = default_cases_dir()
    case = load_case(root / f"{rel}.toml", root)
    game = registry.get_game(case.game)
    instance = game.parse(case.input, rel, case.judge_limits)
    fitting = [f.name for f in game.formulations() if f.fits(instance) is None]
    assert "ilp" in fitting
