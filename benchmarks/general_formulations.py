"""Benchmark: the independent formulations of general and score games, on growing games.

Usage: ``python benchmarks/general_formulations.py [--quick]``

One row per game and formulation: positions and moves of the game's graph,
and the wall time of one whole ``run`` (graph listing included), or why
``fits`` refuses the game or ``predict`` puts it past 60 s. The families:

* ``take N``: take 1 or 2 from a pile of N (lost when N is a multiple of 3;
  every play ends);
* ``random N``: N positions, each with 2 or 3 random moves (self-loops and
  cycles everywhere), one in ten ended by ``result``, two players named at
  random (extra moves), seed 1; mostly draws;
* ``tic-tac-toe``: the empty board (5,478 positions, a draw);
* ``predict L``: Predict the Winner on a row of L numbers (score);
* ``coins N``: a pile of N, take 1 (the turn passes) or 2 (move again),
  each scoring 1 (score, extra moves).

Each formulation's ``predict`` says how long it would take (``check`` skips it past
``--time-limit``); this script runs them all. ``benchmarks/routes.py`` finds each route's
largest size within a time limit. Wall times on a shared, loaded machine wander.
"""

from __future__ import annotations

import argparse
import random
import time

from gamecert.solvers.rules.rules import GeneralRules, Limits, ScoreRules
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.general.formulations import general_formulations
from gamecert.verify.score.formulations import score_formulations

#: Seconds past which a formulation's predicted time skips it.
LIMIT = 60.0

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class Game:
    """What a formulation reads of its game."""

    def __init__(self, rules) -> None:
        self.rules, self.limits = rules, Limits()


def take(n: int):
    return GeneralRules("take", "take.py", int, lambda k: [k - t for t in (1, 2) if t <= k]), [n]


def random_game(n: int, seed: int = 1):
    rng = random.Random(seed)
    ends = [rng.choice(["win", "lose", "draw"]) if rng.random() < 0.1 else None for _ in range(n)]
    moves = [[rng.randrange(n) for _ in range(rng.choice((2, 3)))] for _ in range(n)]
    players = [rng.choice("ab") for _ in range(n)]
    rules = GeneralRules("random", "r.py", int, moves.__getitem__, result=ends.__getitem__, player=players.__getitem__)
    return rules, [0]


def tictactoe(_: int):
    def result(b):
        if any(b[i] != "." and b[i] == b[j] == b[k] for i, j, k in LINES):
            return "lose"  # the player who just moved made a line
        return None if "." in b else "draw"

    def moves(b):
        mark = "x" if b.count("x") == b.count("o") else "o"
        return [b[:i] + mark + b[i + 1 :] for i in range(9) if b[i] == "."]

    return GeneralRules("tic-tac-toe", "t.py", str, moves, result=result), ["." * 9]


def predict(length: int):
    rng = random.Random(length)
    row = tuple(rng.randrange(1, 100) for _ in range(length))
    return ScoreRules("predict", "p.py", eval, lambda r: [(r[1:], r[0]), (r[:-1], r[-1])] if r else []), [row]


def coins(n: int):
    def moves(p):
        who, k = p
        other = "b" if who == "a" else "a"
        return [((other, k - 1), 1)] * (k >= 1) + [((who, k - 2), 1)] * (k >= 2)

    return ScoreRules("coins", "c.py", eval, moves, player=lambda p: p[0]), [("a", n)]


def rows(quick: bool):
    general = [(take, n) for n in ((10, 300) if quick else (10, 100, 300, 1000))]
    general += [(random_game, n) for n in ((8, 30) if quick else (8, 14, 30, 300, 1000))]
    general += [] if quick else [(tictactoe, 0)]
    score = [(predict, n) for n in ((8, 20) if quick else (8, 20, 40, 60))]
    score += [(coins, n) for n in ((10, 100) if quick else (10, 100, 1000))]
    for make, n in general:
        yield make, n, general_formulations
    for make, n in score:
        yield make, n, score_formulations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    args = parser.parse_args()
    print(f"{'game':<14} {'positions':>9} {'moves':>9}  {'formulation':<11} {'seconds':>8}  answer / why skipped")
    for make, n, formulations in rows(args.quick):
        rules, starts = make(n)
        name = rules.name if make is tictactoe else f"{rules.name} {n}"
        for f in formulations(Game(rules)):
            t0 = time.perf_counter()
            why = f.fits(starts)
            predicted = f.predict(starts) if why is None else None
            if predicted is not None and predicted > LIMIT:
                why = f"predicted {predicted:.0f} s > {LIMIT:g} s"
            graph = f.graph(starts)
            size = f"{len(graph.positions):>9,} {graph.moves:>9,}" if not graph.stopped else f"{'-':>9} {'-':>9}"
            if why is not None:
                print(f"{name:<14} {size}  {f.name:<11} {'-':>8}  skipped: {why}")
                continue
            try:
                answer = " ".join(str(v) for v in f.run(starts))
            except TimeLimitError as exc:
                answer = f"skipped: {exc}"
            print(f"{name:<14} {size}  {f.name:<11} {time.perf_counter() - t0:>8.3f}  {answer}")


if __name__ == "__main__":
    main()
