"""Undirected vertex geography from one start vertex, written as files any solver reads.

``gamecert export`` takes a maze or a geography graph and a start vertex and
writes the question "does the player to move from ``v`` lose?" in a solver's
own format, so the answer can be re-checked with a solver one trusts:

- ``cnf``: the SAT formulation of :mod:`gamecert.verify.uvg.sat` as DIMACS CNF (same
  matching clauses, the bound fixed by unit clauses instead of assumptions);
- ``lp`` / ``mps``: the integer program of :mod:`gamecert.verify.uvg.ilp` as OR-Tools
  writes it (CPLEX LP or free MPS);
- ``qdimacs``: the game itself as a QBF (:func:`gamecert.verify.uvg.qbf.qdimacs_text`).

Every file opens with comments naming the game, the vertex, the matching
number ν and what each verdict means. Vertices are named as the user wrote
them: maze cells ``(row,col)`` 1-based, geography labels as in the file
(:mod:`gamecert.verify.uvg.start` reads them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecert.solvers.errors import InputError
from gamecert.solvers.matching.graph import Graph
from gamecert.verify.capabilities import ExportStart
from gamecert.verify.game import Game
from gamecert.verify.uvg.start import UVGStart

if TYPE_CHECKING:
    from gamecert.solvers.geography.solver import GeographyInput
    from gamecert.solvers.maze.solver import Maze

#: Largest graph (vertices) :func:`uvg_cnf` exports. Finding ν by SAT builds
#: a totalizer of ``O(n²)`` clauses and proves "no ν + 1 edges" by resolution:
#: random mazes stay solvable within seconds up to a few hundred vertices, and
#: grids with cells removed are the hard family (measurements of
#: ``sat_maximum_matching`` alone in ``benchmarks/limits.md``).
CNF_MAX_VERTICES = 400
#: Largest graph (vertices) the QDIMACS export writes. The formula of
#: :mod:`gamecert.verify.uvg.qbf` has ``O(T (m + N))`` clauses with ``T < N`` moves, so
#: the file and the memory to write it grow quickly with open boards
#: (measurements in ``benchmarks/limits.md``; solvers give up long before:
#: see ``gamecert.verify.uvg.qbf.fits``).
QDIMACS_MAX_VERTICES = 225



def export_fits(graph: Graph, fmt: str) -> str | None:
    """Whether ``graph`` is exported in format ``fmt`` (None) or why not (lp and mps: always)."""
    if fmt == "cnf" and graph.n > CNF_MAX_VERTICES:
        return f"{graph.n} vertices > {CNF_MAX_VERTICES} (limit of the SAT side, which finds nu)"
    if fmt == "qdimacs" and graph.n > QDIMACS_MAX_VERTICES:
        return f"{graph.n} vertices > {QDIMACS_MAX_VERTICES} (the QBF grows as moves x edges)"
    return None


def _edge(start: UVGStart, e: tuple[int, int]) -> str:
    return f"{start.label(e[0])}-{start.label(e[1])}"


def uvg_cnf(start: UVGStart, nu_bound: bool = False, extra: tuple[str, ...] = ()) -> str:
    """Undirected vertex geography from one vertex as a DIMACS CNF: "a matching of ν edges avoids v".

    SAT means some maximum matching misses ``v`` (the player to move from
    ``v`` loses), UNSAT that every maximum matching covers ``v`` (they win).
    With ``nu_bound`` the file is the companion "a matching of ν + 1 edges
    exists", which must be UNSAT (ν is maximum). ``extra`` comment lines go
    after the description.

    Notes
    -----
    ν and a matching of ν edges come from the SAT side
    (:func:`gamecert.verify.uvg.sat.sat_maximum_matching`). The clauses are
    :func:`gamecert.verify.uvg.sat.matching_clauses` (at most one chosen edge per
    vertex, ``covered(u) → x(δ(u))``) plus a totalizer [1]_ over the
    ``¬covered`` literals of all ``n`` vertices with the unit "at most
    ``n - 2k`` uncovered" (``k = ν`` or ``ν + 1``; with at most one edge per
    vertex, ``2k`` covered vertices mean ``k`` edges), plus the units
    ``¬x_e`` for ``e ∈ δ(v)``. ``O(m + n(n - 2ν))`` clauses; writing is
    linear in them, finding ν exponential in the worst case.

    References
    ----------
    .. [1] O. Bailleux, Y. Boufkhad, "Efficient CNF encoding of Boolean
       cardinality constraints", CP 2003. DOI 10.1007/978-3-540-45193-8_8

    Examples
    --------
    >>> from gamecert.solvers.geography.solver import parse_geography
    >>> from gamecert.verify.uvg.start import geography_start
    >>> text = uvg_cnf(geography_start(parse_geography("3 2\\n1 2\\n2 3\\n"), "1", "g"))
    >>> [line for line in text.splitlines() if line.startswith(("p", "c x"))]
    ['c x 1 = edge 1-2', 'c x 2 = edge 2-3', 'p cnf 9 13']
    """
    from pysat.card import ITotalizer
    from pysat.formula import IDPool

    from gamecert.verify.uvg.sat import matching_clauses, sat_maximum_matching

    graph, v, name = start.graph, start.vertex, start.label
    if v is None and not nu_bound:
        raise ValueError("a start vertex is needed unless nu_bound")
    matching = sat_maximum_matching(graph)
    nu = len(matching)
    k = nu + 1 if nu_bound else nu
    # Model
    pool = IDPool()
    x, covered, incident, cnf = matching_clauses(graph, pool)
    clauses = list(cnf.clauses)
    top = pool.top
    # Constraints: at most n - 2k vertices uncovered, i.e. at least k edges.
    slack = graph.n - 2 * k
    if k > 0 and slack < 0:
        top += 1
        clauses += [[top], [-top]]
    elif k > 0:
        with ITotalizer(lits=[-lit for lit in covered], ubound=slack, top_id=top) as total:
            clauses += total.cnf.clauses
            clauses.append([-total.rhs[slack]])
            top = total.top_id
    if not nu_bound:
        clauses += [[-lit] for lit in incident[v]]
    named = "" if v is None else name(v)
    lines = [
        "gamecert export cnf: undirected vertex geography, the SAT formulation of verify/sat.py",
        *start.about,
        *extra,
        f"nu = {nu}: the matching number, found by SAT (gamecert.verify.uvg.sat.sat_maximum_matching: "
        "raise k while 'at least k edges' stays SAT)",
        f"a matching of nu edges (check it by hand): {' '.join(_edge(start, e) for e in matching) or 'none'}",
    ]
    if nu_bound:
        lines += [
            f"question: is there a matching of at least nu + 1 = {k} edges?",
            "expected: UNSAT, which proves nu maximum (with the matching above, nu is the matching number)",
            "companion of the files written without --nu-bound, whose verdicts assume nu is maximum",
        ]
    else:
        lines += [
            f"question: is there a matching of at least nu = {nu} edges that leaves {named} uncovered?",
            f"SAT   -> a maximum matching avoids {named}: {start.player} from {named} loses",
            f"UNSAT -> {named} is in every maximum matching: {start.player} from {named} wins",
            "both verdicts assume nu is maximum: 'gamecert export cnf ... --nu-bound' writes "
            "'at least nu + 1 edges', which must be UNSAT",
        ]
    if k == 0:
        bound = ("  covered(u) -> some chosen edge at u; k = 0 edges asked for, so no cardinality bound",)
    elif slack >= 0:
        bound = (
            "  covered(u) -> some chosen edge at u; a totalizer over not covered(u) with the unit",
            f"  'at most n - 2k = {graph.n} - {2 * k} vertices uncovered' (k = {k}: at least k chosen edges)",
        )
    else:
        bound = (
            "  covered(u) -> some chosen edge at u; and since 2k > n "
            f"(k = {k}, n = {graph.n}) no matching that large fits:",
            f"  the units {top} and -{top} make the file UNSAT outright",
        )
    lines += [
        "clauses: at most one chosen edge per vertex (pairwise up to 6 edges, else sequential counter);",
        *bound,
        "" if nu_bound else f"  units: no chosen edge at {named}",
        *(f"x {lit} = edge {_edge(start, e)}" for e, lit in x.items()),
        *(f"covered {lit} = vertex {name(u)}" for u, lit in enumerate(covered)),
        f"variables {pool.top + 1}..{top} are auxiliary (cardinality encodings)" if top > pool.top else "",
    ]
    head = "".join(f"c {line}".rstrip() + "\n" for line in lines if line)
    body = "".join(" ".join(map(str, cl)) + " 0\n" for cl in clauses)
    return f"{head}p cnf {top} {len(clauses)}\n{body}"


def uvg_ilp(start: UVGStart, fmt: str = "lp", nu_bound: bool = False, extra: tuple[str, ...] = ()) -> str:
    """Undirected vertex geography from one vertex as an integer program file (LP or MPS).

    Maximise ``Σ x_e`` subject to ``x(δ(u)) ≤ 1``, ``x`` binary, and
    ``x(δ(v)) = 0``: an optimum of ν means some maximum matching misses
    ``v`` (the player to move from ``v`` loses), ν - 1 that every one covers
    it (they win). With ``nu_bound`` the row at ``v`` keeps ``≤ 1`` and the
    optimum is ν itself. Written by OR-Tools' exporter, comments added.

    Notes
    -----
    The model is :class:`gamecert.verify.uvg.ilp.MatchingILP` (so it also carries the
    valid cuts ``x(E(S)) ≤ (|S| - 1) / 2`` over odd connected components
    ``S``, which change no integer optimum), with ν from solving it
    (CBC), then ``MPSolver.ExportModelAsLpFormat`` / ``...AsMpsFormat``.
    ``m`` variables, ``n`` + #odd components rows; ν costs one ILP solve,
    exponential in the worst case.

    Examples
    --------
    >>> from gamecert.solvers.geography.solver import parse_geography
    >>> from gamecert.verify.uvg.start import geography_start
    >>> text = uvg_ilp(geography_start(parse_geography("3 2\\n1 2\\n2 3\\n"), "2", "g"))
    >>> [line.strip() for line in text.splitlines() if line.startswith(" deg_2")]
    ['deg_2: +1 x_1_2 +1 x_2_3  = 0']
    """
    from gamecert.verify.uvg.ilp import MatchingILP

    if fmt not in ("lp", "mps"):
        raise ValueError(f"format {fmt!r} is not lp or mps")
    graph, v = start.graph, start.vertex
    if v is None and not nu_bound:
        raise ValueError("a start vertex is needed unless nu_bound")
    named = "v" if v is None else start.label(v)
    ilp = MatchingILP(graph, name=start.ident)
    nu, matching = ilp.solve()
    row = None if v is None else ilp.degree.get(v)
    if row is not None and not nu_bound:
        row.SetBounds(0, 0)
    mark = "\\" if fmt == "lp" else "*"
    lines = [
        f"gamecert export {fmt}: undirected vertex geography, the integer program of verify/ilp.py",
        *start.about,
        *extra,
        f"nu = {nu}: the matching number, the optimum of "
        + ("this model" if nu_bound else f"the model with x(edges at {named}) <= 1 like every vertex (--nu-bound)")
        + ", solved by OR-Tools CBC",
        f"a matching of nu edges: {' '.join(_edge(start, e) for e in matching) or 'none'}",
        "variables: x_U_V = 1 when edge U-V is chosen"
        + ("" if v is None else f", vertices named as {start.ident(v)} for {named}"),
        "rows: deg_U: x(edges at U) <= 1; odd_C: at most (|C| - 1) / 2 chosen edges inside the odd "
        "connected component C (valid cuts, no integer optimum changes)",
    ]
    if nu_bound:
        lines += [
            f"expected optimum: nu = {nu}; the files written for a start vertex add the row "
            "x(edges at v) = 0 and compare their optimum with nu",
        ]
    elif row is None:
        lines += [
            f"{named} has no edges: the optimum is nu and {start.player} from {named} loses (cannot move)",
        ]
    else:
        lines += [
            f"row deg_{start.ident(v)} is x(edges at {named}) = 0: no chosen edge meets {named}",
            f"optimum == nu     -> a maximum matching avoids {named}: {start.player} from {named} loses",
            f"optimum == nu - 1 -> {named} is in every maximum matching: {start.player} from {named} wins",
            f"'gamecert export {fmt} ... --nu-bound' writes the model without that row (optimum nu)",
        ]
    text = ilp.solver.ExportModelAsLpFormat(False) if fmt == "lp" else ilp.solver.ExportModelAsMpsFormat(False, False)
    head = "".join(f"{mark} {line}".rstrip() + "\n" for line in lines)
    return head + text


def fast_answer_line(start: UVGStart, loses: bool, fmt: str) -> str:
    """A comment line with gamecert's own answer at the start vertex and the verdict it predicts.

    >>> from gamecert.solvers.geography.solver import parse_geography
    >>> from gamecert.verify.uvg.start import geography_start
    >>> fast_answer_line(geography_start(parse_geography("1 0\\n"), "1", "g"), True, "cnf")
    "gamecert's fast solver says: the player to move from 1 loses (expect SAT)"
    """
    if start.vertex is None:
        raise ValueError("no start vertex")
    expect = {
        "cnf": "SAT" if loses else "UNSAT",
        "lp": "optimum == nu" if loses else "optimum == nu - 1",
        "mps": "optimum == nu" if loses else "optimum == nu - 1",
        "qdimacs": "FALSE" if loses else "TRUE",
    }.get(fmt)
    word = "loses" if loses else "wins"
    tail = f" (expect {expect})" if expect else ""
    return f"gamecert's fast solver says: {start.player} from {start.label(start.vertex)} {word}{tail}"


def export_text(fmt: str, game: Game, instance: Maze | GeographyInput, vertex: str | None, source: str, nu_bound: bool) -> str:
    """The file ``gamecert export FMT`` writes: the question at ``vertex`` (or ν's bound) for any solver.

    ``fmt`` is ``cnf``, ``lp``, ``mps`` or ``qdimacs``; ``game`` is a game
    with the :class:`~gamecert.verify.capabilities.ExportStart` capability
    (maze, geography) and ``instance`` its parsed input. Raises
    :class:`InputError` for a bad vertex or a graph too big for the format.
    The comments carry the fast solver's answer at the vertex as the verdict
    to expect.
    """
    starts = game.capability(ExportStart)
    if starts is None:
        raise InputError(source, 1, 1, f"{game.name} has no single start vertex to export")
    start = starts.export_start(instance, vertex, source)
    too_big = export_fits(start.graph, fmt)
    if too_big is not None:
        raise InputError(source, 1, 1, f"{fmt} export: {too_big}; 'gamecert export lp' has no such limit")
    extra: tuple[str, ...] = ()
    if start.vertex is not None:
        loses = game.answer(game.fast_solve(instance)).loses[start.vertex]
        extra = (fast_answer_line(start, loses, fmt),)
    if fmt == "cnf":
        return uvg_cnf(start, nu_bound, extra)
    if fmt in ("lp", "mps"):
        return uvg_ilp(start, fmt, nu_bound, extra)
    from gamecert.verify.uvg.qbf import qdimacs_text

    return qdimacs_text(start.graph, start.vertex, ["gamecert export qdimacs", *start.about, *extra], start.label)
