"""The nim-sequence strip: every cell's colour and the band marking preperiod and periods, read back."""

from __future__ import annotations

import pytest

from gamecert.solvers.octal import octal_periodicity
from gamecert.verify.cutting.show import sg_colour
from gamecert.verify.engine import svg as draw
from gamecert.verify.octal.show import BAND, CELL, PERIODS, PRE, band_colour, cell_origin, octal_picture, strip_tops
from tests.pictures import pixel, render, rgb


@pytest.mark.slow
def test_strip_cells_and_period_band():
    kayles = octal_periodicity("0.77", 200)
    dawson = octal_periodicity("0.07", 300)
    sequences = (kayles, dawson)
    image = render(octal_picture(sequences))
    top_value = max(int(s.values[: s.certificate_length].max()) for s in sequences)
    tops = strip_tops(sequences)
    for seq, top in zip(sequences, tops):
        bands = set()
        for n in range(seq.certificate_length):
            x, y = cell_origin(top, n)
            assert pixel(image, x + 3.5, y + 3.5) == rgb(sg_colour(int(seq.values[n]), top_value)), (seq.code, n)
            band = band_colour(seq, n)
            assert pixel(image, x + CELL * 0.6, y + CELL + 1 + BAND / 2) == rgb(band), (seq.code, n)
            bands.add(band)
            if n == seq.preperiod:  # a period starts: the thick line at the cell's left edge
                assert pixel(image, x, y + CELL / 2) == rgb(draw.PROOF)
        assert bands == {PRE, *PERIODS}
    assert [band_colour(kayles, n) for n in (70, 71, 82, 83, 94, 95)] == [PRE, PERIODS[0], PERIODS[0], PERIODS[1], PERIODS[1], PERIODS[0]]
