"""The NOI2011 Bunny and Egg game: :class:`BunnyEggGame`, and the capabilities defined with it.

Start-up stays cheap: this module imports the solver, the board search, the
stress generator and the audits (numpy and plain Python). The ILP and
networkx, LP and SAT routes import their libraries inside their ``run``;
pictures, the exhaustive family and the contest problem are imported by the
methods that use them, so ``gamecert solve bunny-egg`` loads none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecert.solvers.bunny_egg.solver import (
    PLAYERS,
    BunnyEgg,
    BunnyEggAnalysis,
    Verdicts,
    bunny_egg,
    format_bunny_egg_answer,
    parse_bunny_egg,
)
from gamecert.verify.bunny_egg.audit import BunnyEggAudits
from gamecert.verify.bunny_egg.generator import BunnyEggStressCases
from gamecert.verify.bunny_egg.ilp import BunnyEggIlpFormulation
from gamecert.verify.bunny_egg.lp import BunnyEggLpFormulation
from gamecert.verify.bunny_egg.networkx_check import BunnyEggNetworkxFormulation
from gamecert.verify.bunny_egg.sat import BunnyEggKonigFormulation
from gamecert.verify.bunny_egg.search import BunnyEggSearchFormulation
from gamecert.verify.capabilities import Contest, Pictures
from gamecert.verify.game import Capability, Formulation, Game, Write, first_difference

if TYPE_CHECKING:
    from gamecert.verify.engine.problem import ContestProblem


class BunnyEggGame(Game[BunnyEgg, BunnyEggAnalysis]):
    """Bunny's mistakes in a game record: which of her moves turned a win into a loss.

    >>> game = BunnyEggGame()
    >>> game.format(game.fast_solve(game.parse("1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n")))
    '1\\n1\\n'
    """

    name = "bunny-egg"
    summary = "NOI2011 Bunny and Egg: Bunny's mistakes in a game record"

    def parse(self, text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> BunnyEgg:
        return parse_bunny_egg(text, source, judge_limits)

    def solve(self, instance: BunnyEgg) -> BunnyEggAnalysis:
        return bunny_egg(instance)

    def small(self, instance: BunnyEgg) -> bool:
        # Judge-size games (40x40, k <= 1000) replay quicker as plain Python than
        # numba loads (benchmarks/limits.md).
        return instance.board.size <= 1600 and len(instance.moves) <= 2000

    def write_answer(self, solution: BunnyEggAnalysis, write: Write) -> None:
        # At most 1001 short lines: one chunk.
        write(format_bunny_egg_answer(solution).encode())

    def describe(self, solution: BunnyEggAnalysis) -> dict:
        n, m = solution.game.shape
        return {
            "game": "bunny-egg",
            "rows": n,
            "cols": m,
            "k": solution.game.k,
            "answer": list(solution.bunny_mistakes),
            "bunny_mistakes": list(solution.bunny_mistakes),
            "egg_mistakes": list(solution.egg_mistakes),
            "finished": solution.finished,
            "winner": "Egg" if solution.finished else None,
            "note": None if solution.finished else "the record stops before the game ends: Bunny can still move",
            "graph": {"vertices": solution.graph.n, "edges": solution.graph.m},
            "positions": solution.table(),
        }

    def answer(self, solution: BunnyEggAnalysis) -> Verdicts:
        return solution.verdicts()

    def certify(self, instance: BunnyEgg, solution: BunnyEggAnalysis) -> list[str]:
        from gamecert.verify.bunny_egg.certificate import certify_positions  # matching checks: not for `solve`

        return certify_positions(instance, solution.verdicts().wins)

    def explain(self, instance: BunnyEgg, fast: Verdicts, other: Verdicts) -> str:
        t = first_difference(fast.wins, other.wins)
        if t is not None:
            if t >= min(len(fast.wins), len(other.wins)):
                return f"{len(other.wins)} positions, expected {len(fast.wins)}"
            word = {True: "wins", False: "loses"}
            return (
                f"position {t} ({PLAYERS[t % 2]} to move after {t} moves): "
                f"{word[other.wins[t]]}, expected {word[fast.wins[t]]}"
            )
        if fast.bunny_mistakes != other.bunny_mistakes:
            return f"Bunny's mistakes {list(other.bunny_mistakes)}, expected {list(fast.bunny_mistakes)}"
        if fast.egg_mistakes != other.egg_mistakes:
            return f"Egg's mistakes {list(other.egg_mistakes)}, expected {list(fast.egg_mistakes)}"
        return "answers agree"

    def formulations(self) -> tuple[Formulation[BunnyEgg, Verdicts], ...]:
        return (
            BunnyEggSearchFormulation(), BunnyEggIlpFormulation(), BunnyEggNetworkxFormulation(), BunnyEggLpFormulation(),
            BunnyEggKonigFormulation(),
        )

    def capabilities(self) -> tuple[Capability, ...]:
        # Campaigns only, so not imported with the game; the module itself is light.
        from gamecert.verify.bunny_egg.exhaustive import BunnyEggExhaustiveAudit

        return (
            BunnyEggStressCases(),
            BunnyEggAudits(),
            BunnyEggExhaustiveAudit(),
            BunnyEggPictures(),
            BunnyEggContest(),
        )


class BunnyEggPictures(Pictures[BunnyEgg, BunnyEggAnalysis, None]):
    """The record drawn: pieces, the moves numbered, both players' mistakes marked.

    There is no focus option: the picture already shows every position's verdict.
    """

    def draw(self, instance: BunnyEgg, solution: BunnyEggAnalysis, focus: None = None) -> str:
        from gamecert.verify.bunny_egg.show import bunny_picture  # SVG writer: `show` and `check --html` only

        return bunny_picture(solution)


class BunnyEggContest(Contest):
    """``gamecert package bunny-egg``: the NOI2011 problem with its test groups."""

    def problem(self) -> ContestProblem:
        from gamecert.verify.bunny_egg.contest import PROBLEM  # `gamecert package` only

        return PROBLEM
