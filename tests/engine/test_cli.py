"""The command line: exit codes and exact output."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from gamecert.verify.cli import main
from gamecert.verify.engine.cases import case_text

SAMPLE = "3 3\n.##\n...\n#.#\n"


def run(args, input=None):
    return CliRunner().invoke(main, args, input=input)


def test_solve_maze_from_stdin_byte_exact():
    result = run(["solve", "maze"], SAMPLE)
    assert result.exit_code == 0
    assert result.stdout == "WIN\n2 3\n3 2\n"


def test_solve_maze_from_file(tmp_path):
    f = tmp_path / "in.txt"
    f.write_text("2 2\n..\n..\n")
    result = run(["solve", "maze", str(f)])
    assert (result.exit_code, result.stdout) == (0, "LOSE\n")


def test_solve_maze_json_carries_the_certificate():
    result = run(["solve", "maze", "--json"], SAMPLE)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["answer"] == "WIN" and data["winning_cells"] == [[2, 3], [3, 2]]
    assert data["nu"] == 2 and len(data["matching"]) == 2
    assert sorted(data["decomposition"]["D"]) == [[2, 3], [3, 2]]
    assert data["decomposition"]["A"] == [[2, 2]]
    assert sorted(data["decomposition"]["C"]) == [[1, 1], [2, 1]]
    nodes = data["certificate"]["paths"]["nodes"]
    for cell, node in data["certificate"]["paths"]["start"]:
        path = []
        while node >= 0:
            path.append(nodes[node][0])
            node = nodes[node][1]
        assert path[0] == cell and path[-1] in data["certificate"]["unmatched"] and len(path) % 2 == 1


def test_bad_input_is_one_line_exit_1(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("2 3\n...\n.x.\n")
    result = run(["solve", "maze", str(f)])
    assert result.exit_code == 1
    assert result.stderr == f"error: {f}:3:2: expected '.' or '#', got 'x'\n"
    assert result.stdout == ""


def test_missing_file_is_bad_input(tmp_path):
    result = run(["solve", "maze", str(tmp_path / "nope.txt")])
    assert result.exit_code == 1
    assert result.stderr == f"error: {tmp_path / 'nope.txt'}:1:1: cannot read the file: No such file or directory\n"


def test_unknown_game_is_usage_error():
    result = run(["solve", "chess"], "")
    assert result.exit_code == 2


def test_position_on_maze_is_usage_error():
    result = run(["solve", "maze", "--position", "3x5"], SAMPLE)
    assert result.exit_code == 2
    assert "--position is not available for maze" in result.stderr


def write_case(path, expected):
    path.write_text(case_text("maze", "judge sample (test)", SAMPLE, expected))


def test_check_agreeing_case_exits_0(tmp_path):
    write_case(tmp_path / "sample.toml", "WIN\n2 3\n3 2\n")
    result = run(["check", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = re.sub(r"\d+\.\d{3}s", "T", result.stdout).splitlines()
    assert lines[0] == "maze: 1 case"
    assert lines[1].split() == ["case", "fast", "certificate", "ilp", "sat", "search", "qbf", "lp", "sat-konig", "cpsat"]
    assert set(lines[2]) == {"─"}
    assert lines[3].split() == ["sample", "ok", "T", "valid", "T", *["agree", "T"] * 7]
    assert lines[-1] == "1 case: every answer as expected, every formulation that ran agrees, every certificate valid"


def test_check_wrong_expected_answer_exits_3(tmp_path):
    write_case(tmp_path / "wrong.toml", "WIN\n2 3\n")
    result = run(["check", str(tmp_path)])
    assert result.exit_code == 3
    assert "  WRONG wrong: fast: output has 2 lines, expected 3" not in result.stdout
    assert "  WRONG wrong: fast: output line 3 is '3 2', expected ''" not in result.stdout
    assert "WRONG wrong: fast: output has 3 lines, expected 2" in result.stdout
    assert result.stdout.splitlines()[-1] == "1 of 1 case FAILED"
    assert result.stderr == "1 case failed the cross-check\n"


def test_check_bad_case_input_points_into_the_case_file(tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text(case_text("maze", "judge sample (test)", "2 2\n..\n.?\n", "LOSE\n"))
    result = run(["check", str(f)])
    assert result.exit_code == 1
    # input starts on line 4 of the file (game, source, input = ''' lines first)
    assert result.stderr == f"error: {f}:6:2: expected '.' or '#', got '?'\n"


def test_check_malformed_toml(tmp_path):
    f = tmp_path / "broken.toml"
    f.write_text('game = "maze"\nsource = \n')
    result = run(["check", str(f)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {f}:2:")


def test_check_unknown_game(tmp_path):
    f = tmp_path / "x.toml"
    f.write_text(case_text("chess", "judge sample (test)", "1\n", "1\n"))
    result = run(["check", str(f)])
    assert result.exit_code == 1
    assert "unknown game 'chess'" in result.stderr


@pytest.mark.slow
def test_console_entry_point_keeps_exit_codes_and_output(tmp_path):
    """``run`` skips interpreter teardown; output and exit codes must survive it."""
    import subprocess
    import sys

    def entry(*args, stdin=""):
        code = "import sys; from gamecert.verify.cli import run; sys.argv = ['gamecert', *sys.argv[1:]]; run()"
        return subprocess.run([sys.executable, "-c", code, *args], input=stdin, capture_output=True, text=True)

    ok = entry("solve", "maze", stdin=SAMPLE)
    assert (ok.returncode, ok.stdout) == (0, "WIN\n2 3\n3 2\n")
    bad = entry("solve", "maze", stdin="1 1\n?\n")
    assert (bad.returncode, bad.stderr) == (1, "error: <stdin>:2:1: expected '.' or '#', got '?'\n")
    usage = entry("solve", "chess")
    assert usage.returncode == 2
    write_case(tmp_path / "wrong.toml", "LOSE\n")
    disagree = entry("check", str(tmp_path))
    assert disagree.returncode == 3 and disagree.stdout.splitlines()[-1] == "1 of 1 case FAILED"


def test_main_help_says_what_gamecert_is_for():
    from gamecert.verify import registry

    result = CliRunner().invoke(main, ["--help"], terminal_width=80)  # wrapped as on an 80-column terminal
    assert result.exit_code == 0
    assert result.stdout.split("Options:")[0] == (
        "Usage: main [OPTIONS] COMMAND [ARGS]...\n"
        "\n"
        "  Certified solvers and cross-checks for two-player combinatorial games.\n"
        "\n"
        "  Built in: matching games (maze, geography, bunny-egg), rectangle-cutting games\n"
        "  (split, cutting) and octal games (octal). Any other game is a rules file, a\n"
        "  Python module of named functions (--rules FILE, docs/rules.md), of the kind\n"
        "  impartial, graph, general, score, partizan or positional. Every answer carries\n"
        "  a certificate; check runs every independent formulation against it.\n"
        "\n"
    )
    named = re.findall(r"\((\w[\w, -]*)\)", result.stdout.split("Any other")[0])
    assert sorted(g for group in named for g in group.split(", ")) == sorted(registry.builtin_names())
    from gamecert.verify.rules.load import KINDS  # the rules kinds a file may name

    assert f"{', '.join(list(KINDS)[:-1])} or {list(KINDS)[-1]}." in " ".join(result.stdout.split())


def test_play_help_names_its_games_and_rules_files():
    result = CliRunner().invoke(main, ["play", "--help"], terminal_width=80)
    assert result.exit_code == 0
    assert result.stdout.split("Options:")[0] == (
        "Usage: main play [OPTIONS] {maze|geography|split|cutting} [FILE]\n"
        "\n"
        "  Play GAME, or a rules file's game, against gamecert, which plays the certified\n"
        "  strategy.\n"
        "\n"
        "  It first says who wins from the start and why. Type moves as ROW COL (maze), V\n"
        "  (geography) or PIECE h|v AT (cutting games: '1 v 2' cuts piece 1 after column\n"
        "  2). A rules file (--rules FILE --position TEXT; impartial, general, score and\n"
        "  partizan kinds; a graph kind's file plays from FILE --start V) lists your\n"
        "  legal moves, numbered, as its format() writes them: type a number or the\n"
        "  position after your move; ? shows each move's certified value. Moves may come\n"
        "  from a pipe. The game ends with a line naming the winner.\n"
        "\n"
    )
