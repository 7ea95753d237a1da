"""``gamecert solve`` and ``check`` on general and score rules files: exact output, the whole-input form
(``starts``, ``output``), ``answer``, ``--json``, ``--position``, and bad rules as one located line, exit 1."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tests.support import run

HERE = Path(__file__).resolve().parent
TICTACTOE = str(HERE.parents[1] / "cases" / "general" / "tictactoe.py")


pytestmark = pytest.mark.usefixtures("fresh_registry")


def rules_file(tmp_path: Path, source: str, name: str = "game.py") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    return str(path)


def test_solve_tictactoe_lines():
    result = run(["solve", "--rules", TICTACTOE], input=".........\nXO.......\nXX.OO....\nXXXOO....\nXOXXOOOXX\n")
    assert (result.exit_code, result.stdout) == (0, "draw\nwin 5\nwin 1\nlose 0\ndraw\n")


def test_solve_json_carries_the_certificate():
    from gamecert.verify.rules.load import load_rules
    from tests.general.naive import naive_general

    result = run(["solve", "--rules", TICTACTOE, "--json"], input="XX.OO....\n")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["answer"] == ["win 1"]
    assert data["queries"] == [{"position": "XX.OO....", "outcome": "win", "number": 1}]
    naive = naive_general(load_rules(TICTACTOE), ["XX.OO...."])
    assert dict(map(tuple, data["certificate"]["table"])) == {p: str(v) for p, v in naive.items()}


def test_solve_position_gives_a_best_move():
    result = run(["solve", "--rules", TICTACTOE, "--position", "XX.OO...."])
    assert (result.exit_code, result.stdout) == (0, "position: XX.OO....\nvalue: win 1\nbest move: to XXXOO.... (lose 0)\n")


WHOLE = textwrap.dedent("""\
    '''A race to 0 on a heap: each player has their own steps; a start heap per word of the last line.

    Input: the first player's steps, the second player's steps, then the start heaps (the first player moves).
    '''
    KIND = "general"
    NAME = "race"


    def parse(text):
        lines = text.split("\\n")
        return tuple(tuple(int(w) for w in line.split()) for line in lines[:3])


    def starts(instance):
        return [(heap, 0) for heap in instance[2]]


    def moves(position):
        heap, who = position
        steps = STEPS[who]
        return [(heap - s, 1 - who) if heap >= s else (heap, 1 - who) for s in steps]


    STEPS = {0: (2,), 1: (1, 3)}


    def answer(outcome, number):
        return {"win": "Win", "lose": "Lose", "draw": "Loop"}[outcome]
""")


def test_whole_input_starts_and_answer(tmp_path):
    rules = rules_file(tmp_path, WHOLE)
    result = run(["solve", "--rules", rules], input="2\n1 3\n0 1 2 3 4\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [_race(h) for h in range(5)]


def test_whole_input_output(tmp_path):
    rules = rules_file(tmp_path, WHOLE + "\n\ndef output(instance, answers):\n    return ' '.join(f'{o}{n}' for o, n in answers)\n")
    result = run(["solve", "--rules", rules], input="2\n1 3\n0 1 2 3 4\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == " ".join(_race_pair(h) for h in range(5)) + "\n"


def _race_values() -> dict:
    """The race game's values by naive rounds (tests/general/naive.py), not by the solver."""
    from gamecert.solvers.rules.rules import GeneralRules
    from tests.general.naive import naive_general

    steps = {0: (2,), 1: (1, 3)}

    def moves(p):
        heap, who = p
        return [(heap - s, 1 - who) if heap >= s else (heap, 1 - who) for s in steps[who]]

    queries = [(h, 0) for h in range(5)]
    return naive_general(GeneralRules("race", "race.py", str, moves), queries)


def _race(h: int) -> str:
    return {"win": "Win", "lose": "Lose", "draw": "Loop"}[_race_values()[(h, 0)].outcome]


def _race_pair(h: int) -> str:
    v = _race_values()[(h, 0)]
    return f"{v.outcome}{v.number}"


SCORE = """\
    KIND = "score"
    NAME = "coins"


    def parse(line):
        return tuple(int(w) for w in line.split())


    def moves(row):
        # take the coin at either end; the coins' values are the points
        if not row:
            return []
        return [(row[1:], row[0]), (row[:-1], row[-1])]
"""


def test_solve_a_score_game(tmp_path):
    rules = rules_file(tmp_path, SCORE)
    result = run(["solve", "--rules", rules], input="1 5 2\n1 5 233 7\n\n")
    # LeetCode 486's samples: [1, 5, 2] the first player cannot win (1 + 2 - 5 = -2);
    # [1, 5, 233, 7] the first player wins (1 + 233 - 5 - 7 = 222)
    assert (result.exit_code, result.stdout) == (0, "score -2\nscore 222\nscore 0\n")


EXAMPLES = HERE.parents[1] / "examples"


@pytest.mark.parametrize("args, refusal", [
    (["solve", "--rules", str(EXAMPLES / "kayles.py"), "--tiers"],
     '--tiers is for general and score rules files (--rules FILE, KIND = "general" or "score") with a tier() function'),
    (["solve", "--rules", TICTACTOE, "--tiers"], f"--tiers: {TICTACTOE} has no tier(position) function (docs/tiers.md)"),
    (["stress", "--rules", str(EXAMPLES / "kalah.py"), "--tiers", "store", "--candidate", "true"],
     f"--tiers DIR: {EXAMPLES / 'kalah.py'} has no tier(position) function (docs/tiers.md)"),
    (["stress", "--rules", str(EXAMPLES / "king_maze.py"), "--tiers", "store", "--candidate", "true"],
     '--tiers DIR is for general and score rules files (--rules FILE, KIND = "general" or "score") with a tier() function'),
    (["stress", "--rules", str(EXAMPLES / "cat_and_mouse.py"), "--tiers", "store", "--candidate", "true"],
     f"--tiers DIR: {EXAMPLES / 'cat_and_mouse.py'} has no tier(position) function (docs/tiers.md)"),
])
def test_tiers_refused_naming_what_is_missing(args, refusal):
    result = run(args, input="0\n")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == f"Error: {refusal}"


def test_check_a_case_of_each_kind():
    # Small cases of each kind (the larger bundled ones take each route up to a minute: gamecert check).
    cases = HERE.parents[1] / "cases"
    result = run(["check", str(cases / "general" / "tictactoe-endgame.toml"), str(cases / "score" / "take.toml")])
    assert result.exit_code == 0, result.output
    assert "2 cases: every answer as expected, every formulation that ran agrees" in result.stdout


BAD = [
    (
        "junk-result",
        """\
        KIND = "general"


        def parse(line):
            return int(line)


        def result(n):
            return "won" if n == 0 else None


        def moves(n):
            return [n - 1]
        """,
        "2\n",
        "error: {rules}:8:1: result(0): returned 'won', expected None, \"win\", \"lose\" or \"draw\"",
    ),
    (
        "third-player",
        """\
        KIND = "general"


        def parse(line):
            return int(line)


        def player(n):
            return "abc"[n % 3]


        def moves(n):
            return [n - 1] if n else []
        """,
        "4\n",
        "error: {rules}:8:1: player(2): named a third player 'c' (the players are 'b' and 'a')",
    ),
    (
        "pair-in-general",
        """\
        KIND = "general"


        def parse(line):
            return tuple(map(int, line.split()))


        def moves(p):
            return [((p[0] - 1, p[1]), 1)] if p[0] else []
        """,
        "2 0\n",
        (
            "error: {rules}:8:1: moves((2, 0)): returned ((1, 0), 1), which looks like a (position, points) pair; "
            'a general game\'s moves are positions (KIND = "score" gives points)'
        ),
    ),
    (
        "score-not-pair",
        """\
        KIND = "score"


        def parse(line):
            return int(line)


        def moves(n):
            return [n - 1] if n else []
        """,
        "2\n",
        "error: {rules}:8:1: moves(2): returned the move 1, expected a (position, points) pair (a score game's move)",
    ),
    (
        "points-not-int",
        """\
        KIND = "score"


        def parse(line):
            return int(line)


        def moves(n):
            return [(n - 1, 0.5)] if n else []
        """,
        "2\n",
        "error: {rules}:8:1: moves(2): returned the move (1, 0.5), whose points 0.5 (float) are not an int",
    ),
    (
        "score-result-not-int",
        """\
        KIND = "score"


        def parse(line):
            return int(line)


        def result(n):
            return True if n == 0 else None


        def moves(n):
            return [(n - 1, 1)]
        """,
        "1\n",
        "error: {rules}:8:1: result(0): returned True, expected None or an int (the score)",
    ),
    (
        "score-loop",
        """\
        KIND = "score"


        def parse(line):
            return int(line)


        def moves(n):
            return [((n + 1) % 3, 1)]
        """,
        "0\n",
        (
            "error: {rules}:8:1: moves(2): a loop: 0 -> 1 -> 2 -> 0 (a position is reachable from itself, so play need "
            "not end; a score game must end)"
        ),
    ),
    (
        "kind-misspelt",
        """\
        KIND = "generl"


        def parse(line):
            return int(line)


        def moves(n):
            return [n - 1]
        """,
        "0\n",
        'error: {rules}:1:1: expected KIND to be one of "impartial", "graph", "general", "score", "partizan", "positional", got \'generl\'',
    ),
]


@pytest.mark.parametrize(("name", "source", "text", "line"), BAD, ids=[b[0] for b in BAD])
def test_bad_rules_are_one_located_line(tmp_path, name, source, text, line):
    rules = rules_file(tmp_path, source, f"{name}.py")
    result = run(["solve", "--rules", rules], input=text)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.splitlines()[0] == line.format(rules=rules)
