"""What every kind's play and pictures share: one line of a position's text, the hint for a move."""

from __future__ import annotations

from gamecert.solvers.errors import RulesError


#: How a person names a move (the moves are listed, numbered: :class:`~gamecert.verify.engine.play.MenuPlayEngine`).
MOVE_HINT = "type a move's number, or the position after it as one input line"


def one_line(text: str) -> str:
    """``--position TEXT`` as one input line; a RulesError for more than one line."""
    if "\n" in text.rstrip("\n"):
        raise RulesError("--position", 1, 1, "expected one position on one line")
    return text.rstrip("\n") + "\n"
