"""The UVG game classes: the shared core and formulations, typed picture focus, start-up cost, pickling."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from gamecert.solvers.errors import InputError
from gamecert.verify.capabilities import ExportStart, Pictures
from gamecert.verify.geography.game import GeographyGame, GeographyPictures
from gamecert.verify.maze.game import MazeGame, MazePictures
from gamecert.verify.uvg.export import export_text

MAZE_SAMPLE = "3 3\n.##\n...\n#.#\n"
PATH_4 = "4 3\n1 2\n2 3\n3 4\n"


@pytest.mark.parametrize(
    "game, text", [(MazeGame(), MAZE_SAMPLE), (GeographyGame(), PATH_4)], ids=["maze", "geography"]
)
def test_every_formulation_fits_and_agrees_on_a_small_instance(game, text):
    instance = game.parse(text, "<test>")
    fast = game.answer(game.solve(instance))
    assert [f.name for f in game.formulations()] == ["ilp", "sat", "search", "qbf", "lp", "sat-konig", "cpsat"]
    for formulation in game.formulations():
        assert formulation.fits(instance) is None, formulation.name
        assert formulation.run(instance) == fast, formulation.name


def test_the_maze_search_reads_the_board_rows():
    game = MazeGame()
    maze = game.parse(MAZE_SAMPLE)
    assert game.search_rows(maze) == [".##", "...", "#.#"]
    assert GeographyGame().search_rows(GeographyGame().parse(PATH_4)) is None


def test_describe_names_maze_cells_and_geography_labels():
    maze = MazeGame()
    data = maze.to_json(maze.solve(maze.parse(MAZE_SAMPLE)))
    assert (data["answer"], data["winning_cells"], data["decomposition"]["D"]) == (
        "WIN",
        [[2, 3], [3, 2]],
        [[2, 3], [3, 2]],
    )
    geography = GeographyGame()
    data = geography.to_json(geography.solve(geography.parse("3 3\n1 2\n2 3\n3 3\n")))
    assert (data["answer"], data["losing"], data["ignored"]["self_loops"]) == (
        ["lose", "win", "lose"],
        [1, 3],
        [[3, 3]],
    )


def test_explain_names_the_first_differing_vertex_as_users_do():
    maze = MazeGame()
    board = maze.parse(MAZE_SAMPLE)
    fast = maze.answer(maze.solve(board))
    flipped = type(fast)((not fast.loses[0],) + fast.loses[1:])
    assert maze.explain(board, fast, flipped) == "vertex (1,1): player to move should lose, fast says win"
    geography = GeographyGame()
    graph = geography.parse(PATH_4)
    fast = geography.answer(geography.solve(graph))
    flipped = type(fast)(fast.loses[:2] + (not fast.loses[2],) + fast.loses[3:])
    assert geography.explain(graph, fast, flipped) == "vertex 3: player to move should lose, fast says win"


def test_picture_focus_is_typed_and_located():
    maze = MazeGame()
    board = maze.parse(MAZE_SAMPLE)
    pictures = maze.capability(Pictures)
    assert isinstance(pictures, MazePictures) and pictures.focus_option == "--cell"
    assert pictures.focus(board, "2,3") == (2, 3)
    with pytest.raises(InputError) as err:
        pictures.focus(board, "1,2")
    assert str(err.value) == "--cell 1,2: expected a free cell '.', but 1,2 is '#'"
    geography = GeographyGame()
    graph = geography.parse(PATH_4)
    pictures = geography.capability(Pictures)
    assert isinstance(pictures, GeographyPictures) and pictures.focus_option == "--vertex"
    assert pictures.focus(graph, "2") == 1
    with pytest.raises(InputError) as err:
        pictures.focus(graph, "5")
    assert str(err.value) == "--vertex 5: expected a vertex label in 1..4, got '5'"


class GeographyWithoutStarts(GeographyGame):
    """Geography offering no capability at all."""

    def capabilities(self) -> tuple:
        return ()


def test_export_needs_the_export_start_capability():
    assert isinstance(GeographyGame().capability(ExportStart), ExportStart)
    game = GeographyWithoutStarts()
    with pytest.raises(InputError, match="geography has no single start vertex to export"):
        export_text("lp", game, game.parse(PATH_4), "1", "g.txt", False)


def test_games_and_their_capabilities_travel_to_workers():
    for game in (MazeGame(), GeographyGame()):
        copy = pickle.loads(pickle.dumps(game))
        assert type(copy) is type(game)
        assert [type(c) for c in pickle.loads(pickle.dumps(game.capabilities()))] == [
            type(c) for c in game.capabilities()
        ]


def test_listing_capabilities_and_formulations_loads_no_solver_library():
    code = (
        "import sys\n"
        "from gamecert.verify.geography.game import GeographyGame\n"
        "from gamecert.verify.maze.game import MazeGame\n"
        "for game in (MazeGame(), GeographyGame()):\n"
        "    game.capabilities(), game.formulations()\n"
        "heavy = ('numba', 'networkx', 'ortools', 'pysat', 'pyqbf', 'dask', 'cairosvg', 'problemtools', 'sqlite3')\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(heavy)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[]\n"
