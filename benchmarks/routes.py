"""Benchmark: every route of every kind, the largest size each solves within the time limit, and seconds per size.

Usage: ``python benchmarks/routes.py [KIND ...] [--routes NAME ...] [--limit 60] [--json FILE] [--before FILE]
[--plot FILE.png] [--merge FILE ...]``

Each route is one line of :data:`ROUTES`: the kind (a game, or a rules kind
with its family of inputs), the route's name as ``check`` prints it, and
the family, a function from a size to the :class:`Trial` (the formulation,
its instance, and the positions or vertices it has). For each route the
sizes of its family run in turn, each in a child process, until one takes
more than ``--limit`` CPU seconds (default 60; the child's own and its
solvers', so that a loaded machine does not shrink the sizes), is refused
(``fits``) or fails; the route's row gives the largest size solved and its
CPU seconds. Another game's routes are one line each.

A route whose formulation predicts its time (``predict``: a measured rate
times the size of its encoding) shows the prediction after the CPU seconds;
a rate is the largest CPU seconds per unit this benchmark saw at the sizes
taking a second or more, so predictions err on the slow side.

``--json FILE`` stores the rows; ``--before FILE`` reads rows stored by the
same command run on an older checkout (its own interpreter and package),
and the table shows both, "before" and "after". ``--plot FILE.png`` draws
CPU seconds against positions, log-log, one panel per kind and one line per route.

To measure "before" on the commit this change starts from::

    git worktree add --detach /tmp/base BASE && (cd /tmp/base && python -m venv --system-site-packages .venv \\
        && .venv/bin/pip install -q --no-deps -e .)
    /tmp/base/.venv/bin/python benchmarks/routes.py --json before.json
    python benchmarks/routes.py --before before.json --json after.json --plot routes.png

``--merge FILE ...`` runs nothing: it prints the table and draws the plot of
rows stored by earlier runs (each kind run on its own). The matching games'
routes (maze, geography, Bunny and Egg) count free cells, vertices and cells
x positions as their sizes; their "before", without an older run, is the
fixed size limit they had before issue 36 (:data:`LIMITS`).
A route the older checkout lacks shows ``-``; a route it names otherwise is
found by :data:`OLD_NAMES`. Wall-clock seconds are kept beside the CPU
seconds in the JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamecert.solvers.rules.rules import GeneralRules, Limits, ScoreRules
from gamecert.verify.engine.qbf import stop_launcher

#: The sizes every family is tried at, in order.
SIZES = (30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000)
#: A child is killed after this many times the limit in wall-clock seconds (plus its start); whether a size
#: was solved within the limit is judged by its CPU seconds, which a loaded machine does not stretch.
WALL = 3.0
#: Seconds a child may take beyond that to start (imports), as its own clock starts after them.
STARTUP = 15.0


@dataclass(frozen=True)
class Trial:
    """One route on one input: what runs, on what, and how big it is (a rules game counts the positions its
    formulation lists instead)."""

    formulation: Any
    instance: Any
    positions: int


@dataclass(frozen=True)
class Route:
    """One row of the table: a kind, a route's name (as ``check`` prints it) and the family of inputs."""

    kind: str
    name: str
    family: Callable[[str, int], Trial]


class Game:
    """What a rules game's formulation reads of its game."""

    def __init__(self, rules) -> None:
        self.rules, self.limits = rules, Limits()


# -- families ------------------------------------------------------------------------------------


def _formulation(formulations: Callable, rules, name: str):
    found = [f for f in formulations(Game(rules)) if f.name in (name, OLD_NAMES.get(name))]
    if not found:
        raise LookupError(f"no route {name}")
    return found[0]


def loopy_general(name: str, n: int) -> Trial:
    """``n`` positions, 2 or 3 random moves each (cycles and self-loops), one in ten ended by ``result``,
    two players at random (extra moves); seed ``n``. Mostly draws."""
    from gamecert.verify.general.formulations import general_formulations

    rng = random.Random(n)
    ends = [rng.choice(["win", "lose", "draw"]) if rng.random() < 0.1 else None for _ in range(n)]
    moves = [[rng.randrange(n) for _ in range(rng.choice((2, 3)))] for _ in range(n)]
    players = [rng.choice("ab") for _ in range(n)]
    rules = GeneralRules("loopy", "l.py", int, moves.__getitem__, result=ends.__getitem__, player=players.__getitem__)
    return Trial(_formulation(general_formulations, rules, name), [0], n)


def layered_general(name: str, n: int) -> Trial:
    """``n`` positions in 8 layers, each with 2 or 3 random moves into the next layer, the last layer ended
    by ``result`` (win, lose or draw at random); plays end within 8 moves, as tic-tac-toe's within 9. Seed ``n``."""
    from gamecert.verify.general.formulations import general_formulations

    rng = random.Random(n)
    width = max(1, n // 8)
    ends = {(7, i): rng.choice(["win", "lose", "draw"]) for i in range(width)}
    moves = {(t, i): [(t + 1, rng.randrange(width)) for _ in range(rng.choice((2, 3)))] for t in range(7) for i in range(width)}
    rules = GeneralRules("layered", "l.py", eval, lambda p: moves.get(p, []), result=ends.get)
    starts = [(0, i) for i in range(width)]
    return Trial(_formulation(general_formulations, rules, name), starts, 8 * width)


def opening_general(name: str, n: int) -> Trial:
    """One start (a board game from its opening): about ``n`` positions in 9 layers, each of 2 to 4 random moves
    into the next layer (every position has a move into it), one in eight of layers 5 to 8 ended by ``result``
    and the last layer too (win, lose or draw at random); plays end within 9 moves. Seed ``n``."""
    from gamecert.verify.general.formulations import general_formulations

    rng = random.Random(n)
    width = max(1, n // 6)
    sizes = [1]
    while len(sizes) < 10:
        sizes.append(min(width, 3 * sizes[-1]))
    moves: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for t in range(9):
        children = [(t + 1, j) for j in range(sizes[t + 1])]
        for i in range(sizes[t]):
            moves[t, i] = [children[(i + k * sizes[t]) % len(children)] for k in range(1 + (sizes[t + 1] > sizes[t]))]
            moves[t, i] += rng.sample(children, min(len(children), rng.choice((1, 2, 3))))
            moves[t, i] = list(dict.fromkeys(moves[t, i]))[:4]
        for j in range(sizes[t + 1]):  # every position of the next layer has a move into it
            if not any((t + 1, j) in moves[t, i] for i in [j % sizes[t]]):
                moves[t, j % sizes[t]].append((t + 1, j))
    ends = {(t, i): rng.choice(["win", "lose", "draw"]) for t in range(5, 10) for i in range(sizes[t]) if t == 9 or rng.random() < 1 / 8}
    rules = GeneralRules("opening", "o.py", eval, lambda p: [] if p in ends else moves.get(p, []), result=ends.get)
    return Trial(_formulation(general_formulations, rules, name), [(0, 0)], sum(sizes))


def dag_score(name: str, n: int) -> Trial:
    """``n`` positions, each with 2 or 3 moves to one of the next 40 positions scoring -3 .. 3, two players at
    random (extra moves), the last 10 ended by ``result`` (-5 .. 5). Seed ``n``."""
    from gamecert.verify.score.formulations import score_formulations

    rng = random.Random(n)
    ends = [rng.randint(-5, 5) if x >= n - 10 else None for x in range(n)]
    moves = [
        [(rng.randrange(x + 1, min(n, x + 41)), rng.randint(-3, 3)) for _ in range(rng.choice((2, 3)))] if x < n - 10 else []
        for x in range(n)
    ]
    players = [rng.choice("ab") for _ in range(n)]
    rules = ScoreRules("dag", "d.py", int, moves.__getitem__, result=ends.__getitem__, player=players.__getitem__)
    return Trial(_formulation(score_formulations, rules, name), list(range(min(n, 3))), n)


#: Pins of the Kayles row whose whole sums number about each size of :data:`SIZES` (42 at 9 pins, 21,637 at 36).
KAYLES_PINS = {30: 8, 100: 12, 300: 16, 1_000: 21, 3_000: 26, 10_000: 31, 30_000: 38, 100_000: 46}


def kayles_impartial(name: str, n: int) -> Trial:
    """One row of Kayles (examples/kayles.py) of :data:`KAYLES_PINS` pins (``n`` whole sums or so), normal play:
    its whole sums are the multisets of rows it reaches."""
    from gamecert.verify.impartial.formulations import impartial_formulations
    from gamecert.verify.rules.load import load_rules

    rules = load_rules(str(Path(__file__).resolve().parents[1] / "examples" / "kayles.py"))
    return Trial(_formulation(impartial_formulations, rules, name), [(KAYLES_PINS[n],)], n)


def _matching(game_name: str, name: str, text: str, size: int | None = None) -> Trial:
    from gamecert.verify import registry

    game = registry.get_game(game_name)
    instance = game.parse(text, "<bench>", False)
    found = [f for f in game.formulations() if f.name == name]
    if not found:
        raise LookupError(f"no route {name}")
    return Trial(found[0], instance, int(instance.free.sum()) if size is None else size)


def maze(name: str, n: int) -> Trial:
    """A random maze of about ``n`` free cells (30% walls, seed 1); its size is the free cells."""
    from routes_matching import maze_text

    return _matching("maze", name, maze_text(max(2, round(math.sqrt(n / 0.7))), 0.3, 1))


def geography(name: str, n: int) -> Trial:
    """A random graph G(n, 1.5 n) (seed 1); its size is the vertices."""
    from routes_matching import graph_text

    return _matching("geography", name, graph_text(n, 1), n)


def bunny_egg(name: str, n: int) -> Trial:
    """A random Bunny and Egg board of at most about ``sqrt(n)`` x ``sqrt(n)`` cells and a random record (seed
    ``n``); its size is cells x positions, as its formulations' rates count."""
    from gamecert.verify.bunny_egg.generator import random_case

    text = random_case(random.Random(1000 + n), max(2, round(math.sqrt(n))))
    trial = _matching("bunny-egg", name, text, 0)
    rows, columns = trial.instance.shape
    return Trial(trial.formulation, trial.instance, rows * columns * (len(trial.instance.moves) + 1))


#: Every route of every kind: one line each.
ROUTES = (
    Route("general, loopy", "search", loopy_general),
    Route("general, loopy", "sat", loopy_general),
    Route("general, loopy", "cpsat", loopy_general),
    Route("general, loopy", "qbf-depqbf", loopy_general),
    Route("general, loopy", "qbf-rareqs", loopy_general),
    Route("general, plays end", "search", layered_general),
    Route("general, plays end", "sat", layered_general),
    Route("general, plays end", "cpsat", layered_general),
    Route("general, plays end", "qbf-depqbf", layered_general),
    Route("general, plays end", "qbf-rareqs", layered_general),
    Route("general, one start", "search", opening_general),
    Route("general, one start", "sat", opening_general),
    Route("general, one start", "cpsat", opening_general),
    Route("general, one start", "qbf-depqbf", opening_general),
    Route("general, one start", "qbf-rareqs", opening_general),
    Route("score", "search", dag_score),
    Route("score", "milp", dag_score),
    Route("score", "sat", dag_score),
    Route("score", "cpsat", dag_score),
    Route("impartial, kayles", "sat", kayles_impartial),
    Route("impartial, kayles", "ilp", kayles_impartial),
    *(Route("maze", name, maze) for name in ("ilp", "sat", "search", "qbf", "lp", "sat-konig", "cpsat")),
    *(Route("geography", name, geography) for name in ("ilp", "sat", "search", "qbf", "lp", "sat-konig", "cpsat")),
    *(Route("bunny-egg", name, bunny_egg) for name in ("ilp", "networkx", "lp", "sat-konig", "search")),
)
#: The matching games' routes before issue 36 stopped at a fixed size (free cells or vertices; Bunny and Egg:
#: cells x positions, its search cells), the "before" shown when no older run is given.
LIMITS = {
    **{(kind, name): f"limit {size:,}" for kind in ("maze", "geography")
       for name, size in (("ilp", 200), ("sat", 60), ("search", 30), ("qbf", 20))},
    ("bunny-egg", "ilp"): "limit 12,000", ("bunny-egg", "networkx"): "limit 200,000", ("bunny-egg", "search"): "limit 30 cells",
}
#: A route's name in older checkouts, where it differs.
OLD_NAMES = {"qbf-depqbf": "qbf"}


# -- measuring -----------------------------------------------------------------------------------


def one(kind: str, name: str, size: int) -> dict:
    """Run one route at one size here (in the child): its status, positions, seconds and CPU seconds."""
    (route,) = [r for r in ROUTES if r.kind == kind and r.name == name]
    try:
        trial = route.family(name, size)
    except LookupError:
        return {"status": "absent"}
    start = time.perf_counter()
    why = trial.formulation.fits(trial.instance)
    predicted = trial.formulation.predict(trial.instance) if why is None else None
    listed = getattr(trial.formulation, "graph", None)  # a rules game's listing: the positions reached
    graph = listed(trial.instance) if listed is not None and why is None else None
    positions = len(graph.positions) if hasattr(graph, "positions") else trial.positions
    if why is not None:
        return {"status": "refused", "why": why, "positions": positions}
    try:
        trial.formulation.run(trial.instance)
    except Exception as exc:  # noqa: BLE001 - a refusal past an old size limit is a TimeLimitError
        return {"status": "refused", "why": f"{type(exc).__name__}: {exc}", "positions": positions}
    stop_launcher()  # the QBF runs its launcher forked count once it is reaped
    usage = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {
        "status": "solved",
        "positions": positions,
        "seconds": time.perf_counter() - start,
        "cpu": usage.ru_utime + usage.ru_stime + children.ru_utime + children.ru_stime,
        "predicted": predicted,
    }


def measure(route: Route, limit: float) -> list[dict]:
    """The route at each size of :data:`SIZES` in a child process, until one is not solved within ``limit``
    CPU seconds (or :data:`WALL` times as many wall-clock seconds)."""
    points = []
    for size in SIZES:
        command = [sys.executable, __file__, "--one", route.kind, route.name, str(size)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=WALL * limit + STARTUP)
        except subprocess.TimeoutExpired:
            points.append({"size": size, "status": "timeout"})
            break
        lines = done.stdout.strip().splitlines()
        found = json.loads(lines[-1]) if done.returncode == 0 and lines else {"status": "error", "why": done.stderr[-300:]}
        if found["status"] == "solved" and found["cpu"] > limit:
            found["status"] = "timeout"  # finished, but past the limit
        points.append({"size": size, **found})
        if found["status"] != "solved":
            break
    return points


def largest(points: list[dict]) -> dict | None:
    solved = [p for p in points if p["status"] == "solved"]
    return max(solved, key=lambda p: p["positions"]) if solved else None


def cell(points: list[dict] | None) -> str:
    """``positions (CPU seconds)`` of the largest solved size (``/ predicted seconds`` where the route predicts),
    or ``-``."""
    if not points or points[0].get("status") == "absent":
        return "-"
    best = largest(points)
    if best is None:
        return "none"
    predicted = best.get("predicted")
    return f"{best['positions']:,} ({best['cpu']:.1f} s" + ("" if predicted is None else f" / {predicted:.1f} s") + ")"


def stop(points: list[dict]) -> str:
    """What ended the route's sizes."""
    last = points[-1] if points else {}
    if last.get("status") == "solved":
        return "every size"
    if last.get("status") == "timeout":
        return f"size {last['size']:,}: past the limit"
    return f"size {last.get('size', 0):,}: {last.get('why', last.get('status', ''))}"[:90]


def plot(rows: dict[str, list[dict]], path: Path) -> None:
    """CPU seconds against positions, log-log, one panel per kind and one polyline per route, as a PNG (or SVG)."""
    from gamecert.verify.engine.svg import Svg, save_picture

    palette = ["#1d3557", "#e63946", "#2a9d8f", "#f4a261", "#6a4c93", "#8ac926", "#3b3b3b"]
    kinds: dict[str, dict[str, list[dict]]] = {}
    for label, pts in rows.items():
        kind, route = label.split(": ", 1)
        kinds.setdefault(kind, {})[route] = pts
    xs = [p["positions"] for pts in rows.values() for p in pts if p.get("status") == "solved"]
    if not xs:
        return
    columns, pw, ph = 3, 330, 250  # panels per row; a panel's width and height
    left, top, gap, legend = 60, 40, 30, 16
    panel_rows = math.ceil(len(kinds) / columns)
    height_of = max(len(r) for r in kinds.values()) * legend
    width = left + columns * (pw + gap)
    height = top + panel_rows * (ph + height_of + 3 * gap)
    svg = Svg(width, height, "CPU seconds against positions, per kind and route")
    svg.text(width / 2, 22, "CPU seconds (up) against positions (across), log-log; one panel per kind", 13, anchor="middle")
    x0, x1 = math.log10(min(xs)) - 0.1, math.log10(max(xs)) + 0.1
    y0, y1 = -1.0, 2.0

    for n, (kind, routes) in enumerate(kinds.items()):
        ox = left + (n % columns) * (pw + gap)
        oy = top + (n // columns) * (ph + height_of + 3 * gap)

        def at(positions: float, seconds: float, ox: float = ox, oy: float = oy) -> tuple[float, float]:
            x = ox + (math.log10(positions) - x0) / (x1 - x0) * pw
            y = oy + ph - (math.log10(max(seconds, 10**y0)) - y0) / (y1 - y0) * ph
            return x, y

        svg.rect(ox, oy, pw, ph, stroke="#b8b8b8")
        svg.text(ox + pw / 2, oy - 6, kind, 12, anchor="middle")
        for e in range(int(y0), int(y1) + 1):
            _, y = at(10**x0, 10**e)
            svg.line(ox, y, ox + pw, y, stroke="#e0e0e0")
            svg.text(ox - 4, y + 4, f"{10 ** e:g} s", 10, anchor="end")
        for e in range(math.ceil(x0), math.floor(x1) + 1):
            x, _ = at(10**e, 1)
            svg.line(x, oy, x, oy + ph, stroke="#e0e0e0")
            svg.text(x, oy + ph + 13, f"{10 ** e:,}", 9, anchor="middle")
        for i, (route, pts) in enumerate(routes.items()):
            solved = sorted(at(p["positions"], p["cpu"]) for p in pts if p.get("status") == "solved")
            colour = palette[i % len(palette)]
            if solved:
                svg.polyline(solved, stroke=colour, stroke_width=2)
            for x, y in solved:
                svg.circle(x, y, 2.5, fill=colour)
            y = oy + ph + 30 + legend * i
            svg.line(ox + 4, y - 4, ox + 28, y - 4, stroke=colour, stroke_width=2)
            largest = max((p["positions"] for p in pts if p.get("status") == "solved"), default=None)
            svg.text(ox + 34, y, f"{route}: {'none' if largest is None else f'{largest:,}'}", 10)
    save_picture(svg.text_doc(), path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kinds", nargs="*", help="only these kinds (as the table names them, a prefix will do)")
    parser.add_argument("--routes", nargs="+", help="only these routes (as check names them)")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per run (default 60)")
    parser.add_argument("--json", type=Path, help="store the rows here")
    parser.add_argument("--before", type=Path, help="rows stored by an older checkout")
    parser.add_argument("--plot", type=Path, help="seconds against positions, a PNG (or SVG)")
    parser.add_argument("--merge", type=Path, nargs="+", help="no runs: the table and plot of rows stored by --json")
    parser.add_argument("--one", nargs=3, metavar=("KIND", "ROUTE", "SIZE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        kind, name, size = args.one
        print(json.dumps(one(kind, name, int(size))))
        return
    before = json.loads(args.before.read_text()) if args.before else {}
    rows: dict[str, list[dict]] = {}
    print(f"limit {args.limit:g} CPU s per run; largest positions solved (CPU seconds)")
    print(f"{'kind':<20} {'route':<11} {'before':>20} {'after':>20}  what stopped it")
    stored = {label: points for path in args.merge or () for label, points in json.loads(path.read_text()).items()}
    for route in ROUTES:
        if args.kinds and not any(route.kind.startswith(k) for k in args.kinds):
            continue
        if args.routes and route.name not in args.routes:
            continue
        label = f"{route.kind}: {route.name}"
        if args.merge and label not in stored:
            continue
        rows[label] = points = stored[label] if args.merge else measure(route, args.limit)
        earlier = cell(before[label]) if label in before else LIMITS.get((route.kind, route.name), "-")
        print(f"{route.kind:<20} {route.name:<11} {earlier:>20} {cell(points):>20}  {stop(points)}", flush=True)
        if args.json and not args.merge:  # after each route, so a long run stopped midway keeps what it measured
            args.json.write_text(json.dumps(rows, indent=1))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    if args.plot:
        plot(rows, args.plot)


if __name__ == "__main__":
    main()
