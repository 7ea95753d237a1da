"""What every kind's play and pictures share: the guard around a session, one line of a position's text."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import RULES_FAULTS, Guard, ImpartialRules, Limits


#: How a person names a move (the moves are listed, numbered: :class:`~gamecert.verify.engine.play.MenuPlayEngine`).
MOVE_HINT = "type a move's number, or the position after it as one input line"


@contextmanager
def guarded(rules: ImpartialRules, limits: Limits) -> Iterator[Guard]:
    """A :class:`~gamecert.solvers.rules.rules.Guard` around a few calls into the rules: what they raise
    (or the guard stops) leaves the block as a :class:`~gamecert.solvers.errors.RulesError`."""
    guard = Guard(rules, limits)
    with guard:
        try:
            yield guard
        except RulesError:
            raise
        except RULES_FAULTS as exc:
            raise guard.failed(exc) from None


def one_line(text: str) -> str:
    """``--position TEXT`` as one input line; a RulesError for more than one line."""
    if "\n" in text.rstrip("\n"):
        raise RulesError("--position", 1, 1, "expected one position on one line")
    return text.rstrip("\n") + "\n"
