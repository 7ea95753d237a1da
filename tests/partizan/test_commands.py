"""Every command on the partizan examples: solve (text, --json, --position), check, show, play, audit --claim,
stress.

Expected answers come from the case files of cases/partizan/ (the agreement of the engine, its certificate
and the formulations conway, general and pycgt, which ``check`` re-runs here), from Winning Ways' Cutcake
formula (the rules file's claim ``published``) and from hand play (each stated beside it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from gamecert.verify.engine.play import MENU_HINT
from tests.support import run, untimed

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
CASES = ROOT / "cases" / "partizan"
NAMES = ["domineering_partizan", "cutcake", "toads_and_frogs", "hackenbush", "clobber", "col", "snort"]


pytestmark = pytest.mark.usefixtures("fresh_registry")


def rules(name: str) -> str:
    return str(EXAMPLES / f"{name}.py")


@pytest.mark.slow
def test_check_every_partizan_case():
    result = run(["check", str(CASES)])
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith(
        "8 cases: every answer as expected, every formulation that ran agrees, every certificate valid"
    )


def test_solve_writes_value_and_outcome_per_line():
    # 2x2 = {1|-1} (either player wins by moving first); two of them cancel; 1x2 is one move for Right.
    result = run(["solve", "--rules", rules("domineering_partizan")], input="2x2\n2x2 2x2\n1x2\n.#.#/.#..\n")
    assert (result.exit_code, result.stdout) == (0, "+-1 N\n0 P\n-1 R\n1* L\n")


def test_solve_json_has_value_form_outcome_and_the_certificate():
    result = run(["solve", "--rules", rules("domineering_partizan"), "--json"], input="2x3\n2x2 1x2\n")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["answer"] == ["{2|-1/2} N", "{0|-2} N"]
    first, second = data["answers"]
    assert {k: first[k] for k in ("position", "value", "form", "outcome")} == {
        "position": ".../...", "value": "{2|-1/2}", "form": "{2|-1/2}", "outcome": "N",
    }
    assert [c["value"] for c in second["components"]] == ["+-1", "-1"]
    certificate = data["certificate"]
    assert certificate["violations"] == []
    assert ["../..", "{1|-1}"] in certificate["table"]
    assert certificate["checked"][0].startswith("component .../... = {2|{-1|0}}: canonical; in .../... - {2|{-1|0}} the "
                                                "second player wins (")


def test_solve_json_is_the_same_under_every_hash_seed(tmp_path):
    # Col's positions are strings: the certificate's difference searches once moved a sum's positions in hash order,
    # so the positions they counted changed with PYTHONHASHSEED (on Col's case, seeds 0 and 1 differed).
    source = tmp_path / "col.txt"
    source.write_text(tomllib.loads((CASES / "col.toml").read_text())["input"].lstrip())
    command = [sys.executable, "-c", "from gamecert.verify.launch import run; run()", "solve", "--rules", rules("col"),
               "--json", str(source)]
    outputs = [
        subprocess.run(command, capture_output=True, env={**os.environ, "PYTHONHASHSEED": seed}, check=True).stdout
        for seed in ("0", "1", "2")
    ]
    assert json.loads(outputs[0])["certificate"]["violations"] == []
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]


def test_solve_position_names_each_players_winning_move():
    result = run(["solve", "--rules", rules("cutcake"), "--position", "4x2"])
    # 4x2 = 1: Left cuts it into two 2x2 (0 + 0); Right's cuts leave 4x1 + 4x1 = 6, won for Left.
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "position: 4x2\ncomponents: 4x2 (1)\nvalue: 1\noutcome: L (Left wins whoever starts)\n"
        "Left moving first: wins, moving to 2x2 + 2x2\nRight moving first: loses\n"
    )


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_show_draws_the_tree_and_the_thermograph(name, tmp_path):
    position = {"domineering_partizan": "2x2", "cutcake": "2x3", "toads_and_frogs": "T.F", "hackenbush": "BR",
                "clobber": "xoo", "col": "2 1-2", "snort": "2 1-2"}[name]
    out = tmp_path / "x.svg"
    result = run(["show", "--rules", rules(name), "--position", position, "--out", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    assert 'class="thermograph"' in svg and svg.count('class="position') >= 2
    assert 'class="left-move"' in svg or 'class="right-move"' in svg


def test_show_an_input_file(tmp_path):
    source = tmp_path / "in.txt"
    source.write_text("BRR\nB\n")
    out = tmp_path / "x.svg"
    result = run(["show", "--rules", rules("hackenbush"), str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    # BRR = 1/4: positions BRR, empty, BR, B; the title names the first query and its value.
    assert "hackenbush: BRR = 1/4, outcome L" in svg and svg.count('class="position') == 4


def test_play_gamecert_takes_the_winning_side_and_wins():
    # xoo (kept as oox) = v (Right wins whoever starts): moving second, gamecert plays Right and answers the
    # one Left move.
    result = run(["play", "--rules", rules("clobber"), "--position", "xoo"], input="xo\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "The value is v, outcome R (Right wins whoever starts). gamecert plays Right, you play Left; you move first, "
        "so gamecert wins.\n"
        f"position oox (value v), Left to move; your move ({MENU_HINT}):\n"
        "  1. ox\n"
        "you: Left moves to ox\n"
        "gamecert: Right moves to empty\n"
        "position empty (value 0), Left to move; you cannot move: gamecert wins.\n"
    )


def test_play_gamecert_moving_first_takes_the_side_that_wins_moving_first():
    # oox: Right's one move o-takes-x leaves o.o, dead: Left cannot move.
    result = run(["play", "--rules", rules("clobber"), "--position", "xoo", "--human", "second"], input="")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        (
            "The value is v, outcome R (Right wins whoever starts). gamecert plays Right, you play Left; gamecert moves "
            "first, so gamecert wins."
        ),
        "gamecert: Right moves to empty",
        "position empty (value 0), Left to move; you cannot move: gamecert wins.",
    ]


def test_play_refuses_a_move_of_the_wrong_player():
    # Left to move in oox: the position after a Right move (o.o, i.e. empty) is no Left move.
    result = run(["play", "--rules", rules("clobber"), "--position", "xoo"], input="o.o\nox\n")
    assert result.exit_code == 0, result.output
    assert "illegal move: empty is not one move of Left from oox; try again" in result.stdout.splitlines()


def test_audit_claim_values_in_the_notation():
    result = run(["audit", "--rules", rules("cutcake"), "--claim", "published", "--exhaustive", "5"])
    assert result.exit_code == 0, result.output
    assert untimed(result.stdout) == ["claim published: 15 positions of sizes 0 to 5 agree (T)"]


def test_audit_claim_finds_the_smallest_counterexample(tmp_path):
    wrong = tmp_path / "walk.py"
    wrong.write_text(
        '"""A heap: Left takes one, Right none."""\nKIND = "partizan"\n'
        "def parse(line):\n    return int(line)\n"
        "def left(n):\n    return [n - 1] if n else []\n"
        "def right(n):\n    return []\n"
        "def positions(size):\n    return [size]\n"
        "def value(n):\n    return str(min(n, 3))\n"
        "def winner(n):\n    return 'L' if n else 'N'\n"
    )
    result = run(["audit", "--rules", str(wrong), "--claim", "value", "--exhaustive", "6"])
    assert result.exit_code == 3
    assert untimed(result.stdout)[0] == "claim value: FAILED at position 4: claims 3, the certified value is 4 (L) (T)"
    result = run(["audit", "--rules", str(wrong), "--claim", "winner", "--exhaustive", "6"])
    assert untimed(result.stdout)[0] == (
        "claim winner: FAILED at position 0: claims N (the player to move wins), the certified outcome is P "
        "(the player to move loses) (T)"
    )


@pytest.mark.slow
def test_stress_shrinks_a_wrong_candidate(tmp_path):
    candidate = tmp_path / "zero.py"
    candidate.write_text("import sys\nfor line in sys.stdin:\n    print('0 P')\n")
    import sys

    result = run(["stress", "--rules", rules("cutcake"), "--candidate", f"{sys.executable} {candidate}",
                  "--count", "5", "--max-size", "3", "--out", str(tmp_path)])
    assert result.exit_code == 3
    assert "shrunk" in result.stdout and "to [1x2]" in result.stdout
    assert (tmp_path / "cutcake-wrong-answer.in").read_text() == "1x2\n"


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("def left(n):\n    return [(n + 1) % 3]\ndef right(n):\n    return []\n",
         "RULES:4:1: left(1): a loop: 2 -> 0 -> 1 -> 2 (a position is reachable from itself, so play need not end)"),
        ("def right(n):\n    return []\n", "RULES:1:1: expected a function left() in the rules file (docs/rules.md)"),
        ("def left(n):\n    return [n - 1] if n else []\ndef right(n):\n    raise ValueError('no')\n",
         "RULES:7:5: right(2) raised ValueError: no"),
    ],
)
def test_bad_rules_are_bad_input(tmp_path, source, error):
    path = tmp_path / "bad.py"
    path.write_text('KIND = "partizan"\ndef parse(line):\n    return int(line)\n' + source)
    result = run(["solve", "--rules", str(path)], input="2\n")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == "error: " + error.replace("RULES", str(path))


def test_play_lists_each_move_with_its_certified_value_for_the_mover(tmp_path):
    rules_file = tmp_path / "heap.py"
    rules_file.write_text(
        'KIND = "partizan"\n\n\ndef parse(line):\n    return int(line)\n\n\n'
        "def left(n):\n    return [n - k for k in (1, 3) if k <= n]\n\n\n"
        "def right(n):\n    return [n - 2] if n > 1 else []\n"
    )

    def wins(n: int, left: bool) -> bool:
        """Whether Left (or Right) wins moving first from heap n: plain game-tree search, no forms."""
        return any(not wins(m, not left) for m in ([n - k for k in (1, 3) if k <= n] if left else ([n - 2] if n > 1 else [])))

    for n in range(2, 9):
        result = run(["play", "--rules", str(rules_file), "--position", str(n)], input="?\n")
        lines = result.stdout.splitlines()
        rows = lines[2:]
        valued = rows[len(rows) // 2 :]
        left = "Left to move" in lines[1]  # gamecert took the other side
        afters = [n - k for k in (1, 3) if k <= n] if left else ([n - 2] if n > 1 else [])
        assert [row.split()[1] for row in valued] == [str(a) for a in afters]
        # The mover's move wins when the opponent, moving first from what it leaves, loses.
        assert [row.split()[2] for row in valued] == ["lose" if wins(a, not left) else "win" for a in afters]
