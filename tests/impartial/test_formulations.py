"""The independent formulations of impartial rules games: retrograde, SAT, ILP (CP-SAT), whole-sum search.

Expected answers come from outside gamecert: Nim's xor rule and misère Nim's rule (Bouton, "Nim, a
game with a complete mathematical theory", Ann. of Math. 3, 1901), Kayles' values from OEIS A002186,
and small misère Kayles positions worked by hand in the comments. Random acyclic games check that
every formulation gives the fast solver's answer and that the fast solver's certificate holds.
"""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import ImpartialRules, Limits
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.engine.crosscheck import too_slow
from gamecert.verify.impartial import ilp, sat, search
from gamecert.verify.impartial.certificate import check_impartial
from gamecert.verify.impartial.formulations import impartial_formulations
from gamecert.verify.impartial.game import ImpartialRulesGame
from gamecert.verify.rules.load import load_rules

NAMES = ["retrograde", "sat", "ilp", "search"]


def formulation(rules: ImpartialRules, name: str):
    game = ImpartialRulesGame(rules, Limits())
    (found,) = [f for f in impartial_formulations(game) if f.name == name]
    return found


def answers(rules: ImpartialRules, name: str, queries: list):
    f = formulation(rules, name)
    assert f.fits(queries) is None
    return f.run(queries)


# -- games written here --------------------------------------------------------------------------


def heaps(p):
    """A Nim position: an int is one heap, a tuple a sum of heaps."""
    return p if isinstance(p, tuple) else (p,)


def nim_moves(n):
    return range(n)


def kayles_moves(n):
    # Knock down one pin or two adjacent pins of a row of n: two rows are left.
    return [(left, n - take - left) for take in (1, 2) for left in range(n - take + 1)]


def kayles_components(p):
    return [k for k in heaps(p) if k > 0]


def whole_nim_moves(p):
    # Nim without components: a position is the sorted tuple of its heaps.
    out = []
    for i, n in enumerate(p):
        rest = p[:i] + p[i + 1 :]
        out += [tuple(sorted(rest + (k,))) for k in range(n)]
    return out


NIM = ImpartialRules("nim", "nim.py", int, nim_moves, heaps)
KAYLES = ImpartialRules("kayles", "kayles.py", int, kayles_moves, kayles_components)
MISERE_KAYLES = ImpartialRules("misere-kayles", "mk.py", int, kayles_moves, kayles_components, misere=True)
MISERE_NIM = ImpartialRules("misere-nim", "mn.py", int, nim_moves, heaps, misere=True)
MISERE_WHOLE_NIM = ImpartialRules("misere-whole-nim", "mwn.py", int, whole_nim_moves, misere=True)

#: OEIS A002186, Kayles, a(0..12).
KAYLES_VALUES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]


def bouton_misere_wins(hs: tuple[int, ...]) -> bool:
    """Misère Nim (Bouton 1901): the player to move loses iff all heaps are at most 1 and their number is
    odd, or some heap is 2 or more and the xor is 0."""
    x = 0
    for h in hs:
        x ^= h
    if all(h <= 1 for h in hs):
        return sum(hs) % 2 == 0
    return x != 0


@pytest.mark.parametrize("name", NAMES)
def test_nim_values_are_the_xor_of_the_heaps(name):
    queries = [(), (7,), (1, 2), (3, 5, 6), (2, 3, 4), (4, 4)]
    # 1^2 = 3; 3^5^6 = 0; 2^3^4 = 5; 4^4 = 0.
    assert answers(NIM, name, queries) == ((False, 0), (True, 7), (True, 3), (False, 0), (True, 5), (False, 0))


@pytest.mark.parametrize("name", NAMES)
def test_kayles_values_are_the_published_ones(name):
    queries = list(range(len(KAYLES_VALUES)))
    assert answers(KAYLES, name, queries) == tuple((v != 0, v) for v in KAYLES_VALUES)


@pytest.mark.parametrize("name", NAMES)
def test_kayles_sums_xor_the_published_values(name):
    # K3 + K4 = 3 ^ 1; K1 + K1 = 0; K2 + K5 + K6 = 2 ^ 4 ^ 3; K7 + K8 = 2 ^ 1.
    assert answers(KAYLES, name, [(3, 4), (1, 1), (2, 5, 6), (7, 8)]) == ((True, 2), (False, 0), (True, 5), (True, 3))


@pytest.mark.parametrize("name", NAMES)
def test_misere_kayles_small_rows_worked_by_hand(name):
    # Misère: the player with no move wins. (): no move, win. (1): the only move leaves (), which
    # the opponent wins: lose. (2): take one pin, leaving (1), lost for the opponent: win.
    # (1, 1): take one, leaving (1): win. (1, 1, 1): every move leaves (1, 1), won by the
    # opponent: lose. (3): take two end pins, leaving (1): win. (2, 2): every move leaves (2)
    # or (1, 2), and from (1, 2) taking the row of two leaves (1): both won by the opponent: lose.
    queries = [(), (1,), (2,), (1, 1), (1, 1, 1), (3,), (2, 2)]
    assert answers(MISERE_KAYLES, name, queries) == tuple(
        (w, None) for w in (True, False, True, True, False, True, False)
    )


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("rules", [MISERE_NIM, MISERE_WHOLE_NIM], ids=["components", "whole"])
def test_misere_nim_follows_boutons_rule(name, rules):
    queries = [(), (1,), (1, 1), (1, 1, 1), (2, 2), (3,), (1, 2, 3), (1, 1, 2), (2, 3), (1, 4, 5)]
    assert answers(rules, name, queries) == tuple((bouton_misere_wins(q), None) for q in queries)


@pytest.mark.parametrize("name", NAMES)
def test_no_query_gives_no_answer(name):
    assert answers(KAYLES, name, []) == ()


def test_the_formulations_come_in_order_and_show_their_game():
    fs = impartial_formulations(ImpartialRulesGame(KAYLES, Limits()))
    assert [f.name for f in fs] == NAMES
    assert repr(fs[1]) == "<ImpartialSatFormulation of 'kayles'>"


# -- where they fit ------------------------------------------------------------------------------


def test_retrograde_and_search_always_fit():
    for name in ("retrograde", "search"):
        assert formulation(KAYLES, name).fits([500]) is None


def test_sat_and_ilp_predict_their_time_from_the_size_of_the_whole_sum():
    # Nim 20 + 20 + 20: its whole sums are the C(23, 3) = 1,771 multisets {a, b, c} of three heaps of 0..20,
    # each with d distinct moves; the root has 20 distinct moves, so SAT puts heaps 0..20 beside every whole
    # sum: a clause per position and per move of G + *h, a move in G (heap kept) or to a smaller heap.
    # The ILP's terms: (d + 1)^2 per whole sum. Both counted here independently of the listing.
    sums = moves = terms = 0
    for a in range(21):
        for b in range(a, 21):
            for c in range(b, 21):
                d = len(
                    {
                        tuple(sorted(m))
                        for i, h in enumerate((a, b, c))
                        for k in range(h)
                        for m in [[k if j == i else x for j, x in enumerate((a, b, c))]]
                    }
                )
                sums, moves, terms = sums + 1, moves + d, terms + (d + 1) ** 2
    assert sums == 1_771
    clauses = sums * 21 + moves * 21 + sums * (20 * 21 // 2)
    assert formulation(NIM, "sat").predict([(20, 20, 20)]) == pytest.approx(sat.RATE.seconds(clauses))
    assert formulation(NIM, "ilp").predict([(20, 20, 20)]) == pytest.approx(ilp.RATE.seconds(terms))
    # They fit: a size is a time, which check compares with its time limit (too_slow).
    assert formulation(NIM, "sat").fits([(20, 20, 20)]) is None
    assert too_slow(formulation(NIM, "sat"), [(20, 20, 20)], 1e-3).startswith("predicted ")
    assert too_slow(formulation(NIM, "sat"), [(20, 20, 20)], 1e6) is None


@pytest.mark.parametrize("name", ["sat", "ilp"])
def test_the_listing_stops_at_max_positions(name):
    f = formulation(MISERE_NIM, name)
    f.game.limits = Limits(max_positions=10)
    # Misère Nim 3 + 3 has C(5, 2) = 10 whole sums, 4 + 4 has C(6, 2) = 15.
    assert f.fits([(3, 3)]) is None
    assert f.fits([(4, 4)]) == "more than 10 whole-sum positions (--max-positions)"
    assert f.predict([(4, 4)]) is None


@pytest.mark.parametrize("name", ["sat", "ilp"])
def test_run_after_fits_reads_the_same_listing_and_refuses_what_does_not_fit(name):
    f = formulation(MISERE_NIM, name)
    f.game.limits = Limits(max_positions=10)
    queries = [(4, 4)]
    assert f.fits(queries) is not None
    listed = f.graph(queries)
    with pytest.raises(TimeLimitError, match=r"\(--max-positions\)"):
        f.run(queries)
    assert f.graph(queries) is listed


def test_search_gives_up_past_its_budget(monkeypatch):
    monkeypatch.setattr(search, "SEARCH_MAX_POSITIONS", 50)
    with pytest.raises(TimeLimitError, match=r"^more than 50 positions searched \(search limit\)$"):
        formulation(KAYLES, "search").run([12])
    f = formulation(KAYLES, "search")
    f.game.limits = Limits(max_positions=20)
    with pytest.raises(TimeLimitError, match=r"^more than 20 positions searched \(--max-positions\)$"):
        f.run([12])


def test_retrograde_gives_up_past_max_positions():
    f = formulation(KAYLES, "retrograde")
    f.game.limits = Limits(max_positions=5)
    with pytest.raises(TimeLimitError, match="more than 5 component positions"):
        f.run([12])


# -- bad rules are RulesErrors -------------------------------------------------------------------


def rules_file(tmp_path, body: str) -> ImpartialRules:
    path = tmp_path / "bad.py"
    path.write_text(textwrap.dedent(body))
    rules = load_rules(str(path))
    assert isinstance(rules, ImpartialRules)
    return rules


@pytest.mark.parametrize("name", NAMES)
def test_a_loop_is_reported_with_its_cycle(tmp_path, name):
    rules = rules_file(
        tmp_path,
        """\
        def parse(line):
            return int(line)

        def moves(n):
            return [(n + 1) % 3] if n < 3 else [0]
        """,
    )
    with pytest.raises(RulesError) as info:
        formulation(rules, name).run([5])
    message = str(info.value)
    assert message.startswith(f"{rules.path}:4:1: moves(")
    assert "a loop: " in message and "position is reachable from itself" in message
    assert any(cycle in message for cycle in ("0 -> 1 -> 2 -> 0", "1 -> 2 -> 0 -> 1", "2 -> 0 -> 1 -> 2"))


@pytest.mark.parametrize("name", NAMES)
def test_an_exception_in_the_rules_is_located_there(tmp_path, name):
    rules = rules_file(
        tmp_path,
        """\
        def parse(line):
            return int(line)

        def moves(n):
            if n == 2:
                raise ValueError("two")
            return range(n)
        """,
    )
    with pytest.raises(RulesError) as info:
        formulation(rules, name).run([4])
    assert str(info.value) == f"{rules.path}:6:9: moves(2) raised ValueError: two"
    assert "raise ValueError" in info.value.detail


def test_a_call_past_the_time_limit_is_stopped(tmp_path):
    # Every formulation reads the rules through the same guarded calls; one is enough here.
    rules = rules_file(
        tmp_path,
        """\
        def parse(line):
            return int(line)

        def moves(n):
            while n == 3:
                pass
            return range(n)
        """,
    )
    game = ImpartialRulesGame(rules, Limits(time_limit=0.3))
    (f,) = [f for f in impartial_formulations(game) if f.name == "search"]
    with pytest.raises(RulesError) as info:
        f.run([5])
    assert str(info.value) == f"{rules.path}:4:1: moves(3): still running after --time-limit 0.3 s"


@pytest.mark.parametrize("name", NAMES)
def test_an_unhashable_move_is_a_rules_error(tmp_path, name):
    rules = rules_file(
        tmp_path,
        """\
        def parse(line):
            return int(line)

        def moves(n):
            return [[n - 1]] if n else []
        """,
    )
    with pytest.raises(RulesError, match=r"moves\(2\): returned the unhashable position \[1\] \(list\)"):
        formulation(rules, name).run([2])


@pytest.mark.parametrize("name", NAMES)
def test_moves_that_are_no_iterable_are_a_rules_error(tmp_path, name):
    rules = rules_file(
        tmp_path,
        """\
        def parse(line):
            return int(line)

        def moves(n):
            return n - 1
        """,
    )
    with pytest.raises(RulesError, match=r"moves\(2\): returned 1, expected an iterable of positions"):
        formulation(rules, name).run([2])


# -- random acyclic games ------------------------------------------------------------------------


@st.composite
def acyclic_games(draw):
    """A random game on positions 0..n-1, every move to smaller numbers: acyclic by construction.

    With components, a move leads to a sum of 0 to 2 smaller positions and a query is a tuple of
    positions; without, a move leads to one smaller position and a query is one position.
    """
    n = draw(st.integers(1, 9))
    split = draw(st.booleans())
    misere = draw(st.booleans())
    if split:
        part = lambda i: st.lists(st.integers(0, i - 1), max_size=2).map(tuple) if i else st.just(())
        table = [tuple(draw(st.lists(part(i), max_size=3 if i else 0))) for i in range(n)]
        queries = draw(st.lists(st.lists(st.integers(0, n - 1), max_size=3).map(tuple), max_size=4))
        rules = ImpartialRules(
            "random", "random.py", int, lambda i: table[i], lambda p: p if isinstance(p, tuple) else (p,), misere=misere
        )
    else:
        table = [tuple(draw(st.lists(st.integers(0, i - 1), max_size=4))) if i else () for i in range(n)]
        queries = draw(st.lists(st.integers(0, n - 1), max_size=4))
        rules = ImpartialRules("random", "random.py", int, lambda i: table[i], misere=misere)
    return rules, queries


@settings(max_examples=50, deadline=None)
@given(acyclic_games())
def test_every_formulation_agrees_with_the_fast_solver_on_random_acyclic_games(game):
    rules, queries = game
    solution = ImpartialRulesGame(rules, Limits()).solve(queries)
    assert check_impartial(rules, solution) == []
    expected = tuple(zip(solution.wins, solution.values))
    for name in NAMES:
        assert answers(rules, name, queries) == expected, name
