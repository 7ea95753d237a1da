"""How a general game's rules give its moves and its ends: :class:`GeneralMoves`, the kind's move reader."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from gamecert.solvers.rules.shown import shown_position
from gamecert.solvers.turn.moves import Located, MoveReader
from gamecert.solvers.turn.value import OUTCOMES


def _shape(x: Any) -> tuple:
    """What a position looks like: its type, its length, and its items' types (a tuple's)."""
    if isinstance(x, tuple):
        return (tuple, len(x), tuple(type(i) for i in x))
    if isinstance(x, (str, bytes, frozenset)):
        return (type(x), len(x))
    return (type(x),)


def looks_like_pair(move: Any, position: Any) -> bool:
    """Whether a general game's move is a ``(position, points)`` pair: a 2-tuple whose second item is an int
    and whose first item has the shape of the position moved from.

    >>> looks_like_pair(((1, 0), 2), (0, 0)), looks_like_pair((1, 2), (0, 0))
    (True, False)
    """
    return (
        type(move) is tuple and len(move) == 2 and isinstance(move[1], int) and not isinstance(move[1], bool)
        and _shape(move[0]) == _shape(position)
    )


class GeneralMoves(MoveReader):
    """A general game's moves are positions; ``result`` says ``"win"``, ``"lose"`` or ``"draw"`` for the player to move.

    A move first met that looks like a ``(position, points)`` pair (a score
    game's move in a general file) is bad rules.

    >>> from gamecert.solvers.rules.rules import GeneralRules, Guard
    >>> rules = GeneralRules("g", "g.py", int, range)
    >>> list(GeneralMoves().read(Guard(rules), 3, [2, 1], None))
    [2, 1]
    """

    items: ClassVar[str] = "positions"
    results: ClassVar[str] = 'None, "win", "lose" or "draw"'

    def read(self, guard: Located, position: Any, found: Any, points: None) -> Iterator:
        try:
            return iter(found)  # lazily: a generator of the rules runs as the listing reads it
        except TypeError:
            raise self.not_iterable(guard, position, found) from None

    def met(self, guard: Located, reached: Any, position: Any) -> None:  # type: ignore[override]
        if type(reached) is tuple and looks_like_pair(reached, position):
            raise guard.error(
                "moves", position, f"returned {shown_position(reached)}, which looks like a (position, points) pair; "
                'a general game\'s moves are positions (KIND = "score" gives points)',
            )

    def is_result(self, found: Any) -> bool:
        return type(found) is str and found in OUTCOMES
