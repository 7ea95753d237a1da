"""The guard around a rules file's calls (solvers/rules/rules.py): a stop of its timer that lands where Python cannot
raise it (a finalizer, a garbage collector's callback) is not reported, and comes again where it can stop the call."""

from __future__ import annotations

import sys
import time

import pytest

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import GeneralRules, Guard, Limits

RULES = GeneralRules("take", "take.py", int, lambda n: [n - 1] if n else [])


def test_a_stop_that_lands_in_a_finalizer_is_not_reported_and_comes_again(monkeypatch):
    reported, finished = [], []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)

    class Slow:
        def __del__(self):  # runs longer than the time limit: the stop lands here
            end = time.monotonic() + 1.0
            while time.monotonic() < end:
                pass
            finished.append(self)

    with pytest.raises(RulesError) as found:
        with Guard(RULES, Limits(time_limit=0.2)) as guard:
            guard.doing = ("moves", 3)
            Slow()
            while True:  # the call runs on until the stop comes again
                pass
    assert "time" in found.value.message, found.value.message
    assert (finished, reported) == ([], [])  # the finalizer was stopped, and nothing was reported
    assert sys.unraisablehook == reported.append  # the hook in place before is back


def test_what_else_a_finalizer_raises_is_still_reported(monkeypatch):
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)

    class Faulty:
        def __del__(self):
            raise ValueError("in a finalizer")

    with Guard(RULES):
        Faulty()
    assert [type(r.exc_value) for r in reported] == [ValueError]
