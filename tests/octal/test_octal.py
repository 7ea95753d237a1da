"""Octal codes, the kernels, periods and the certificate checker, on small inputs."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers import jit
from gamecert.solvers.errors import GamecertError
from gamecert.solvers.octal import nim_sequence, octal_periodicity, parse_code, period_search
from gamecert.solvers.octal.code import CodeError, OctalCode
from gamecert.solvers.octal.kernel import nim_sequence_plain
from gamecert.solvers.octal.solver import auto_method, proof_bound
from gamecert.verify.errors import CertificateError
from gamecert.verify.octal.certificate import check_octal_certificate, octal_values

codes = st.builds(
    lambda head, tail: OctalCode(tuple([head] + tail)),
    st.sampled_from([0, 4]),
    st.lists(st.integers(0, 7), min_size=0, max_size=4),
).map(lambda c: parse_code(c.text))


@pytest.mark.parametrize(
    ("text", "digits"),
    [("0.77", (0, 7, 7)), (".137", (0, 1, 3, 7)), ("4.7", (4, 7)), ("0.007", (0, 0, 0, 7)), ("0.770", (0, 7, 7)),
     ("4", (4,)), ("0", (0,)), ("0.", (0,))],
)
def test_codes_read(text, digits):
    assert parse_code(text).digits == digits


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("0.78", 4, "expected an octal digit 0-7, got '8'"),
        ("1.7", 1, "expected 0 or 4 before the point (removing no token can only split a heap), got '1'"),
        ("07", 1, "expected an octal code such as 0.77 or 4.7, or grundy, got '07'"),
            ("grundys", 1, "expected an octal code such as 0.77 or 4.7, or grundy, got 'grundys'"),
        ("", 1, "expected an octal code such as 0.77 or 4.7, got nothing"),
        ("0.7x", 4, "expected an octal digit 0-7, got 'x'"),
    ],
)
def test_bad_codes_are_located(text, column, message):
    with pytest.raises(CodeError) as err:
        parse_code(text)
    assert (err.value.column, err.value.message) == (column, message)


@settings(max_examples=60, deadline=None)
@given(codes, st.integers(0, 60))
def test_kernel_is_the_mex_of_the_literal_moves(code, n):
    expected = octal_values(code.digits, n)
    with jit.python_kernels():
        assert nim_sequence_plain(code.array(), n).tolist() == expected
    assert nim_sequence(code, n, "plain").tolist() == expected


def test_compiled_kernel_equals_plain_python():
    for text in ("0.77", "4.7", "0.6", "0.1377"):
        code = parse_code(text)
        with jit.python_kernels():
            slow = nim_sequence_plain(code.array(), 400)
        assert np.array_equal(nim_sequence_plain(code.array(), 400), slow)


def test_values_grow_past_the_kernels_first_table():
    # Taking up to 30 tokens with any split reaches values above 64, where the kernel's stamp table doubles.
    code = parse_code("4." + "7" * 30)
    values = nim_sequence(code, 300)
    assert values.max() > 64
    assert values.tolist() == octal_values(code.digits, 300)


def test_method_is_checked():
    with pytest.raises(ValueError, match="method: expected one of auto, plain, sparse, got 'fast'"):
        nim_sequence("0.77", 10, "fast")
    with pytest.raises(ValueError, match="expected a heap size n >= 0, got -1"):
        nim_sequence("0.77", -1)


@pytest.mark.parametrize("code", ["0.137", "0.77", "4.7"])
def test_methods_agree(code):
    plain = nim_sequence(code, 3000, "plain").tolist()
    assert nim_sequence(code, 3000, "sparse").tolist() == plain
    assert nim_sequence(code, 3000).tolist() == plain


def best_pair_by_scanning(values: list[int], t: int) -> tuple[int, int] | None:
    """The pair period_search defines, by the definition: every period p, its least preperiod (one past the last
    mismatch), kept when the suffix from it shows p twice and p is that suffix's smallest period; the pair whose
    proof reads the fewest values, ties to the shorter preperiod."""
    n = len(values)
    best = None
    for s in range(n):
        suffix = values[s:]
        p = next(q for q in range(1, len(suffix) + 1) if all(suffix[i] == suffix[i + q] for i in range(len(suffix) - q)))
        if len(suffix) >= 2 * p:
            key = (2 * max(s, 1) + 2 * p + t - 1, s)
            if best is None or key < best[0]:
                best = (key, (s, p))
    return None if best is None else best[1]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=0, max_size=40), st.integers(0, 4))
def test_period_search_is_the_definition(values, t):
    assert period_search(np.array(values, dtype=np.uint8), t) == best_pair_by_scanning(values, t)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=0, max_size=12), st.lists(st.integers(0, 5), min_size=1, max_size=6),
       st.integers(3, 8))
def test_period_search_of_a_built_sequence(pre, period, repeats):
    values = pre + period * repeats
    found = period_search(np.array(values), 1)
    assert found is not None and found[0] <= len(pre) and len(period) % found[1] == 0


def test_a_short_period_of_the_tail_does_not_hide_the_long_one():
    # 0.16's tail at n = 460000 ends in a stretch of period 3 (the search before this one took it); the pair
    # whose proof reads the fewest values is the published one (Gangolli and Plambeck 1989), proven from 509622.
    values = [7, 7] + ([1, 2, 3] * 10 + [4, 5, 6] * 10) * 2 + [1, 2, 3] * 3
    assert period_search(np.array(values), 2) == (2, 60) == best_pair_by_scanning(values, 2)


def test_proof_bound_reads_max_n0_1():
    assert proof_bound(0, 5, 3) == 2 + 5 + 3
    assert proof_bound(71, 12, 2) == 156


def test_periodic_from_the_start_is_proven():
    # 0.3: take 1 or 2 from a heap leaving one heap (or all of 1): G = 0, 1, 2, 0, 1, 2, ... from n0 = 0.
    per = octal_periodicity("0.33", 30)
    assert (per.preperiod, per.period, per.proven) == (0, 3, True)
    assert per.value(10**12) == 10**12 % 3


def test_unproven_sequence_refuses_far_values():
    per = octal_periodicity("0.6", 100)
    assert not per.proven
    with pytest.raises(GamecertError, match="no period is proven"):
        per.value(101)


# -- The certificate checker ---------------------------------------------------------------------


def kayles() -> tuple[list[int], int, int]:
    per = octal_periodicity("0.77", 300)
    return per.values[: per.certificate_length].tolist(), per.preperiod, per.period


def test_certificate_holds():
    values, n0, p = kayles()
    assert check_octal_certificate([0, 7, 7], values, n0, p, True) == []


def test_a_wrong_value_is_a_violation():
    values, n0, p = kayles()
    right = values[100]
    values[100] = right + 3
    problems = check_octal_certificate([0, 7, 7], values, n0, p, True)
    assert problems[0] == f"G(100) is {right + 3}, but the mex of its options is {right}"
    assert "period 12 fails" in problems[-1]


def test_a_wrong_period_is_a_violation():
    values, n0, p = kayles()
    problems = check_octal_certificate([0, 7, 7], values, n0 - 1, p, True)
    assert problems == ["G(82) is 2, but G(70) is 6: period 12 fails"]


@pytest.mark.parametrize(
    ("digits", "values", "n0", "p", "proven", "message"),
    [
        ([0, 8], [0], None, None, False, "expected the code's digits 0-7"),
        ([1, 7], [0], None, None, False, "expected digit 0 or 4 before the point, got 1"),
        ([0, 7], [0, -1], None, None, False, "expected the values as a list of whole numbers 0 or more"),
        ([0, 7], [0, 1], 0, None, False, "expected a preperiod and a period together"),
        ([0, 7], [0, 1], 0, 0, True, "expected a preperiod >= 0 and a period >= 1"),
        ([0, 7], [0, 1, 0], 0, 2, True, "the theorem reads G\\(0..6\\) for preperiod 0, period 2, t = 1"),
        ([0, 7], [0, 1, 0], None, None, True, "a proven certificate needs a preperiod and a period"),
        ([4], [0, 0, 0, 1, 0, 2, 1], 0, 3, True, "the octal periodicity theorem proves nothing for unequal splits"),
    ],
)
def test_malformed_certificates_raise(digits, values, n0, p, proven, message):
    with pytest.raises(CertificateError, match=message):
        check_octal_certificate(digits, values, n0, p, proven, unequal=digits == [4])


@pytest.mark.parametrize(
    ("code", "n", "method"),
    [
        ("0.77", 10**5, "sparse"),  # 9 sparse heaps
        ("0.16", 10**5, "sparse"),
        ("0.127", 10**5, "sparse"),
        ("4.7", 10**5, "sparse"),
        ("0.137", 10**5, "plain"),  # about 32% of heaps sparse: no sparse space
        ("0.07", 10**5, "plain"),
        ("0.007", 10**5, "plain"),
        ("0.77", 1000, "plain"),  # below SPARSE_FROM
        ("0.03", 10**5, "plain"),  # no two-heap move
    ],
)
def test_auto_method_takes_sparse_only_where_there_is_a_sparse_space(code, n, method):
    assert auto_method(parse_code(code), n) == method
