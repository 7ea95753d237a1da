"""The C path (``_sgtable``, built at install) against the numba/Python path: every table up to the
judge limits, and the judge's answers byte for byte on the bundled cases and through the console script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from gamecert.solvers import jit
from gamecert.solvers.cutting import _kernels, solver
from gamecert.solvers.cutting.judge import judge_answer, judge_file
from gamecert.solvers.cutting.rules import CUTTING, SPLIT, CuttingRule
from gamecert.verify.cli import main
from gamecert.verify.engine.cases import default_cases_dir, load_case
from gamecert.verify.registry import get_game

WIDE = CuttingRule("wide", "cuts leave parts at least 3 wide", "Wide Cutting Game", min_side=3)
RULES = (SPLIT, CUTTING, WIDE)
CASES = sorted(p for rule in (SPLIT, CUTTING) for p in (default_cases_dir() / rule.name).glob("*.toml"))
GAMECERT = Path(sys.executable).parent / "gamecert"


def test_the_extension_is_built():
    # setup.py builds it wherever a C compiler is (CI installs g++); without it the tables fall back to numpy/numba.
    assert solver._sgtable is not None


def test_c_tables_equal_the_numba_and_python_tables_up_to_the_judge_limits():
    for rule in RULES:
        args = (rule.min_side, rule.no_unit)
        # Entry (n, m) does not depend on the table's size, so the table at the limit holds every smaller one.
        c = solver.grundy_table(rule, rule.judge_limit).values
        with jit.python_kernels(False):
            compiled = _kernels.grundy_kernel(rule.judge_limit, *args)
        np.testing.assert_array_equal(c, compiled)
        np.testing.assert_array_equal(c, solver._grundy_by_diagonals(rule.judge_limit, rule))
        for size in range(0, 16):  # the edges: empty tables, the undefined 1 x 1 and short sides
            with jit.python_kernels(True):
                python = _kernels.grundy_kernel(size, *args)
            np.testing.assert_array_equal(solver.grundy_table(rule, size).values, python)
            np.testing.assert_array_equal(python, solver._grundy_by_diagonals(size, rule))


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_judge_answers_are_the_commands_byte_for_byte(path, tmp_path):
    case = load_case(path)
    game = get_game(case.game)
    full = game.format(game.solve(game.parse(case.input)))
    assert full == case.expected
    file = tmp_path / "input.txt"
    file.write_text(case.input)
    assert judge_file(["solve", case.game, str(file)]) == full.encode()


@pytest.mark.parametrize(
    "text",
    [
        "1 2\r\n1 6\r\n",  # carriage returns: the parser reads them, the C path leaves them
        "+4 3\n",  # a sign
        "0004 3\n",  # leading zeros
        "0000000004 3\n",  # a token longer than the C path reads
        "1 2\n1 6",  # no newline at the end: the C path reads it
    ],
)
def test_well_formed_input_the_c_path_may_leave_is_answered_alike(text):
    game = get_game("split")
    full = game.format(game.solve(game.parse(text))).encode()
    assert judge_answer(text.encode(), "split") in (None, full)


@pytest.mark.parametrize(
    "text", ["", "1 1\n", "1 2\n1\n", "151 2\n", "0 2\n", "1 2\x00\n", "1 2\n1 a\n", "1 2 \f\n", "３ 5\n"]
)
def test_bad_input_is_left_to_the_parser(text):
    assert judge_answer(text.encode(), "split") is None


def test_judge_file_takes_only_the_plain_call(tmp_path):
    path = tmp_path / "in.txt"
    path.write_text("4 2\n")
    assert judge_file(["solve", "cutting", str(path)]) == b"WIN\n"
    for args in (["solve", "cutting", "--json", str(path)], ["solve", "cutting"], ["solve", "cutting", "-"],
                 ["solve", "Cutting", str(path)], ["check", "cutting", str(path)], ["solve", "cutting", str(tmp_path)],
                 ["solve", "cutting", str(tmp_path / "missing.txt")]):
        assert judge_file(args) is None, args


@pytest.mark.slow
@pytest.mark.parametrize(
    "game, text",
    [("split", "1 2\n1 6\n4 3\n3 5\n"), ("cutting", "2 2\n3 2\n4 2\n"), ("split", "1 2\r\n1 6\r\n"),
     ("split", "1 1\n"), ("cutting", "4 2\n250 2\n"), ("cutting", "4\n"), ("split", "")],
    ids=["split-sample", "cutting-sample", "crlf", "unit", "beyond-limit", "odd", "empty"],
)
def test_console_script_answers_and_errors_as_the_command(tmp_path, game, text):
    path = tmp_path / "in.txt"
    path.write_bytes(text.encode())
    run = subprocess.run([str(GAMECERT), "solve", game, str(path)], capture_output=True, text=True, check=False)
    command = CliRunner().invoke(main, ["solve", game, str(path)])
    assert (run.returncode, run.stdout + run.stderr) == (command.exit_code, command.output)
