"""Pictures of the maze game: the board, every cell's verdict, the matching, one cell's proof.

:func:`maze_picture` draws from the solver's result only; the game's
:class:`~gamecert.verify.maze.game.MazePictures` capability calls it for
``gamecert show maze`` and the HTML report.
"""

from __future__ import annotations

import numpy as np

from gamecert.solvers.matching.types import D
from gamecert.solvers.maze.solver import MazeSolution
from gamecert.verify.engine import svg as draw


def cell_size(rows: int, cols: int) -> int:
    """Pixels per cell: large on small boards, at least 8 so a 100x100 board stays readable."""
    return max(8, min(40, 1000 // max(rows, cols)))


def label_step(count: int) -> int:
    return 1 if count <= 20 else 5 if count <= 50 else 10


def maze_geometry(rows: int, cols: int) -> tuple[int, int, int]:
    """``(cell, left, top)``: cell size and the board's top-left corner."""
    s = cell_size(rows, cols)
    return s, 44, 78


def maze_picture(solution: MazeSolution, cell: tuple[int, int] | None = None) -> str:
    """Draw a solved maze as SVG: walls, cells by verdict, the matching, and ``cell``'s proof.

    ``cell`` is 1-based ``(row, col)`` of a free cell; its proof is drawn:
    for a cell AA wins from, the even alternating path from an unmatched cell
    (flipping it gives a maximum matching that misses the cell); for a cell
    AA loses from, the matching edge YY moves along.

    Notes
    -----
    One square per cell (walls dark, AA's winning cells green, the others
    orange), one rounded outline per matched pair, the proof as a polyline
    through cell centres: ``O(N M)`` elements. Cells are 8-40 px, so a
    100 x 100 judge board is 1,000 px wide with every 10th row and column
    numbered.

    >>> from gamecert.solvers.maze.solver import maze_game, parse_maze
    >>> "AA wins from 2 of 5 free cells" in maze_picture(maze_game(parse_maze("3 3\\n.##\\n...\\n#.#\\n")))
    True
    """
    free = solution.maze.free
    rows, cols = free.shape
    dec = solution.decomposition
    s, left, top = maze_geometry(rows, cols)
    n_win = int(np.count_nonzero(dec.part == D))
    n_free = int(np.count_nonzero(free))
    caption = _proof_caption(solution, cell) if cell is not None else []
    legend_h = 3 * 20 + len(caption) * 18 + 20
    legend = [
        (draw.WIN, "AA wins by placing the token here (some maximum matching misses the cell)"),
        (draw.LOSE, "YY wins (every maximum matching covers the cell)"),
        (draw.WALL, "wall"),
    ]
    texts = [draw.text_width(line, 13) for line in caption] + [draw.text_width(t, 13) + 20 for _, t in legend]
    width = max(left + cols * s + 20, left + max(texts) + 20)
    height = top + rows * s + 16 + legend_h
    pic = draw.Svg(width, height, f"maze {rows}x{cols}: AA wins from {n_win} of {n_free} free cells")
    pic.text(left, 24, f"Maze {rows}x{cols}: AA wins from {n_win} of {n_free} free cells", 16, font_weight="bold")
    pic.text(left, 44, f"maximum matching: {dec.nu} dominoes", 13)
    # Cells: walls dark, free cells by verdict (AA wins iff the cell is in D).
    verdict = np.full(rows * cols, -1, dtype=np.int8)
    verdict[solution.cells] = (dec.part == D).astype(np.int8)
    palette = {-1: draw.WALL, 0: draw.LOSE, 1: draw.WIN}
    colours = [[palette[int(v)] for v in verdict[r * cols : (r + 1) * cols]] for r in range(rows)]

    def tip(r: int, c: int) -> str:
        v = verdict[r * cols + c]
        return f"({r + 1}, {c + 1}) " + ("wall" if v < 0 else "AA wins" if v else "YY wins")

    # Per-cell tooltips on boards up to 50 x 50; larger boards merge runs (the file stays small).
    pic.cell_rows(left, top, s, colours, tip if rows * cols <= 2500 else None)
    # Grid lines, thin, so single cells can be counted on big boards.
    grid = "#ffffff" if s >= 12 else None
    if grid:
        pic.open(stroke=grid, stroke_width=0.6, shape_rendering="crispEdges")
        for r in range(rows + 1):
            pic.line(left, top + r * s, left + cols * s, top + r * s, stroke=grid)
        for c in range(cols + 1):
            pic.line(left + c * s, top, left + c * s, top + rows * s, stroke=grid)
        pic.close()
    # Labels every few rows/columns (1-based, as the judge counts).
    step_r, step_c = label_step(rows), label_step(cols)
    fs = min(12, max(8, s * 0.6))
    for r in range(rows):
        if (r + 1) % step_r == 0 or r == 0:
            pic.text(left - 4, top + r * s + s / 2 + fs * 0.35, str(r + 1), fs, anchor="end")
    for c in range(cols):
        if (c + 1) % step_c == 0 or c == 0:
            pic.text(left + c * s + s / 2, top - 5, str(c + 1), fs, anchor="middle")
    # Dominoes: one rounded outline per matched pair, inset so cell centres keep their colour.
    inset, sw = s * 0.16, max(1.0, s * 0.1)
    pic.open(fill="none", stroke=draw.MATCHING, stroke_width=sw)
    for u, v in dec.matching.pairs().tolist():
        (r1, c1), (r2, c2) = divmod(int(solution.cells[u]), cols), divmod(int(solution.cells[v]), cols)
        x, y = left + min(c1, c2) * s + inset, top + min(r1, r2) * s + inset
        w = (abs(c1 - c2) + 1) * s - 2 * inset
        h = (abs(r1 - r2) + 1) * s - 2 * inset
        pic.add("rect", x=float(x), y=float(y), width=float(w), height=float(h), rx=float(s * 0.3))
    pic.close()
    if cell is not None:
        _draw_proof(pic, solution, cell, s, left, top)
    y = top + rows * s + 30
    y = pic.legend(left, y, legend)
    pic.text_lines(left, y + 4, caption, 13)
    return pic.text_doc()


def _vertex_of(solution: MazeSolution, cell: tuple[int, int]) -> int:
    rows, cols = solution.maze.shape
    r, c = cell
    flat = (r - 1) * cols + (c - 1)
    i = int(np.searchsorted(solution.cells, flat))
    if i >= len(solution.cells) or solution.cells[i] != flat:
        raise ValueError(f"({r}, {c}) is a wall, not a free cell")
    return i


def _proof_caption(solution: MazeSolution, cell: tuple[int, int]) -> list[str]:
    dec = solution.decomposition
    v = _vertex_of(solution, cell)
    rc = f"({cell[0]}, {cell[1]})"
    if dec.part[v] == D:
        path = dec.paths.path(v)
        end = solution.cell(path[-1])
        if len(path) == 1:
            return [f"AA wins from {rc}: the maximum matching leaves it uncovered, so it is avoidable."]
        return [
            f"AA wins from {rc}: the alternating path of {len(path) - 1} steps (pink) runs to the uncovered cell "
            f"({end[0]}, {end[1]});",
            "swapping matched and unmatched steps along it gives a maximum matching that misses " + rc + ".",
        ]
    mate = solution.cell(int(dec.matching.mate[v]))
    return [
        f"YY wins from {rc}: every maximum matching covers it; YY moves to its partner ({mate[0]}, {mate[1]}) (pink)",
        "and keeps answering along a maximum matching of what is left.",
    ]


def _draw_proof(pic: draw.Svg, solution: MazeSolution, cell: tuple[int, int], s: int, left: int, top: int) -> None:
    dec = solution.decomposition
    v = _vertex_of(solution, cell)
    path = dec.paths.path(v) if dec.part[v] == D else [v, int(dec.matching.mate[v])]
    centres = []
    for u in path:
        r, c = solution.cell(u)
        centres.append((left + (c - 0.5) * s, top + (r - 0.5) * s))
    r, c = cell
    pic.rect(left + (c - 1) * s, top + (r - 1) * s, s, s, stroke=draw.PROOF, stroke_width=max(2.0, s * 0.18))
    if len(centres) > 1:
        pic.polyline(centres, stroke=draw.PROOF, stroke_width=max(2.0, s * 0.28), stroke_linecap="round", stroke_linejoin="round")
    end = centres[-1]
    pic.circle(end[0], end[1], s * 0.3, fill=draw.PROOF)


def maze_cell_centre(rows: int, cols: int, r: int, c: int) -> tuple[float, float]:
    """Pixel centre of 1-based cell ``(r, c)`` in :func:`maze_picture`'s drawing."""
    s, left, top = maze_geometry(rows, cols)
    return left + (c - 0.5) * s, top + (r - 0.5) * s
