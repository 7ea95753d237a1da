"""Pictures of the cutting games: the Sprague–Grundy table as a heat map, a position and its winning cut."""

from __future__ import annotations

from gamecert.solvers.cutting.rules import CuttingRule
from gamecert.solvers.cutting.solver import (
    GrundyTable,
    Piece,
    Pieces,
    PositionSolution,
    QueryAnswers,
    cutting_position,
    grundy_table,
    parse_position,
)
from gamecert.verify.capabilities import Pictures, PositionPictures
from gamecert.verify.engine import svg as draw

UNDEFINED = "#e4e4e4"
_LOW, _HIGH = (0xCF, 0xE8, 0xF3), (0x0B, 0x2E, 0x59)


def sg_colour(value: int, top: int) -> str:
    """The heat-map colour of a Sprague–Grundy value (``top`` the table's largest)."""
    if value < 0:
        return UNDEFINED
    if value == 0:
        return draw.LOSE
    t = 0.0 if top <= 1 else (value - 1) / (top - 1)
    rgb = (round(lo + (hi - lo) * t) for lo, hi in zip(_LOW, _HIGH))
    return "#" + "".join(f"{x:02x}" for x in rgb)


def table_geometry(size: int, top_offset: float = 78) -> tuple[int, int, float]:
    """``(cell, left, top)`` of the heat map of a table up to ``size``."""
    return max(3, min(28, 640 // max(size, 1))), 48, top_offset


def cutting_picture(
    table: GrundyTable,
    queries: tuple[Piece, ...] = (),
    position: PositionSolution | None = None,
) -> str:
    """Draw a Sprague–Grundy table as SVG, the queried pieces framed; with ``position`` its pieces and winning cut.

    Row ``n``, column ``m`` is the ``n x m`` piece; orange means the player to
    move loses (value 0), blues the other values, grey an undefined entry.

    >>> from gamecert.solvers.cutting import SPLIT, grundy_table
    >>> "Split Game: Sprague-Grundy values of every piece up to 4x4" in cutting_picture(grundy_table(SPLIT, 4))
    True
    """
    size = table.size
    values = table.values
    top_value = int(values.max()) if values.size else 0
    title = f"{table.rule.title}: Sprague-Grundy values of every piece up to {size}x{size}"
    lines = []
    if queries:
        won = sum(1 for p in queries if table.value(p) != 0)
        lines.append(f"{len(queries)} queried piece{'s' if len(queries) != 1 else ''} framed: "
                     f"the player to move wins {won}, loses {len(queries) - won}")
    head = 78.0
    if position is not None:
        unit, _ = position_layout(position)
        head += max(p.rows for p in position.pieces) * unit + 56
        lines.append(_position_line(position))
    s, left, top = table_geometry(size, head + 20)
    legend = [
        (draw.LOSE, "value 0: the player to move loses"),
        (sg_colour(max(top_value, 1), max(top_value, 1)), f"values 1..{max(top_value, 1)}, light to dark: the player to move wins"),
        (UNDEFINED, "not a position of this game"),
    ]
    widths = [left + size * s + 30, 640] + [draw.text_width(t, 13) + left + 40 for _, t in legend]
    widths += [draw.text_width(t, 13) + left + 20 for t in lines] + [draw.text_width(title, 17) + left + 20]
    width = max(widths)
    height = top + size * s + 30 + 20 * len(legend) + 20
    pic = draw.Svg(width, height, title)
    pic.text(left, 24, title, 16, font_weight="bold")
    pic.text_lines(left, 44, lines or ["row n, column m: the n x m piece"], 13, font_weight="bold" if position is not None else None)
    if position is not None:
        _draw_position(pic, table, position, left)
    colours = [[sg_colour(int(v), top_value) for v in values[n, 1:]] for n in range(1, size + 1)]

    def tip(r: int, c: int) -> str:
        v = int(values[r + 1, c + 1])
        return f"{r + 1}x{c + 1}: " + ("not a position" if v < 0 else f"value {v}, the player to move {'loses' if v == 0 else 'wins'}")

    # Per-cell tooltips up to 60 x 60; larger tables merge runs of one colour.
    pic.cell_rows(left, top, s, colours, tip if size <= 60 else None)
    if s >= 18:
        fs = s * 0.45
        for n in range(1, size + 1):
            for m in range(1, size + 1):
                v = int(values[n, m])
                if v >= 0:
                    ink = draw.INK if v == 0 or v < (top_value + 1) / 2 else "#ffffff"
                    pic.text(left + (m - 0.5) * s, top + (n - 0.5) * s + fs * 0.3, str(v), fs * 0.85, anchor="middle", fill=ink)
    step = 1 if size <= 20 else 5 if size <= 60 else 10 if size <= 150 else 25
    fs = min(12, max(8, s * 0.6))
    for i in range(1, size + 1):
        if i == 1 or i % step == 0:
            pic.text(left - 4, top + (i - 0.5) * s + fs * 0.35, str(i), fs, anchor="end")
            pic.text(left + (i - 0.5) * s, top - 5, str(i), fs, anchor="middle")
    marks = list(queries) + (list(position.pieces) if position is not None else [])
    for p in dict.fromkeys(marks):
        if s >= 10:  # a frame inside the cell, clear of its value
            w = max(1.5, s * 0.1)
            pic.rect(left + (p.cols - 1) * s + s * 0.1, top + (p.rows - 1) * s + s * 0.1, s * 0.8, s * 0.8, stroke=draw.PROOF, stroke_width=w)
        else:  # cells too small to frame: a ring around
            pic.circle(left + (p.cols - 0.5) * s, top + (p.rows - 0.5) * s, max(s * 0.75, 4.0), stroke=draw.PROOF, stroke_width=1.5)
    pic.legend(left, top + size * s + 30, legend)
    return pic.text_doc()


#: The top edge of the pieces in a position's picture.
POSITION_TOP = 84.0


def position_layout(position: PositionSolution, left: float = 48.0) -> tuple[float, list[float]]:
    """Pixels per grid cell of the pieces, and each piece's left edge, in a position's picture.

    >>> from gamecert.solvers.cutting import SPLIT, Piece, cutting_position
    >>> position_layout(cutting_position((Piece(3, 5), Piece(1, 6)), SPLIT))
    (16.0, [48.0, 152.0])
    """
    unit = max(2.0, min(16.0, 140 / max(max(p.rows, p.cols) for p in position.pieces)))
    xs, x = [], left
    for p, v in zip(position.pieces, position.values):
        xs.append(x)
        x += max(p.cols * unit, draw.text_width(f"{p}: g = {v}", 12)) + 24
    return unit, xs


def _draw_position(pic: draw.Svg, table: GrundyTable, position: PositionSolution, left: float) -> None:
    """The pieces side by side, each with its value; the winning cut dashed across its piece."""
    unit, xs = position_layout(position, left)
    ytop = POSITION_TOP
    for i, (p, x) in enumerate(zip(position.pieces, xs)):
        w, hh = p.cols * unit, p.rows * unit
        v = position.values[i]
        pic.rect(x, ytop, w, hh, fill=sg_colour(v, max(int(table.values.max()), 1)), stroke=draw.INK, stroke_width=1)
        if unit >= 6:
            pic.open(stroke="#ffffff", stroke_width=0.5, stroke_opacity=0.6)
            for r in range(1, p.rows):
                pic.line(x, ytop + r * unit, x + w, ytop + r * unit, stroke="#ffffff")
            for c in range(1, p.cols):
                pic.line(x + c * unit, ytop, x + c * unit, ytop + hh, stroke="#ffffff")
            pic.close()
        move = position.move
        if move is not None and move.piece == i:
            if move.direction == "horizontal":
                pic.line(x - 6, ytop + move.at * unit, x + w + 6, ytop + move.at * unit, stroke=draw.PROOF, stroke_width=3, stroke_dasharray="6 3")
            else:
                pic.line(x + move.at * unit, ytop - 6, x + move.at * unit, ytop + hh + 6, stroke=draw.PROOF, stroke_width=3, stroke_dasharray="6 3")
        pic.text(x, ytop + hh + 16, f"{p}: g = {v}", 12)


def _position_line(position: PositionSolution) -> str:
    values = " xor ".join(str(v) for v in position.values)
    line = f"{values} = {position.value}: the player to move "
    return line + ("loses (value 0)" if position.move is None else f"wins; winning cut (pink): {position.move}")


def position_picture(rule: CuttingRule, text: str) -> str:
    """``gamecert show NAME --position '3x5 1x6'``: the pieces, their xor, the winning cut, the table."""
    pieces = parse_position(text, rule, "--position")
    size = max(8, max(max(p.rows, p.cols) for p in pieces))
    table = grundy_table(rule, size)
    return cutting_picture(table, (), cutting_position(pieces, rule, table))


class CuttingPictures(Pictures[Pieces, QueryAnswers, None]):
    """``gamecert show NAME FILE``: the table up to the largest queried side, the queries framed (no focus option)."""

    def draw(self, instance: Pieces, solution: QueryAnswers, focus: None = None) -> str:
        return cutting_picture(solution.table, solution.pieces)


class CuttingPositionPictures(PositionPictures):
    """``gamecert show NAME --position PIECES``: a sum of pieces of one rule, drawn by :func:`position_picture`."""

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule

    def draw_position(self, text: str) -> str:
        return position_picture(self.rule, text)
