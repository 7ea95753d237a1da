"""The independent formulations of impartial rules games (retrograde analysis, SAT, OR-Tools, whole-sum search)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecert.verify.game import Formulation

if TYPE_CHECKING:
    from gamecert.verify.rules.game import ImpartialRulesGame


def impartial_formulations(game: ImpartialRulesGame) -> tuple[Formulation, ...]:
    """The formulations ``check`` runs on an impartial rules game, each where it fits."""
    return ()
