"""Published periods of octal games: the values, the preperiod and period, and the theorem's proof."""

from __future__ import annotations

import pytest

from gamecert.solvers.octal import nim_sequence, octal_periodicity, parse_code
from gamecert.verify.octal.certificate import octal_values
from gamecert.verify.octal.game import OctalPeriodicity
from tests.octal.published import PUBLISHED, Published, TableRow, table_rows, table_sequence


@pytest.mark.parametrize("pub", PUBLISHED, ids=lambda p: p.code)
def test_values_are_the_published_data(pub: Published):
    got = nim_sequence(pub.code, pub.first + len(pub.data) - 1).tolist()
    assert got[pub.first :] == list(pub.data)


@pytest.mark.parametrize("pub", PUBLISHED, ids=lambda p: p.code)
def test_period_is_the_published_one_and_proven(pub: Published):
    per = octal_periodicity(pub.code, 1100)
    assert (per.preperiod, per.period) == (pub.last_exception + 1, pub.period)
    assert per.proven
    if pub.complete:  # the proven period answers far beyond what was computed, as the published form does
        for n in (per.size + 1, 10**6 + 7, 10**18 + 3):
            assert per.value(n) == pub.value(n)


@pytest.mark.parametrize("pub", PUBLISHED, ids=lambda p: p.code)
def test_too_few_values_do_not_prove(pub: Published):
    per = octal_periodicity(pub.code, octal_periodicity(pub.code, 1100).needed - 2)
    assert not per.proven


@pytest.mark.parametrize("row", table_rows(), ids=lambda r: r.code)
def test_table_period_found_and_proven_by_the_audit(row: TableRow):
    # N is just what the theorem reads for the table's preperiod and period: the audit must find exactly that
    # pair, prove it and check the certificate on all of G(0..N).
    code = parse_code(row.code)
    values, n0 = table_sequence(row, code.digits)
    n = 2 * max(n0, 1) + 2 * row.period + code.length - 1
    report = OctalPeriodicity().audit_periodicity(row.code, n)
    assert report.ok and report.proven
    assert report.text.splitlines()[0].startswith(f"octal {row.code} up to n = {n}: preperiod {n0}, period {row.period} (")
    assert nim_sequence(code, len(values) - 1).tolist() == values


def test_0161_and_036_differ_first_at_heap_519():
    # Flammenkamp's tables list 0.161 and 0.36 as one game; the checker's own mex of every option says otherwise.
    a, b = octal_values((0, 1, 6, 1), 600), octal_values((0, 3, 6), 600)
    assert a[:519] == b[:519] and (a[519], b[519]) == (2, 4)
    assert nim_sequence("0.161", 600).tolist() == a and nim_sequence("0.36", 600).tolist() == b
