"""The impartial example rules files in examples/: published values, exact outputs, the built-in solvers' answers.

Every expected value here comes from outside gamecert: the sequences published in OEIS (their
data sections and stated periodic forms, docs/rules.md "Literature values"), closed forms proved
in a line (Nim's xor, misère Nim's rule, Chomp's strategy stealing), small cases worked by hand,
and the built-in Split and Cutting solvers.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.verify.rules.load import load_rules, rules_game
from tests.support import run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: The impartial examples (the graph one: tests/graph; the general and score ones: tests/general, tests/score).
IMPARTIAL = sorted(p.name for p in EXAMPLES.glob("*.py") if load_rules(str(p)).kind == "impartial")

# -- Published values (docs/rules.md, "Literature values") ---------------------------------------
# Each list is the data section (%S %T %U lines) of the OEIS entry as stored in the OEIS's own
# repository (github.com/oeis/oeisdata, seq/A002/A0021xx.seq), offset 0.

#: OEIS A002186, Kayles (octal game 0.77), a(0..104).
A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8,
    6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
    7, 2, 1,
]  # fmt: skip
#: A002186's formula: "From n=71 on, the sequence is periodic with period 12. The only exceptions
#: are n=0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57 and 70."
KAYLES_PERIOD, KAYLES_FROM = 12, 71
KAYLES_EXCEPTIONS = {0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70}

#: OEIS A002187, Dawson's Chess (octal game 0.137), a(0..131). "Octal game .07 (Dawson's
#: Kayles) has values a(n-1)."
A002187 = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
]  # fmt: skip
#: A002187's formula: "Has period 34 with the only exceptions at n=0, 14, 16, 17, 31, 34 and 51."
DAWSON_PERIOD, DAWSON_FROM = 34, 52
DAWSON_EXCEPTIONS = {0, 14, 16, 17, 31, 34, 51}

#: OEIS A002188, Grundy's game, a(0..104). No period is known; the b-file of a(0..10000) it
#: links is not reproduced here (docs/rules.md says what is checked instead).
A002188 = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
    1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4,
    3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3,
    5, 2, 3,
]  # fmt: skip
#: OEIS A036685, "List of single-heap P-positions in Grundy's game" (the n with a(n) = 0), complete.
A036685 = [
    0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334, 337, 340, 346, 359,
    362, 365, 386, 389, 392, 566, 630, 633, 636, 639, 673, 676, 682, 685, 923, 926, 929, 932, 1222,
]  # fmt: skip
#: A. Flammenkamp, "Sprague-Grundy Values of Grundy's Game" (wwwhomes.uni-bielefeld.de/achim/
#: grundy.html), "Known Sparse SGV of Grundy's Game": every n <= 231 whose value is in the sparse
#: set (the bits of G(n) above the lowest have even parity), with its value, as listed there.
FLAMMENKAMP_SPARSE = {
    0: 0, 1: 0, 2: 0, 3: 1, 4: 0, 6: 1, 7: 0, 9: 1, 10: 0, 12: 1, 15: 1, 20: 0, 23: 0, 26: 0, 28: 1,
    31: 1, 34: 1, 37: 1, 40: 1, 43: 1, 46: 1, 49: 1, 50: 0, 52: 1, 53: 0, 55: 1, 58: 1, 61: 1, 87: 7,
    90: 7, 93: 7, 146: 6, 149: 6, 152: 6, 158: 11, 161: 11, 164: 11, 167: 11, 176: 7, 179: 7, 181: 12,
    182: 7, 185: 7, 188: 7, 190: 12, 193: 12, 196: 10, 231: 10,
}  # fmt: skip
SPARSE_UP_TO = 231

#: How far the published values are checked (the issue asks for n >= 500).
N = 500


def periodic(data: list[int], period: int, n: int) -> int:
    """a(n) from the published data and its stated period (each list runs a full period past the
    last exception, so stepping back by the period lands in the data)."""
    while n >= len(data):
        n -= period
    return data[n]


def values(example: str, queries) -> tuple:
    """The nim values of the example rules file at these query lines, through the game every command uses."""
    game = rules_game(str(EXAMPLES / example))
    solution = game.solve(game.parse("".join(f"{q}\n" for q in queries)))
    return solution.values


# -- The transcriptions agree with the published periodic forms ----------------------------------


def test_kayles_data_is_periodic_but_at_the_published_exceptions():
    pattern = {n % KAYLES_PERIOD: A002186[n] for n in range(KAYLES_FROM, KAYLES_FROM + KAYLES_PERIOD)}
    off = {n for n in range(len(A002186)) if A002186[n] != pattern[n % KAYLES_PERIOD]}
    assert off == KAYLES_EXCEPTIONS


def test_dawson_data_is_periodic_but_at_the_published_exceptions():
    pattern = {n % DAWSON_PERIOD: A002187[n] for n in range(DAWSON_FROM, DAWSON_FROM + DAWSON_PERIOD)}
    off = {n for n in range(len(A002187)) if A002187[n] != pattern[n % DAWSON_PERIOD]}
    assert off == DAWSON_EXCEPTIONS


def test_grundy_sources_agree_where_they_overlap():
    assert [n for n, v in enumerate(A002188) if v == 0] == [n for n in A036685 if n < len(A002188)]
    assert all(A002188[n] == v for n, v in FLAMMENKAMP_SPARSE.items() if n < len(A002188))


# -- The examples' values equal the published ones up to n = 500 ---------------------------------


def test_kayles_values_are_oeis_a002186():
    expected = tuple(periodic(A002186, KAYLES_PERIOD, n) for n in range(N + 1))
    assert values("kayles.py", range(N + 1)) == expected


def test_dawsons_kayles_values_are_oeis_a002187_shifted():
    # Dawson's Kayles on n pins has the value of Dawson's Chess on n - 1 (A002187's comment); 0 pins: 0.
    expected = (0,) + tuple(periodic(A002187, DAWSON_PERIOD, n - 1) for n in range(1, N + 1))
    assert values("dawsons_kayles.py", range(N + 1)) == expected


def test_grundys_game_values_are_the_published_ones():
    got = values("grundys_game.py", range(N + 1))
    assert got[: len(A002188)] == tuple(A002188)
    assert [n for n in range(N + 1) if got[n] == 0] == [n for n in A036685 if n <= N]
    for n in range(SPARSE_UP_TO + 1):
        sparse = (got[n] >> 1).bit_count() % 2 == 0
        assert sparse == (n in FLAMMENKAMP_SPARSE), n
        if sparse:
            assert got[n] == FLAMMENKAMP_SPARSE[n], n


def test_node_kayles_on_paths_is_dawsons_chess():
    paths = [f"{n} " + " ".join(f"{v}-{v + 1}" for v in range(1, n)) for n in range(41)]
    assert values("node_kayles.py", paths) == tuple(A002187[:41])


def test_kayles_rows_add_by_xor():
    # Two rows are a sum: the value is the xor of the published values.
    pairs = [(a, b) for a in range(0, 30, 7) for b in range(0, 30, 5)]
    got = values("kayles.py", [f"{a} {b}" for a, b in pairs])
    assert got == tuple(A002186[a] ^ A002186[b] for a, b in pairs)


# -- Every example through `gamecert solve --rules`, exact output --------------------------------

# Expected outputs: Nim, the xor of the heaps; Kayles and Dawson's Kayles, the OEIS values above;
# misère Nim, the closed form (see misere_outcome); Chomp, by hand: a row of n squares is a Nim
# heap of n - 1, "2 1" and "3 1 1" are L's with equal arms (the second player mirrors), "2 2"
# moves to "1 1" (1), "2" (1) and "2 1" (0), so its value is mex{0, 1} = 2; Node Kayles: three lone
# vertices 1 xor 1 xor 1, K4 any move ends the game, C4 any move leaves one vertex (value 1);
# Grundy's game, A002188; Split and Cutting, the judges' published samples (docs/theory.md); octal
# games, A002186 and A002187 above (0.07 at n is A002187 at n - 1) and A125938 (4.102, tests/octal/published.py).
CASES = [
    ("nim.py", "0\n3 4 5\n7 7\n1 2 3 4\n\n", "lose 0\nwin 2\nlose 0\nwin 4\nlose 0\n"),
    ("kayles.py", "1\n3\n11\n70\n71\n3 3\n", "win 1\nwin 3\nwin 6\nwin 6\nwin 7\nlose 0\n"),
    ("dawsons_kayles.py", "1\n2\n5\n6\n35\n", "lose 0\nwin 1\nlose 0\nwin 3\nlose 0\n"),
    ("grundys_game.py", "2\n3\n5\n20\n90\n", "lose 0\nwin 1\nwin 2\nlose 0\nwin 7\n"),
    ("misere_nim.py", "\n1\n1 1\n1 1 1\n2 2\n3\n1 2 3\n", "win\nlose\nwin\nlose\nlose\nwin\nlose\n"),
    ("chomp.py", "1\n2\n5\n1 1\n2 1\n3 1 1\n2 2\n", "lose 0\nwin 1\nwin 4\nwin 1\nlose 0\nlose 0\nwin 2\n"),
    (
        "node_kayles.py",
        "0\n3\n4 1-2 2-3 3-4\n4 1-2 1-3 1-4 2-3 2-4 3-4\n4 1-2 2-3 3-4 1-4\n",
        "lose 0\nwin 1\nlose 0\nwin 1\nlose 0\n",
    ),
    ("split.py", "1 2\n1 6\n4 3\n3 5\n", "Bob\nAlice\nAlice\nBob\n"),
    (
        "octal.py",
        "0.77 70\n0.77 3 3\n0.07 6\n0.137 32\n4.102 7\n4.102 8\n",
        "win 6\nlose 0\nwin 3\nwin 7\nlose 0\nwin 4\n",
    ),
    ("cutting.py", "2 2\n3 2\n4 2\n", "LOSE\nLOSE\nWIN\n"),
]


@pytest.mark.parametrize("example, text, expected", CASES)
def test_every_example_solves_through_the_cli(example, text, expected):
    result = run(["solve", "--rules", str(EXAMPLES / example), "-"], input=text)
    assert (result.exit_code, result.stdout) == (0, expected), result.output


def test_every_example_file_is_tested():
    assert {example for example, _, _ in CASES} == set(IMPARTIAL)


def test_rectangles_of_chomp_are_first_player_wins():
    # Strategy stealing: if eating the top-right square lost, the reply to it would win from the start.
    boards = [" ".join([str(c)] * r) for r in range(1, 5) for c in range(1, 6) if r * c > 1]
    result = run(["solve", "--rules", str(EXAMPLES / "chomp.py"), "-"], input="".join(b + "\n" for b in boards))
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.stdout.splitlines()] == ["win"] * len(boards)


def test_a_bad_line_is_an_error_in_the_input():
    result = run(["solve", "--rules", str(EXAMPLES / "chomp.py"), "-"], input="3 3\n2 4\n")
    first = result.output.splitlines()[0]
    assert result.exit_code == 1
    assert first.startswith("error: <stdin>:2:1: ")
    assert first.endswith("ValueError: expected rows no longer than the row below, got 4 above 2")


# -- Closed forms on random positions -------------------------------------------------------------


def misere_outcome(heaps: list[int]) -> bool:
    """Misère Nim: the player to move wins iff (some heap >= 2 and the xor is not 0) or
    (every heap <= 1 and the xor is 0). Proof sketch: with every heap <= 1 play is forced and the
    mover wins iff the number of heaps is even; otherwise play Nim's xor strategy until one move
    would leave only heaps <= 1, then leave an odd number of 1s."""
    x = 0
    for h in heaps:
        x ^= h
    return (x != 0) if any(h >= 2 for h in heaps) else (x == 0)


heaps = st.lists(st.integers(0, 6), max_size=4)


@settings(max_examples=40, deadline=None)
@given(st.lists(heaps, min_size=1, max_size=5))
def test_nim_and_misere_nim_follow_their_closed_forms(positions):
    text = "".join(" ".join(map(str, p)) + "\n" for p in positions)
    xors = []
    for p in positions:
        x = 0
        for h in p:
            x ^= h
        xors.append(x)
    nim = run(["solve", "--rules", str(EXAMPLES / "nim.py"), "-"], input=text)
    assert nim.stdout == "".join(f"win {x}\n" if x else "lose 0\n" for x in xors)
    misere = run(["solve", "--rules", str(EXAMPLES / "misere_nim.py"), "-"], input=text)
    assert misere.stdout == "".join("win\n" if misere_outcome(p) else "lose\n" for p in positions)


# -- The optional functions ----------------------------------------------------------------------


@pytest.mark.parametrize("example", IMPARTIAL)
def test_format_writes_what_parse_reads(example):
    rules = load_rules(str(EXAMPLES / example))
    assert rules.positions is not None and rules.format is not None
    for size in range(6):
        for position in rules.positions(size):
            assert rules.parse(rules.format(position)) == position
            for moved in rules.moves(position):
                assert rules.parse(rules.format(moved)) == moved


def test_positions_count_what_they_should():
    chomp = load_rules(str(EXAMPLES / "chomp.py"))
    # Boards of n squares are the partitions of n: 1, 2, 3, 5, 7, 11, 15, 22 for n = 1..8.
    assert [len(list(chomp.positions(n))) for n in range(1, 9)] == [1, 2, 3, 5, 7, 11, 15, 22]
    nodes = load_rules(str(EXAMPLES / "node_kayles.py"))
    assert [len(list(nodes.positions(n))) for n in range(5)] == [1, 1, 2, 8, 64]  # 2 ** (n choose 2)
    split = load_rules(str(EXAMPLES / "split.py"))
    assert sum(len(split.positions(s)) for s in range(1, 31)) == 30 * 31 // 2 - 1  # a <= b <= 30, not 1x1


# -- Split and Cutting as rules: the built-in solvers' answers on every piece up to 30 x 30 -------


@pytest.mark.parametrize(
    "example, game, low",
    [("split.py", "split", 1), ("cutting.py", "cutting", 2)],
)
def test_rules_answer_as_the_built_in_solver(example, game, low):
    pieces = "".join(f"{n} {m}\n" for n in range(low, 31) for m in range(low, 31) if n * m > 1)
    built_in = run(["solve", game, "-"], input=pieces)
    rules = run(["solve", "--rules", str(EXAMPLES / example), "-"], input=pieces)
    assert built_in.exit_code == rules.exit_code == 0
    assert rules.stdout == built_in.stdout
    assert len(rules.stdout.splitlines()) == (899 if game == "split" else 841)
