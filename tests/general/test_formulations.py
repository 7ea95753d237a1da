"""The independent formulations of general games: depth-bounded search, SAT, QBF (DepQBF, RAReQS), CP-SAT.

Expected answers come from outside gamecert: the samples of LeetCode 913 (Cat and Mouse: the first a
draw, the second won by the mouse), and small games worked by hand in the comments. Random small games
(with self-loops, extra moves, terminal draws) check every implementation against a brute-force
reference written here: the definition of win / lose within ``k`` moves, applied to every position,
depth after depth.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.errors import RulesError, SolverError
from gamecert.solvers.general.solver import general_game
from gamecert.solvers.turn.value import Value
from gamecert.solvers.rules.rules import GeneralRules, Limits
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.general import qbf, sat
from gamecert.verify.general.formulations import general_formulations
from gamecert.verify.turn.graph import queries, turn_graph
from gamecert.verify.turn.sat import unique
from tests.general import formulating

NAMES = ["search", "sat", "qbf-depqbf", "qbf-rareqs", "cpsat"]
#: The fast solver and every formulation.
EVERY = ["fast", *NAMES]


def formulation(rules, name: str):
    return formulating.formulation(general_formulations, rules, name)


#: Every implementation of a general game's answer, by name: the fast solver and each formulation.
IMPLEMENTATIONS = {"fast": formulating.fast(general_game)} | formulating.implementations(general_formulations, NAMES)


def values(*words: str) -> tuple[Value, ...]:
    """``values("win 1", "draw")``: Values as the judge writes them."""
    out = []
    for w in words:
        outcome, _, number = w.partition(" ")
        out.append(Value(outcome, int(number) if number else None))
    return tuple(out)


# -- games written here --------------------------------------------------------------------------


def cat_and_mouse(graph: list[list[int]]) -> GeneralRules:
    """LeetCode 913: the mouse starts on 1 and moves first, the cat on 2; the hole 0 saves the mouse,
    the cat may not enter it, and the cat wins on the mouse's node. A position is (mouse, cat, turn)."""

    def result(p):
        mouse, cat, turn = p
        if mouse == cat:
            return "win" if turn == "cat" else "lose"
        if mouse == 0:
            return "lose" if turn == "cat" else "win"
        return None

    def moves(p):
        mouse, cat, turn = p
        if turn == "mouse":
            return [(m, cat, "cat") for m in graph[mouse]]
        return [(mouse, c, "mouse") for c in graph[cat] if c != 0]

    return GeneralRules("cat-and-mouse", "cm.py", eval, moves, result=result, player=lambda p: p[2])


#: Take 1 or 2 from a pile; who cannot move loses.
TAKE = GeneralRules("take", "take.py", int, lambda n: [n - k for k in (1, 2) if k <= n])


@pytest.mark.parametrize("name", EVERY)
def test_cat_and_mouse_samples(name):
    # LeetCode 913, example 2: the mouse steps into the hole at once (win in 1 move).
    assert IMPLEMENTATIONS[name](cat_and_mouse([[1, 3], [0], [3], [0, 2]]), [(1, 2, "mouse")]) == values("win 1")


@pytest.mark.parametrize("name", EVERY)
def test_cat_and_mouse_first_sample_is_a_draw(name):
    # LeetCode 913, example 1: 0 (a draw). Loopy: the QBF goes to depth 28, the number of positions.
    rules = cat_and_mouse([[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, 3], [0, 2, 3]])
    assert IMPLEMENTATIONS[name](rules, [(1, 2, "mouse")]) == values("draw")


@pytest.mark.parametrize("name", EVERY)
def test_take_one_or_two_remoteness(name):
    # Multiples of 3 are lost; from 3m the loser lasts 2m moves, from 3m + 1 or 3m + 2 the winner
    # takes back to 3m in one move and wins in 2m + 1.
    assert IMPLEMENTATIONS[name](TAKE, [0, 1, 2, 3, 4, 5, 6]) == values(
        "lose 0", "win 1", "win 1", "lose 2", "win 3", "win 3", "lose 4"
    )


@pytest.mark.parametrize("name", EVERY)
def test_passing_forever_is_a_draw(name):
    # 2 may pass (a self-loop) or move to 1, from which the opponent moves to 0 and wins: passing
    # keeps a draw. 1 -> 0 wins at once. 3 may only pass: a draw too.
    rules = GeneralRules("pass", "p.py", int, lambda n: {3: [3], 2: [2, 1], 1: [0], 0: []}[n])
    assert IMPLEMENTATIONS[name](rules, [2, 1, 3]) == values("draw", "win 1", "draw")


@pytest.mark.parametrize("name", EVERY)
def test_extra_moves_keep_the_turn(name):
    # a0 -> a1 -> b2 and a0 -> b3; the player on each node is its letter, so a0 -> a1 is an extra move.
    # b2 has no move (lost for b); b3 -> a4, a4 has no move (lost for a).
    # a1: its move reaches b2, lost for b: win 1. a0: via a1 (extra, won for a in 1): win 2;
    # via b3: b3 wins in 1, so that move loses. Remoteness 2.
    graph = {"a0": ["a1", "b3"], "a1": ["b2"], "b2": [], "b3": ["a4"], "a4": []}
    rules = GeneralRules("extra", "e.py", str, graph.__getitem__, player=lambda p: p[0])
    assert IMPLEMENTATIONS[name](rules, ["a0", "a1", "b3"]) == values("win 2", "win 1", "win 1")


@pytest.mark.parametrize("name", EVERY)
def test_an_extra_move_self_loop_and_result_draws(name):
    # a0 may move again to itself (an extra move: the same player) or to b1, where result says draw.
    # Passing forever is a draw as well: a draw. a2: result says win. b3 -> a2: lost for b in 1.
    graph = {"a0": ["a0", "b1"], "b1": [], "a2": [], "b3": ["a2"]}
    ends = {"b1": "draw", "a2": "win"}
    rules = GeneralRules("d", "d.py", str, graph.__getitem__, result=ends.get, player=lambda p: p[0])
    assert IMPLEMENTATIONS[name](rules, ["a0", "b1", "a2", "b3"]) == values("draw", "draw", "win 0", "lose 1")


# -- random games against the definition -----------------------------------------------------------


@dataclass(frozen=True)
class RandomGame:
    """Positions 0 .. n-1: each one's result, moves and (optionally) player."""

    ends: tuple
    moves: tuple
    players: tuple | None

    def rules(self) -> GeneralRules:
        return GeneralRules(
            "random", "random.py", int, self.moves.__getitem__, result=self.ends.__getitem__,
            player=None if self.players is None else self.players.__getitem__,
        )


@st.composite
def random_games(draw, most: int = 7) -> tuple[RandomGame, list[int]]:
    n = draw(st.integers(1, most))
    ends = draw(st.lists(st.sampled_from([None, None, None, "win", "lose", "draw"]), min_size=n, max_size=n))
    moves = draw(st.lists(st.lists(st.integers(0, n - 1), max_size=3), min_size=n, max_size=n))
    # Three games in four name their players, so that extra moves are common.
    players = None if draw(st.integers(0, 3)) == 0 else tuple(draw(st.lists(st.sampled_from("ab"), min_size=n, max_size=n)))
    starts = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))
    return RandomGame(tuple(ends), tuple(map(tuple, moves)), players), starts


def reference(game: RandomGame, starts: list[int]) -> tuple[Value, ...]:
    """The definition, level by level: who wins within k moves, for every position and k = 0 .. n."""
    n = len(game.ends)

    def over(x):
        return game.ends[x] or (None if game.moves[x] else "lose")

    def extra(x, y):
        return game.players is not None and game.players[x] == game.players[y]

    won = [{x for x in range(n) if over(x) == "win"}]
    lost = [{x for x in range(n) if over(x) == "lose"}]
    for _ in range(n):
        w, l = won[-1], lost[-1]
        won.append(w | {x for x in range(n) if over(x) is None and any(y in (w if extra(x, y) else l) for y in game.moves[x])})
        lost.append(l | {x for x in range(n) if over(x) is None and all(y in (l if extra(x, y) else w) for y in game.moves[x])})
    out = []
    for q in starts:
        k = next((k for k in range(n + 1) if q in won[k] or q in lost[k]), None)
        out.append(Value("draw", None) if k is None else Value("win" if q in won[k] else "lose", k))
    return tuple(out)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(random_games())
def test_every_implementation_gives_the_definitions_answer(drawn):
    game, starts = drawn
    expected = reference(game, starts)
    got = {name: run(game.rules(), starts) for name, run in IMPLEMENTATIONS.items()}
    assert got == {name: expected for name in IMPLEMENTATIONS}


@st.composite
def acyclic_games(draw, most: int = 9) -> tuple[RandomGame, list[int]]:
    """Plays that end: every move goes to a higher-numbered position; up to 6 moves, so that codes of three bits
    are corrected (a code past the moves names a legal one)."""
    n = draw(st.integers(1, most))
    ends = draw(st.lists(st.sampled_from([None, None, None, "win", "lose", "draw"]), min_size=n, max_size=n))
    moves = [draw(st.lists(st.integers(x + 1, n - 1), max_size=6)) if x < n - 1 else [] for x in range(n)]
    players = None if draw(st.booleans()) else tuple(draw(st.lists(st.sampled_from("ab"), min_size=n, max_size=n)))
    starts = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))
    return RandomGame(tuple(ends), tuple(map(tuple, moves)), players), starts


@settings(max_examples=25, deadline=None)
@given(acyclic_games())
def test_the_qbf_routes_give_the_definitions_answer_where_plays_end(drawn):
    game, starts = drawn
    expected = reference(game, starts)
    assert {name: IMPLEMENTATIONS[name](game.rules(), starts) for name in ("qbf-depqbf", "qbf-rareqs")} == {
        "qbf-depqbf": expected, "qbf-rareqs": expected,
    }


@settings(max_examples=25, deadline=None)
@given(random_games(most=6))
def test_the_two_qbf_encodings_are_negations_of_each_other(drawn):
    # "side wins within k" written as the claim (won_within_formula) and as the other side's safety
    # (survives_formula), for every k up to the number of positions: one true exactly when the other is false.
    from gamecert.verify.engine.qbf import solve_qbf

    def truth(formula) -> bool:
        return formula if isinstance(formula, bool) else solve_qbf(formula, "depqbf", time_limit=30).answer

    game, starts = drawn
    g = turn_graph(game.rules(), starts)
    for root in g.roots:
        for k in range(len(g.positions) + 1):
            for side in (0, 1):
                claim = truth(qbf.won_within_formula(g, root, k, side))
                assert claim is not truth(qbf.survives_formula(g, root, k, 1 - side)), (root, k, side)


def test_a_code_past_the_moves_is_corrected_to_a_legal_move():
    # Five moves read three bits; codes 5, 6, 7 name moves 1, 2, 3 (the top bit dropped), so the cubes of
    # moves 1-3 leave the top bit free and those of moves 0 and 4 fix it.
    bits = [1, 2, 3]
    cubes = [qbf._spell(bits, i, 5) for i in range(5)]
    assert cubes == [[-1, -2, -3], [1, -2], [-1, 2], [1, 2], [-1, -2, 3]]
    named = [[i for i, cube in enumerate(cubes) if all((c >> (abs(l) - 1) & 1) == (l > 0) for l in cube)] for c in range(8)]
    assert named == [[0], [1], [2], [3], [4], [1], [2], [3]]


# -- limits and bad rules ------------------------------------------------------------------------


def test_queries_are_read_from_the_instance():
    @dataclass(frozen=True)
    class Queries:
        positions: tuple

    f = formulation(TAKE, "search")
    assert queries(Queries((4, 3))) == (4, 3)
    assert f.run(Queries((4, 3))) == values("win 3", "lose 2")


@pytest.mark.parametrize("name", NAMES)
def test_predicted_time_grows_with_the_game(name):
    # Take 1 or 2 from piles of 100 and 1,000: ten times the positions, at least ten times the time
    # (more for the QBF, exponential in the longest play).
    small, large = (formulation(TAKE, name) for _ in range(2))
    assert small.fits([100]) is None and large.fits([1000]) is None
    assert 0 < 10 * small.predict([100]) <= large.predict([1000])


@pytest.mark.parametrize("name", ["qbf-depqbf", "sat", "search"])
def test_a_loop_is_predicted_slower_than_the_same_size_without(name):
    # The same 200 positions: take 1 or 2, or (loopy) also pass: the depth bound becomes the number of positions.
    loopy = GeneralRules("pass", "p.py", int, lambda n: [n - k for k in (0, 1, 2) if k <= n] if n else [])
    assert formulation(loopy, name).predict([199]) > formulation(TAKE, name).predict([199])


def test_a_listing_past_max_positions_is_the_only_refusal():
    f = formulation(TAKE, "sat")
    f.game.limits = type(f.game.limits)(max_positions=50)
    assert f.fits([100]) == "more than 50 positions (--max-positions)" and f.predict([100]) is None


def test_a_stopped_listing_is_a_time_limit():
    with pytest.raises(TimeLimitError, match="more than 100 positions"):
        sat.sat_values(turn_graph(TAKE, [900], Limits(max_positions=100), stop=True))


def test_a_label_true_in_one_model_only_is_found():
    # Variables 2 and 3 are free: "2" holds in some models and not in others.
    from pysat.solvers import Solver

    with Solver(name=sat.SAT_BACKEND, bootstrap_with=[[1], [2, 3]]) as solver:
        fresh = iter(range(4, 10))
        with pytest.raises(SolverError, match="query 2 is win 1 in one model and not in another"):
            unique(solver, [[1], [2]], 1, fresh.__next__, values("lose 0", "win 1"))


def test_qbf_depth_is_the_longest_play():
    # From 9 in "take 1 or 2" the longest play is 9 moves; each formula is cut there (no layer past it).
    g = turn_graph(TAKE, [9])
    assert qbf.won_within_formula(g, g.roots[0], 20, 0).prefix == qbf.won_within_formula(g, g.roots[0], 9, 0).prefix


@pytest.mark.parametrize(
    "rules, message",
    [
        (GeneralRules("r", "r.py", int, range, result=lambda n: "won"), "result(3): returned 'won', expected None, \"win\", \"lose\" or \"draw\""),
        (GeneralRules("r", "r.py", int, lambda n: [(n - 1, 1)] if n else []), "moves(3): returned (2, 1), which looks like a (position, points) pair"),
        (GeneralRules("r", "r.py", int, range, player=lambda n: "abc"[n % 3]), "player(2): named a third player 'c' (the players are 'a' and 'b')"),
        (GeneralRules("r", "r.py", int, lambda n: [[n]]), "moves(3): returned the unhashable position [3] (list)"),
        (GeneralRules("r", "r.py", int, lambda n: 1 // 0), "moves(3) raised ZeroDivisionError: integer division or modulo by zero"),
    ],
)
def test_bad_rules_are_rules_errors(rules, message):
    with pytest.raises(RulesError) as found:
        turn_graph(rules, [3])
    assert message in str(found.value)
