"""What rules games offer the commands beyond their core: stress cases, claims, pictures, play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecert.verify.capabilities import ExportStart
from gamecert.verify.game import Capability

if TYPE_CHECKING:
    from gamecert.verify.game import Game


def impartial_capabilities(game: Game) -> tuple[Capability, ...]:
    return () + _impartial_show_play(game) + _impartial_stress_claims(game)


def graph_capabilities(game: Game, starts: ExportStart) -> tuple[Capability, ...]:
    return () + _graph_show(game, starts) + _graph_stress(game)


def _impartial_show_play(game: Game) -> tuple[Capability, ...]:
    """show, play and solve --position (verify/rules/show.py, play.py); package (which needs positions())."""
    from gamecert.verify.rules.contest import RulesContest
    from gamecert.verify.rules.play import ImpartialPositionPlay, ImpartialPositions
    from gamecert.verify.rules.show import ImpartialPictures, ImpartialPositionPictures

    return (
        ImpartialPictures(game), ImpartialPositionPictures(game), ImpartialPositionPlay(game), ImpartialPositions(game),
        RulesContest(game),
    )


def _graph_show(game: Game, starts: ExportStart) -> tuple[Capability, ...]:
    """show --vertex LABEL (verify/rules/show.py); play, export and solve --from come from the UVG game."""
    from gamecert.verify.rules.show import GraphRulesPictures

    return (GraphRulesPictures(game, starts),)


def _impartial_stress_claims(game: Game) -> tuple[Capability, ...]:
    """stress when the rules give positions (verify/rules/stress.py); audit --claim (verify/rules/audit.py)."""
    from gamecert.verify.rules.audit import Claims
    from gamecert.verify.rules.stress import kept_stress_cases

    stress = (kept_stress_cases(game),) if game.rules.positions is not None else ()
    return stress + (Claims(game),)


def _graph_stress(game: Game) -> tuple[Capability, ...]:
    """stress when the rules give instances (verify/rules/stress.py)."""
    from gamecert.verify.rules.stress import kept_stress_cases

    return (kept_stress_cases(game),) if game.rules.instances is not None else ()
