"""What rules games offer the commands beyond their core: stress cases, claims, pictures, play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecert.verify.game import Capability

if TYPE_CHECKING:
    from gamecert.verify.rules.game import GraphRulesGame, ImpartialRulesGame


def impartial_capabilities(game: ImpartialRulesGame) -> tuple[Capability, ...]:
    return ()


def graph_capabilities(game: GraphRulesGame) -> tuple[Capability, ...]:
    return ()
