"""The answer for one position of a general or score game: :class:`Value`."""

from __future__ import annotations

from dataclasses import dataclass

#: The outcomes of a general game, for the player to move.
OUTCOMES = ("win", "lose", "draw")


@dataclass(frozen=True)
class Value:
    """A position's value for the player to move.

    General games: ``outcome`` is ``"win"`` or ``"lose"`` with ``number`` the
    remoteness (the winner hurries, the loser delays), or ``"draw"`` with
    ``number`` None. Score games: ``outcome`` is ``"score"`` and ``number``
    the most the player to move can guarantee (own points minus the
    opponent's, from here on). Printed as the judge line: ``win 3``,
    ``draw``, ``score -2``.

    >>> str(Value("win", 3)), str(Value("draw", None)), str(Value("score", -2))
    ('win 3', 'draw', 'score -2')
    """

    outcome: str
    number: int | None

    def __str__(self) -> str:
        return self.outcome if self.number is None else f"{self.outcome} {self.number}"
