"""Published periods of octal games: the values, the preperiod and period, and the theorem's proof."""

from __future__ import annotations

import pytest

from gamecert.solvers.octal import nim_sequence, octal_periodicity
from tests.octal.published import PUBLISHED, Published


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
