"""Write the bundled maze cases, each expected answer agreed on by independent formulations.

Usage: python -m gamecert.verify.maze.cases [OUT_DIR]   (default: cases/maze)

The fast solver is never consulted. Every case's expected output comes from
the formulations that can handle it (rule search, ILP, SAT; at least two of
them must run), which must all agree; the ``source`` line names them. The
judge sample is written with the judge's published answer.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from gamecert.solvers.errors import SolverError
from gamecert.solvers.matching.graph import grid_graph
from gamecert.solvers.maze.solver import Maze
from gamecert.verify.engine.cases import case_text
from gamecert.verify.maze import families as fam
from gamecert.verify.uvg import ilp, sat, search
from gamecert.verify.uvg.adapter import agreed_outcomes

SAMPLE = (["3 3", ".##", "...", "#.#"], "WIN\n2 3\n3 2\n")


def cases() -> list[tuple[str, list[str], str]]:
    """(name, rows, note) for every generated case."""
    out = [
        ("no-free-cell", ["###", "###"], "no free cell at all: LOSE"),
        ("single-cell", ["."], "one free cell: YY cannot move, AA wins"),
        ("one-free-cell-in-walls", ["###", "#.#", "###"], "one free cell among walls"),
        ("pair-1x2", [".."], "1x2: every maximum matching covers both cells"),
        ("open-2x2", ["..", ".."], "2x2 open: perfect matching, LOSE"),
        ("corridor-odd-1x5", ["....."], "odd corridor: the even positions win"),
        ("corridor-even-1x6", ["......"], "even corridor: LOSE"),
        ("corridor-odd-vertical-7x1", ["."] * 7, "odd vertical corridor"),
        ("corridor-even-vertical-4x1", ["."] * 4, "even vertical corridor"),
        ("isolated-checkerboard-5x5", fam.checkerboard(5, 5), "every free cell isolated: all WIN"),
        ("isolated-checkerboard-4x6", fam.checkerboard(4, 6, 1), "checkerboard of walls, other parity"),
        ("snake-5x6", fam.snake(5, 6), "one winding corridor"),
        ("snake-7x7", fam.snake(7, 7), "one winding corridor, odd length"),
        ("comb-5x7", fam.comb(5, 7), "spine with teeth"),
        ("comb-4x6", fam.comb(4, 6), "spine with teeth, even width"),
        ("rooms-3x3-twice", fam.rooms(3, 2), "two 3x3 rooms joined through one door cell"),
        ("rooms-2x2-thrice", fam.rooms(2, 3), "three 2x2 rooms joined through door cells"),
        ("open-3x3", fam.open_maze(3, 3), "odd open board: the majority colour wins"),
        ("open-3x4", fam.open_maze(3, 4), "even open board"),
        ("open-5x5", fam.open_maze(5, 5), "odd open board"),
        ("l-shape", ["#.##", "#.##", "#...", "####"], "an L-shaped corridor"),
        ("plus", ["#.#", "...", "#.#"], "a plus: centre plus four arms"),
        ("ring-8", ["...", ".#.", "..."], "an 8-cycle"),
        ("ring-12", ["....", ".##.", ".##.", "...."], "a 12-cycle"),
        ("two-components", ["..#...", "..#...", "######", "...#..", "####.."], "components of odd and even size"),
        ("t-junction", [".....", "##.##", "##.##"], "a T"),
        ("dead-ends", [".#.#.", ".....", ".#.#."], "a corridor with dead-end branches"),
    ]
    for i, (r, c, d) in enumerate([(4, 4, 0.2), (5, 5, 0.25), (5, 6, 0.3), (6, 5, 0.15), (4, 7, 0.1), (6, 6, 0.35)]):
        out.append((f"random-{r}x{c}-d{int(d * 100)}", fam.random_maze(r, c, d, seed=100 + i), f"random, wall density {d}"))
    out.append(("random-12x12-d30", fam.random_maze(12, 12, 0.3, seed=7), "random, wall density 0.3"))
    out.append(("random-16x16-d40", fam.random_maze(16, 16, 0.4, seed=8), "random, wall density 0.4"))
    # At wall density 0.5 the free cells split into components of at most a
    # few hundred cells, which keeps the SAT side (a totalizer per component)
    # tractable; denser boards are covered by the tests against networkx.
    out.append(("random-100x100-d50", fam.random_maze(100, 100, 0.5, seed=9), "random 100x100, wall density 0.5"))
    return out


def judge_output(rows: list[str], loses: tuple[bool, ...]) -> str:
    """Judge format from per-free-cell outcomes (free cells in row-major order)."""
    cells = [(r + 1, c + 1) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    wins = [f"{r} {c}" for (r, c), lose in zip(cells, loses) if lose]
    return "WIN\n" + "".join(w + "\n" for w in wins) if wins else "LOSE\n"


def expected(rows: list[str]) -> tuple[str, str]:
    """The agreed judge output and the names of the formulations that agreed."""
    graph = grid_graph(Maze.from_rows(rows).free)[0]
    answers = {}
    if search.fits(graph) is None:
        answers["search"] = search.maze_search_outcomes(rows)
    # Large boards take the batched ILP (many vertices decided per model).
    answers["ilp"] = ilp.ilp_outcomes(graph) if ilp.fits(graph) is None else ilp.ilp_outcomes_batched(graph)
    answers["sat"] = sat.sat_outcomes(graph)
    first, agreed = agreed_outcomes(answers, str(rows))
    return judge_output(rows, first.loses), agreed


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else Path("cases/maze")
    out.mkdir(parents=True, exist_ok=True)
    rows, answer = SAMPLE
    (out / "sample.toml").write_text(
        case_text("maze", "judge sample (Luogu P4055 / BZOJ 1443)", "\n".join(rows) + "\n", answer)
    )
    for name, board, note in cases():
        t0 = time.perf_counter()
        try:
            answer, agreed = expected(board)
        except SolverError as exc:
            raise SystemExit(str(exc)) from None
        text = fam.board_text(board)
        (out / f"{name}.toml").write_text(case_text("maze", f"agreement: {agreed}", text, answer, note))
        print(f"{name}: {agreed} in {time.perf_counter() - t0:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
