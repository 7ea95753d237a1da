"""The partizan examples in examples/ through ``gamecert solve --rules``, exact output, and ``format`` read back.

Expected outputs are those of cases/partizan/, where the engine, its certificate and the formulations
conway, general and pycgt agree; Cutcake's by Winning Ways' formula, Hackenbush strings' by the sign-expansion
rule, Domineering's by CGSuite-confirmed values (tests/partizan/test_published.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gamecert.verify.rules.load import load_rules
from tests.support import run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PARTIZAN = sorted(p.name for p in EXAMPLES.glob("*.py") if load_rules(str(p)).kind == "partizan")

CASES = [
    ("domineering_partizan.py", "2x2\n2x3\n2x2 2x2\n", "+-1 N\n{2|-1/2} N\n0 P\n"),
    ("cutcake.py", "4x2\n3x5\n2x2 4x1 1x3\n", "1 L\n-1 R\n1 L\n"),
    ("hackenbush.py", "BRR\nBBRB\nBR RB\n", "1/4 L\n7/4 L\n0 P\n"),
    ("toads_and_frogs.py", "TT.FF\nT..TF\n", "* N\n1 L\n"),
    ("clobber.py", "xoo\nxo.xoo\n", "v R\nv* N\n"),
    ("col.py", "2 1-2\n3\n", "0 P\n* N\n"),
    ("snort.py", "2 1-2\n3 1-2 2-3\n", "+-1 N\n+-2 N\n"),
    ("konane.py", ".ox./xoo.\n..../oox./..ox\nxo..ox\n", "* N\nv R\n2 L\n"),
]


@pytest.mark.parametrize(("example", "text", "expected"), CASES)
def test_every_partizan_example_solves_through_the_cli(example, text, expected):
    result = run(["solve", "--rules", str(EXAMPLES / example), "-"], input=text)
    assert (result.exit_code, result.stdout) == (0, expected), result.output


def test_every_partizan_example_file_is_tested():
    assert sorted(example for example, _, _ in CASES) == PARTIZAN


@pytest.mark.parametrize("example", PARTIZAN)
def test_format_writes_what_parse_reads(example):
    rules = load_rules(str(EXAMPLES / example))
    assert rules.positions is not None and rules.format is not None
    for size in range(6):
        for position in rules.positions(size):
            assert rules.parse(rules.format(position)) == position
            for moved in (*rules.left(position), *rules.right(position)):
                assert rules.parse(rules.format(moved)) == moved


def test_konane_parts_that_never_meet_add_up_to_the_board():
    # Splitting a board by its stones' reach (components) must not change any value: random small boards solved
    # with and without the split give the same canonical forms.
    import dataclasses
    import random

    from gamecert.solvers.partizan.solver import partizan_game

    rules = load_rules(str(EXAMPLES / "konane.py"))
    whole = dataclasses.replace(rules, components=None)
    rng = random.Random(3)
    boards = ["/".join("".join(rng.choice("xxoo..") for _ in range(w)) for _ in range(h))
              for h, w in (rng.choice([(1, 6), (2, 4), (3, 3), (2, 5)]) for _ in range(120))]
    queries = [rules.parse(b) for b in boards]
    split, together = partizan_game(rules, queries), partizan_game(whole, queries)
    assert [v.id for v in split.values] == [v.id for v in together.values]
    assert sum(len(p) != 1 for p in split.parts) >= 10  # boards that did fall apart (or were dead)
