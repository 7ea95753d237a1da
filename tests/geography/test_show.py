"""Geography pictures: rendered by cairosvg, every vertex's colour read back against its Gallai–Edmonds part."""

from __future__ import annotations

import random

import pytest

from gamecert.solvers.geography.solver import geography_game, parse_geography
from gamecert.solvers.matching.types import A, C, D
from gamecert.verify.engine import svg as draw
from gamecert.verify.geography.show import MAX_PICTURE_VERTICES, geography_layout, geography_picture
from tests.geography.test_play import random_graph
from tests.pictures import pixel, render, rgb
from tests.support import run

COLOUR = {D: draw.PART_D, A: draw.PART_A, C: draw.PART_C}

#: Three triangles and a leaf around two hubs (the bundled case d-components-two-hubs):
#: D = the triangles' 9 vertices and the leaf 12, A = the hubs 2 and 5.
HUBS = "12 14\n1 3\n1 4\n1 5\n2 5\n2 6\n2 9\n3 4\n6 7\n7 8\n8 6\n9 10\n10 11\n11 9\n5 12\n"


def check_every_vertex(text: str) -> set[int]:
    solution = geography_game(parse_geography(text))
    image = render(geography_picture(solution))
    xy, r, _ = geography_layout(solution)
    for v in range(solution.graph.n):
        # Just below the label, inside the disc.
        got = pixel(image, xy[v, 0], xy[v, 1] + 0.55 * r)
        assert got == rgb(COLOUR[int(solution.decomposition.part[v])]), v
    return set(solution.decomposition.part.tolist())


def test_parts_are_coloured_as_the_decomposition_says():
    assert check_every_vertex(HUBS) == {D, A}
    assert check_every_vertex("4 3\n1 2\n2 3\n3 4\n") == {C}  # a perfect matching: everything in C


@pytest.mark.parametrize("seed", range(5))
def test_random_graphs(seed):
    check_every_vertex(random_graph(random.Random(seed)))


def test_odd_components_are_outlined_and_the_proof_drawn():
    solution = geography_game(parse_geography(HUBS))
    svg = geography_picture(solution)
    assert svg.count('stroke-dasharray="6 4"') == 3  # the three triangles of D
    proof = geography_picture(solution, 0)
    image = render(proof)
    xy, r, _ = geography_layout(solution)
    # Vertex 1 is in D: its ring is drawn in the proof colour.
    assert pixel(image, xy[0, 0] + 1.45 * r, xy[0, 1]) == rgb(draw.PROOF)


def test_show_cli(tmp_path):
    graph = tmp_path / "g.txt"
    graph.write_text(HUBS)
    result = run(["show", "geography", str(graph), "--vertex", "5"])
    assert result.exit_code == 0
    assert "From 5 the player to move wins" in result.stdout
    result = run(["show", "geography", str(graph), "--vertex", "13"])
    assert result.exit_code == 1 and result.stderr.startswith("error: --vertex 13: ")
    n = MAX_PICTURE_VERTICES + 1
    graph.write_text(f"{n} 0\n")
    result = run(["show", "geography", str(graph)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {graph}: the graph has {n} vertices; pictures are drawn up to {MAX_PICTURE_VERTICES} "
        "(a larger drawing is unreadable) -- use 'gamecert solve geography --json' for the answer and certificate\n"
    )
