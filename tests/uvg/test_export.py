"""``gamecert export``: files that other solvers read back and answer like gamecert.

Every exported CNF is read back from its file by python-sat and solved by a
different backend (Glucose) than the one :mod:`gamecert.verify.uvg.sat` uses; every
exported MPS is read back by OR-Tools' model builder and solved by SCIP (the
ILP side uses CBC); every exported LP is parsed here into an ``MPModelProto``
and solved by SCIP. Their verdicts are compared with the fast solver's, an
independent algorithm, on every vertex of small mazes and graphs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.linear_solver import linear_solver_pb2, pywraplp
from ortools.linear_solver.python import model_builder
from pysat.formula import CNF
from pysat.solvers import Solver

from gamecert.solvers.geography.solver import geography_game, parse_geography
from gamecert.solvers.maze.solver import maze_game, parse_maze
from gamecert.verify.cli import main
from gamecert.verify.engine.cases import default_cases_dir, load_case
from gamecert.verify.uvg.export import uvg_cnf, uvg_ilp
from gamecert.verify.uvg.start import geography_start, maze_start

CASES = default_cases_dir()
GRAPHS = {
    "path-3": "3 2\n1 2\n2 3\n",
    "triangle-with-tail": "4 4\n1 2\n2 3\n3 1\n3 4\n",
    "c5": "5 5\n1 2\n2 3\n3 4\n4 5\n5 1\n",
    "k4": "4 6\n1 2\n1 3\n1 4\n2 3\n2 4\n3 4\n",
    "star-and-isolated": "6 4\n1 2\n1 3\n1 4\n1 5\n",
    "bowtie": "5 6\n1 2\n2 3\n3 1\n3 4\n4 5\n5 3\n",
}
GRAPH_CASES = ["petersen", "flower-nested-blossoms", "odd-ring-of-cliques", "several-odd-d-components", "k7-dimacs"]
MAZES = {
    "sample": "3 3\n.##\n...\n#.#\n",
    "open-2x3": "2 3\n...\n...\n",
    "isolated-cell": "2 3\n.#.\n##.\n",
}
MAZE_CASES = ["random-4x4-d20", "random-5x5-d25", "random-6x6-d35", "plus", "rooms-3x3-twice", "comb-4x6"]


def graph_inputs() -> list[tuple[str, str]]:
    named = list(GRAPHS.items())
    named += [(c, load_case(CASES / "geography" / f"{c}.toml").input) for c in GRAPH_CASES]
    return named


def maze_inputs() -> list[tuple[str, str]]:
    named = list(MAZES.items())
    named += [(c, load_case(CASES / "maze" / f"{c}.toml").input) for c in MAZE_CASES]
    return named


def starts(game: str, text: str):
    """(start, fast says the player to move loses) for every vertex of the input."""
    if game == "geography":
        instance = parse_geography(text, "g.txt")
        loses = geography_game(instance).loses.tolist()
        return [(geography_start(instance, str(v + 1), "g.txt"), loses[v]) for v in range(instance.n)]
    maze = parse_maze(text, "m.txt", judge_limits=False)
    sol = maze_game(maze)
    loses = sol.decomposition.outcomes().loses
    return [(maze_start(maze, "{},{}".format(*sol.cell(v)), "m.txt"), loses[v]) for v in range(sol.graph.n)]


def solve_cnf_file(path: Path) -> bool:
    with Solver(name="glucose4", bootstrap_with=CNF(from_file=str(path)).clauses) as solver:
        return solver.solve()


def parse_lp(text: str) -> linear_solver_pb2.MPModelProto:
    """The subset of CPLEX LP that OR-Tools writes: objective, rows, bounds, binaries.

    OR-Tools' own LP reader takes another dialect, hence this reader.
    """
    model = linear_solver_pb2.MPModelProto()
    index: dict[str, int] = {}

    def var(name: str) -> int:
        if name not in index:
            index[name] = len(model.variable)
            model.variable.add(name=name, lower_bound=0.0, upper_bound=float("inf"))
        return index[name]

    def terms(body: str) -> list[tuple[float, int]]:
        return [(float(c), var(v)) for c, v in re.findall(r"([+-]\d+(?:\.\d*)?)\s+(\S+)", body)]

    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("\\"):
            continue
        if line in ("Maximize", "Minimize", "Subject to", "Bounds", "Binaries", "Generals", "End"):
            section = line
            model.maximize |= line == "Maximize"
            continue
        if section in ("Maximize", "Minimize"):
            for c, j in terms(line.split(":", 1)[1]):
                model.variable[j].objective_coefficient = c
        elif section == "Subject to":
            name, rest = line.split(":", 1)
            found = re.fullmatch(r"(.*?)\s*(<=|>=|=)\s*(\S+)", rest.strip())
            assert found, line
            body, sense, rhs = found.groups()
            row = model.constraint.add(name=name)
            row.lower_bound = float(rhs) if sense in (">=", "=") else -float("inf")
            row.upper_bound = float(rhs) if sense in ("<=", "=") else float("inf")
            for c, j in terms(body):
                row.var_index.append(j)
                row.coefficient.append(c)
        elif section == "Bounds":
            lo, name, hi = re.fullmatch(r"(\S+)\s*<=\s*(\S+)\s*<=\s*(\S+)", line).groups()
            model.variable[var(name)].lower_bound = float(lo)
            model.variable[var(name)].upper_bound = float(hi)
        elif section == "Binaries":
            v = model.variable[var(line)]
            v.is_integer, v.lower_bound, v.upper_bound = True, 0.0, 1.0
        else:
            raise AssertionError(f"unexpected LP line {line!r}")
    return model


def lp_optimum(path: Path) -> int:
    solver = pywraplp.Solver.CreateSolver("SCIP")
    assert solver.LoadModelFromProto(parse_lp(path.read_text())) == ""
    assert solver.Solve() == pywraplp.Solver.OPTIMAL
    return round(solver.Objective().Value())


def mps_optimum(path: Path) -> int:
    model = model_builder.Model()
    assert model.import_from_mps_file(str(path))
    solver = model_builder.Solver("scip")
    assert solver.solve(model) == model_builder.SolveStatus.OPTIMAL
    return round(solver.objective_value)


def nu_from_comments(text: str, mark: str) -> int:
    return int(re.search(rf"^{re.escape(mark)} nu = (\d+):", text, re.M).group(1))


CNF_INSTANCES = [("geography", *g) for g in graph_inputs()] + [("maze", *m) for m in maze_inputs()]


@pytest.mark.parametrize("game,name,text", CNF_INSTANCES, ids=[f"{g}-{n}" for g, n, _ in CNF_INSTANCES])
def test_exported_cnf_read_back_agrees_with_the_fast_solver_at_every_vertex(tmp_path, game, name, text):
    path = tmp_path / "x.cnf"
    for start, loses in starts(game, text):
        path.write_text(uvg_cnf(start))
        assert solve_cnf_file(path) == loses, f"vertex {start.label(start.vertex)}"


@pytest.mark.parametrize("game,name,text", CNF_INSTANCES, ids=[f"{g}-{n}" for g, n, _ in CNF_INSTANCES])
def test_exported_nu_bound_cnf_is_unsat_and_nu_is_the_fast_matching_number(tmp_path, game, name, text):
    start, _ = starts(game, text)[0]
    path = tmp_path / "bound.cnf"
    body = uvg_cnf(start, nu_bound=True)
    path.write_text(body)
    assert not solve_cnf_file(path)
    fast_nu = (geography_game(parse_geography(text)) if game == "geography" else maze_game(parse_maze(text, judge_limits=False))).decomposition.nu
    assert nu_from_comments(body, "c") == fast_nu


LP_INSTANCES = [("geography", n, t) for n, t in graph_inputs()[:7]] + [("maze", n, t) for n, t in maze_inputs()[:5]]


@pytest.mark.parametrize("fmt", ["lp", "mps"])
@pytest.mark.parametrize("game,name,text", LP_INSTANCES, ids=[f"{g}-{n}" for g, n, _ in LP_INSTANCES])
def test_exported_ilp_read_back_reaches_nu_exactly_when_the_mover_loses(tmp_path, fmt, game, name, text):
    path = tmp_path / f"x.{fmt}"
    optimum = lp_optimum if fmt == "lp" else mps_optimum
    mark = "\\" if fmt == "lp" else "*"
    first = True
    for start, loses in starts(game, text):
        if first:
            body = uvg_ilp(start, fmt, nu_bound=True)
            path.write_text(body)
            nu = nu_from_comments(body, mark)
            assert optimum(path) == nu
            first = False
        body = uvg_ilp(start, fmt)
        assert nu_from_comments(body, mark) == nu
        path.write_text(body)
        assert optimum(path) == (nu if loses else nu - 1), f"vertex {start.label(start.vertex)}"


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 7).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.tuples(st.integers(1, n), st.integers(1, n)), max_size=12))))
def test_random_graphs_cnf_agrees_with_the_fast_solver(tmp_path_factory, graph):
    n, edges = graph
    text = f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
    path = tmp_path_factory.mktemp("cnf") / "x.cnf"
    for start, loses in starts("geography", text):
        path.write_text(uvg_cnf(start))
        assert solve_cnf_file(path) == loses


QBF_INSTANCES = [("geography", n, GRAPHS[n]) for n in ("path-3", "triangle-with-tail", "c5", "k4", "bowtie")]
QBF_INSTANCES += [("maze", n, MAZES[n]) for n in MAZES]


@pytest.mark.parametrize("game,name,text", QBF_INSTANCES, ids=[f"{g}-{n}" for g, n, _ in QBF_INSTANCES])
def test_cli_qdimacs_read_back_by_pyqbf_agrees_with_the_fast_solver(tmp_path, game, name, text):
    # Written by the command, read from the file, solved by Qute (gamecert.verify.uvg.qbf's
    # own calls use DepQBF). TRUE means the player to move wins (gamecert.verify.uvg.qbf).
    from pyqbf.formula import PCNF
    from pyqbf.solvers import Solver as QbfSolver

    src = tmp_path / "in.txt"
    src.write_text(text)
    path = tmp_path / "x.qdimacs"
    for start, loses in starts(game, text):
        label = start.label(start.vertex).strip("()")
        result = run(["export", "qdimacs", game, str(src), "--vertex", label, "--out", str(path)])
        assert result.exit_code == 0, result.output
        head = path.read_text().split("\np ", 1)[0]
        assert f"(expect {'FALSE' if loses else 'TRUE'})" in head
        with QbfSolver(name="qute", bootstrap_with=PCNF(from_file=str(path))) as solver:
            assert solver.solve() == (not loses), f"vertex {label}"


# ---- the command line ------------------------------------------------------


def run(args, input=None):
    return CliRunner().invoke(main, args, input=input)


@pytest.fixture
def maze_file(tmp_path):
    f = tmp_path / "m.txt"
    f.write_text(MAZES["sample"])
    return f


@pytest.fixture
def graph_file(tmp_path):
    f = tmp_path / "g.txt"
    f.write_text("3 2\n1 2\n2 3\n")
    return f


def test_cli_single_vertex_cnf_exact(tmp_path):
    # One vertex, no edge: nu = 0, nothing to bound; the only clause is
    # covered(1) -> (no edge at 1), i.e. not covered(1). The mover cannot move: SAT.
    f = tmp_path / "one.txt"
    f.write_text("1 0\n")
    result = run(["export", "cnf", "geography", str(f), "--vertex", "1"])
    assert result.exit_code == 0
    assert result.stdout == (
        "c gamecert export cnf: undirected vertex geography, the SAT formulation of verify/sat.py\n"
        f"c game: undirected vertex geography, graph {f}, 1 vertices, 0 edges\n"
        "c vertex: 1 (the label in the file); the token starts there and counts as visited\n"
        "c gamecert's fast solver says: the player to move from 1 loses (expect SAT)\n"
        "c nu = 0: the matching number, found by SAT (gamecert.verify.uvg.sat.sat_maximum_matching: "
        "raise k while 'at least k edges' stays SAT)\n"
        "c a matching of nu edges (check it by hand): none\n"
        "c question: is there a matching of at least nu = 0 edges that leaves 1 uncovered?\n"
        "c SAT   -> a maximum matching avoids 1: the player to move from 1 loses\n"
        "c UNSAT -> 1 is in every maximum matching: the player to move from 1 wins\n"
        "c both verdicts assume nu is maximum: 'gamecert export cnf ... --nu-bound' writes "
        "'at least nu + 1 edges', which must be UNSAT\n"
        "c clauses: at most one chosen edge per vertex (pairwise up to 6 edges, else sequential counter);\n"
        "c   covered(u) -> some chosen edge at u; k = 0 edges asked for, so no cardinality bound\n"
        "c   units: no chosen edge at 1\n"
        "c covered 1 = vertex 1\n"
        "p cnf 1 1\n"
        "-1 0\n"
    )


def test_cli_single_edge_nu_bound_cnf_exact(tmp_path):
    # Edge 1-2: x1 = the edge, covered 2 and 3. nu = 1; nu + 1 = 2 edges need
    # 4 vertices > 2, so the file is UNSAT outright through variable 4.
    f = tmp_path / "edge.txt"
    f.write_text("2 1\n1 2\n")
    result = run(["export", "cnf", "geography", str(f), "--nu-bound"])
    assert result.exit_code == 0
    head, body = result.stdout.split("p cnf ")
    assert body == "4 4\n-2 1 0\n-3 1 0\n4 0\n-4 0\n"
    assert "c x 1 = edge 1-2\nc covered 2 = vertex 1\nc covered 3 = vertex 2\n" in head
    assert "c question: is there a matching of at least nu + 1 = 2 edges?\n" in head
    assert "c a matching of nu edges (check it by hand): 1-2\n" in head


def test_cli_cnf_comments_name_every_edge_and_the_verdicts(maze_file):
    result = run(["export", "cnf", "maze", str(maze_file), "--vertex", "2,3"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line for line in lines if line.startswith("c x ")] == [
        "c x 1 = edge (1,1)-(2,1)",
        "c x 2 = edge (2,1)-(2,2)",
        "c x 3 = edge (2,2)-(2,3)",
        "c x 4 = edge (2,2)-(3,2)",
    ]
    assert "c nu = 2: the matching number, found by SAT" in result.stdout
    assert "c SAT   -> a maximum matching avoids (2,3): the player to move (YY) from (2,3) loses" in lines
    assert "c UNSAT -> (2,3) is in every maximum matching: the player to move (YY) from (2,3) wins" in lines
    # The judge sample says AA wins from (2,3): YY, to move, loses.
    assert "c gamecert's fast solver says: the player to move (YY) from (2,3) loses (expect SAT)" in lines
    # Every clause line refers to declared variables only.
    nvars, nclauses = map(int, next(x for x in lines if x.startswith("p cnf")).split()[2:])
    clauses = [list(map(int, x.split())) for x in lines if x and not x.startswith(("c", "p"))]
    assert len(clauses) == nclauses and all(c[-1] == 0 and all(abs(v) <= nvars for v in c) for c in clauses)


@pytest.mark.parametrize("fmt,mark", [("lp", "\\"), ("mps", "*")])
def test_cli_ilp_comments_and_edge_names(maze_file, fmt, mark):
    result = run(["export", fmt, "maze", str(maze_file), "--vertex", "2,2"])
    assert result.exit_code == 0
    text = result.stdout
    assert f"{mark} nu = 2: the matching number" in text
    assert f"{mark} optimum == nu     -> a maximum matching avoids (2,2): the player to move (YY) from (2,2) loses" in text
    assert f"{mark} optimum == nu - 1 -> (2,2) is in every maximum matching: the player to move (YY) from (2,2) wins" in text
    assert f"{mark} gamecert's fast solver says: the player to move (YY) from (2,2) wins (expect optimum == nu - 1)" in text
    for name in ("x_r1c1_r2c1", "x_r2c1_r2c2", "x_r2c2_r2c3", "x_r2c2_r3c2", "deg_r2c2"):
        assert name in text


def test_cli_out_writes_what_stdout_would(graph_file, tmp_path):
    out = tmp_path / "g.lp"
    to_file = run(["export", "lp", "geography", str(graph_file), "--vertex", "2", "--out", str(out)])
    to_stdout = run(["export", "lp", "geography", str(graph_file), "--vertex", "2"])
    assert (to_file.exit_code, to_file.stdout) == (0, "")
    assert out.read_text() == to_stdout.stdout
    # Vertex 2 is the middle of a path: every maximum matching covers it.
    assert lp_optimum(out) == 0


@pytest.mark.parametrize("fmt", ["lp", "mps"])
def test_cli_nu_bound_ilp_needs_no_vertex_and_its_optimum_is_nu(maze_file, tmp_path, fmt):
    out = tmp_path / f"bound.{fmt}"
    result = run(["export", fmt, "maze", str(maze_file), "--nu-bound", "--out", str(out)])
    assert result.exit_code == 0
    text = out.read_text()
    rows = text.split("Subject to")[1] if fmt == "lp" else text.split("ROWS")[1].split("COLUMNS")[0]
    assert "= 0" not in rows and " E  " not in rows  # no row forces a vertex uncovered
    # The judge sample's grid graph has a matching of 2 edges and 5 cells.
    assert (lp_optimum if fmt == "lp" else mps_optimum)(out) == 2
    assert nu_from_comments(text, "\\" if fmt == "lp" else "*") == 2


def test_cli_reads_stdin():
    result = run(["export", "cnf", "maze", "-", "--vertex", "3,2"], MAZES["sample"])
    assert result.exit_code == 0 and "c game: maze (JSOI2009), board <stdin>, 3x3" in result.stdout


@pytest.mark.parametrize(
    "vertex,message",
    [
        ("2,2", None),
        ("1,2", "--vertex: expected a free cell '.', but 1,2 is '#' ({f}:2:2)"),
        ("4,1", "--vertex: expected a row in 1..3, got 4"),
        ("2,0", "--vertex: expected a column in 1..3, got 0"),
        ("2, 17", "--vertex: expected a column in 1..3, got 17"),
        ("2;3", "--vertex: expected ROW,COL (1-based row and column of a free cell), got '2;3'"),
        ("", "--vertex: expected ROW,COL (1-based row and column of a free cell), got ''"),
    ],
)
@pytest.mark.parametrize("fmt", ["cnf", "lp", "qdimacs"])
def test_cli_bad_maze_vertex_is_one_line_exit_1(maze_file, vertex, message, fmt):
    result = run(["export", fmt, "maze", str(maze_file), "--vertex", vertex])
    if message is None:
        mark = "\\" if fmt == "lp" else "c"
        assert result.exit_code == 0 and result.stdout.startswith(f"{mark} gamecert export {fmt}")
        return
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"error: {message.format(f=maze_file)}\n"


@pytest.mark.parametrize(
    "vertex,message",
    [
        ("4", "--vertex: expected a vertex label in 1..3, got '4'"),
        ("0", "--vertex: expected a vertex label in 1..3, got '0'"),
        ("a", "--vertex: expected a vertex label in 1..3, got 'a'"),
        ("1,2", "--vertex: expected a vertex label in 1..3, got '1,2'"),
    ],
)
def test_cli_bad_geography_vertex_is_one_line_exit_1(graph_file, vertex, message):
    result = run(["export", "cnf", "geography", str(graph_file), "--vertex", vertex])
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", f"error: {message}\n")


def test_cli_bad_file_is_located_in_the_file(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("2 2\n..\n.x\n")
    result = run(["export", "cnf", "maze", str(f), "--vertex", "1,1"])
    assert (result.exit_code, result.stderr) == (1, f"error: {f}:3:2: expected '.' or '#', got 'x'\n")


def test_cli_too_big_for_the_sat_side_is_refused(tmp_path):
    f = tmp_path / "big.txt"
    f.write_text("21 20\n" + ("." * 20 + "\n") * 21)
    result = run(["export", "cnf", "maze", str(f), "--vertex", "1,1"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {f}:1:1: cnf export: 420 vertices > 400 (limit of the SAT side, which finds nu); "
        "'gamecert export lp' has no such limit\n"
    )


def test_cli_qdimacs_too_big_is_refused(tmp_path):
    f = tmp_path / "big.txt"
    f.write_text("15 16\n" + ("." * 16 + "\n") * 15)
    result = run(["export", "qdimacs", "maze", str(f), "--vertex", "1,1"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {f}:1:1: qdimacs export: 240 vertices > 225 (the QBF grows as moves x edges); "
        "'gamecert export lp' has no such limit\n"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["export", "cnf", "maze", "FILE"],  # no --vertex
        ["export", "qdimacs", "maze", "FILE", "--nu-bound"],
        ["export", "sat", "maze", "FILE", "--vertex", "1,1"],
        ["export", "cnf", "split", "FILE", "--vertex", "1,1"],
    ],
)
def test_cli_usage_errors_exit_2(maze_file, args):
    result = run([str(maze_file) if a == "FILE" else a for a in args])
    assert result.exit_code == 2 and result.stdout == ""
