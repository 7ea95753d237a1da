"""Stress cases of general and score games written as rules: :class:`TurnStressCases`."""

from __future__ import annotations

from collections.abc import Hashable

from gamecert.verify.game import Game
from gamecert.verify.rules.stress import LineStressCases


class TurnStressCases(LineStressCases):
    """Stress cases of a general or score rules game: positions from ``positions(size)``, one per input line.

    Shrinking drops lines and replaces a position by positions of smaller
    sizes, never by a move from it: a general game's moves may lead back to
    where they started, so only sizes keep the reductions well-founded.
    """

    @classmethod
    def applies(cls, game: Game) -> bool:
        """Only where the rules define ``positions`` and read one position per input line (no ``starts``)."""
        return super().applies(game) and game.rules.starts is None  # type: ignore[attr-defined]

    def successors(self, position: Hashable) -> list[Hashable]:
        return []
