"""Sprague–Grundy heat maps: every table cell's colour read back against the table."""

from __future__ import annotations

import pytest

from gamecert.solvers.cutting import (
    CUTTING,
    SPLIT,
    CuttingRule,
    Piece,
    cutting_position,
    grundy_table,
    parse_split,
    split_game,
)
from gamecert.verify.cutting.show import POSITION_TOP, cutting_picture, position_layout, sg_colour, table_geometry
from gamecert.verify.engine import svg as draw
from tests.pictures import pixel, render, rgb
from tests.support import run


def check_table(rule: CuttingRule, size: int, queries: tuple[Piece, ...], top_offset: float) -> int:
    table = grundy_table(rule, size)
    image = render(cutting_picture(table, queries))
    s, left, top = table_geometry(size, top_offset)
    assert s >= 10  # cells large enough for the query frames to stay clear of the sampled point
    top_value = int(table.values.max())
    checked = 0
    for n in range(1, size + 1):
        for m in range(1, size + 1):
            # Between a query's frame (the outer 15% of the cell) and the value written in the middle.
            x, y = left + (m - 0.5) * s, top + (n - 1) * s + 0.24 * s
            assert pixel(image, x, y) == rgb(sg_colour(int(table.values[n, m]), top_value)), (n, m)
            checked += 1
    for p in queries:  # each query's frame
        assert pixel(image, left + (p.cols - 1) * s + 0.1 * s, top + (p.rows - 0.5) * s) == rgb(draw.PROOF), p
    return checked


def test_split_table_cells_match_the_table():
    queries = parse_split("1 2\n1 6\n4 3\n3 5\n")
    assert check_table(SPLIT, 12, queries, 98) == 144
    # Value 0 is the losing colour: the judge says Bob wins 1x2 and 3x5.
    assert sg_colour(split_game(queries).values[0], 3) == draw.LOSE


@pytest.mark.slow
def test_cutting_table_without_queries():
    assert check_table(CUTTING, 30, (), 98) == 900


def test_position_picture_shows_the_winning_cut():
    position = cutting_position((Piece(3, 5), Piece(1, 6), Piece(4, 4)), SPLIT)
    table = grundy_table(SPLIT, 8)
    svg = cutting_picture(table, (), position)
    assert "winning cut (pink): cut piece 2 vertically after column 2: 1x2 + 1x4" in svg
    image = render(svg)
    unit, xs = position_layout(position)
    top_value = int(table.values.max())
    for p, x, v in zip(position.pieces, xs, position.values):  # each piece in its value's colour
        assert pixel(image, x + 0.5 * unit, POSITION_TOP + 0.5 * unit) == rgb(sg_colour(v, top_value)), p
    # The cut: a dashed pink line after column 2 of piece 2, reaching above the piece.
    assert pixel(image, xs[1] + 2 * unit, POSITION_TOP - 4) == rgb(draw.PROOF)
    assert pixel(image, xs[1] + 1 * unit + 2, POSITION_TOP - 4) == rgb(draw.PAPER)


def test_show_cli_position(tmp_path):
    result = run(["show", "split", "--position", "3x5 1x6"])
    assert result.exit_code == 0
    assert "0 xor 2 = 2: the player to move wins" in result.stdout
    result = run(["show", "split", "--position", "1x1"])
    assert result.exit_code == 1 and result.stderr.startswith("error: --position: ")
