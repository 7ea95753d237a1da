"""Pictures of a Bunny-and-Egg record: the board, the moves numbered, the mistakes marked."""

from __future__ import annotations

from gamecert.solvers.bunny_egg.solver import BLACK, WHITE, BunnyEggAnalysis
from gamecert.verify.engine import svg as draw

BOARD = "#e9dcc3"
EMPTY = "#fbf7ef"


def bunny_geometry(rows: int, cols: int) -> tuple[int, int, int]:
    """``(cell, left, top)`` of the board."""
    return max(14, min(48, 900 // max(rows, cols))), 44, 78


def bunny_picture(analysis: BunnyEggAnalysis) -> str:
    """Draw a Bunny-and-Egg record as SVG.

    Pieces stand where they were at the start (``O`` white, ``X`` black; the
    start's empty cell dashed). The cell of the piece moved at a move carries
    its number (Bunny's moves on white pieces, Egg's on black); Bunny's
    mistakes are framed red, Egg's dotted red; the empty cell's path is a thin line.

    >>> from gamecert.solvers.bunny_egg.solver import bunny_egg, parse_bunny_egg
    >>> "Bunny made 1 mistake" in bunny_picture(bunny_egg(parse_bunny_egg("1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n")))
    True
    """
    game = analysis.game
    rows, cols = game.shape
    s, left, top = bunny_geometry(rows, cols)
    k = game.k
    mistakes_b, mistakes_e = set(analysis.bunny_mistakes), set(analysis.egg_mistakes)
    legend = [
        ("#ffffff", "white piece (Bunny moves these); the number is the round of the move"),
        ("#111111", "black piece (Egg moves these)"),
        (draw.MISTAKE, "red square: Bunny's mistake, dotted: Egg's (the mover could win before, the opponent can after)"),
    ]
    summary = (
        f"Bunny's mistakes: {', '.join(map(str, sorted(mistakes_b))) or 'none'}; "
        f"Egg's mistakes: {', '.join(map(str, sorted(mistakes_e))) or 'none'}"
    )
    texts = [draw.text_width(t, 13) + 22 for _, t in legend] + [draw.text_width(summary, 13)]
    width = max(left + cols * s + 20, left + max(texts) + 20)
    height = top + rows * s + 30 + 3 * 20 + 40
    title = f"Bunny and Egg {rows}x{cols}, {k} round{'s' if k != 1 else ''}: Bunny made {len(mistakes_b)} mistake{'s' if len(mistakes_b) != 1 else ''}"
    pic = draw.Svg(width, height, title)
    pic.text(left, 24, title, 16, font_weight="bold")
    pic.text(left, 44, summary, 13)
    board = game.board
    pic.open(shape_rendering="crispEdges")
    pic.rect(left, top, cols * s, rows * s, fill=BOARD, stroke=draw.INK, stroke_width=1)
    for r in range(rows + 1):
        pic.line(left, top + r * s, left + cols * s, top + r * s, stroke="#b9a98a", stroke_width=1)
    for c in range(cols + 1):
        pic.line(left + c * s, top, left + c * s, top + rows * s, stroke="#b9a98a", stroke_width=1)
    pic.close()
    fs = min(12, max(8, s * 0.5))
    for r in range(rows):
        pic.text(left - 4, top + r * s + s / 2 + fs * 0.35, str(r + 1), fs, anchor="end")
    for c in range(cols):
        pic.text(left + c * s + s / 2, top - 5, str(c + 1), fs, anchor="middle")
    # The empty cell's path: start, then the cell of each moved piece.
    sr, sc = game.start
    path = [(sr, sc)] + [tuple(x) for x in game.moves.tolist()]
    centres = [(left + (c + 0.5) * s, top + (r + 0.5) * s) for r, c in path]
    if len(centres) > 1:
        pic.polyline(centres, stroke="#8d7a55", stroke_width=max(1.0, s * 0.06))
    pic.rect(left + sc * s + 2, top + sr * s + 2, s - 4, s - 4, fill=EMPTY, stroke=draw.INK, stroke_width=1.2,
             stroke_dasharray="3 2", tooltip=f"({sr + 1}, {sc + 1}): the empty cell at the start")
    number = {}
    for j, (r, c) in enumerate(game.moves.tolist()):
        number[(r, c)] = j
    pr = s * 0.4
    for r in range(rows):
        for c in range(cols):
            piece = int(board[r, c])
            if piece not in (WHITE, BLACK):
                continue
            cx, cy = left + (c + 0.5) * s, top + (r + 0.5) * s
            j = number.get((r, c))
            tip = f"({r + 1}, {c + 1}) {'white' if piece == WHITE else 'black'}"
            if j is not None:
                who = "Bunny" if j % 2 == 0 else "Egg"
                tip += f", moved in {who}'s move {j // 2 + 1}"
            pic.circle(cx, cy, pr, fill="#ffffff" if piece == WHITE else "#111111", stroke=draw.INK, stroke_width=1, tooltip=tip)
            if j is not None:
                i = j // 2 + 1
                ink = "#111111" if piece == WHITE else "#ffffff"
                pic.text(cx, cy + fs * 0.36, str(i), fs, anchor="middle", fill=ink, font_weight="bold")
                mistake = i in mistakes_b if j % 2 == 0 else i in mistakes_e
                if mistake:
                    dash = None if j % 2 == 0 else "3 2"
                    pic.rect(left + c * s + 1.5, top + r * s + 1.5, s - 3, s - 3, stroke=draw.MISTAKE,
                             stroke_width=max(2.0, s * 0.1), stroke_dasharray=dash)
    y = top + rows * s + 30
    pic.legend(left, y, legend)
    return pic.text_doc()

