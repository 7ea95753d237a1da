"""Grundy's game (split a heap into two unequal heaps) as a rule of the octal family: ``grundy``."""

from __future__ import annotations

import numpy as np
import pytest

from gamecert.solvers.octal import nim_sequence, octal_periodicity, parse_code
from gamecert.solvers.octal.code import OctalCode
from gamecert.verify.octal.certificate import check_octal_values
from gamecert.verify.octal.game import OctalPeriodicity
from gamecert.verify.rules.load import rules_game
from tests.impartial.test_examples import A002188, A036685, EXAMPLES, FLAMMENKAMP_SPARSE
from tests.support import run

#: How far the rules-file solver (a memoized search in Python over every split) is compared: it is quadratic,
#: 1.1 s of CPU at 1000 here; benchmarks/octal.py (--grundy) compares all of G(0..10^4).
RULES_UP_TO = 1000


def test_grundy_is_data_not_a_name():
    assert parse_code("grundy") == OctalCode((4,), unequal=True)
    assert OctalCode((4,), unequal=True).text == "grundy"
    assert OctalCode((0, 7), unequal=True).text == "0.7 (unequal splits)"
    assert not parse_code("grundy").periodicity_theorem


def test_first_values_are_oeis_a002188():
    assert nim_sequence("grundy", len(A002188) - 1, "plain").tolist() == A002188
    assert nim_sequence("grundy", len(A002188) - 1, "sparse").tolist() == A002188


def test_zeros_to_500_are_oeis_a036685():
    values = nim_sequence("grundy", 500, "sparse").tolist()
    assert [n for n, v in enumerate(values) if v == 0] == [n for n in A036685 if n <= 500]


@pytest.mark.slow
def test_values_agree_with_the_rules_file():
    # examples/grundys_game.py lists every split as a position and memoizes the search over them: no code shared.
    game = rules_game(str(EXAMPLES / "grundys_game.py"))
    solution = game.solve(game.parse("".join(f"{n}\n" for n in range(RULES_UP_TO + 1))))
    assert nim_sequence("grundy", RULES_UP_TO, "sparse").tolist() == list(solution.values)


def test_sparse_heaps_are_flammenkamps():
    # Flammenkamp lists the sparse values of Grundy's game: those with an even number of ones above bit 0, i.e.
    # mask ...11110 (tests/impartial/test_examples.py, FLAMMENKAMP_SPARSE, every n <= 231).
    per = octal_periodicity("grundy", 1 << 14, "sparse")
    space = per.sparse_space()
    assert (space.mask, space.flip, space.rare) == (-2, 0, 0)
    rare = [n for n in range(232) if ((int(per.values[n]) >> 1).bit_count() % 2 == 0)]
    assert rare == sorted(FLAMMENKAMP_SPARSE)
    assert all(per.values[n] == v for n, v in FLAMMENKAMP_SPARSE.items())


def test_checker_finds_a_wrong_value_past_the_plain_part():
    values = nim_sequence("grundy", 6000, "sparse")
    assert check_octal_values((4,), values, unequal=True, plain=1000).problems == []
    wrong = values.copy()
    wrong[5000] ^= 2
    assert check_octal_values((4,), wrong, unequal=True, plain=1000).problems[0].startswith("G(5000) is ")


def test_solve_reads_grundy_lines():
    result = run(["solve", "octal"], input="grundy 5\n0.77 3\ngrundy 2\ngrundy 20\n")
    assert (result.exit_code, result.output) == (0, f"win {A002188[5]}\nwin 3\nlose 0\nlose 0\n")


def test_audit_of_grundy_proves_nothing_and_prints_the_columns():
    report = OctalPeriodicity().audit_periodicity("grundy", 2000)
    lines = report.text.splitlines()
    assert report.ok and not report.proven
    values = nim_sequence("grundy", 2000)
    top = int(values.max())
    assert f"largest value {top} first at n = {int(np.argmax(values))}; " in lines[-2]
    assert lines[-1] == "certificate: G(0..2000) recomputed from every option: holds"
