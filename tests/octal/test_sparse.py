"""The sparse-space kernel gives exactly the nim-values of the plain quadratic definition."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.jit import python_kernels
from gamecert.solvers.octal.sparse import FIRST_CHOICE, nim_sequence_sparse, sparse_run


def plain_values(digits: list[int], n: int) -> list[int]:
    """G(0..n) straight from the definition: every option of every heap, then the mex."""
    values = [0]
    for heap in range(1, n + 1):
        options = set()
        for k, digit in enumerate(digits):
            if k > heap:
                break
            if k >= 1 and digit & 1 and heap == k:
                options.add(0)
            if k >= 1 and digit & 2 and heap > k:
                options.add(values[heap - k])
            if digit & 4:
                rest = heap - k
                options.update(values[a] ^ values[rest - a] for a in range(1, rest))
        mex = 0
        while mex in options:
            mex += 1
        values.append(mex)
    return values


def code_digits(code: str) -> list[int]:
    whole, _, fraction = code.partition(".")
    return [int(whole)] + [int(d) for d in fraction]


ONE_AND_TWO_DIGITS = [f"0.{a}" for a in range(8)] + [f"0.{a}{b}" for a in range(8) for b in range(8)]
# Three and more digits with two-heap moves (Dawson's chess 0.137, 0.127 whose sparse
# heaps need the parity of the heap, 0.106, 0.007 whose values keep growing), and codes
# that split without removing (4.x).
LONGER = ["0.137", "0.127", "0.106", "0.007", "0.051", "0.165", "0.356", "0.4444", "0.1771", "0.03", "0.0007"]
WHOLE = ["4.0", "4.1", "4.3", "4.7", "4.77", "4.07", "4.123", "4.004"]


@pytest.mark.parametrize("code", ONE_AND_TWO_DIGITS)
def test_every_code_of_one_and_two_digits(code):
    digits = code_digits(code)
    assert nim_sequence_sparse(np.array(digits, dtype=np.int64), 200).tolist() == plain_values(digits, 200)


@pytest.mark.parametrize("code", LONGER + WHOLE)
def test_longer_codes_past_several_mask_choices(code):
    n = 8 * FIRST_CHOICE + 50  # choices at 32, 64, 128 and 256
    digits = code_digits(code)
    assert nim_sequence_sparse(np.array(digits, dtype=np.int64), n).tolist() == plain_values(digits, n)


@pytest.mark.parametrize("code", ["0.77", "0.127", "4.7", "0.6"])
def test_plain_python_mode_agrees(code):
    digits = code_digits(code)
    with python_kernels():
        got = nim_sequence_sparse(np.array(digits, dtype=np.int64), 100)
    assert got.tolist() == plain_values(digits, 100)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=6), st.integers(0, 130))
def test_random_codes(digits, n):
    assert nim_sequence_sparse(np.array(digits, dtype=np.int64), n).tolist() == plain_values(digits, n)


def test_kayles_is_served_by_a_small_sparse_set():
    # Kayles' values past 70 repeat 4 1 2 8 1 4 7 2 1 8 2 7 for n = 0, 1, ... mod 12 (Winning
    # Ways, ch. 4), all of odd popcount: with the full mask only heaps up to 70 are sparse,
    # and the scans stop after a few splits.
    n = 20000
    run = sparse_run(np.array([0, 7, 7]), n)
    assert run.mask == -1 and run.flip == 0 and run.rare == 0
    assert 0 < run.sparse <= 70
    plain_pairs = sum((x - 1) // 2 + (x - 2) // 2 for x in range(1, n + 1))
    assert run.scanned + run.listed < plain_pairs / 100
    assert run.values[72:84].tolist() == [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]
    assert (run.values[71:-12] == run.values[83:]).all()


def test_0127_becomes_periodic_after_its_last_exception_46577():
    # Gangolli and Plambeck (Int. J. Game Theory 18, 1989): 0.127 has period 4 with
    # last exception at heap 46577; the kernel reaches it with a sparse set in the domain.
    run = sparse_run(np.array([0, 1, 2, 7]), 50000)
    g = run.values
    assert run.flip == 1
    assert g[46577] != g[46581]
    assert (g[46578:-4] == g[46582:]).all()


@pytest.mark.slow
def test_0127_agrees_with_the_definition_past_the_first_thousands():
    digits = [0, 1, 2, 7]
    assert nim_sequence_sparse(np.array(digits), 2500).tolist() == plain_values(digits, 2500)


def test_tiny_sizes():
    assert nim_sequence_sparse(np.array([0, 7, 7]), 0).tolist() == [0]
    assert nim_sequence_sparse(np.array([4]), 3).tolist() == [0, 0, 1, 0]


@pytest.mark.parametrize(
    "digits, n, message",
    [
        (np.array([0, 8]), 5, "every octal digit must be in 0..7"),
        (np.array([0, -1]), 5, "every octal digit must be in 0..7"),
        (np.array([], dtype=np.int64), 5, "non-empty 1-D integer array"),
        (np.array([[0, 7]]), 5, "non-empty 1-D integer array"),
        (np.array([0.0, 7.0]), 5, "non-empty 1-D integer array"),
        (np.array([0, 7]), -1, "n must be a non-negative integer"),
        (np.array([0, 7]), 2.5, "n must be a non-negative integer"),
    ],
)
def test_bad_arguments(digits, n, message):
    with pytest.raises(ValueError, match=message):
        nim_sequence_sparse(digits, n)
