"""``show``, ``play`` and ``solve --position`` on impartial rules files.

Expected values come from theory, never from gamecert: Nim by Bouton's
theorem (a position is lost iff the xor of its heaps is 0; misère Nim: iff
every heap is 1 and their number is odd, or some heap is larger and the xor
is 0), and the subtraction game S(1, 2) by its period (the value of n is n
mod 3, Winning Ways ch. 4).
"""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gamecert.solvers.rules.rules import Limits
from gamecert.verify.engine.play import MENU_HINT
from gamecert.verify.impartial.play import ImpartialPlay, SolvedPositions
from gamecert.verify.rules.drawing import MAX_NODES
from gamecert.verify.rules.load import rules_game
from gamecert.verify.rules.playing import MOVE_HINT
from tests.maze.test_play import play_out
from tests.support import run

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
NIM, MISERE_NIM = (str(EXAMPLES / f) for f in ("nim.py", "misere_nim.py"))
SVG = "{http://www.w3.org/2000/svg}"

# The subtraction game S(1, 2) without components: a position is one heap.
SUBTRACTION = '''\
"""Take one or two tokens from a heap; whoever cannot move loses."""
NAME = "subtract-one-or-two"


def parse(line):
    return int(line)


def moves(n):
    return [n - k for k in (1, 2) if k <= n]
'''


@pytest.fixture(scope="module")
def subtraction(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("rules") / "subtraction.py"
    path.write_text(SUBTRACTION)
    return str(path)


def classes(svg: str) -> list[str]:
    """The ``class`` of every element of a picture."""
    return [e.get("class") for e in ET.fromstring(svg).iter() if e.get("class")]


def count(svg: str, word: str) -> int:
    return sum(word in c.split() for c in classes(svg))


# -- solve --position --------------------------------------------------------------------------


def test_solve_position_nim():
    # 3 xor 4 xor 5 = 2; the one move to xor 0 takes heap 3 down to 3 xor 2 = 1.
    result = run(["solve", "--rules", NIM, "--position", "3 4 5"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "position: 3 4 5\n"
        "components: 3 + 4 + 5\n"
        "values: 3 4 5 (xor 2)\n"
        "the player to move wins\n"
        "winning move: to 1 + 4 + 5\n"
    )


def test_solve_position_json_of_a_lost_position():
    import json

    result = run(["solve", "--rules", NIM, "--position", "1 2 3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["values"], data["value"], data["win"], data["move"]) == ([1, 2, 3], 0, False, None)
    assert data["text"].endswith("values: 1 2 3 (xor 0)\nthe player to move loses\n")


def _misere_nim_wins(heaps: list[int]) -> bool:
    """Misère Nim by its closed form (module docstring): lost iff all heaps are at most one and odd in number,
    or some heap is larger and the xor is 0."""
    heaps = [h for h in heaps if h]
    if all(h == 1 for h in heaps):
        return len(heaps) % 2 == 0
    xor = 0
    for h in heaps:
        xor ^= h
    return xor != 0


def test_solve_json_of_misere_sums_shows_each_component_by_format():
    # The whole-sum certificate's positions are sums of components: format() reads components, never the sum.
    import json

    result = run(["solve", "--rules", MISERE_NIM, "--json"], input="1 2\n2 2\n\n")
    assert (result.exit_code, result.stderr) == (0, "")
    data = json.loads(result.stdout)
    assert data["answer"] == ["win", "lose", "win"]
    assert [q["components"] for q in data["queries"]] == [["1 + 2"], ["2 + 2"], ["0"]]
    table = data["certificate"]["table"]
    assert ["1 + 2", "win"] in table and ["2 + 2", "lose"] in table
    for shown, outcome in table:  # every entry, read back as heaps, is the closed form's outcome
        heaps = [] if shown == "0" else [int(h) for h in shown.split(" + ")]
        assert outcome == ("win" if _misere_nim_wins(heaps) else "lose"), shown


def test_solve_position_without_components(subtraction):
    result = run(["solve", "--rules", subtraction, "--position", "7"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "position: 7\nvalue: 1\nthe player to move wins\nwinning move: to 6\n"


@pytest.mark.parametrize(
    "heaps, wins, move",
    [
        ("1 1 1", False, None),  # all ones, an odd number of them
        ("2 2", False, None),  # a heap above one, xor 0
        ("1 1", True, "1"),  # leave one heap of one
        ("3", True, "1"),  # 3 -> 0 would leave no move (the opponent wins); 3 -> 1 leaves an odd number of ones
    ],
)
def test_solve_position_misere(heaps, wins, move):
    result = run(["solve", "--rules", MISERE_NIM, "--position", heaps])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[2] == "play: misère (the player who makes the last move loses)"
    assert lines[3] == ("the player to move wins" if wins else "the player to move loses")
    assert lines[4:] == ([f"winning move: to {move}"] if move else [])


@pytest.mark.parametrize(
    "text, first",
    [
        ("3 x", "error: --position: parse(3 x) raised ValueError: expected heap sizes"),
        ("1\n2", "error: --position: expected one position on one line"),
    ],
)
def test_solve_position_bad_text(text, first):
    result = run(["solve", "--rules", NIM, "--position", text])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0].startswith(first)


# -- play --------------------------------------------------------------------------------------


def test_play_nim_exact():
    # 1 xor 2 xor 3 = 0: the person, moving first, loses; every answer of gamecert restores xor 0.
    moves = "1 2 2\n2 3 4\nfoo\n2 2\n2 1\n1\n"
    result = run(["play", "--rules", NIM, "--position", "1 2 3"], input=moves)
    assert result.exit_code == 0, result.output
    hint = f"({MOVE_HINT})"
    assert result.stdout == (
        "The first mover (you) loses, so gamecert wins: the Sprague-Grundy values xor to 1 xor 2 xor 3 = 0, "
        "and every move leaves a value other than 0.\n"
        f"position 1 + 2 + 3; your move ({MENU_HINT}):\n"
        "  1. 2 + 3\n"
        "  2. 1 + 3\n"
        "  3. 1 + 1 + 3\n"
        "  4. 1 + 2\n"
        "  5. 1 + 2 + 1\n"
        "  6. 1 + 2 + 2\n"
        "you: to 1 + 2 + 2\n"
        "gamecert: to 2 + 2\n"
        f"position 2 + 2; your move ({MENU_HINT}):\n"
        "  1. 2\n"
        "  2. 1 + 2\n"
        "illegal move: 2 + 3 + 4 is not one move from 2 + 2; try again\n"
        "illegal move: parse(foo) raised ValueError: expected heap sizes (whole numbers 0 or more), "
        f"got 'foo' {hint}; try again\n"
        f"illegal move: that is the position now, 2 + 2 {hint}; try again\n"
        "you: to 1 + 2\n"  # typed as '2 1': the same heaps in another order
        "gamecert: to 1 + 1\n"
        f"position 1 + 1; your move ({MENU_HINT}):\n"
        "  1. 1\n"
        "you: to 1\n"  # typed as 1: move 1, and the position it reaches
        "gamecert: to empty\n"
        "position empty; you cannot move: gamecert wins.\n"
    )


def test_play_a_person_can_win_a_won_position(subtraction):
    result = run(["play", "--rules", subtraction, "--position", "4"], input="3\n0\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        "The first mover (you) wins: the Sprague-Grundy value of 4 is 1, not 0, so a move to value 0 exists."
    )
    assert result.stdout.endswith("position 0; gamecert cannot move: you win.\n")


def test_engine_never_loses_a_won_position(subtraction):
    """Every Nim position of up to three heaps of at most 4, and every subtraction heap up to 20: whoever
    Bouton's theorem (or n mod 3) says wins is gamecert, against random moves."""
    rng = random.Random(19)
    games = 0
    for path, texts in (
        (NIM, [" ".join(map(str, h)) for k in (1, 2, 3) for h in itertools.product(range(5), repeat=k)]),
        (subtraction, [str(n) for n in range(21)]),
    ):
        game = rules_game(path, Limits())
        for text in texts:
            values = [int(w) for w in text.split()]
            x = 0
            for v in values:
                x ^= v % 3 if path == subtraction else v
            for human_first in (True, False):
                if (x != 0) == (not human_first):  # gamecert holds the winning side
                    engine = ImpartialPlay(SolvedPositions.certified(game, text + "\n"))
                    assert play_out(engine, human_first, rng) == "gamecert", (path, text)
                    games += 1
    assert games > 100


def test_play_misere():
    # Misère Nim 1 + 1: gamecert, moving first, leaves one heap of one; the person must take the last counter.
    result = run(["play", "--rules", MISERE_NIM, "--position", "1 1", "--human", "second"], input="0\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:] == [
        "gamecert: to 1",
        f"position 1; your move ({MENU_HINT}):",
        "  1. empty",
        "you: to empty",  # typed as 0 (no move 0): an empty heap is no heap
        "position empty; you made the last move: gamecert wins.",
    ]


# -- show --------------------------------------------------------------------------------------


def test_show_subtraction_game(subtraction):
    # Heap 10: positions 0..10, P-positions the multiples of 3, moves 2 per heap from 2 up plus 1 from heap 1,
    # one winning move from each N-position (to the multiple of 3 below it).
    result = run(["show", "--rules", subtraction, "-"], input="10\n")
    assert result.exit_code == 0, result.output
    svg = result.stdout
    assert (count(svg, "position"), count(svg, "p-position"), count(svg, "n-position")) == (11, 4, 7)
    assert (count(svg, "winning-move"), count(svg, "move")) == (7, 19 - 7)
    assert count(svg, "query") == 2  # the query's line and its node
    assert "every position reached from the queries is drawn (11)" in svg


def test_show_is_bounded(subtraction):
    # Heap 300: the 200 positions 300..101 are drawn; 101 -> 100, 99 and 102 -> 100 are the 3 moves left out.
    result = run(["show", "--rules", subtraction, "-"], input="300\n")
    assert result.exit_code == 0, result.output
    svg = result.stdout
    assert MAX_NODES == 200 and count(svg, "position") == 200
    p = len(range(102, 301, 3))
    assert count(svg, "p-position") == p
    assert count(svg, "winning-move") == (200 - p) - 1  # 101 -> 99 is not drawn
    assert count(svg, "move") == 2 * 200 - 3 - ((200 - p) - 1)
    assert "left out: the positions beyond the first 200 reached breadth first, and 3 moves" in svg


def nim_graph(heaps: tuple[int, ...]) -> tuple[int, int, int]:
    """Positions reachable from ``heaps`` (multisets of heaps), how many are lost (xor 0), and the winning moves."""
    def key(hs):
        return tuple(sorted(h for h in hs if h))

    def xor(hs):
        x = 0
        for h in hs:
            x ^= h
        return x

    reach = {key(t) for t in itertools.product(*(range(h + 1) for h in heaps))}
    winning = 0
    for p in reach:
        options = {key(p[:i] + (k,) + p[i + 1 :]) for i, h in enumerate(p) for k in range(h)}
        winning += sum(1 for o in options if xor(p) != 0 and xor(o) == 0)
    return len(reach), sum(1 for p in reach if xor(p) == 0), winning


def test_show_nim():
    nodes, lost, winning = nim_graph((3, 4, 5))
    assert nodes <= MAX_NODES
    result = run(["show", "--rules", NIM, "-"], input="3 4 5\n")
    assert result.exit_code == 0, result.output
    svg = result.stdout
    assert (count(svg, "position"), count(svg, "p-position"), count(svg, "winning-move")) == (nodes, lost, winning)
    queries = [e.text for e in ET.fromstring(svg).iter(f"{SVG}text") if e.get("class") == "query"]
    assert queries == ["query 1: 3 4 5 = 3 (3) + 4 (4) + 5 (5); xor 2: the player to move wins"]


def test_show_misere_position():
    # 1 + 1 -> 1 -> empty: only the single heap of one is lost (its mover must take the last counter).
    result = run(["show", "--rules", MISERE_NIM, "--position", "1 1"])
    assert result.exit_code == 0, result.output
    svg = result.stdout
    drawn = (count(svg, "position"), count(svg, "p-position"), count(svg, "winning-move"), count(svg, "move"))
    assert drawn == (3, 1, 1, 1)
    assert "misère play: the player who makes the last move loses" in svg


def test_play_lists_each_move_with_the_nim_value_it_leaves():
    result = run(["play", "--rules", NIM, "--position", "3 5"], input="?\n")
    rows = result.stdout.splitlines()[2:]
    listed, valued = rows[: len(rows) // 2], rows[len(rows) // 2 :]
    assert len(listed) == 3 + 5  # a move takes 1 to n counters from one heap of n
    for line in valued:
        heaps = [int(w) for w in line.split(".", 1)[1].split("  ")[0].replace("+", " ").split() if w != "empty"]
        left = heaps[0] ^ heaps[1] if len(heaps) == 2 else (heaps[0] if heaps else 0)
        # Bouton: the mover wins by leaving xor 0.
        assert line.endswith(f"{'win' if left == 0 else 'lose'} (leaves nim value {left})"), line
    assert sum(line.split("  ")[-1].startswith("win") for line in valued) == 1  # 3 + 5: only 3 + 3 has xor 0
