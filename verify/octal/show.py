"""Pictures of octal games: each code's nim-sequence as a strip of cells, the period marked.

Cell ``n`` holds ``G(n)``: orange for 0 (the player to move loses), blues
light to dark for the other values. A band under the strip is grey below the
preperiod and alternates two tints over the periods after it; a thick line
starts every period. Rows wrap every :data:`ROW` cells.
"""

from __future__ import annotations

from gamecert.solvers.octal.solver import OctalAnswers, OctalQueries, Periodicity
from gamecert.verify.capabilities import Pictures
from gamecert.verify.cutting.show import sg_colour
from gamecert.verify.engine import svg as draw

#: Cells per row of a strip.
ROW = 40
#: Cells drawn per code at most (the rest is said in words).
SHOWN = 400
CELL = 18.0
LEFT = 48.0
#: Height of a strip's row: the cells, the band under them, a gap.
BAND = 5.0
ROW_HEIGHT = CELL + BAND + 9
PRE = "#c8c8c8"
PERIODS = ("#6c8ebf", "#b9cde5")


def shown_length(seq: Periodicity) -> int:
    """How many values of ``seq`` are drawn: the certificate's, at most :data:`SHOWN`."""
    return min(seq.certificate_length, SHOWN)


def strip_rows(seq: Periodicity) -> int:
    return -(-shown_length(seq) // ROW)


def cell_origin(top: float, n: int) -> tuple[float, float]:
    """The top-left corner of cell ``n`` of a strip whose first row starts at ``top``."""
    return LEFT + (n % ROW) * CELL, top + (n // ROW) * ROW_HEIGHT


def strip_tops(sequences: tuple[Periodicity, ...]) -> list[float]:
    """The top of each code's strip (its two lines of text above it)."""
    tops, y = [], 44.0
    for seq in sequences:
        tops.append(y + 40)
        y += 40 + strip_rows(seq) * ROW_HEIGHT + 16
    return tops + [y]


def describe_period(seq: Periodicity) -> str:
    """One line: the preperiod, period and whether the theorem proves it."""
    if seq.period is None:
        return f"no period visible in G(0..{seq.size})"
    proof = "proven for every n (octal periodicity theorem)" if seq.proven else f"not proven (needs G(0..{seq.needed - 1}))"
    return f"preperiod {seq.preperiod}, period {seq.period}: {proof}"


def band_colour(seq: Periodicity, n: int) -> str:
    """The band's colour under cell ``n``: grey in the preperiod, alternating tints over the periods."""
    if seq.period is None or n < seq.preperiod:
        return PRE
    return PERIODS[((n - seq.preperiod) // seq.period) % 2]


def octal_picture(sequences: tuple[Periodicity, ...]) -> str:
    """Draw each code's nim-sequence as SVG, its preperiod and periods marked.

    >>> from gamecert.solvers.octal import octal_periodicity
    >>> "0.77: preperiod 71, period 12" in octal_picture((octal_periodicity("0.77", 200),))
    True
    """
    tops = strip_tops(sequences)
    title = "Octal games: nim-values G(n) of one heap of n"
    top_value = max((int(s.values[: shown_length(s)].max()) for s in sequences if len(s.values)), default=1)
    width = max(LEFT + ROW * CELL + 30, 700)
    legend = [
        (draw.LOSE, "G(n) = 0: the player to move loses"),
        (sg_colour(max(top_value, 1), max(top_value, 1)), f"G(n) = 1..{max(top_value, 1)}, light to dark: the player to move wins"),
        (PRE, "band: the preperiod"),
        (PERIODS[0], "band: one period (thick line: a period starts)"),
    ]
    pic = draw.Svg(width, tops[-1] + 20 * len(legend) + 20, title)
    pic.text(LEFT, 26, title, 16, font_weight="bold")
    for seq, top in zip(sequences, tops):
        length = shown_length(seq)
        more = "" if length == seq.certificate_length else f" (first {length} of {seq.certificate_length} certified values)"
        pic.text(LEFT, top - 24, f"{seq.code}: {describe_period(seq)}", 13, font_weight="bold")
        pic.text(LEFT, top - 8, f"G(0..{length - 1}){more}, {ROW} per row", 11)
        # Cells, then their values in one group (one font for all), then the band in runs of one colour per row.
        for n in range(length):
            x, y = cell_origin(top, n)
            pic.rect(x, y, CELL, CELL, fill=sg_colour(int(seq.values[n]), max(top_value, 1)))
        pic.open("g", font_family=draw.FONT, font_size=9.0, text_anchor="middle")
        for n in range(length):
            x, y = cell_origin(top, n)
            v = int(seq.values[n])
            ink = draw.INK if v == 0 or v < (top_value + 1) / 2 else "#ffffff"
            pic.add("text", str(v), x=x + CELL / 2, y=y + CELL * 0.68, fill=ink)
        pic.close()
        start = 0
        for n in range(1, length + 1):
            if n == length or n % ROW == 0 or band_colour(seq, n) != band_colour(seq, start):
                x, y = cell_origin(top, start)
                pic.rect(x, y + CELL + 1, (n - start) * CELL, BAND, fill=band_colour(seq, start))
                start = n
        if seq.period is not None:
            for n in range(seq.preperiod, length, seq.period):  # a period starts: a thick line
                x, y = cell_origin(top, n)
                pic.line(x, y - 2, x, y + CELL + BAND + 2, stroke=draw.PROOF, stroke_width=2.5)
        for r in range(strip_rows(seq)):
            pic.text(LEFT - 4, top + r * ROW_HEIGHT + CELL * 0.68, str(r * ROW), 9, anchor="end")
    pic.legend(LEFT, tops[-1] + 10, legend)
    return pic.text_doc()


class OctalPictures(Pictures[OctalQueries, OctalAnswers, None]):
    """``gamecert show octal FILE``: each code of the input, its sequence and period."""

    def draw(self, instance: OctalQueries, solution: OctalAnswers, focus: None = None) -> str:
        return octal_picture(solution.sequences)
