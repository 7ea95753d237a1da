"""The partizan engine: canonical forms, sums, comparison, notation, thermographs, cooling and the solver
of rules, against known values and against a brute-force comparison on plain forms."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

from gamecert.solvers.errors import RulesError
from gamecert.solvers.partizan import (
    ZERO,
    Form,
    NotationError,
    add,
    add_all,
    canonical,
    canonical_of,
    cool,
    from_plain,
    le,
    mean,
    neg,
    notation,
    number,
    nus,
    outcome,
    parse_notation,
    partizan_game,
    plain_notation,
    stops,
    temperature,
    thermograph,
)
from gamecert.solvers.rules.rules import Limits, PartizanRules

# -- a brute-force comparison on plain forms (the definition, nothing else) ----------------


@cache
def plain_le(g: tuple, h: tuple) -> bool:
    """``g <= h`` by Conway's definition: no ``g^L >= h`` and no ``h^R <= g``."""
    return not any(plain_le(h, gl) for gl in g[0]) and not any(plain_le(hr, g) for hr in h[1])


def plain_eq(g: tuple, h: tuple) -> bool:
    return plain_le(g, h) and plain_le(h, g)


def random_forms(seed: int, count: int) -> list[Form]:
    """Small forms, mostly not canonical: options drawn from a growing pool of earlier forms."""
    rng = random.Random(seed)
    pool = [Form.of((), ())]
    while len(pool) < count:
        left = rng.sample(pool, rng.randint(0, min(3, len(pool))))
        right = rng.sample(pool, rng.randint(0, min(3, len(pool))))
        pool.append(Form.of(left, right))
        pool = pool[-40:] if len(pool) > 60 else pool
    return pool


@pytest.fixture(scope="module")
def forms() -> list[Form]:
    return random_forms(7, 60)


# -- known values ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{0|}", "1"),
        ("{|}", "0"),
        ("{|0}", "-1"),
        ("{0|0}", "*"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{0,*|0}", "^*"),
        ("{1|-1}", "+-1"),
        ("{1/2|}", "1"),
        ("{0|1}", "1/2"),
        ("{1/2|1}", "3/4"),
        ("{-3|-2}", "-5/2"),
        ("{0|2}", "1"),
        ("{-1|1}", "0"),
        ("{1|1}", "1*"),
        ("{0,*|0,*}", "*2"),
        ("{0|^*}", "^^"),
        ("{3|-1}", "{3|-1}"),
        ("{{2|1}|0}", "{2|1||0}"),
        ("{0|{0|-2}}", "Tiny(2)"),
    ],
)
def test_known_canonical_forms(text, expected):
    assert notation(parse_notation(text)) == expected


@pytest.mark.parametrize(
    ("a", "b", "total"),
    [("^", "^", "^^"), ("*", "*", "0"), ("1/2", "1/2", "1"), ("^", "v", "0"), ("*", "*2", "*3"),
     ("+-1", "+-1", "0"), ("^", "*", "^*"), ("1", "{3|-1}", "{4|0}"), ("3/4", "-1/8", "5/8")],
)
def test_sums(a, b, total):
    assert add(parse_notation(a), parse_notation(b)) is parse_notation(total)


def test_numbers_nimbers_ups_build_their_known_forms():
    assert nus(0, 0, 1).plain() == ((ZERO.plain(),), (ZERO.plain(),))
    assert nus(0, 1) is canonical([ZERO], [nus(0, 0, 1)])
    assert nus(0, 2, 1) is add(add(nus(0, 1), nus(0, 1)), nus(0, 0, 1))
    assert number(Fraction(-7, 8)) is neg(number(Fraction(7, 8)))
    assert [outcome(parse_notation(t)) for t in ("1", "-1/2", "0", "*", "^", "v*", "^*")] == list("LRPNLNN")


# -- against the brute-force comparison --------------------------------------------------------


@pytest.mark.slow
def test_le_matches_the_definition(forms):
    rng = random.Random(1)
    canon = [canonical_of(f) for f in forms]
    for _ in range(400):
        i, j = rng.randrange(len(forms)), rng.randrange(len(forms))
        want = plain_le(forms[i].plain(), forms[j].plain())
        assert le(forms[i], forms[j]) == want  # raw forms
        assert le(canon[i], canon[j]) == want  # canonical forms (numbers and stops short-cut)


def test_canonical_forms_are_equal_reduced_and_unique(forms):
    by_value: dict[int, tuple] = {}
    for f in forms:
        c = canonical_of(f)
        assert c.canonical
        assert plain_eq(c.plain(), f.plain())
        g = c.plain()
        for side, options in ((0, c.left), (1, c.right)):
            for a in options:
                for b in options:  # no dominated option
                    if a is not b:
                        assert not (plain_le(a.plain(), b.plain()) if side == 0 else plain_le(b.plain(), a.plain()))
                for back in (a.right if side == 0 else a.left):  # no reversible option
                    assert not (plain_le(back.plain(), g) if side == 0 else plain_le(g, back.plain()))
        by_value.setdefault(c.id, f.plain())
    ids = list(by_value)
    for i in ids:  # distinct canonical forms are distinct games
        for j in ids:
            if i < j:
                assert not plain_eq(by_value[i], by_value[j])


def test_sums_and_negatives_match_the_definition(forms):
    rng = random.Random(2)
    canon = [canonical_of(f) for f in forms[:30]]
    for _ in range(40):
        g, h = rng.choice(canon), rng.choice(canon)
        s = add(g, h)
        # g + h - s is a second-player win: s is the sum, checked through the definition of le on sums.
        literal = _plain_sum(g.plain(), h.plain())
        assert plain_eq(s.plain(), literal)
        assert plain_eq(neg(g).plain(), _plain_neg(g.plain()))
    assert add_all(canon[:5]) is add(add(add(add(canon[0], canon[1]), canon[2]), canon[3]), canon[4])


@pytest.mark.parametrize("seed", range(3))
def test_games_near_numbers_reduce_to_their_definition(seed):
    # Options that are numbers, numbers plus infinitesimals and small switches, whose stops often meet: the
    # canonical form (a number found from the stops, or the full reduction) equals the game as written.
    rng = random.Random(seed)
    values = [Fraction(n, 4) for n in range(-6, 7)]
    pool = [nus(x, u, k) for x in values for u, k in ((0, 0), (0, 1), (1, 0), (-1, 0), (1, 1), (0, 2))]
    pool += [canonical([number(x)], [number(y)]) for x in values[::3] for y in values[::3] if x >= y]
    fine = [1 + Fraction(k, 2**54) for k in (-1, 1, 3)]  # stops no float holds exactly: read as fractions
    fine = [nus(x, u, k) for x in fine for u, k in ((0, 0), (0, 1), (1, 0), (-1, 0))]
    for i in range(160):
        drawn = fine if i % 4 == 0 else pool + fine
        left = rng.sample(drawn, rng.randint(0, 3))
        right = rng.sample(drawn, rng.randint(0, 3))
        c = canonical(left, right)
        assert c.canonical
        assert plain_eq(c.plain(), Form.of(left, right).plain())


@cache
def _plain_sum(g: tuple, h: tuple) -> tuple:
    return (
        tuple(_plain_sum(gl, h) for gl in g[0]) + tuple(_plain_sum(g, hl) for hl in h[0]),
        tuple(_plain_sum(gr, h) for gr in g[1]) + tuple(_plain_sum(g, hr) for hr in h[1]),
    )


@cache
def _plain_neg(g: tuple) -> tuple:
    return tuple(_plain_neg(r) for r in g[1]), tuple(_plain_neg(lo) for lo in g[0])


# -- notation -------------------------------------------------------------------------------


def test_a_lone_option_written_with_bars_keeps_its_commas():
    # {0 || {0, {0|-2} | -2}}: the Right option is written unbraced, its own Left options after a comma.
    inner = canonical([ZERO, canonical([ZERO], [number(-2)])], [number(-2)])
    g = canonical([ZERO], [inner])
    assert notation(g) == "{0||0,{0|-2}|-2}"
    assert parse_notation("{0||0,{0|-2}|-2}") is g


@pytest.mark.slow
def test_notation_round_trips_on_domineering_values():
    rng = random.Random(3)
    boards = [board(rows, 4, {(rng.randrange(rows), rng.randrange(4)) for _ in range(2)}) for rows in (3, 4) * 6]
    values = partizan_game(_domineering(True), boards).values
    assert len({v.id for v in values}) > 5
    for v in values:
        assert parse_notation(notation(v)) is v and parse_notation(plain_notation(v)) is v


def test_notation_round_trips(forms):
    extra = [nus(Fraction(3, 2), -3, 2), nus(0, 4, 0), parse_notation("+-(1*)"), parse_notation("1Tiny(2)"),
             parse_notation("Miny(1)"), parse_notation("+-{2|1}"), parse_notation("{2|1||0|-1}")]
    for f in [canonical_of(f) for f in forms] + extra:
        assert parse_notation(notation(f)) is f
        assert parse_notation(plain_notation(f)) is f
        assert from_plain(f.plain()) is f
        assert set(plain_notation(f)) <= set("0123456789-/{}|,")


@pytest.mark.parametrize(
    ("text", "column"),
    [("{0|", 1), ("{0}", 1), ("1/3", 1), ("{0|1|2}", 5), ("^^x", 3), ("", 1), ("{0,|}", 3), ("{,0|}", 2)],
)
def test_notation_errors_name_a_column(text, column):
    with pytest.raises(NotationError) as caught:
        parse_notation(text)
    assert caught.value.column == column


# -- thermographs, temperature, cooling ---------------------------------------------------------


def test_switch_mean_temperature_thermograph_and_cooling():
    g = parse_notation("{3|-1}")
    assert (mean(g), temperature(g), stops(g)) == (1, 2, (3, -1))
    th = thermograph(g)
    assert th.left == ((-1, 4), (2, 1)) and th.right == ((-1, -2), (2, 1))
    assert notation(cool(g, 1)) == "{2|0}" and notation(cool(g, 2)) == "1*" and cool(g, 3) is number(1)
    assert cool(number(3), -1) is number(3) and cool(parse_notation("*"), 0) is parse_notation("*")
    assert cool(parse_notation("3/4"), Fraction(-1, 8)) is parse_notation("3/4")
    assert notation(cool(parse_notation("3/4"), Fraction(-1, 2))) == "{1*|1/2}"


def test_temperatures_of_numbers_and_infinitesimals():
    assert [temperature(parse_notation(t)) for t in ("5", "-3/8", "*", "^", "+-1")] == [-1, Fraction(-1, 8), 0, 0, 1]
    # {2|1||0}: the Left scaffold is {2|1}'s right wall (1 + t up to its mast 3/2 at t = 1/2) tilted by -t,
    # the Right scaffold 0 tilted by +t; they meet at t = 3/4.
    g = parse_notation("{2|1||0}")
    assert (mean(g), temperature(g)) == (Fraction(3, 4), Fraction(3, 4))
    assert thermograph(g).left == ((-1, 1), (Fraction(1, 2), 1), (Fraction(3, 4), Fraction(3, 4)))
    assert thermograph(g).right == ((-1, -1), (Fraction(3, 4), Fraction(3, 4)))


# -- the solver on rules ----------------------------------------------------------------------------


def _domineering(split: bool) -> PartizanRules:
    """Domineering on a set of cells: Left places vertical dominoes, Right horizontal ones."""

    def left(cells):
        return [cells - {(r, c), (r + 1, c)} for r, c in cells if (r + 1, c) in cells]

    def right(cells):
        return [cells - {(r, c), (r, c + 1)} for r, c in cells if (r, c + 1) in cells]

    def components(cells):
        rest, out = set(cells), []
        while rest:
            todo = [rest.pop()]
            region = set(todo)
            while todo:
                r, c = todo.pop()
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n in rest:
                        rest.remove(n)
                        region.add(n)
                        todo.append(n)
            out.append(frozenset(region))
        return out

    return PartizanRules("domineering", "domineering.py", str, left, right, components if split else None)


def board(rows: int, cols: int, holes=()) -> frozenset:
    return frozenset((r, c) for r in range(rows) for c in range(cols)) - set(holes)


@pytest.mark.slow
def test_small_domineering_values():
    rules = _domineering(True)
    boards = [board(2, 1), board(1, 2), board(3, 1), board(4, 1), board(2, 2), board(3, 3)]
    got = [notation(v) for v in partizan_game(rules, boards).values]
    assert got == ["1", "-1", "1", "2", "+-1", "+-1"]


def test_domineering_regions_add_up_to_the_whole_board():
    split, whole = _domineering(True), _domineering(False)
    boards = [board(3, 3, {(1, 1)}), board(2, 4, {(0, 1)}), board(2, 5, {(0, 2), (1, 2)})]
    a, b = partizan_game(split, boards), partizan_game(whole, boards)
    assert a.values == b.values and a.outcomes == b.outcomes
    assert len(a.parts[0]) == 1 and len(a.parts[2]) == 2
    for q, parts, value in zip(a.queries, a.parts, a.values):
        assert add_all(a.forms[p] for p in parts) is value


def test_deep_games_stay_off_the_python_stack():
    # A counter: Left and Right each take 1; its value alternates between 0 and *. Deeper than Python's
    # recursion limit (1000).
    rules = PartizanRules("counter", "counter.py", int, lambda n: [n - 1] if n else [], lambda n: [n - 1] if n else [])
    solution = partizan_game(rules, [1500, 1499])
    assert [notation(v) for v in solution.values] == ["0", "*"]
    left_only = PartizanRules("run", "run.py", int, lambda n: [n - 1] if n else [], lambda n: [])
    assert partizan_game(left_only, [1500]).values[0] is number(1500)


def test_loops_and_unhashable_positions_are_bad_rules():
    loop = PartizanRules("loop", "loop.py", int, lambda n: [(n + 1) % 3], lambda n: [])
    with pytest.raises(RulesError, match=r"a loop: 0 -> 1 -> 2 -> 0"):
        partizan_game(loop, [0])
    unhashable = PartizanRules("bad", "bad.py", int, lambda n: [[n]], lambda n: [])
    with pytest.raises(RulesError, match="unhashable position"):
        partizan_game(unhashable, [0])
    big = PartizanRules("big", "big.py", int, lambda n: [n - 1] if n else [], lambda n: [])
    with pytest.raises(RulesError, match="more than 10 positions"):
        partizan_game(big, [50], Limits(max_positions=10))


def test_what_the_rules_raise_is_theirs_and_what_the_engine_raises_is_not(monkeypatch):
    def left(n):
        raise ValueError("no such move")

    raising = PartizanRules("raising", "raising.py", int, left, lambda n: [])
    with pytest.raises(RulesError, match=r"left\(3\) raised ValueError: no such move"):
        partizan_game(raising, [3])
    from gamecert.solvers.partizan import solver

    def broken(lefts, rights):
        raise ZeroDivisionError("engine fault")

    monkeypatch.setattr(solver, "canonical", broken)
    fine = PartizanRules("fine", "fine.py", int, lambda n: [], lambda n: [])
    with pytest.raises(ZeroDivisionError):
        partizan_game(fine, [0])
