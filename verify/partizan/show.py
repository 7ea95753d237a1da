"""Pictures of partizan rules games: ``gamecert show --rules FILE INPUT`` and ``--position TEXT``.

:func:`partizan_picture` draws the first query: its components and their
values, the game tree below it (breadth first, at most :data:`MAX_NODES`
whole positions, each with its canonical form in CGSuite's notation and
coloured by its outcome class; Left's moves blue, Right's red, every move going
down), and the thermograph of its value (walls from the stops at temperature
-1 up to the mast at the mean; value grows to the left, as Left is positive).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from gamecert.verify.capabilities import Pictures, PositionPictures
from gamecert.verify.engine import svg as draw
from gamecert.verify.partizan.answer import OUTCOMES
from gamecert.verify.rules.drawing import GAP_X, GAP_Y, MARGIN, NODE_H, NODE_TEXT, NODE_W, PER_ROW, clip, cut
from gamecert.verify.impartial.show import move_layers

if TYPE_CHECKING:
    from gamecert.solvers.partizan.solver import PartizanSolution
    from gamecert.verify.game import Game
    from gamecert.verify.partizan.play import SolvedSums

#: The most whole positions the game tree draws; the rest are counted, not drawn.
MAX_NODES = 60
#: Colours of the outcome classes and of each player's moves.
CLASS_COLOUR = {"L": "#8ecae6", "R": "#f4a3a8", "N": draw.WIN, "P": draw.LOSE}
LEFT_MOVE, RIGHT_MOVE = "#1d4ed8", "#c81d25"
#: The thermograph's size.
THERMO_W, THERMO_H = 420.0, 260.0


@dataclass
class Tree:
    """The whole positions drawn, the moves among them (from, to, side), and what was left out."""

    nodes: list[tuple[Hashable, ...]]
    moves: list[tuple[int, int, int]]
    undrawn: int
    complete: bool


def game_tree(solved: SolvedSums, start: tuple[Hashable, ...], limit: int = MAX_NODES) -> Tree:
    """The whole positions reached from ``start`` by either player, breadth first, at most ``limit``.

    Notes
    -----
    Breadth-first search over whole positions (components as a multiset),
    both players' moves from each: ``O(limit * d)`` rules calls.
    """
    index = {solved.key(start): 0}
    nodes, moves, undrawn, complete = [start], [], 0, True
    i = 0
    while i < len(nodes):
        for side in (0, 1):
            for m in solved.moves(nodes[i], side):
                k = solved.key(m.after)
                j = index.get(k)
                if j is None and len(nodes) < limit:
                    j = index[k] = len(nodes)
                    nodes.append(m.after)
                if j is None:
                    undrawn += 1
                    complete = False
                else:
                    moves.append((i, j, side))
        i += 1
    return Tree(nodes, moves, undrawn, complete)


def partizan_picture(solved: SolvedSums, name: str) -> str:
    """Draw the first query of ``solved``: its game tree with values, and the thermograph of its value, as SVG.

    >>> from gamecert.solvers.rules.rules import PartizanRules, Limits
    >>> from gamecert.verify.partizan.game import PartizanRulesGame
    >>> from gamecert.verify.partizan.play import SolvedSums
    >>> flip = PartizanRules("flip", "flip.py", int, lambda n: [n - 1] if n else [], lambda n: [n - 1] if n else [])
    >>> svg = partizan_picture(SolvedSums.certified(PartizanRulesGame(flip, Limits()), "2\\n"), "flip")
    >>> svg.count('class="position'), svg.count('class="left-move"'), 'class="thermograph' in svg
    (3, 2, True)
    """
    from gamecert.solvers.partizan.thermo import thermograph

    start = solved.starts[0]
    tree = game_tree(solved, start)
    outcomes = [solved.outcome(p) for p in tree.nodes]
    layers = move_layers(len(tree.nodes), [(u, v) for u, v, _ in tree.moves])
    rows: list[list[int]] = []
    for d in range(max(layers, default=-1) + 1):
        layer = [v for v in range(len(tree.nodes)) if layers[v] == d]
        rows += [layer[k : k + PER_ROW] for k in range(0, len(layer), PER_ROW)]
    form = solved.form(start)
    value = solved.value(start)
    title = f"{name}: {cut(solved.show(start), 50)} = {cut(value, 60)}, outcome {outcomes[0]} ({OUTCOMES[outcomes[0]]})"
    comps = " + ".join(f"{solved.show_part(c)} ({solved.value((c,))})" for c in start[:8]) or "no components"
    lines = [f"components: {cut(comps, 110)}"]
    if len(solved.starts) > 1:
        lines.append(f"(the first of {len(solved.starts)} queries)")
    notes = [
        "blue arrows: Left's moves; red arrows: Right's; every move goes down; a node shows the position and its value",
        "colour: the outcome class (L: Left wins, R: Right wins, N: the player to move wins, P: the player to move loses)",
        f"every position reached is drawn ({len(tree.nodes)})" if tree.complete else
        f"left out: the positions beyond the first {len(tree.nodes)} reached breadth first, and {tree.undrawn} moves to them",
    ]
    tree_top = 70 + 20 * len(lines) + 30
    tree_h = len(rows) * (NODE_H + GAP_Y)
    thermo_top = tree_top + tree_h + 20
    legend_top = thermo_top + THERMO_H + 40
    height = legend_top + 20 * 4 + 18 * len(notes) + 20
    width = max(760.0, 2 * MARGIN + max((len(r) for r in rows), default=0) * (NODE_W + GAP_X),
                MARGIN * 2 + draw.text_width(title, 16), MARGIN * 2 + max(draw.text_width(t, 13) for t in notes + lines))
    pic = draw.Svg(width, height, title)
    pic.text(MARGIN, 26, title, 16, font_weight="bold")
    pic.text_lines(MARGIN, 50, lines, 13)
    pic.text(MARGIN, tree_top - 14, "The game tree: both players' moves from the position", 13, font_weight="bold")
    xy: dict[int, tuple[float, float]] = {}
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            xy[v] = (MARGIN + c * (NODE_W + GAP_X) + NODE_W / 2, tree_top + r * (NODE_H + GAP_Y) + NODE_H / 2)
    _arrows(pic, tree, xy)
    for v, parts in enumerate(tree.nodes):
        x, y = xy[v]
        label, val = solved.show(parts), solved.value(parts)
        pic.rect(x - NODE_W / 2, y - NODE_H / 2, NODE_W, NODE_H, fill=CLASS_COLOUR[outcomes[v]],
                 stroke=draw.PROOF if v == 0 else draw.INK, stroke_width=3 if v == 0 else 1, rx="6",
                 class_=f"position outcome-{outcomes[v]}", tooltip=f"{label}: {val}, outcome {outcomes[v]}")
        pic.text(x, y - 3, cut(label, NODE_TEXT), 11, anchor="middle")
        pic.text(x, y + 12, cut(val, NODE_TEXT), 11, anchor="middle", font_weight="bold")
    _thermograph(pic, thermograph(form), MARGIN, thermo_top)
    y = pic.legend(MARGIN, legend_top, [(CLASS_COLOUR[k], f"{k}: {OUTCOMES[k]}") for k in "LRNP"])
    pic.text_lines(MARGIN, y, notes, 13)
    return pic.text_doc()


def _arrows(pic: draw.Svg, tree: Tree, xy: dict[int, tuple[float, float]]) -> None:
    pic.open("defs")
    for ident, colour in (("left-arrow", LEFT_MOVE), ("right-arrow", RIGHT_MOVE)):
        pic.open("marker", id=ident, viewBox="0 0 10 10", refX="9", refY="5", markerWidth="7", markerHeight="7",
                 orient="auto")
        pic.add("path", d="M0,0 L10,5 L0,10 z", fill=colour)
        pic.close("marker")
    pic.close("defs")
    for u, v, side in tree.moves:
        (x1, y1), (x2, y2) = xy[u], xy[v]
        shift = -4.0 if side == 0 else 4.0  # Left's and Right's arrows between the same boxes apart
        ex, ey = clip(x1 + shift, y1, x2 + shift, y2)
        sx, sy = clip(x2 + shift, y2, x1 + shift, y1)
        colour, ident, kind = (LEFT_MOVE, "left-arrow", "left-move") if side == 0 else (RIGHT_MOVE, "right-arrow", "right-move")
        pic.line(sx, sy, ex, ey, stroke=colour, stroke_width=1.5, marker_end=f"url(#{ident})", class_=kind)


def _thermograph(pic: draw.Svg, th: object, left: float, top: float) -> None:
    """The thermograph ``th`` in a box at ``(left, top)``: temperature up, value to the left (Left's way)."""
    points = [*th.left, *th.right]
    t_top = max(th.temperature, Fraction(0)) + 1
    lo = min(v for _, v in points) - Fraction(1, 2)
    hi = max(v for _, v in points) + Fraction(1, 2)
    x0, y0 = left + 50, top + 20
    w, h = THERMO_W - 70, THERMO_H - 50

    def at(t: Fraction, v: Fraction) -> tuple[float, float]:
        return x0 + float((hi - v) / (hi - lo)) * w, y0 + h - float((t + 1) / (t_top + 1)) * h

    pic.text(left, top, f"Thermograph: mean {th.mean}, temperature {th.temperature}", 13, font_weight="bold")
    pic.open("g", class_="thermograph")
    pic.line(x0, y0 + h, x0 + w, y0 + h, stroke=draw.EDGE)
    _, zero_y = at(Fraction(0), lo)
    pic.line(x0, zero_y, x0 + w, zero_y, stroke=draw.EDGE, stroke_dasharray="4 3")
    pic.text(x0 - 6, zero_y + 4, "t = 0", 11, anchor="end")
    pic.text(x0 - 6, y0 + h + 4, "t = -1", 11, anchor="end")
    for wall, colour in ((th.left, LEFT_MOVE), (th.right, RIGHT_MOVE)):
        pic.polyline([at(t, v) for t, v in wall], stroke=colour, stroke_width=2)
    mx, my = at(th.temperature, th.mean)
    pic.line(mx, my, mx, y0, stroke=draw.INK, stroke_width=2, class_="mast")
    for v in sorted({th.left[0][1], th.right[0][1], th.mean}):
        x, _ = at(Fraction(-1), v)
        pic.text(x, y0 + h + 16, str(v), 11, anchor="middle")
    pic.close("g")


class PartizanPictures(Pictures[list, "PartizanSolution", None]):
    """``gamecert show --rules FILE INPUT``: the first query's game tree with values, and its thermograph."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def draw(self, instance: list, solution: PartizanSolution, focus: None = None) -> str:
        from gamecert.verify.partizan.play import SolvedSums

        return partizan_picture(SolvedSums(self.game, instance, solution), self.game.name)


class PartizanPositionPictures(PositionPictures):
    """``gamecert show --rules FILE --position TEXT``: one position's game tree and thermograph."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def draw_position(self, text: str) -> str:
        from gamecert.verify.partizan.play import SolvedSums
        from gamecert.verify.rules.playing import one_line

        return partizan_picture(SolvedSums.certified(self.game, one_line(text), "--position"), self.game.name)
