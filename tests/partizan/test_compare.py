"""The plain comparison (verify/partizan/compare.py) and the difference search (difference.py).

Expected answers are worked by hand from Conway's definitions (each stated beside it), and the plain
order is checked against the engine's on random forms: two implementations that share no code.
"""

from __future__ import annotations

import random

import pytest

from gamecert.solvers.errors import RulesError
from gamecert.solvers.partizan.engine import le as engine_le
from gamecert.solvers.partizan.form import Form
from gamecert.solvers.rules.rules import PartizanRules
from gamecert.verify.partizan.compare import ZERO, Forms, is_canonical, le
from gamecert.verify.partizan.difference import second_player_wins

ONE = ((ZERO,), ())
MINUS_ONE = ((), (ZERO,))
STAR = ((ZERO,), (ZERO,))
HALF = ((ZERO,), (ONE,))
UP = ((ZERO,), (STAR,))


@pytest.mark.parametrize(
    ("g", "h", "expected"),
    [
        (ZERO, ZERO, True),
        (ZERO, ONE, True),
        (ONE, ZERO, False),
        (STAR, ZERO, False),  # * is fuzzy with 0
        (ZERO, STAR, False),
        (HALF, ONE, True),
        (ONE, HALF, False),
        (ZERO, UP, True),  # ^ > 0
        (UP, ZERO, False),
        (UP, HALF, True),  # ^ is infinitesimal
        (((MINUS_ONE,), ()), ZERO, True),  # {-1|} = 0
        (ZERO, ((MINUS_ONE,), ()), True),
    ],
)
def test_le_by_hand(g, h, expected):
    assert le(g, h) is expected


def random_form(rng: random.Random, depth: int) -> tuple:
    if depth == 0:
        return ZERO
    return (
        tuple(random_form(rng, rng.randint(0, depth - 1)) for _ in range(rng.randint(0, 2))),
        tuple(random_form(rng, rng.randint(0, depth - 1)) for _ in range(rng.randint(0, 2))),
    )


def test_le_agrees_with_the_engine_on_random_forms():
    rng = random.Random(7)
    pool = Forms()
    for _ in range(300):
        g, h = random_form(rng, 4), random_form(rng, 4)
        from gamecert.solvers.partizan.form import from_plain

        assert pool.le(pool.add(g), pool.add(h)) == engine_le(from_plain(g), from_plain(h)), (g, h)


def test_simplify_gives_the_engine_canonical_form_on_random_forms():
    from gamecert.solvers.partizan.engine import canonical_of
    from gamecert.solvers.partizan.form import from_plain

    rng = random.Random(11)
    for _ in range(150):
        plain = random_form(rng, 4)
        pool = Forms()
        ids = {}
        # Bottom-up: each node simplified from its simplified options.
        order = pool.subforms(pool.add(plain))
        for x in order:
            ids[x] = pool.simplify([ids[o] for o in pool.lefts[x]], [ids[o] for o in pool.rights[x]])
        mine = ids[order[-1]]
        theirs = pool.add(canonical_of(from_plain(plain)).plain())
        assert mine == theirs, plain
        assert pool.violations(mine) == []


def test_plain_sums_are_the_engine_sums_on_random_forms():
    from gamecert.solvers.partizan.engine import add, canonical_of
    from gamecert.solvers.partizan.form import from_plain

    rng = random.Random(13)
    pool = Forms()
    for _ in range(120):
        parts = [canonical_of(from_plain(random_form(rng, 3))) for _ in range(rng.randint(0, 3))]
        mine = pool.sum([pool.add(f.plain()) for f in parts])
        total = canonical_of(from_plain(ZERO))
        for f in parts:
            total = add(total, f)
        assert mine == pool.add(total.plain()), [f.plain() for f in parts]
        assert pool.violations(mine) == []


def test_dominates_says_equal_only_of_equal_forms_and_finds_added_dominated_options():
    # G with extra options that G's own options dominate is G; any True answer must be an equality by the order.
    rng = random.Random(17)
    pool = Forms()
    found = 0
    for _ in range(300):
        g, extra = pool.add(random_form(rng, 3)), [pool.add(random_form(rng, 3)) for _ in range(2)]
        lefts = [*pool.lefts[g], *(a for a in extra if any(pool.le(a, x) for x in pool.lefts[g]))]
        rights = [*pool.rights[g], *(b for b in extra if any(pool.le(x, b) for x in pool.rights[g]))]
        assert pool.dominates(g, lefts, rights)
        found += len(lefts) + len(rights) > len(pool.lefts[g]) + len(pool.rights[g])
        lefts, rights = [*lefts, *extra], rights
        h = pool.make(lefts, rights)
        if pool.dominates(g, lefts, rights):
            assert pool.equal(g, h), (pool.write(g), pool.write(h))
    assert found > 20


def test_violations_name_dominated_and_reversible_options():
    assert is_canonical(((ZERO, ONE), ())) == ["the form {0,1|}: the Left option 0 is dominated by 1"]
    assert is_canonical(((), (ZERO, ONE))) == [  # {|0,1} = -1, and 1's Left option 0 is >= -1
        "the form {|0,1}: the Right option 1 is dominated by 0",
        "the form {|0,1}: the Right option 1 is reversible through 0",
    ]
    # {^|} : ^'s Right option * is <= {^|}? {^|} = 1 > *, so ^ reverses through *, to *'s Left option 0.
    assert is_canonical(((UP,), ())) == ["the form {{0|{0|0}}|}: the Left option {0|{0|0}} is reversible through {0|0}"]
    assert is_canonical(HALF) == [] and is_canonical(UP) == []


def test_a_form_with_a_subposition_violation_names_it():
    assert is_canonical(((((ZERO, ONE), ()),), ())) == [
        "the form's subposition {0,1|}: the Left option 0 is dominated by 1",
    ]


WALK = PartizanRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], lambda n: [])  # n is the integer n


def test_difference_search_proves_refutes_and_stops():
    two = ((ONE,), ())
    assert second_player_wins(WALK, [2], minus=[two]).proved
    refuted = second_player_wins(WALK, [2], minus=[ONE])
    assert (refuted.verdict, refuted.winner) == ("refuted", "Left")
    assert second_player_wins(WALK, [1, 1], minus=[two]).proved  # a sum of rules positions
    assert second_player_wins(WALK, [], plus=[ONE, ONE], minus=[two]).proved  # forms only
    twenty = ZERO
    for _ in range(20):
        twenty = ((twenty,), ())
    assert second_player_wins(WALK, [20], minus=[twenty]).proved
    big = second_player_wins(WALK, [20], minus=[twenty], cap=10)
    assert big.verdict == "too large"
    assert big.line() == "not decided: the difference game has more than 10 positions (the search stopped there)"


def test_difference_search_refuses_a_loop():
    loop = PartizanRules("loop", "loop.py", int, lambda n: [1 - n], lambda n: [1 - n])
    with pytest.raises(RulesError, match="a loop in the difference game"):
        second_player_wins(loop, [0], minus=[ZERO])


def test_hash_consed_engine_forms_read_as_plain_dags():
    zero = Form.of((), ())
    one = Form.of((zero,), ())
    pool = Forms()
    assert pool.add(Form.of((one, zero), (one,)).plain()) == pool.make([pool.add(ONE), pool.zero], [pool.add(ONE)])
