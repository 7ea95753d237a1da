"""Bunny-and-Egg pictures: pieces, move numbers and mistakes read back from the PNG."""

from __future__ import annotations

from gamecert.solvers.bunny_egg.solver import bunny_egg, parse_bunny_egg
from gamecert.verify.bunny_egg.show import bunny_geometry, bunny_picture
from gamecert.verify.engine import svg as draw
from tests.pictures import pixel, render, rgb
from tests.support import run

SAMPLE_3 = "4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n"
#: A 10 x 10 record with Bunny's mistakes at rounds 11 and 17 (the bundled random-10x10 case).


def check(text: str) -> tuple[int, int]:
    """Assert pieces and mistake marks; returns (Bunny's moves ringed, mistakes)."""
    analysis = bunny_egg(parse_bunny_egg(text))
    rows, cols = analysis.game.shape
    s, left, top = bunny_geometry(rows, cols)
    image = render(bunny_picture(analysis))
    mistakes = set(analysis.bunny_mistakes)
    ringed = 0
    for j, (r, c) in enumerate(analysis.game.moves.tolist()):
        if j % 2 == 0:
            edge = pixel(image, left + c * s + 1.5, top + r * s + s / 2)
            assert (edge == rgb(draw.MISTAKE)) == (j // 2 + 1 in mistakes), j
            ringed += edge == rgb(draw.MISTAKE)
    for r in range(rows):
        for c in range(cols):
            piece = chr(analysis.game.board[r, c])
            if piece != ".":
                got = pixel(image, left + (c + 0.5) * s, top + (r + 0.75) * s)
                assert got == ((255, 255, 255) if piece == "O" else (17, 17, 17)), (r, c)
    return ringed, len(mistakes)


def test_sample_mistakes_are_ringed():
    assert check(SAMPLE_3) == (2, 2)  # judge answer: Bunny's moves 1 and 2


def test_record_without_mistakes():
    assert check("3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n") == (0, 0)


def test_show_cli(tmp_path):
    record = tmp_path / "b.txt"
    record.write_text(SAMPLE_3)
    result = run(["show", "bunny-egg", str(record)])
    assert result.exit_code == 0
    assert "Bunny made 2 mistakes" in result.stdout
