"""How a score game's rules give its moves and its ends: :class:`ScoreMoves`, the kind's move reader."""

from __future__ import annotations

from typing import Any, ClassVar

from gamecert.solvers.rules.shown import shown_position
from gamecert.solvers.turn.moves import Located, MoveReader


def is_points(x: Any) -> bool:
    """Whether ``x`` is a score: an int, not a bool.

    >>> is_points(3), is_points(True), is_points(2.0)
    (True, False, False)
    """
    return isinstance(x, int) and not isinstance(x, bool)


class ScoreMoves(MoveReader):
    """A score game's moves are ``(position, points)`` pairs, the mover scoring ``points`` (an int); ``result``
    is what the player to move gains over the opponent from there on (an int); play must end.

    >>> from gamecert.solvers.rules.rules import Guard, ScoreRules
    >>> rules = ScoreRules("s", "s.py", int, range)
    >>> points = []
    >>> ScoreMoves().read(Guard(rules), 3, [(2, 1), (1, -2)], points), points
    ([2, 1], [1, -2])
    """

    items: ClassVar[str] = "(position, points) pairs"
    results: ClassVar[str] = "None or an int (the score)"
    loop: ClassVar[str] = "a position is reachable from itself, so play need not end; a score game must end"

    def points(self) -> list[int]:
        return []

    def read(self, guard: Located, position: Any, found: Any, points: list[int]) -> list:  # type: ignore[override]
        try:
            items = iter(found)
        except TypeError:
            raise self.not_iterable(guard, position, found) from None
        reached: list = []
        for item in items:
            try:
                c, pts = item
            except (TypeError, ValueError):
                raise guard.error(
                    "moves", position, f"returned the move {shown_position(item)}, expected a (position, points) pair "
                    "(a score game's move)",
                ) from None
            if type(pts) is not int:
                if not is_points(pts):
                    raise guard.error(
                        "moves", position, f"returned the move {shown_position(item)}, whose points "
                        f"{shown_position(pts)} ({type(pts).__name__}) are not an int",
                    )
                pts = int(pts)
            reached.append(c)
            points.append(pts)
        return reached

    def is_result(self, found: Any) -> bool:
        return is_points(found)

    def result(self, guard: Located, position: Any, found: Any) -> int:
        return int(super().result(guard, position, found))
