"""`gamecert stress`: candidates run against certified answers, failures shrunk and saved."""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamecert.solvers.cutting.rules import CUTTING, SPLIT, CuttingRule
from gamecert.solvers.cutting.solver import parse_queries
from gamecert.solvers.maze.solver import parse_maze
from gamecert.verify import registry
from gamecert.verify.capabilities import StressCases
from gamecert.verify.engine import stress as engine
from gamecert.verify.engine.contain import Limits, Stop
from tests.support import TESTS, apart, candidate, run


def certified(game: str, text: str) -> str:
    g = registry.get_game(game)
    return g.format(g.solve(g.parse(text, "<test>", True)))


# --- finding and shrinking failures -------------------------------------------------


def test_wrong_maze_is_found_and_shrunk_to_at_most_two_free_cells(tmp_path):
    result = run(["stress", "maze", "--candidate", candidate("maze/candidate.py", "--wrong"), "--out", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert result.stdout.startswith("stress maze: wrong answer on case ")
    assert result.stdout.endswith(f"{tmp_path / 'maze-wrong-answer.in'} (token 1 at output line 1: expected 'LOSE', got 'WIN')\n")
    shrunk = (tmp_path / "maze-wrong-answer.in").read_text()
    assert parse_maze(shrunk).free.sum() <= 2
    assert (tmp_path / "maze-wrong-answer.ans").read_text() == certified("maze", shrunk) == "LOSE\n"
    assert (tmp_path / "maze-wrong-answer.out").read_text().split() == ["WIN"]
    assert (tmp_path / "maze-wrong-answer.orig.in").exists()


def _check(game: str, argv: list[str]):
    referee = engine.Referee(registry.get_game(game))

    def check(text: str):
        answer = referee.answer(text, "a test case", generated=False)
        return None if answer is None else (answer, engine.judge(answer, engine.run_candidate(argv, text, 10), 10))

    return check


def test_wrong_maze_shrinks_from_a_large_walled_board():
    # The first random board of at least 30 cells, with walls, >= 10 free cells and answer LOSE.
    gen = registry.get_game("maze").capability(StressCases)
    rng = random.Random(5)
    while True:
        text = gen.random_case(rng, 8)
        free = parse_maze(text).free
        if free.size >= 30 and 10 <= free.sum() < free.size and certified("maze", text) == "LOSE\n":
            break
    check = _check("maze", [sys.executable, "-I", "-S", str(TESTS / "maze" / "candidate.py"), "--wrong"])
    answer, verdict = check(text)
    assert verdict.kind == engine.StressKind.WRONG
    shrunk = engine.shrink_case(text, answer, verdict, check, gen.reductions)
    assert shrunk.stopped is None and shrunk.steps > 0
    assert parse_maze(shrunk.text).free.sum() <= 2
    assert shrunk.verdict.kind == engine.StressKind.WRONG and shrunk.answer == "LOSE\n"


def test_off_by_one_cutting_is_shrunk_to_one_small_piece(tmp_path):
    result = run(["stress", "cutting", "--candidate", candidate("cutting/candidate.py", "--off-by-one"), "--out", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert result.stdout.startswith("stress cutting: wrong answer on case ")
    shrunk = parse_queries((tmp_path / "cutting-wrong-answer.in").read_text(), CUTTING)
    assert len(shrunk) == 1 and shrunk[0].rows * shrunk[0].cols <= 8
    answer = (tmp_path / "cutting-wrong-answer.ans").read_text()
    assert answer == certified("cutting", (tmp_path / "cutting-wrong-answer.in").read_text())
    assert (tmp_path / "cutting-wrong-answer.out").read_text().split() != answer.split()


@pytest.mark.slow
def test_correct_candidate_passes_500_cases(tmp_path):
    result = run(["stress", "maze", "--candidate", candidate("maze/candidate.py"), "--count", "500", "--max-size", "4", "--out", str(tmp_path)])
    assert (result.exit_code, result.stdout, apart(result.stderr)) == (0, "stress maze: 500 cases passed (seed 1)\n", "")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["split", "cutting"])
def test_correct_cutting_candidate_passes(rule, tmp_path):
    result = run(["stress", rule, "--candidate", candidate("cutting/candidate.py", "--rule", rule), "--count", "40", "--out", str(tmp_path)])
    assert (result.exit_code, result.stdout) == (0, f"stress {rule}: 40 cases passed (seed 1)\n")


@pytest.mark.slow
def test_sleeping_candidate_is_a_timeout_with_its_case_saved(tmp_path):
    args = ["stress", "cutting", "--candidate", candidate("engine/candidates/sleep.py"), "--timeout", "0.5", "--out", str(tmp_path)]
    result = run(args)
    assert result.exit_code == 3
    assert result.stdout == (
        "stress cutting: time limit exceeded on case 1 of 200 (edge: smallest piece; seed 1), already minimal: [2 2]: "
        f"{tmp_path / 'cutting-time-limit-exceeded.in'} (no answer within the 0.5 s time limit)\n"
    )
    assert (tmp_path / "cutting-time-limit-exceeded.in").read_text() == "2 2\n"
    assert (tmp_path / "cutting-time-limit-exceeded.ans").read_text() == certified("cutting", "2 2\n")


def test_crashing_candidate_is_a_crash_with_its_case_saved(tmp_path):
    result = run(["stress", "maze", "--candidate", candidate("engine/candidates/crash.py"), "--out", str(tmp_path)])
    assert result.exit_code == 3
    assert result.stdout == (
        "stress maze: run-time error on case 1 of 200 (edge: single free cell; seed 1), shrunk in 1 step to [1 1 / #]: "
        f"{tmp_path / 'maze-run-time-error.in'} (exit code 1: ZeroDivisionError: candidate bug)\n"
    )
    assert (tmp_path / "maze-run-time-error.orig.in").read_text() == "1 1\n.\n"
    assert (tmp_path / "maze-run-time-error.ans").read_text() == certified("maze", "1 1\n#\n")


def test_killed_candidate_and_its_children_are_gone_at_the_time_limit():
    # The shell starts a child that would outlive it; the whole group is killed.
    r = engine.run_candidate(["sh", "-c", "sleep 30 & sleep 30"], "", 0.3)
    assert r.returncode is None and r.seconds < 5


# --- the CLI's errors -----------------------------------------------------------------


def test_candidate_that_cannot_start_is_bad_input(tmp_path):
    result = run(["stress", "maze", "--candidate", str(tmp_path / "nope"), "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert apart(result.stderr) == f"error: --candidate: cannot start '{tmp_path / 'nope'}': No such file or directory\n"


def test_out_folder_under_a_file_is_bad_input_before_any_run(tmp_path):
    (tmp_path / "file").write_text("")
    out = tmp_path / "file" / "cases"
    result = run(["stress", "maze", "--candidate", candidate("engine/candidates/crash.py"), "--out", str(out)])
    assert (result.exit_code, result.stdout) == (1, "")
    assert apart(result.stderr) == f"error: --out {out}: expected a folder, but {tmp_path / 'file'} is a file\n"


def test_out_folder_that_cannot_be_written_is_bad_input(tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "mkdir", refuse)
    result = run(["stress", "maze", "--candidate", candidate("engine/candidates/crash.py"), "--out", str(tmp_path / "new")])
    assert result.exit_code == 1
    assert apart(result.stderr) == f"error: --out {tmp_path / 'new'}: cannot write the case files: Permission denied\n"


def test_candidate_with_an_unclosed_quote_is_bad_input():
    result = run(["stress", "maze", "--candidate", "python3 'x"])
    assert (result.exit_code, apart(result.stderr)) == (1, "error: --candidate: cannot read the command \"python3 'x\": No closing quotation\n")


class MazeWithoutCases(type(registry.get_game("maze"))):
    """The maze without its stress cases."""

    def capabilities(self):
        return tuple(c for c in super().capabilities() if not isinstance(c, StressCases))


class ForgedMaze(type(registry.get_game("maze"))):
    """The maze whose certificate checker rejects everything."""

    def certify(self, instance, solution):
        return ["forged"]


def test_game_without_a_generator_is_refused(monkeypatch):
    # Offered for its interactive problem (stress --interactive), it has no cases for a plain run.
    with registry.registered(MazeWithoutCases()):
        result = run(["stress", "maze", "--candidate", "true"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: maze has no case generator (a rules file needs positions(size) and one position per input line); "
        "choose from bunny-egg, geography, split, cutting"
    )


def test_failed_certificate_is_an_internal_error_not_the_candidates(monkeypatch, tmp_path):
    with registry.registered(ForgedMaze()):
        result = run(["stress", "maze", "--candidate", candidate("maze/candidate.py"), "--out", str(tmp_path)])
    assert result.exit_code == 4
    assert apart(result.stderr) == (
        "internal error: gamecert's answer to generated case 1 (edge: single free cell) fails its certificate: "
        "forged (a gamecert bug, not the candidate's)\n"
    )
    assert list(tmp_path.iterdir()) == []


# --- the engine's parts ---------------------------------------------------------------


def test_judge_compares_tokens_not_whitespace():
    ok = engine.Run(0, b"  WIN\r\n2   3\n\n3 2", b"", 0.0)
    assert engine.judge("WIN\n2 3\n3 2\n", ok, 1).kind == engine.StressKind.PASS


@given(st.lists(st.sampled_from(["WIN", "LOSE", "1", "23", "Bob"]), min_size=1, max_size=8), st.data())
def test_judge_ignores_spacing_and_points_at_the_first_changed_token(tokens, data):
    expected = "\n".join(tokens) + "\n"
    gaps = data.draw(st.lists(st.sampled_from([" ", "\n", "\t", "\r\n", "  \n "]), min_size=len(tokens), max_size=len(tokens)))
    spaced = "".join(t + gap for t, gap in zip(tokens, gaps))
    assert engine.judge(expected, engine.Run(0, spaced.encode(), b"", 0), 1).kind == engine.StressKind.PASS
    i = data.draw(st.integers(0, len(tokens) - 1))
    changed = tokens[:i] + [tokens[i] + "0"] + tokens[i + 1 :]
    verdict = engine.judge(expected, engine.Run(0, " ".join(changed).encode(), b"", 0), 1)
    assert (verdict.kind, verdict.token) == (engine.StressKind.WRONG, i + 1)


@pytest.mark.parametrize(
    "run, kind, detail",
    [
        (engine.Run(0, b"WIN\n2 3\n", b"", 0), engine.StressKind.WRONG, "token 4: expected '3', output ended"),
        (engine.Run(0, b"WIN\n2 3\n3 2\n1 1\n", b"", 0), engine.StressKind.WRONG, "token 6 at output line 4: expected end of output, got '1'"),
        (engine.Run(0, b"LOSE\n", b"", 0), engine.StressKind.WRONG, "token 1 at output line 1: expected 'WIN', got 'LOSE'"),
        (engine.Run(1, b"WIN\n2 3\n3 2\n", b"a\nValueError: x\n\n", 0), engine.StressKind.RUNTIME, "exit code 1: ValueError: x"),
        (engine.Run(-11, b"", b"", 0), engine.StressKind.RUNTIME, "killed by SIGSEGV"),
        (engine.Run(None, b"WIN\n2 3\n3 2\n", b"", 2, Stop.TIME), engine.StressKind.TIME, "no answer within the 1.5 s time limit"),
        (engine.Run(None, b"W" * 2**20, b"", 0, Stop.OUTPUT), engine.StressKind.OUTPUT, "more than 1.0 MiB of output, the output limit"),
        (
            engine.Run(-6, b"", b"terminate called after throwing an instance of 'std::bad_alloc'\n", 0), engine.StressKind.MEMORY,
            "256.0 MiB memory limit reached (peak 0 B; killed by SIGABRT): terminate called after throwing an instance of 'std::bad_alloc'",
        ),
        (engine.Run(-9, b"", b"", 0, peak_memory=250 * 2**20), engine.StressKind.MEMORY, "256.0 MiB memory limit reached (peak 250.0 MiB; killed by SIGKILL)"),
        (engine.Run(0, b" \n\n", b"", 0), engine.StressKind.NO_OUTPUT, "exit code 0 and not one token on standard output"),
    ],
)
def test_judge_tells_failures_apart(run, kind, detail):
    verdict = engine.judge("WIN\n2 3\n3 2\n", run, Limits(1.5, 2**20, 2**28))
    assert (verdict.kind, verdict.detail) == (kind, detail)


@pytest.mark.parametrize("game", ["maze", "split", "cutting"])
def test_same_seed_same_cases(game):
    gen = registry.get_game(game).capability(StressCases)
    first = list(engine.stress_cases(gen, 80, 7, 9))
    assert first == list(engine.stress_cases(gen, 80, 7, 9))
    other = list(engine.stress_cases(gen, 80, 8, 9))
    assert [c.text for c in first] != [c.text for c in other]
    assert [c.number for c in first] == list(range(1, 81))
    sizes = [int(c.family.rsplit(" ", 1)[1]) for c in first if c.family.startswith("random")]
    assert sizes == sorted(sizes) and sizes[0] == 1 and sizes[-1] <= 9


def test_schedule_starts_with_the_edge_cases():
    gen = registry.get_game("maze").capability(StressCases)
    edges = list(gen.edge_cases(6))
    cases = list(engine.stress_cases(gen, len(edges) + 3, 1, 6))
    assert [(c.family, c.text) for c in cases[: len(edges)]] == [(f"edge: {n}", t) for n, t in edges]
    assert all(c.family.startswith("random, size ") for c in cases[len(edges) :])


def _maze_measure(text: str) -> tuple[int, int]:
    free = parse_maze(text).free
    return free.size, int(free.sum())


def _pieces_measure(rule: CuttingRule):
    def measure(text: str) -> tuple[int, int]:
        pieces = parse_queries(text, rule)
        return len(pieces), sum(p.rows + p.cols for p in pieces)

    return measure


MEASURES = {"maze": _maze_measure, "split": _pieces_measure(SPLIT), "cutting": _pieces_measure(CUTTING)}


@pytest.mark.parametrize("game", list(MEASURES))
def test_every_reduction_parses_and_is_strictly_smaller(game):
    g = registry.get_game(game)
    gen = g.capability(StressCases)
    measure = MEASURES[game]
    texts = [text for _, text in gen.edge_cases(7)]
    rng = random.Random(3)
    texts += [gen.random_case(rng, size) for size in (1, 2, 3, 5, 8) for _ in range(6)]
    total = 0
    for text in texts:
        size = measure(text)
        # The coarse cuts come first; long edge cases have thousands of fine ones.
        # (The measures parse with the judge's limits on.)
        for smaller in itertools.islice(gen.reductions(text), 300):
            assert measure(smaller) < size, (text, smaller)
            total += 1
    assert total > 100


@pytest.mark.parametrize("game", list(MEASURES))
def test_generated_cases_respect_size_and_judge_limits(game):
    g = registry.get_game(game)
    gen = g.capability(StressCases)
    for name, text in gen.edge_cases(1000):
        g.parse(text, name, True)
    rng = random.Random(0)
    for _ in range(20):
        g.parse(gen.random_case(rng, 1000), "<random>", True)
    for size in (1, 2, 6):
        for text in [t for _, t in gen.edge_cases(size)] + [gen.random_case(rng, size) for _ in range(20)]:
            if game == "maze":
                assert max(parse_maze(text).free.shape) <= size
            else:
                rule = g.rule
                assert max(max(p.rows, p.cols) for p in parse_queries(text, rule)) <= max(size, rule.min_side + 1)


def test_progress_reports_every_case(tmp_path):
    seen = []
    result = engine.stress(
        registry.get_game("split"), candidate("cutting/candidate.py", "--rule", "split"), count=12, out=tmp_path,
        progress=lambda stage, done, total: seen.append((stage, done, total)),
    )
    assert result.failure is None and result.passed == 12
    assert seen == [("cases", k, 12) for k in range(1, 13)]


def test_shrinking_stops_at_its_bound(tmp_path):
    result = engine.stress(
        registry.get_game("cutting"), candidate("cutting/candidate.py", "--off-by-one"), out=tmp_path, shrink_tries=0,
    )
    f = result.failure
    assert f is not None and f.shrunk.stopped == "0-run bound" and f.shrunk.steps == 0
    assert "already minimal (stopped by the 0-run bound)" in result.summary()
    assert (tmp_path / "cutting-wrong-answer.in").read_text() == f.case.text
