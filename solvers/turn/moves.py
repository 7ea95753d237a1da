"""How a turn game's rules file gives one position's moves and where play ends: :class:`MoveReader`.

General and score games (:class:`~gamecert.solvers.rules.rules.TurnRules`)
call their rules alike (``player``, ``result``, then ``moves``, once per
position) and differ in what ``moves`` and ``result`` return. Each kind's
description names its reader (``rules.reader``), which lives with the kind
(:class:`gamecert.solvers.general.moves.GeneralMoves`,
:class:`gamecert.solvers.score.moves.ScoreMoves`); every listing of a turn
game (the solvers' graph and tiers, the formulations' graph) asks the reader
and never which kind it lists.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.shown import shown_position


class Located(Protocol):
    """What a reader reports its errors through: the :class:`~gamecert.solvers.rules.rules.Guard` running the rules."""

    def error(self, function: str, position: Any, message: str) -> RulesError: ...


class MoveReader:
    """What one kind of turn game reads from its rules: the positions a move reaches (and what it scores), and
    what ``result`` may say.

    A reader holds no state; the listings keep what it reads. :meth:`read`
    is called once per position, :meth:`met` once per position first
    reached (None when a kind has nothing to check there), :meth:`result`
    once per position where play ends.
    """

    #: What ``moves`` returns an iterable of, as messages say it.
    items: ClassVar[str]
    #: What ``result`` may return, as messages say it.
    results: ClassVar[str]
    #: Why a loop is bad rules (None: play may repeat).
    loop: ClassVar[str | None] = None
    #: What the kind checks of a position that a move of ``position`` reaches first, as
    #: ``met(guard, reached, position)`` (None: nothing), before it is numbered.
    met: ClassVar[Callable[[Located, Any, Any], None] | None] = None

    def points(self) -> list[int] | None:
        """A new list for the points of the moves read (None where moves score nothing)."""
        return None

    def not_iterable(self, guard: Located, position: Any, found: Any) -> RulesError:
        """The error for ``moves(position)`` returning ``found``, which is not iterable."""
        return guard.error("moves", position, f"returned {shown_position(found)}, expected an iterable of {self.items}")

    def read(self, guard: Located, position: Any, found: Any, points: list[int] | None) -> Iterable:
        """The positions the moves of ``position`` reach, in order, from ``found`` (what ``moves`` returned); the
        points of each move are appended to ``points``."""
        raise NotImplementedError

    def is_result(self, found: Any) -> bool:
        """Whether ``found``, not None, is what ``result`` may return."""
        raise NotImplementedError

    def result(self, guard: Located, position: Any, found: Any) -> Any:
        """``result(position)``'s ``found`` (not None), held to the contract."""
        if not self.is_result(found):
            raise guard.error("result", position, f"returned {shown_position(repr(found))}, expected {self.results}")
        return found
