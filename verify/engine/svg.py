"""A small SVG writer shared by every game's pictures, and saving as SVG or PNG.

Pictures are plain SVG 1.1 text (no scripts, no external references), so they
can be inlined in an HTML page or rendered to PNG by cairosvg.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

#: Colours shared by the pictures (the legend of each picture says what they mean).
WALL = "#3b3b3b"
WIN = "#2a9d8f"  # the player the picture is about wins
LOSE = "#f4a261"  # ... loses
PART_D = "#f4a261"
PART_A = "#457b9d"
PART_C = "#2a9d8f"
MATCHING = "#1d3557"
PROOF = "#d6336c"
MISTAKE = "#e63946"
EDGE = "#b8b8b8"
INK = "#222222"
PAPER = "#ffffff"
FONT = "DejaVu Sans, Verdana, sans-serif"


def _num(x: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attrs(attrs: dict) -> str:
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = _num(value) if isinstance(value, float) else str(value)
        out.append(f" {name}={quoteattr(text)}")
    return "".join(out)


@dataclass
class Svg:
    """An SVG document built element by element; :meth:`text` gives the file."""

    width: float
    height: float
    title: str = ""
    parts: list[str] = field(default_factory=list)

    def add(self, tag: str, content: str | None = None, tooltip: str | None = None, **attrs) -> None:
        inner = escape(content) if content is not None else ""
        if tooltip:
            inner += f"<title>{escape(tooltip)}</title>"
        if inner:
            self.parts.append(f"<{tag}{_attrs(attrs)}>{inner}</{tag}>")
        else:
            self.parts.append(f"<{tag}{_attrs(attrs)}/>")

    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none", **attrs) -> None:
        self.add("rect", x=float(x), y=float(y), width=float(w), height=float(h), fill=fill, **attrs)

    def circle(self, cx: float, cy: float, r: float, fill: str = "none", **attrs) -> None:
        self.add("circle", cx=float(cx), cy=float(cy), r=float(r), fill=fill, **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK, **attrs) -> None:
        self.add("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), stroke=stroke, **attrs)

    def polyline(self, points, stroke: str = INK, fill: str = "none", **attrs) -> None:
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        self.add("polyline", points=pts, stroke=stroke, fill=fill, **attrs)

    def polygon(self, points, fill: str = "none", **attrs) -> None:
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        self.add("polygon", points=pts, fill=fill, **attrs)

    def text(self, x: float, y: float, content: str, size: float = 13, fill: str = INK, anchor: str = "start", **attrs) -> None:
        self.add(
            "text", content, x=float(x), y=float(y), font_size=float(size), fill=fill, text_anchor=anchor,
            font_family=FONT, **attrs,
        )

    def open(self, tag: str = "g", **attrs) -> None:
        self.parts.append(f"<{tag}{_attrs(attrs)}>")

    def close(self, tag: str = "g") -> None:
        self.parts.append(f"</{tag}>")

    def text_lines(self, x: float, y: float, lines: list[str], size: float = 13, **attrs) -> float:
        """Lines of text from baseline ``y`` down; returns the baseline after the last."""
        for line in lines:
            self.text(x, y, line, size, **attrs)
            y += size * 1.35
        return y

    def cell_rows(self, left: float, top: float, size: float, colours: list[list[str]], tooltips=None) -> None:
        """A grid of square cells, ``colours[row][col]``; runs of one colour in a row are one rectangle.

        With ``tooltips`` (a function of ``(row, col)``, 0-based) every cell is
        its own rectangle carrying its tooltip instead.
        """
        self.open(shape_rendering="crispEdges")
        for r, row in enumerate(colours):
            c = 0
            while c < len(row):
                end = c + 1
                if tooltips is None:
                    while end < len(row) and row[end] == row[c]:
                        end += 1
                tip = tooltips(r, c) if tooltips is not None else None
                self.rect(left + c * size, top + r * size, (end - c) * size, size, fill=row[c], tooltip=tip)
                c = end
        self.close()

    def legend(self, x: float, y: float, items: list[tuple[str, str]], size: float = 13) -> float:
        """Swatches with their meaning, one per line; returns the y below the legend."""
        for colour, meaning in items:
            self.rect(x, y - size * 0.85, size, size, fill=colour, stroke=INK, stroke_width=0.5)
            self.text(x + size * 1.5, y, meaning, size)
            y += size * 1.5
        return y

    def text_doc(self) -> str:
        head = (
            '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'width="{_num(self.width)}" height="{_num(self.height)}" '
            f'viewBox="0 0 {_num(self.width)} {_num(self.height)}">'
        )
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        background = f'<rect x="0" y="0" width="{_num(self.width)}" height="{_num(self.height)}" fill="{PAPER}"/>'
        return head + title + background + "\n" + "\n".join(self.parts) + "\n</svg>\n"


def text_width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` in the sans font at ``size``."""
    return 0.62 * size * len(text)


def svg_to_png(svg_text: str, scale: float = 1.0) -> bytes:
    """Render SVG text to PNG bytes with cairosvg."""
    import cairosvg

    return cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), scale=scale)


#: The picture formats :func:`save_picture` writes, by file suffix.
PICTURE_SUFFIXES = (".svg", ".png")


def save_picture(svg_text: str, path: Path) -> None:
    """Write a picture to ``path`` as SVG or PNG, by its suffix."""
    suffix = path.suffix.lower()
    if suffix == ".svg":
        path.write_text(svg_text, encoding="utf-8")
    elif suffix == ".png":
        path.write_bytes(svg_to_png(svg_text))
    else:
        raise ValueError(f"expected a file name ending in .svg or .png, got {path.name!r}")
