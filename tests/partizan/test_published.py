"""The examples against published values (docs/partizan.md, "Published values").

* Blue-Red Hackenbush strings: Berlekamp's sign-expansion rule, written here from its statement;
* Cutcake: the formula of Winning Ways (Berlekamp, Conway, Guy, ch. 2), written here;
* Domineering: the values cgt-tools' tests record as confirmed with CGSuite, and pycgt 0.2.0's values of
  every rectangle up to 4x4 and of 3x5, 5x3, 2x5, 5x2 (none of Winning Ways' or Lessons in Play's tables
  was at hand; pycgt's author tested it against CGSuite), each written here as a brace form; 4x5 is
  benchmarks/partizan_check.py's;
* the certificate catches a deliberately wrong form: one option of one form changed.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest

from gamecert.solvers.partizan.form import Form
from gamecert.solvers.rules.rules import Limits
from gamecert.verify.partizan.answer import claimed
from gamecert.verify.partizan.certificate import check_partizan
from gamecert.verify.partizan.compare import Forms
from gamecert.verify.partizan.game import PartizanRulesGame
from gamecert.verify.rules.load import load_rules

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def game(name: str) -> PartizanRulesGame:
    return PartizanRulesGame(load_rules(str(EXAMPLES / name)), Limits())


def braces(text: str) -> tuple:
    """A plain form from ``{A,B|C}`` text with integers, read here (no engine code): explicit stack."""
    stack: list[list] = [[[], [], False]]
    number = ""

    def integer(n: int) -> tuple:
        g: tuple = ((), ())
        for _ in range(abs(n)):
            g = ((g,), ()) if n > 0 else ((), (g,))
        return g

    def flush() -> None:
        nonlocal number
        if number:
            top = stack[-1]
            top[1 if top[2] else 0].append(integer(int(number)))
            number = ""

    for ch in text:
        if ch.isdigit() or ch == "-":
            number += ch
        elif ch == "{":
            stack.append([[], [], False])
        elif ch in "|,}":
            flush()
            if ch == "|":
                stack[-1][2] = True
            elif ch == "}":
                lefts, rights, _ = stack.pop()
                top = stack[-1]
                top[1 if top[2] else 0].append((tuple(lefts), tuple(rights)))
    flush()
    return stack[0][0][0]


def same(form: Form, plain: tuple) -> bool:
    pool = Forms()
    return pool.equal(pool.add(form.plain()), pool.add(plain))


# -- Hackenbush strings --------------------------------------------------------------------------


def sign_expansion(string: str) -> Fraction:
    """Berlekamp: the edges up to the first change of colour count +-1 each; after it, each edge counts
    half the one below it, with its sign (blue +, red -)."""
    sign = {"B": 1, "R": -1}
    run = len(string) - len(string.lstrip(string[0])) if string else 0
    value = Fraction(sum(sign[c] for c in string[:run]))
    weight = Fraction(1, 2)
    for c in string[run:]:
        value += sign[c] * weight
        weight /= 2
    return value


@pytest.mark.slow
def test_hackenbush_strings_follow_the_sign_expansion_rule():
    rng = random.Random(20)
    strings = ["".join(rng.choice("BR") for _ in range(n)) for n in range(7, 21)]
    strings += ["".join(bits) for n in range(1, 6) for bits in itertools.product("BR", repeat=n)]
    g = game("hackenbush.py")
    solution = g.solve(g.parse("".join(s + "\n" for s in strings)))
    for s, form in zip(strings, solution.values):
        assert form.number == sign_expansion(s), s
    assert max(map(len, strings)) == 20


# -- Cutcake -------------------------------------------------------------------------------------


def winning_ways_cutcake(w: int, h: int) -> int:
    """Winning Ways, ch. 2: with 2^k <= h < 2^(k+1), a w-by-h cake is worth floor(w / 2^k) - 1 when Left
    (who cuts the width) has the longer side; the mirror image otherwise."""
    if w >= h:
        return w // 2 ** (h.bit_length() - 1) - 1
    return -(h // 2 ** (w.bit_length() - 1) - 1)


def test_cutcake_values_equal_the_published_formula():
    g = game("cutcake.py")
    pieces = [(w, h) for w in range(1, 11) for h in range(1, 11)]
    solution = g.solve(g.parse("".join(f"{w}x{h}\n" for w, h in pieces)))
    assert [f.number for f in solution.values] == [winning_ways_cutcake(w, h) for w, h in pieces]


# -- Domineering ---------------------------------------------------------------------------------

#: cgt-tools' tests (t4ccer/cgt-tools, "values confirmed with cgsuite"), rows joined by '/'.
CGSUITE = [
    (".#/..", "{0|0}"),
    (".##/.##/...", "0"),
    ("..#/..#/...", "{{0|1}|-2}"),  # {1/2|-2}
    ("3x3", "{1|-1}"),
    (".#.#/.#..", "{1|1}"),  # 1*
    ("#.../..../..../....", "{{1|1}|{-1|-1}}"),  # {1*|-1*}
    ("2x2", "{1|-1}"),
    ("1x4", "-2"),
]

#: pycgt 0.2.0's ``domineering.rectangle(rows, cols)`` (its render, then its form with integers and braces).
PYCGT = [
    ("1x1", "0", "0"),
    ("1x2", "-1", "-1"),
    ("1x3", "-1", "-1"),
    ("1x4", "-2", "-2"),
    ("1x5", "-2", "-2"),
    ("2x1", "1", "1"),
    ("2x2", "+-1", "{1|-1}"),
    ("2x3", "{2|-1/2}", "{2|{-1|0}}"),
    ("2x4", "Miny(2)", "{{2|0}|0}"),
    ("2x5", "1/2", "{0|1}"),
    ("3x1", "1", "1"),
    ("3x2", "{1/2|-2}", "{{0|1}|-2}"),
    ("3x3", "+-1", "{1|-1}"),
    ("3x4", "-3/2", "{-2|-1}"),
    ("3x5", "-1", "-1"),
    ("4x1", "2", "2"),
    ("4x2", "Tiny(2)", "{0|{0|-2}}"),
    ("4x3", "3/2", "{1|2}"),
    ("4x4", "+-{0,{{2|0},{2|{2|0}}|Miny(2),{2|0}}}",
     "{0,{{2|0},{2|{2|0}}|{2|0},{{2|0}|0}}|0,{{0|-2},{0|{0|-2}}|{0|-2},{{0|-2}|-2}}}"),
    ("5x1", "2", "2"),
    ("5x2", "-1/2", "{-1|0}"),
    ("5x3", "1", "1"),
]
#: 4x5 = 1 (pycgt) is checked by benchmarks/partizan_check.py, not here: the engine takes 15-30 s on it.


@pytest.fixture(scope="module")
def domineering() -> PartizanRulesGame:
    return game("domineering_partizan.py")


@pytest.mark.slow
def test_domineering_positions_confirmed_with_cgsuite(domineering):
    solution = domineering.solve(domineering.parse("".join(p + "\n" for p, _ in CGSUITE)))
    for (position, value), form in zip(CGSUITE, solution.values):
        assert same(form, braces(value)), position


@pytest.mark.slow
def test_domineering_rectangles_equal_pycgt(domineering):
    solution = domineering.solve(domineering.parse("".join(p + "\n" for p, _, _ in PYCGT)))
    for (position, _, value), form in zip(PYCGT, solution.values):
        assert same(form, braces(value)), position


# -- the certificate catches a wrong form --------------------------------------------------------


def test_the_certificate_catches_one_changed_option(domineering):
    solution = domineering.solve(domineering.parse("2x3\n2x2 1x2\n"))
    assert domineering.certify([], solution) == []
    data = claimed(solution)
    component = solution.parts[0][0]
    lefts, rights = data.forms[component]  # {2|-1/2}: its Left option 2 becomes 1
    wrong = dict(data.forms)
    wrong[component] = ((((((), ()),), ()),), rights)
    assert lefts != wrong[component][0]
    found = check_partizan(domineering.rules, dataclasses.replace(data, forms=wrong))
    assert found.violations[0].startswith("component .../...: does not equal its form {1|{-1|0}}: Left wins moving first")


def test_the_certificate_catches_a_form_that_is_not_canonical(domineering):
    solution = domineering.solve(domineering.parse("2x2\n"))
    data = claimed(solution)
    component = solution.parts[0][0]
    lefts, rights = data.forms[component]  # {1|-1} with a dominated Left option 0 added: the same game
    padded = dict(data.forms)
    padded[component] = (lefts + (((), ()),), rights)
    found = check_partizan(domineering.rules, dataclasses.replace(data, forms=padded))
    assert found.violations == ["component ../..: its form {0,1|-1}: the Left option 0 is dominated by 1"]


def test_the_certificate_says_what_it_checked_past_the_search_cap(domineering):
    solution = domineering.solve(domineering.parse("3x3\n"))
    data = claimed(solution)
    proved = check_partizan(domineering.rules, data, cap=20)
    assert proved.violations == [] and "proved instead by induction" in proved.checked[0]
    bare = dataclasses.replace(data, forms={c: data.forms[c] for c in solution.parts[0]})
    undecided = check_partizan(domineering.rules, bare, cap=20)
    assert undecided.violations == [] and not undecided.decided
    assert "not decided: the difference game has more than 20 positions" in undecided.checked[0]
    assert "which the certificate lacks" in undecided.checked[0]


def test_the_induction_catches_a_wrong_form_below_the_query(domineering):
    # Past the cap, each position reached is checked one move deep: a wrong entry (0) for a region below 3x3 whose
    # value is 1 is caught there, by name, and so is its parent, whose options' forms now include the wrong one.
    solution = domineering.solve(domineering.parse("3x3\n"))
    data = claimed(solution)
    one = ((((), ()),), ())
    below = next(p for p, f in data.forms.items() if f == one and p not in solution.parts[0])
    wrong = dict(data.forms)
    wrong[below] = ((), ())
    found = check_partizan(domineering.rules, dataclasses.replace(data, forms=wrong), cap=20)
    shown = domineering.rules.show(below)
    assert f"component {shown} (below .../.../...): its options' forms do not make its form 0 (Left wins moving first)" \
        in found.violations


def test_the_induction_catches_a_loop():
    # Left moves 0 -> 1, Right 1 -> 0: the forms 0 = {-1|} and -1 = {|0} pass every one-move check, so the walk
    # itself must refuse the loop.
    from gamecert.solvers.rules.rules import PartizanRules
    from gamecert.verify.partizan.certificate import Claimed

    loop = PartizanRules("loop", "loop.py", int, lambda n: [1] if n == 0 else [], lambda n: [0] if n == 1 else [])
    zero, minus_one = ((), ()), ((), (((), ()),))
    data = Claimed((0,), ((0,),), (zero,), ("P",), {0: zero, 1: minus_one})
    found = check_partizan(loop, data, cap=1)
    assert found.violations == ["component 0: a loop through 0 (play need not end)"]


def test_the_certificate_holds_components_to_being_indecomposable():
    # Heaps: Left takes 1 from a heap, Right 2. These components are honest sums but return (1, 2) as one
    # component, which they split again when asked: the contract (docs/partizan.md) forbids it, and the check says so.
    from gamecert.solvers.partizan import partizan_game
    from gamecert.solvers.rules.rules import PartizanRules

    def moved(heaps: tuple, take: int) -> list[tuple]:
        return [tuple(sorted(heaps[:i] + (h - take,) * (h > take) + heaps[i + 1:])) for i, h in enumerate(heaps) if h >= take]

    def lazy(heaps: tuple) -> list[tuple]:
        return [heaps[:-1], heaps[-1:]] if len(heaps) > 1 else [heaps] if heaps else []

    def honest(heaps: tuple) -> list[tuple]:
        return [(h,) for h in heaps]

    lawful, broken = (PartizanRules("heaps", "heaps.py", eval, lambda p: moved(p, 1), lambda p: moved(p, 2), split)
                      for split in (honest, lazy))
    queries = [(1, 2, 3)]
    good, bad = partizan_game(lawful, queries), partizan_game(broken, queries)
    assert good.values == bad.values and bad.parts == (((1, 2), (3,)),)
    assert check_partizan(lawful, claimed(good)).violations == []
    assert check_partizan(broken, claimed(bad)).violations == [
        "component (1, 2): the rules' components of it are [(1,), (2,)], not itself alone (a component the rules "
        "return must be its own only component)"
    ]


def test_the_certificate_holds_for_the_engine_and_fails_for_a_swapped_form():
    # Random Clobber strips: every engine answer checks; giving one component another component's form
    # (of a different value, by the plain order) is caught.
    g = game("clobber.py")
    rng = random.Random(5)
    strips = ["".join(rng.choice("xo.") for _ in range(rng.randint(2, 7))) for _ in range(40)]
    solution = g.solve(g.parse("".join(s + "\n" for s in strips)))
    data = claimed(solution)
    assert check_partizan(g.rules, data).violations == []
    components = sorted({c for parts in solution.parts for c in parts})
    pool = Forms()
    caught = 0
    for a, b in itertools.pairwise(components):
        if pool.equal(pool.add(data.forms[a]), pool.add(data.forms[b])):
            continue
        swapped = dict(data.forms)
        swapped[a] = data.forms[b]
        found = check_partizan(g.rules, dataclasses.replace(data, forms=swapped))
        assert any(v.startswith(f"component {g.rules.show(a)}: does not equal its form") for v in found.violations), a
        caught += 1
    assert caught >= 3
