"""What every kind's game shares (verify/rules/base.py): its summary and command-line name, its capabilities built
once and left out when pickled, and a differing answer explained by its query."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from gamecert.solvers.turn.value import Value
from gamecert.verify.rules.base import QueryRulesGame, RulesFileGame
from gamecert.verify.rules.load import rules_game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("example, about", [
    ("kayles.py", "impartial, normal play"),
    ("misere_nim.py", "impartial, misère play"),
    ("king_maze.py", "a token on a graph"),
    ("tic_tac_toe.py", "general"),
    ("kalah.py", "score"),
    ("cutcake.py", "partizan: canonical forms"),
])
def test_every_kind_is_a_rules_file_game(example, about):
    path = str(EXAMPLES / example)
    game = rules_game(path)
    assert isinstance(game, RulesFileGame)
    assert (game.summary, game.invocation) == (f"rules file {path} ({about})", f"--rules {path}")
    assert game.capabilities() is game.capabilities()  # built once
    assert pickle.loads(pickle.dumps(game)).__dict__["_capabilities"] is None


@pytest.mark.parametrize("example, text, fast, other, explained", [
    ("kayles.py", "3\n", ((True, 3),), ((False, 0),), "query 1 (3): lose 0, fast says win 3"),
    ("misere_nim.py", "1 2\n", ((True, None),), ((False, None),), "query 1 (1 2): lose, fast says win"),
    ("tic_tac_toe.py", "X.O/.XO/...\n", (Value("win", 1),), (Value("draw", None),),
     "query 1 (X.O/.XO/...): draw, fast says win 1"),
])
def test_a_differing_answer_is_explained_by_its_query(example, text, fast, other, explained):
    game = rules_game(str(EXAMPLES / example))
    assert isinstance(game, QueryRulesGame)
    instance = game.parse(text)
    assert game.explain(instance, fast, other) == explained
    assert game.explain(instance, fast, fast) == "answers agree"
    assert game.explain(instance, fast, ()) == "0 answers, fast has 1"
