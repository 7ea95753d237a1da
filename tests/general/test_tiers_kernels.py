"""The tiered solve's fast kernels against their plain formulations: the labels of a shard whose moves all
leave it (one vectorized pass) against the retrograde's queue, and the check of coded labels against the
check of entries, on random shards and random corrupted labels."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gamecert.solvers.general import tiers as general_tiers
from gamecert.solvers.general.tiers import DRAW, LOSE, WIN, _from_children, retrograde, values
from gamecert.solvers.rules.rules import GeneralRules
from gamecert.solvers.turn.value import Value
from gamecert.verify.general.certificate import check_codes, check_entries, code_value
from gamecert.verify.general.tiers import GENERAL


def random_shard(rng: random.Random) -> tuple[list, np.ndarray, np.ndarray | None, np.ndarray, np.ndarray]:
    """``n`` positions whose moves all reach labelled positions: ends, heads, extra moves, the children's labels."""
    n = rng.randint(1, 8)
    ends = [rng.choice((None, None, None, "win", "lose", "draw")) for _ in range(n)]
    heads = np.concatenate([[0], np.cumsum([0 if e else rng.randint(0, 4) for e in ends])]).astype(np.int64)
    m = int(heads[-1])
    outcome = np.array([rng.choice((WIN, LOSE, DRAW)) for _ in range(m)], dtype=np.int8)
    remoteness = np.array([-1 if o == DRAW else rng.randint(0, 5) for o in outcome], dtype=np.int64)
    extra = np.array([rng.random() < 0.3 for _ in range(m)]) if rng.random() < 0.5 else None
    return ends, heads, extra, outcome, remoteness


def test_labels_from_children_equal_the_queue(monkeypatch):
    rng = random.Random(37)
    for _ in range(500):
        ends, heads, extra, outcome, remoteness = random_shard(rng)
        fast = _from_children(ends, heads, extra, outcome, remoteness)
        # The queue itself: retrograde told that some move stays inside (none does).
        with monkeypatch.context() as m:
            m.setattr(general_tiers.np, "any", lambda _: True)
            queued = retrograde(ends, heads, np.full(len(outcome), -1), extra, outcome, remoteness)
        assert fast[0].tolist() == queued[0].tolist() and fast[1].tolist() == queued[1].tolist()


def random_game(rng: random.Random, n: int = 10) -> GeneralRules:
    """A general game on ``0 .. n-1``: moves to later positions, random results and (half the time) players."""
    moves = {p: [rng.randrange(p + 1, n) for _ in range(rng.choice((0, 1, 2, 3)))] if p < n - 1 else [] for p in range(n)}
    ends = {p: rng.choice((None, None, None, "win", "lose", "draw")) for p in range(n)}
    side = {p: rng.choice("ab") for p in range(n)}
    return GeneralRules("r", "r.py", int, moves.__getitem__, result=ends.__getitem__,
                        player=side.__getitem__ if rng.random() < 0.5 else None)


@pytest.mark.parametrize("seed", range(40))
def test_the_coded_check_finds_what_the_entry_check_finds(seed):
    rng = random.Random(seed)
    rules = random_game(rng)
    from gamecert.solvers.general.solver import general_game

    solved = general_game(rules, tuple(range(10)))
    entries = dict(solved.table.items())
    refused = 0
    for _ in range(20):
        table = dict(entries)
        for p in rng.sample(sorted(table), rng.randint(0, 3)):
            table[p] = rng.choice((Value("win", rng.randint(0, 4)), Value("lose", rng.randint(0, 4)), Value("draw", None)))
        if rng.random() < 0.2:
            del table[rng.choice(sorted(table))]
        codes = {p: (DRAW if v.outcome == "draw" else v.number << 2 | (WIN if v.outcome == "win" else LOSE))
                 for p, v in table.items()}
        assert {p: code_value(c) for p, c in codes.items()} == table
        checked = [p for p in range(10) if p in table]
        bad = check_codes(rules, codes, checked)
        assert bad == check_entries(rules, table, checked)
        refused += bool(bad)
    assert refused  # some corruption was caught


def test_coded_labels_read_back_as_the_entries():
    outcome = np.array([WIN, LOSE, DRAW, LOSE], dtype=np.int8)
    remoteness = np.array([3, 0, -1, 12])
    assert [code_value(c) for c in GENERAL.coded(outcome, remoteness)] == values(outcome, remoteness)


def test_a_code_of_no_label_is_a_violation_worded_by_the_entry_check():
    walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [])
    assert check_codes(walk, {1: 4 | WIN, 0: 7}, [1, 0]) == [
        "1: the move to 0 has the entry Value(outcome='code 7', number=None), not win N, lose N or draw",
        "0: the entry Value(outcome='code 7', number=None) is not win N, lose N or draw",
    ]


def test_codes_of_no_label_are_checked_as_entries():
    walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [])
    for wrong in (1 << 70, "lose 0", -2, 4 | DRAW):
        assert check_codes(walk, {1: 4 | WIN, 0: wrong}, [1, 0]) == check_entries(walk, {1: Value("win", 1), 0: code_value(wrong)}, [1, 0])
        assert len(check_codes(walk, {1: 4 | WIN, 0: wrong}, [1, 0])) == 2
