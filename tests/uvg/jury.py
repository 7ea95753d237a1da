"""The documented losing move of the interactive UVG jury, recomputed with gamecert's own verdicts."""

from __future__ import annotations

from gamecert.verify.engine.interactive import Duel, InteractiveProblem
from gamecert.verify.game import Game
from gamecert.verify.uvg.play import mid_game


def replies(engine, y: int) -> tuple[int, int]:
    """``(winning, legal)`` replies of the contestant once the jury moves from the token to ``y``."""
    gone = engine.visited.copy()
    gone[engine.token] = True
    after = gone.copy()
    after[y] = True
    options = [int(z) for z in engine.graph.neighbors(y) if not gone[z]]
    winning = sum(not mid_game(engine.graph, z, after).mover_wins for z in options)
    return winning, len(options)


def losing_moves_off_the_rule(problem: InteractiveProblem, game: Game, text: str, result: Duel) -> list[str]:
    """The jury's moves from lost positions that are not its documented choice: fewest winning replies
    of the contestant, then most legal replies, then the lowest vertex (docs/theory.md, "The interactive
    jury"; it holds while the jury's search budget lasts, which small tests never exhaust)."""
    engine = problem.play_engine(game, text)
    wrong = []
    for side, line in result.moves:
        if line == problem.no_move:
            break
        move = problem.read_line(engine, line)
        if side == "jury" and not problem.mover_wins(engine):
            keys = {y: replies(engine, y) for y in engine.moves()}
            best = min(keys, key=lambda y: (keys[y][0], -keys[y][1], y))
            if keys[move] != keys[best]:
                wrong.append(
                    f"{line}: {keys[move]} (winning, legal) replies, {problem.move_line(engine, best)} has {keys[best]}"
                )
        engine.play(move)
    return wrong
