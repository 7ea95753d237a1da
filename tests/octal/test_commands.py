"""``gamecert solve / audit / show octal``: exact outputs, exit codes, errors."""

from __future__ import annotations

import json
import re

import pytest

from gamecert.verify.octal.certificate import octal_values
from tests.octal.published import DAWSONS_CHESS, KAYLES
from tests.support import run


@pytest.mark.slow
def test_solve_answers_each_line():
    result = run(["solve", "octal"], input="0.77 3\n0.07 1\n0.137 999999999999999999\n4.7 50\n")
    far = DAWSONS_CHESS.value(10**18 - 1)  # the published period
    split = octal_values((4, 7), 50)[50]  # the checker's mex of the literal moves
    assert far != 0 and split != 0
    assert (result.exit_code, result.output) == (0, f"win {KAYLES.value(3)}\nlose 0\nwin {far}\nwin {split}\n")


def test_solve_json_carries_the_certificate():
    result = run(["solve", "octal", "--json"], input="0.77 3\n0.77 1000000\n")
    assert result.exit_code == 0
    data = json.loads(result.output)
    far = KAYLES.value(10**6)
    assert data["answer"] == ["win 3", f"win {far}"]
    assert data["queries"][1] == {"code": "0.77", "heap": 1000000, "value": far}
    [seq] = data["certificate"]["sequences"]
    assert (seq["code"], seq["digits"], seq["preperiod"], seq["period"], seq["proven"], seq["bound"]) == (
        "0.77", [0, 7, 7], 71, 12, True, 156,
    )
    assert len(seq["values"]) == 156 + 12 and seq["values"][:6] == [0, 1, 2, 3, 1, 4]


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("0.77 5 6\n", "error: <stdin>:1:8: expected the end of the line after 0.77 5, got '6'"),
        ("0.77\n5\n", "error: <stdin>:1:5: expected a heap size N after the code '0.77' on its line"),
        ("0.7 1\n0.79 5\n", "error: <stdin>:2:4: expected an octal digit 0-7, got '9'"),
        ("2.7 5\n", "error: <stdin>:1:1: expected 0 or 4 before the point (removing no token can only split a heap), got '2'"),
        ("0.77 -1\n", "error: <stdin>:1:6: expected a heap size N in 0..999999999999999999, got -1"),
        ("0.77 1000000000000000000\n", "error: <stdin>:1:6: expected a heap size N in 0..999999999999999999, got 1000000000000000000"),
        ("", "error: <stdin>:1:1: expected at least one line 'CODE N'"),
    ],
)
def test_bad_input_is_located(text, error):
    result = run(["solve", "octal"], input=text)
    assert (result.exit_code, result.stderr.strip()) == (1, error)


def test_a_heap_beyond_an_unproven_period_is_refused():
    # 0.6 (Officers) shows no period in its first 2^10 values; --no-judge-limits is not given a larger budget here,
    # so the refusal is checked at the smallest budget through the library (the command's is 2^16).
    from gamecert.solvers.errors import InputError
    from gamecert.solvers.octal.solver import OctalQueries, octal_queries, parse_octal_queries

    queries = parse_octal_queries("0.77 1\n0.6 5000\n", "in.txt")
    with pytest.raises(InputError, match=r"in.txt:2:5: expected a heap up to 2048: 0.6 shows no proven period"):
        octal_queries(OctalQueries(queries.queries, "in.txt", 2048))


def test_audit_periodicity_proves_kayles():
    result = run(["audit", "--game", "octal", "--code", "0.77", "--periodicity", "500"])
    assert result.exit_code == 0
    assert result.output == (
        "octal 0.77 up to n = 500: preperiod 71, period 12 (last exception at n = 70)\n"
        "proven: G(n + 12) = G(n) for 71 <= n < 156 = 2*71 + 12 + 2, so for every n >= 71 (octal periodicity theorem)\n"
        "largest value 8 first at n = 27; 10 rare values, the last at n = 70\n"
        "certificate: G(0..167) recomputed from every option, the period checked: holds\n"
    )


def test_audit_periodicity_short_of_the_proof():
    result = run(["audit", "--game", "octal", "--code", "0.177", "--periodicity", "700"])
    assert result.exit_code == 0
    assert result.output == (
        "octal 0.177 up to n = 700: preperiod 497, period 20 (last exception at n = 496)\n"
        "not proven: the theorem reads G(0..1036); run with --periodicity 1036 or more\n"
        "largest value 8 first at n = 36; 10 rare values, the last at n = 197\n"
        "certificate: G(0..700) recomputed from every option: holds\n"
    )


def test_audit_periodicity_without_a_period():
    result = run(["audit", "--game", "octal", "--code", "0.6", "--periodicity", "100"])
    assert (result.exit_code, result.output.splitlines()[0]) == (
        0, "octal 0.6 up to n = 100: no period visible (none repeats twice)",
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--code", "0.8", "--periodicity", "10"],
         ("Error: Invalid value for --code: expected an octal code such as 0.77 or 4.7, or grundy "
          "(expected an octal digit 0-7, got '8'), got '0.8'")),
        (["--code", "0.77"], "Error: --code CODE and --periodicity N go together, and with no other audit option"),
        (["--code", "0.77", "--periodicity", "25000001"],
         ("Error: Invalid value for '--periodicity': expected at most 25000000 (the longest sequence octal audits; "
          "it is projected to take T), got 25000001")),
        (["--code", "0.77", "--periodicity", "10", "--quick"],
         "Error: --code CODE and --periodicity N go together, and with no other audit option"),
    ],
)
def test_audit_periodicity_usage(args, message):
    result = run(["audit", "--game", "octal", *args])
    last = re.sub(r"take \d+\.\d [a-z]+", "take T", result.stderr.strip().splitlines()[-1])
    assert (result.exit_code, last) == (2, message)


def test_audit_of_octal_needs_a_code():
    result = run(["audit", "--game", "octal"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == "Error: octal is audited by its periodicity: add --code CODE --periodicity N"


def test_audit_periodicity_needs_the_octal_game():
    result = run(["audit", "--game", "maze", "--code", "0.77", "--periodicity", "10"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == (
        "Error: maze has no periodicity audit; --code CODE --periodicity N is for octal"
    )


def test_show_draws_the_strip():
    result = run(["show", "octal"], input="0.137 1000\n")
    assert result.exit_code == 0
    assert "0.137: preperiod 52, period 34: proven for every n (octal periodicity theorem)" in result.output


def test_a_long_audit_says_its_projected_time_first():
    # From 2^20 values on the command projects its time (stderr) before computing; stdout is the report alone.
    result = run(["audit", "--game", "octal", "--code", "0.77", "--periodicity", str(1 << 20)])
    assert result.exit_code == 0
    assert re.fullmatch(
        r"audit --game octal --code 0\.77 --periodicity 1048576: projected \d+\.\d (s|min)\n", result.stderr
    )
    assert result.stdout.splitlines()[1].startswith("proven: G(n + 12) = G(n) for 71 <= n < 156")
