"""Judge-size inputs never load numba, whatever the command writes.

Plain-Python kernels answer the largest judge-size input of every game before
numba could even load; that holds for the whole command, not just the solve:
the judge answer, ``--json``, ``--from``, ``--position`` and ``show``. Each
game's runs share one fresh interpreter (numba, once imported, stays), which
invokes the CLI in process once per run, in order, and reports after each
whether ``numba`` was imported so far: a run is checked with every run before
it in the same interpreter, so it passes only if none of them loaded numba
either (a run that loads numba fails, and so does every later run of that
game). One interpreter per game, not per run, spares the start-ups.

The console script answers a plain ``solve split|cutting FILE`` before the command loads
(:mod:`gamecert.verify.launch`): at judge size that path imports neither numba nor numpy nor click.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from gamecert.verify.engine.cases import default_cases_dir

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

PROBE = """
import json, sys
from click.testing import CliRunner
from gamecert.verify.cli import main
reports = {}
for name, args in json.loads(sys.argv[1]):
    result = CliRunner().invoke(main, args)
    reports[name] = {"exit": result.exit_code, "numba": "numba" in sys.modules, "out": result.output[-300:]}
print(json.dumps(reports))
"""


def _maze(tmp: Path) -> Path:
    rng = random.Random(1)
    rows = ["".join("#" if rng.random() < 0.1 else "." for _ in range(100)) for _ in range(100)]
    rows[0] = "." + rows[0][1:]
    path = tmp / "maze.txt"
    path.write_text("100 100\n" + "\n".join(rows) + "\n")
    return path


def _graph(tmp: Path, n: int, m: int, name: str) -> Path:
    rng = random.Random(n * 7 + m)
    edges: set[tuple[int, int]] = set()
    while len(edges) < m:
        u, v = rng.sample(range(1, n + 1), 2)
        edges.add((min(u, v), max(u, v)))
    path = tmp / name
    path.write_text(f"{n} {m}\n" + "".join(f"{u} {v}\n" for u, v in sorted(edges)))
    return path


def _bunny(tmp: Path) -> Path:
    case = tomllib.loads((default_cases_dir() / "bunny-egg" / "long-40x40-k799.toml").read_text())
    path = tmp / "bunny.txt"
    path.write_text(case["input"])
    return path


def _queries(tmp: Path, low: int, high: int, name: str) -> Path:
    path = tmp / name
    path.write_text("".join(f"{a} {b}\n" for a in range(low, high + 1) for b in range(low, high + 1) if a * b > 1))
    return path


def _lines(tmp: Path, values, name: str) -> Path:
    path = tmp / name
    path.write_text("".join(f"{v}\n" for v in values))
    return path


def _king_board(tmp: Path) -> Path:
    """A 44 x 44 board for the king-move maze: 1,900 free cells, within the geography limits (2000 / 20000)."""
    rng = random.Random(5)
    cells = ["#" if rng.random() < 0.02 else "." for _ in range(44 * 44)]
    path = tmp / "king.txt"
    path.write_text("".join("".join(cells[r * 44 : r * 44 + 44]) + "\n" for r in range(44)))
    return path


def _octal(tmp: Path) -> Path:
    """Octal queries answered from each code's first round of values (solvers/octal/solver.py, FIRST_VALUES):
    periods proven within it (0.77, 0.07, 0.137, 4.7, 0.1377 and 0.11377, up to the largest heap), a code with no
    known period up to heap 1000 (0.16), and heap 0."""
    lines = ["0.77 999999999999999999", "0.07 123456789", "0.137 999", "4.7 123456", "0.1377 10000", "0.11377 77777",
             "0.16 1000", "0.007 0"]
    path = tmp / "octal.txt"
    path.write_text("".join(line + "\n" for line in lines))
    return path


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("judge-size")
    trail = tmp / "trail.txt"
    trail.write_text("")
    return {
        "maze": _maze(tmp),
        "geography": _graph(tmp, 2000, 20000, "geography.txt"),
        "geography-300": _graph(tmp, 300, 900, "geography-300.txt"),
        "bunny-egg": _bunny(tmp),
        "split": _queries(tmp, 1, 150, "split.txt"),
        "cutting": _queries(tmp, 2, 200, "cutting.txt"),
        "kayles-rules": EXAMPLES / "kayles.py",
        "kayles": _lines(tmp, range(1001), "kayles.txt"),
        "king-rules": EXAMPLES / "king_maze.py",
        "king": _king_board(tmp),
        "octal": _octal(tmp),
        "connect4-rules": EXAMPLES / "connect_four.py",
        "connect4": _lines(tmp, ["4x4"], "connect4.txt"),
        "predict-rules": EXAMPLES / "predict_the_winner.py",
        "predict": _lines(tmp, ["[" + ",".join(str(k * 37 % 101) for k in range(60)) + "]"], "predict.txt"),
        "cutcake-rules": EXAMPLES / "cutcake.py",
        "cutcake": _lines(tmp, [f"{w}x{h}" for w in range(1, 9) for h in range(1, 9)], "cutcake.txt"),
        "trail": trail,
    }


RUNS = {
    "maze-judge": ["solve", "maze", "{maze}"],
    "maze-json": ["solve", "maze", "--json", "{maze}"],
    "maze-from": ["solve", "maze", "{maze}", "--from", "1,1", "--visited", "{trail}"],
    "maze-show": ["show", "maze", "{maze}", "--cell", "1,1"],
    "geography-judge": ["solve", "geography", "{geography}"],
    "geography-json": ["solve", "geography", "--json", "{geography}"],
    "geography-from": ["solve", "geography", "{geography}", "--from", "1", "--visited", "{trail}"],
    "geography-show": ["show", "geography", "{geography-300}", "--vertex", "1"],
    "bunny-egg-judge": ["solve", "bunny-egg", "{bunny-egg}"],
    "bunny-egg-json": ["solve", "bunny-egg", "--json", "{bunny-egg}"],
    "bunny-egg-show": ["show", "bunny-egg", "{bunny-egg}"],
    "split-judge": ["solve", "split", "{split}"],
    "split-json": ["solve", "split", "--json", "{split}"],
    "split-position": ["solve", "split", "--json", "--position", "150x150 149x150 3x7"],
    "split-show": ["show", "split", "--position", "150x150 149x150"],
    "cutting-judge": ["solve", "cutting", "{cutting}"],
    "cutting-json": ["solve", "cutting", "--json", "{cutting}"],
    "cutting-position": ["solve", "cutting", "--json", "--position", "200x200 199x200 3x7"],
    "cutting-show": ["show", "cutting", "{cutting}"],
    "octal-judge": ["solve", "octal", "{octal}"],
    "octal-json": ["solve", "octal", "--json", "{octal}"],
    "octal-show": ["show", "octal", "{octal}"],
    # Games written as rules files: Kayles to 1000 pins, a king-move maze at the geography limits.
    "kayles-judge": ["solve", "--rules", "{kayles-rules}", "{kayles}"],
    "kayles-json": ["solve", "--rules", "{kayles-rules}", "--json", "{kayles}"],
    "king-judge": ["solve", "--rules", "{king-rules}", "{king}"],
    "king-json": ["solve", "--rules", "{king-rules}", "--json", "{king}"],
    "king-from": ["solve", "--rules", "{king-rules}", "{king}", "--from", "r1c1", "--visited", "{trail}"],
    # General, score and partizan rules: Connect Four 4x4 from the empty board (161,029 positions), Predict the
    # Winner on 60 numbers, every Cutcake rectangle to 8x8.
    "connect4-judge": ["solve", "--rules", "{connect4-rules}", "{connect4}"],
    "connect4-show": ["show", "--rules", "{connect4-rules}", "--position", "4x4 1212121"],
    "predict-judge": ["solve", "--rules", "{predict-rules}", "{predict}"],
    "predict-json": ["solve", "--rules", "{predict-rules}", "--json", "{predict}"],
    "cutcake-judge": ["solve", "--rules", "{cutcake-rules}", "{cutcake}"],
    "cutcake-json": ["solve", "--rules", "{cutcake-rules}", "--json", "{cutcake}"],
}


def _game(name: str) -> str:
    """The game a run belongs to: its name up to the mode (``bunny-egg-json`` -> ``bunny-egg``)."""
    return name.rsplit("-", 1)[0]


@pytest.fixture(scope="module")
def probes(inputs):
    """``probe(name)``: the report of run ``name`` from its game's fresh interpreter (one per game,
    started on the first of the game's runs that a worker meets, running all of them in order)."""
    reports: dict[str, dict] = {}

    def probe(name: str) -> dict:
        if name not in reports:
            game = _game(name)
            paths = {k: str(v) for k, v in inputs.items()}
            runs = [[n, [a.format(**paths) for a in args]] for n, args in RUNS.items() if _game(n) == game]
            env = {k: v for k, v in os.environ.items() if k != "GAMECERT_KERNELS"}
            command = [sys.executable, "-c", PROBE, json.dumps(runs)]
            done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
            assert done.returncode == 0, done.stderr
            reports.update(json.loads(done.stdout.strip().splitlines()[-1]))
        return reports[name]

    return probe


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RUNS))
def test_judge_size_inputs_never_load_numba(name, probes):
    report = probes(name)
    assert report["exit"] == 0, report["out"]
    assert report["numba"] is False, f"{name} loaded numba (it or an earlier run of its game)"


LAUNCH = "from gamecert.verify.launch import run; run()"


@pytest.mark.slow
@pytest.mark.parametrize("game", ["split", "cutting"])
def test_console_script_answers_judge_size_cutting_games_without_numpy(game, inputs):
    args = ["solve", game, str(inputs[game])]
    env = {k: v for k, v in os.environ.items() if k != "GAMECERT_KERNELS"}
    command = [sys.executable, "-X", "importtime", "-c", LAUNCH, *args]
    done = subprocess.run(command, capture_output=True, env=env, check=False)
    assert done.returncode == 0, done.stderr[-500:]
    imported = {line.rpartition("|")[2].strip().split(".")[0] for line in done.stderr.decode().splitlines()}
    # Nor dataclasses (which imports inspect, ast, dis and tokenize): the rules' judge fields are plain values.
    assert "gamecert" in imported and not imported & {"numba", "numpy", "click", "dataclasses"}, sorted(imported)
    probe = [sys.executable, "-c", PROBE, json.dumps([[game, args]])]
    plain = subprocess.run(probe, capture_output=True, text=True, env=env, check=True)
    report = json.loads(plain.stdout.strip().splitlines()[-1])[game]
    assert report["exit"] == 0 and done.stdout.decode().endswith(report["out"])
