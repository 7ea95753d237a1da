"""Pictures of undirected vertex geography: the graph, its Gallai–Edmonds parts, one vertex's proof.

:func:`geography_picture` draws from the solver's result only; the game's
:class:`~gamecert.verify.geography.game.GeographyPictures` capability calls it
for ``gamecert show geography`` and the HTML report.
"""

from __future__ import annotations

import math

import numpy as np

from gamecert.solvers.errors import GamecertError
from gamecert.solvers.geography.solver import GeographySolution
from gamecert.solvers.matching.types import A, C, D
from gamecert.verify.engine import svg as draw

#: The most vertices a picture draws; beyond this a drawing is a hairball.
MAX_PICTURE_VERTICES = 300

_PART_COLOUR = {D: draw.PART_D, A: draw.PART_A, C: draw.PART_C}
_PART_NAME = {D: "D", A: "A", C: "C"}
CANVAS = 720
MARGIN = 40
TOP = 70


def too_big(n: int) -> str | None:
    """Why a graph of ``n`` vertices is not drawn, or None."""
    if n > MAX_PICTURE_VERTICES:
        return (
            f"the graph has {n} vertices; pictures are drawn up to {MAX_PICTURE_VERTICES} "
            "(a larger drawing is unreadable) -- use 'gamecert solve geography --json' for the answer and certificate"
        )
    return None


def geography_layout(solution: GeographySolution) -> tuple[np.ndarray, float, float]:
    """Pixel positions of the vertices, the vertex radius and the drawing's height.

    Each connected component gets its own networkx spring layout (fixed seed)
    in a square box of side ``sqrt(size)``; boxes are packed in rows, largest
    first. The radius shrinks until no two discs come closer than half a radius.
    """
    import networkx as nx

    graph = solution.graph
    n = graph.n
    xy = np.zeros((n, 2))
    if n == 0:
        return xy, 12.0, 0.0
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(graph.edges().tolist())
    comps = sorted((sorted(c) for c in nx.connected_components(G)), key=lambda c: (-len(c), c[0]))
    row_width = max(math.sqrt(n) * 1.6, math.sqrt(len(comps[0])))
    x = y = row_h = 0.0
    for comp in comps:
        side = math.sqrt(len(comp))
        if x > 0 and x + side > row_width + 1e-9:
            x, y, row_h = 0.0, y + row_h, 0.0
        if len(comp) == 1:
            local = np.array([[0.5, 0.5]])
        else:
            pos = nx.spring_layout(G.subgraph(comp), seed=7, iterations=200)
            local = np.array([pos[v] for v in comp], dtype=float)
            lo, hi = local.min(axis=0), local.max(axis=0)
            local = (local - lo) / np.where(hi - lo > 1e-9, hi - lo, 1.0)
            local = 0.12 + 0.76 * local
        xy[comp] = local * side + (x, y)
        x += side
        row_h = max(row_h, side)
    total_w = max(xy[:, 0].max(), 1e-9) if n > 1 else 1.0
    total_h = y + row_h
    scale = (CANVAS - 2 * MARGIN) / max(total_w, total_h * 0.8, 1e-9)
    xy = xy * scale + (MARGIN, TOP)
    radius = 16.0 if n <= 30 else 12.0 if n <= 80 else 9.0 if n <= 150 else 7.0
    if n > 1:
        _spread(xy, 2.6 * radius, (MARGIN, TOP), (CANVAS - MARGIN, TOP + total_h * scale))
        diff = xy[:, None, :] - xy[None, :, :]
        dist = np.sqrt((diff**2).sum(axis=2))
        np.fill_diagonal(dist, np.inf)
        radius = max(2.0, min(radius, float(dist.min()) / 2.5))
    return xy, radius, total_h * scale


def _spread(xy: np.ndarray, gap: float, low: tuple[float, float], high: tuple[float, float], rounds: int = 60) -> None:
    """Push apart, in place, vertices closer than ``gap``, keeping them inside the box ``low``-``high``.

    Each round moves both ends of every too-close pair half the shortfall
    apart (``O(V^2)`` numpy work per round); a layout that cannot be spread
    in ``rounds`` rounds keeps its closest pair, and the caller shrinks the discs.
    """
    n = len(xy)
    jitter = np.random.default_rng(0).normal(scale=1e-3, size=xy.shape)
    xy += jitter  # no two vertices on one point
    for _ in range(rounds):
        diff = xy[:, None, :] - xy[None, :, :]
        dist = np.sqrt((diff**2).sum(axis=2))
        dist[np.arange(n), np.arange(n)] = np.inf
        short = dist < gap
        if not short.any():
            return
        push = np.zeros_like(dist)
        push[short] = (gap - dist[short]) / (2 * dist[short])
        xy += (diff * push[:, :, None]).sum(axis=1)
        np.clip(xy, low, high, out=xy)


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Convex hull (Andrew's monotone chain), counter-clockwise."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def geography_picture(solution: GeographySolution, vertex: int | None = None, title: str = "Geography") -> str:
    """Draw a solved graph as SVG: parts D / A / C, the matching, D's odd components, ``vertex``'s proof.

    ``vertex`` is 0-based; ``title`` names the game (a rules file's graph game
    is drawn here too). Raises :class:`~gamecert.solvers.errors.GamecertError`
    beyond :data:`MAX_PICTURE_VERTICES` vertices.

    Notes
    -----
    Layout by :func:`geography_layout` (networkx spring layout per connected
    component); odd components of ``D`` with three or more vertices get a
    dashed convex hull around their discs (Andrew's monotone chain). ``O(V^2)``
    for the radius check, fine up to the limit.

    >>> from gamecert.solvers.geography.solver import geography_game, parse_geography
    >>> "the player to move loses from 2" in geography_picture(geography_game(parse_geography("3 2\\n1 2\\n2 3\\n")))
    True
    """
    graph = solution.graph
    n = graph.n
    why = too_big(n)
    if why:
        raise GamecertError(why)
    dec = solution.decomposition
    xy, r, drawing_h = geography_layout(solution)
    caption = _proof_caption(solution, vertex) if vertex is not None else []
    legend = [
        (draw.PART_D, "D: the player to move loses (some maximum matching misses the vertex)"),
        (draw.PART_A, "A: neighbours of D outside D; the player to move wins"),
        (draw.PART_C, "C: the rest; the player to move wins"),
    ]
    notes = ["thick edges: a maximum matching; dashed outline: an odd component of D (3+ vertices)"]
    width = max(CANVAS, max(draw.text_width(t, 13) + 60 for t in caption + notes + [t for _, t in legend]))
    height = TOP + drawing_h + 40 + 20 * 4 + 18 * len(caption) + 20
    n_lose = int(np.count_nonzero(dec.part == D))
    title = f"{title}: {n} vertices, {graph.m} edges; the player to move loses from {n_lose}"
    pic = draw.Svg(width, height, title)
    pic.text(MARGIN, 24, title, 16, font_weight="bold")
    pic.text(MARGIN, 44, f"maximum matching: {dec.nu} edges; |D| = {n_lose}, |A| = {len(dec.A)}, |C| = {len(dec.C)}", 13)
    # Odd components of D with 3+ vertices: a dashed hull around their discs.
    comps: dict[int, list[int]] = {}
    for v in dec.D.tolist():
        comps.setdefault(int(dec.component[v]), []).append(v)
    for members in comps.values():
        if len(members) < 3:
            continue
        ring = []
        for v in members:
            for k in range(12):
                a = 2 * math.pi * k / 12
                ring.append((float(xy[v, 0] + 1.8 * r * math.cos(a)), float(xy[v, 1] + 1.8 * r * math.sin(a))))
        pic.polygon(_hull(ring), fill=draw.PART_D, fill_opacity=0.18, stroke="#c8553d", stroke_width=1.5, stroke_dasharray="6 4")
    mate = dec.matching.mate
    pic.open(stroke=draw.EDGE, stroke_width=1.5)
    for u, v in graph.edges().tolist():
        if mate[u] != v:
            pic.line(xy[u, 0], xy[u, 1], xy[v, 0], xy[v, 1], stroke=draw.EDGE)
    pic.close()
    pic.open(stroke=draw.MATCHING, stroke_width=max(3.0, r * 0.45), stroke_linecap="round")
    for u, v in dec.matching.pairs().tolist():
        pic.line(xy[u, 0], xy[u, 1], xy[v, 0], xy[v, 1], stroke=draw.MATCHING)
    pic.close()
    if vertex is not None:
        path = _proof_path(solution, vertex)
        if len(path) > 1:
            pic.polyline(
                [(float(xy[u, 0]), float(xy[u, 1])) for u in path], stroke=draw.PROOF,
                stroke_width=max(3.0, r * 0.35), stroke_dasharray="8 5", stroke_linecap="round",
            )
        pic.circle(xy[vertex, 0], xy[vertex, 1], r * 1.45, stroke=draw.PROOF, stroke_width=3)
    fs = r * 0.9
    for v in range(n):
        part = int(dec.part[v])
        name = graph.name(v)
        label = str(name + 1) if graph.labels is None else str(name)
        verdict = "the player to move loses" if part == D else "the player to move wins"
        pic.circle(xy[v, 0], xy[v, 1], r, fill=_PART_COLOUR[part], stroke=draw.INK, stroke_width=1.2,
                   tooltip=f"vertex {label}: {_PART_NAME[part]}, {verdict}")
        if r >= 6:
            pic.text(xy[v, 0], xy[v, 1] + fs * 0.35, label, fs, anchor="middle", fill=draw.INK)
    y = TOP + drawing_h + 40
    y = pic.legend(MARGIN, y, legend)
    y = pic.text_lines(MARGIN, y, notes, 13)
    pic.text_lines(MARGIN, y + 4, caption, 13)
    return pic.text_doc()


def _proof_path(solution: GeographySolution, v: int) -> list[int]:
    dec = solution.decomposition
    if dec.part[v] == D:
        return dec.paths.path(v)
    return [v, int(dec.matching.mate[v])]


def _proof_caption(solution: GeographySolution, v: int) -> list[str]:
    dec = solution.decomposition
    name = lambda u: str(u + 1) if solution.graph.labels is None else str(solution.graph.labels[u])  # noqa: E731
    if dec.part[v] == D:
        path = dec.paths.path(v)
        if len(path) == 1:
            return [f"From {name(v)} the player to move loses: the maximum matching drawn leaves {name(v)} uncovered."]
        return [
            f"From {name(v)} the player to move loses: the alternating path {' - '.join(name(u) for u in path)} (pink)",
            f"ends at the uncovered vertex {name(path[-1])}; swapping along it gives a maximum matching missing {name(v)}.",
        ]
    return [
        f"From {name(v)} the player to move wins: every maximum matching covers {name(v)};",
        f"move along the matching edge to {name(int(dec.matching.mate[v]))} (pink), then keep answering along a maximum matching.",
    ]
