"""The NOI2011 Bunny and Egg game in the registry."""

from __future__ import annotations

from types import ModuleType

from gamecert.solvers.bunny_egg.solver import (
    PLAYERS,
    BunnyEgg,
    BunnyEggAnalysis,
    Verdicts,
    bunny_egg,
    format_bunny_egg_answer,
    parse_bunny_egg,
)
from gamecert.verify.bunny_egg import generator
from gamecert.verify.bunny_egg.audit import BUNNY_AUDITS
from gamecert.verify.bunny_egg.ilp import ilp_fits, ilp_verdicts
from gamecert.verify.bunny_egg.networkx_check import networkx_fits, networkx_verdicts
from gamecert.verify.bunny_egg.search import board_search
from gamecert.verify.bunny_egg.search import fits as search_fits
from gamecert.verify.game import Exhaustive, Formulation, Game, Pictures, first_difference


def _to_json(sol: BunnyEggAnalysis) -> dict:
    n, m = sol.game.shape
    return {
        "game": "bunny-egg",
        "rows": n,
        "cols": m,
        "k": sol.game.k,
        "answer": list(sol.bunny_mistakes),
        "bunny_mistakes": list(sol.bunny_mistakes),
        "egg_mistakes": list(sol.egg_mistakes),
        "finished": sol.finished,
        "winner": "Egg" if sol.finished else None,
        "note": None if sol.finished else "the record stops before the game ends: Bunny can still move",
        "graph": {"vertices": sol.graph.n, "edges": sol.graph.m},
        "positions": sol.table(),
    }


def _certify(game: BunnyEgg, sol: BunnyEggAnalysis) -> list[str]:
    from gamecert.verify.bunny_egg.certificate import certify_positions

    return certify_positions(game, sol.verdicts().wins)


def _explain(game: BunnyEgg, expected: Verdicts, got: Verdicts) -> str:
    t = first_difference(expected.wins, got.wins)
    if t is not None:
        if t >= min(len(expected.wins), len(got.wins)):
            return f"{len(got.wins)} positions, expected {len(expected.wins)}"
        word = {True: "wins", False: "loses"}
        return (
            f"position {t} ({PLAYERS[t % 2]} to move after {t} moves): "
            f"{word[got.wins[t]]}, expected {word[expected.wins[t]]}"
        )
    if expected.bunny_mistakes != got.bunny_mistakes:
        return f"Bunny's mistakes {list(got.bunny_mistakes)}, expected {list(expected.bunny_mistakes)}"
    if expected.egg_mistakes != got.egg_mistakes:
        return f"Egg's mistakes {list(got.egg_mistakes)}, expected {list(expected.egg_mistakes)}"
    return "answers agree"


def _search(game: BunnyEgg) -> Verdicts:
    return board_search(game).verdicts()


def _ilp(game: BunnyEgg) -> Verdicts:
    return ilp_verdicts(game)[0]


def _networkx(game: BunnyEgg) -> Verdicts:
    return networkx_verdicts(game)[0]


def _picture(game: BunnyEgg, analysis, focus: str | None) -> str:
    from gamecert.verify.bunny_egg.show import picture

    return picture(game, analysis, focus)


def _exhaustive_family() -> ModuleType:
    from gamecert.verify.bunny_egg import exhaustive  # campaigns only: not loaded by `gamecert solve`

    return exhaustive


def _contest_problem():
    from gamecert.verify.bunny_egg.contest import PROBLEM  # `gamecert package` only

    return PROBLEM


BUNNY_EGG = Game(
    name="bunny-egg",
    generator=generator,
    audits=BUNNY_AUDITS,
    exhaustive=Exhaustive(_exhaustive_family, "cells"),
    summary="NOI2011 Bunny and Egg: Bunny's mistakes in a game record",
    parse=lambda text, source, judge_limits: parse_bunny_egg(text, source, judge_limits),
    solve=bunny_egg,
    # Judge-size games (40x40, k <= 1000) replay quicker as plain Python than
    # numba loads (benchmarks/limits.md).
    small=lambda game: game.board.size <= 1600 and len(game.moves) <= 2000,
    format=format_bunny_egg_answer,
    to_json=_to_json,
    answer=lambda sol: sol.verdicts(),
    certify=_certify,
    explain=_explain,
    formulations=(
        Formulation("search", search_fits, _search),
        Formulation("ilp", ilp_fits, _ilp),
        Formulation("networkx", networkx_fits, _networkx),
    ),
    pictures=Pictures(_picture),
    contest=_contest_problem,
)
