"""Benchmark: the rates behind the matching games' time predictions, and the routes' largest sizes.

Every matching-game formulation predicts its time as a measured rate (seconds
per unit of its encoding's size) times that size (``Formulation.predict``).
This script runs each route on growing instances of a family, in this process,
and prints per run: the size, the CPU seconds (user + sys of this process, so
the machine's load matters less than for wall-clock time), the predicted
seconds, and the measured seconds per unit; then per route the worst
seconds per unit, the constant to store. A route stops growing once one run
takes longer than ``--budget`` seconds.

Routes: ``ilp sat search qbf lp sat-konig cpsat`` (undirected vertex geography
on random mazes; ``--family graphs`` for random graphs G(n, 1.5 n); ``--family odd`` for odd cliques K_n and
``odd-random`` for odd G(n, 1/2), which have no perfect matching: the CP-SAT route's parity search) and
``bunny-ilp bunny-networkx bunny-lp bunny-konig bunny-search`` (random
Bunny and Egg records). ``benchmarks/routes.py`` runs the same routes on the
same mazes and graphs for its table of the largest size solved within 60 s.

Run ``python benchmarks/routes_matching.py lp sat-konig`` (or ``all``).
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from gamecert.verify import registry
from gamecert.verify.game import Formulation

UVG_ROUTES = ("ilp", "sat", "search", "qbf", "lp", "sat-konig", "cpsat")
BUNNY_ROUTES = ("bunny-ilp", "bunny-networkx", "bunny-lp", "bunny-konig", "bunny-search")
#: Maze sides tried, smallest first.
MAZE_SIDES = (4, 5, 6, 8, 10, 12, 16, 24, 32, 50, 70, 100, 140, 200)
GRAPH_SIZES = (10, 15, 20, 25, 30, 40, 60, 100, 200, 400, 1000, 2000)
#: Odd orders of the ``odd`` family (cliques, then random graphs of edge probability 1/2).
ODD_SIZES = (5, 7, 9, 11, 13, 15, 17, 19)
BUNNY_SIDES = (3, 4, 5, 6, 8, 10, 16, 24, 32, 40)


@dataclass(frozen=True)
class Run:
    route: str
    label: str
    size: int  # free cells, vertices or cells x positions
    seconds: float  # CPU seconds
    predicted: float | None

    @property
    def per_unit(self) -> float | None:
        """Measured seconds over predicted seconds times the stored rate: the rate this run implies."""
        return None if not self.predicted else self.seconds / self.predicted


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def maze_text(side: int, density: float, seed: int) -> str:
    free = np.random.default_rng([seed, side, round(density * 1000)]).random((side, side)) >= density
    rows = ["".join("." if f else "#" for f in row) for row in free]
    return f"{side} {side}\n" + "\n".join(rows) + "\n"


def graph_text(n: int, seed: int) -> str:
    rng = random.Random(seed * 100_003 + n)
    edges: set[tuple[int, int]] = set()
    while len(edges) < min(3 * n // 2, n * (n - 1) // 2):
        u, v = rng.sample(range(1, n + 1), 2)
        edges.add((min(u, v), max(u, v)))
    return f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in sorted(edges))


def odd_text(n: int, seed: int, clique: bool) -> str:
    rng = random.Random(seed * 100_003 + n)
    edges = [(u, v) for u in range(1, n + 1) for v in range(u + 1, n + 1) if clique or rng.random() < 0.5]
    return f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)


def uvg_instances(family: str, seed: int) -> Iterator[tuple[str, int, object, object]]:
    if family in ("odd", "odd-random"):
        game = registry.get_game("geography")
        for n in ODD_SIZES:
            label = f"K{n}" if family == "odd" else f"G({n}, 1/2)"
            yield label, n, game, game.parse(odd_text(n, seed, family == "odd"), "<bench>", False)
        return
    if family == "mazes":
        game = registry.get_game("maze")
        for side in MAZE_SIDES:
            maze = game.parse(maze_text(side, 0.3, seed), "<bench>", False)
            yield f"maze {side}x{side} d30", int(maze.free.sum()), game, maze
    else:
        game = registry.get_game("geography")
        for n in GRAPH_SIZES:
            yield f"G({n}, {3 * n // 2})", n, game, game.parse(graph_text(n, seed), "<bench>", False)


def bunny_instances(seed: int) -> Iterator[tuple[str, int, object, object]]:
    from gamecert.verify.bunny_egg.generator import random_case

    game = registry.get_game("bunny-egg")
    for side in BUNNY_SIDES:
        text = random_case(random.Random(seed * 1000 + side), side * side)
        instance = game.parse(text, "<bench>", False)
        n, m = instance.shape
        yield f"bunny {n}x{m} k{instance.k}", n * m * (len(instance.moves) + 1), game, instance


def formulation(game, route: str) -> Formulation:
    name = route.removeprefix("bunny-").replace("konig", "sat-konig") if route.startswith("bunny-") else route
    return next(f for f in game.formulations() if f.name == name)


def measure(route: str, family: str, seed: int, budget: float) -> list[Run]:
    """The runs of one route on growing instances until one takes longer than ``budget`` CPU seconds."""
    instances = bunny_instances(seed) if route.startswith("bunny-") else uvg_instances(family, seed)
    runs: list[Run] = []
    warm = True  # the first run pays the solver library's import: run it twice, keep the second
    for label, size, game, instance in instances:
        f = formulation(game, route)
        if f.fits(instance) is not None:
            continue
        predicted = f.predict(instance)
        if predicted is not None and predicted > 20 * budget:
            print(f"{route:>15} {label:>24} {size:>9}  predicted {predicted:.3g} s: not run", flush=True)
            break
        expected = game.answer(game.fast_solve(instance))
        if warm:
            f.run(instance)
            warm = False
        start, wall = cpu(), time.perf_counter()
        got = f.run(instance)
        seconds, elapsed = cpu() - start, time.perf_counter() - wall
        if got != expected:
            raise SystemExit(f"{route} on {label}: the answer differs from the fast solver's")
        run = Run(route, label, size, seconds, predicted)
        runs.append(run)
        ratio = "" if run.per_unit is None else f"{run.per_unit:8.3f}"
        print(f"{route:>15} {label:>24} {size:>9} {seconds:9.3f} s cpu {elapsed:9.3f} s wall  predicted "
              f"{predicted if predicted is not None else float('nan'):9.3f} s  measured/predicted {ratio}", flush=True)
        if max(seconds, elapsed) > budget:
            break
    return runs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("routes", nargs="+", help=f"routes, or all: {' '.join(UVG_ROUTES + BUNNY_ROUTES)}")
    parser.add_argument("--family", choices=("mazes", "graphs", "odd", "odd-random"), default="mazes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=60.0, help="stop a route after a run longer than this (CPU s)")
    args = parser.parse_args(argv)
    routes = UVG_ROUTES + BUNNY_ROUTES if args.routes == ["all"] else tuple(args.routes)
    print(f"{'route':>15} {'instance':>24} {'size':>9}")
    for route in routes:
        runs = measure(route, args.family, args.seed, args.budget)
        worst = max((r.per_unit for r in runs if r.per_unit is not None and r.seconds > 0.05), default=None)
        if worst is not None:
            print(f"{route:>15}: worst measured/predicted {worst:.3f} (multiply the stored rate by it to fit)")


if __name__ == "__main__":
    sys.exit(main())
