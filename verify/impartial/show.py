"""Pictures of rules games: ``gamecert show --rules FILE INPUT``.

A token-on-a-graph game is drawn as geography is
(:func:`~gamecert.verify.geography.show.geography_picture`: parts D / A / C,
the matching, one vertex's proof), its vertices named by the rules' labels.
An impartial game is drawn by :func:`impartial_picture`: each query's
components and values, then the game graph of the positions reached from the
queries, breadth first, at most :data:`MAX_NODES` of them, with their values,
the P-positions (lost for the player to move) marked and the winning moves
(from a won position to a lost one) highlighted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from typing import TYPE_CHECKING

from gamecert.verify.capabilities import Pictures, PositionPictures
from gamecert.verify.engine import svg as draw
from gamecert.verify.rules.drawing import GAP_X, GAP_Y, MARGIN, MAX_NODES, NODE_H, NODE_TEXT, NODE_W, PER_ROW, clip, cut

if TYPE_CHECKING:
    from gamecert.solvers.impartial.solver import ImpartialSolution
    from gamecert.verify.game import Game
    from gamecert.verify.impartial.play import SolvedPositions

#: The most queries listed with their components, and components per query.
MAX_QUERIES = 6
MAX_COMPONENTS = 10


# -- token-on-a-graph rules --------------------------------------------------------------------


# -- impartial rules ---------------------------------------------------------------------------


@dataclasses.dataclass
class GameGraph:
    """The positions drawn (each a tuple of components), the moves among them, and what was left out."""

    nodes: list[tuple[Hashable, ...]]
    moves: list[tuple[int, int]]  # (from node, to node)
    queries: set[int]
    undrawn_moves: int  # moves from a drawn position to one not drawn
    complete: bool  # every position reached from the queries is drawn


def game_graph(solved: SolvedPositions, limit: int = MAX_NODES) -> GameGraph:
    """The positions reached from the queries, breadth first, at most ``limit``, and every move among them.

    Notes
    -----
    Breadth-first search over whole positions (components compared as a
    multiset), calling the rules' ``moves`` once per position drawn:
    ``O(limit * d)`` calls for ``d`` moves per position.
    """
    index: dict[Hashable, int] = {}
    nodes: list[tuple[Hashable, ...]] = []
    for parts in solved.starts:
        k = solved.key(parts)
        if k not in index and len(nodes) < limit:
            index[k] = len(nodes)
            nodes.append(parts)
    queries = set(range(len(nodes)))
    complete = len(nodes) == len({solved.key(p) for p in solved.starts})
    moves: list[tuple[int, int]] = []
    undrawn = 0
    i = 0
    # Invariant: nodes[:i] are expanded; every move from them to a drawn node is in ``moves``.
    while i < len(nodes):
        for m in solved.moves(nodes[i]):
            k = solved.key(m.after)
            j = index.get(k)
            if j is None and len(nodes) < limit:
                j = index[k] = len(nodes)
                nodes.append(m.after)
            if j is None:
                undrawn += 1
                complete = False
            else:
                moves.append((i, j))
        i += 1
    return GameGraph(nodes, moves, queries, undrawn, complete)


def move_layers(n: int, moves: list[tuple[int, int]]) -> list[int]:
    """Each node's layer: the longest chain of moves to it among the drawn ones, so every move goes down.

    Kahn's topological order over the drawn moves (the game graph has no
    cycle: the solver refuses a loop), ``O(V + E)``.
    """
    out: list[list[int]] = [[] for _ in range(n)]
    waiting = [0] * n
    for u, v in moves:
        out[u].append(v)
        waiting[v] += 1
    layer = [0] * n
    ready = [v for v in range(n) if waiting[v] == 0]
    while ready:
        u = ready.pop()
        for v in out[u]:
            layer[v] = max(layer[v], layer[u] + 1)
            waiting[v] -= 1
            if waiting[v] == 0:
                ready.append(v)
    return layer


def impartial_picture(solved: SolvedPositions, name: str) -> str:
    """Draw an impartial rules game's queries and the game graph reached from them, as SVG.

    Normal play shows Sprague–Grundy values (each component's, and the xor
    of each position's); misère play the outcome of each whole position. A
    node is a position: orange (class ``p-position``) when the player to move
    loses, green (``n-position``) when they win; pink arrows (class
    ``winning-move``) are the moves from a won position to a lost one, grey
    arrows (``move``) the others. Rows are the longest chains of moves from
    the top, so every move goes down.

    >>> from gamecert.solvers.rules.rules import ImpartialRules, Limits
    >>> from gamecert.verify.impartial.game import ImpartialRulesGame
    >>> from gamecert.verify.impartial.play import SolvedPositions
    >>> nim = ImpartialRulesGame(ImpartialRules("nim", "nim.py", int, lambda n: range(n)), Limits())
    >>> impartial_picture(SolvedPositions.certified(nim, "2\\n"), "nim").count('class="position p-position')
    1
    """
    misere = solved.solution.misere
    graph = game_graph(solved)
    wins = [solved.wins(p) for p in graph.nodes]
    layers = move_layers(len(graph.nodes), graph.moves)
    rows: list[list[int]] = []  # node indices per drawn row: each layer wrapped at PER_ROW
    for d in range(max(layers, default=-1) + 1):
        layer = [v for v in range(len(graph.nodes)) if layers[v] == d]
        rows += [layer[k : k + PER_ROW] for k in range(0, len(layer), PER_ROW)]
    queries = _query_lines(solved)
    play = "misère play: the player who makes the last move loses" if misere else "normal play: Sprague-Grundy values"
    notes = _notes(graph, misere)
    count = f"{len(solved.starts)} quer{'y' if len(solved.starts) == 1 else 'ies'}"
    title = f"{name}: {count}, {len(graph.nodes)} positions drawn, {wins.count(False)} lost for the player to move"
    graph_top = 70 + 24 * len(queries) + 40
    graph_h = len(rows) * (NODE_H + GAP_Y)
    height = graph_top + graph_h + 30 + 20 * 2 + 18 * len(notes) + 20
    texts = [(title, 16.0), (play, 13.0)] + [(t, 13.0) for t in notes] + [(t, 13.0) for _, t in queries]
    width = max(
        760.0,
        2 * MARGIN + max((len(r) for r in rows), default=0) * (NODE_W + GAP_X),
        *(MARGIN * 2 + 20 + draw.text_width(t, size) for t, size in texts),
    )
    pic = draw.Svg(width, height, title)
    pic.text(MARGIN, 26, title, 16, font_weight="bold")
    pic.text(MARGIN, 46, play, 13)
    y = 74.0
    for won, text in queries:
        if won is not None:
            pic.rect(MARGIN, y - 11, 13, 13, fill=draw.WIN if won else draw.LOSE, stroke=draw.INK, stroke_width=0.5,
                     class_="query-verdict")
        pic.text(MARGIN + 20, y, text, 13, class_="query" if won is not None else None)
        y += 24
    pic.text(MARGIN, graph_top - 14, "The game graph from the queries: every move goes down", 13, font_weight="bold")
    xy: dict[int, tuple[float, float]] = {}  # node -> its centre
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            xy[v] = (MARGIN + c * (NODE_W + GAP_X) + NODE_W / 2, graph_top + r * (NODE_H + GAP_Y) + NODE_H / 2)
    _draw_moves(pic, graph, wins, xy)
    for v, parts in enumerate(graph.nodes):
        x, y0 = xy[v]
        label = solved.show(parts)
        value = ("win" if wins[v] else "lose") if misere else str(solved.value(parts))
        verdict = "the player to move wins" if wins[v] else "the player to move loses"
        query = v in graph.queries
        kind = ("n-position" if wins[v] else "p-position") + (" query" if query else "")
        pic.rect(x - NODE_W / 2, y0 - NODE_H / 2, NODE_W, NODE_H, fill=draw.WIN if wins[v] else draw.LOSE,
                 stroke=draw.PROOF if query else draw.INK, stroke_width=3 if query else 1, rx="6",
                 class_=f"position {kind}", tooltip=f"{label}: {'outcome' if misere else 'value'} {value}, {verdict}")
        pic.text(x, y0 - 3, cut(label, NODE_TEXT), 11, anchor="middle")
        pic.text(x, y0 + 12, value, 11, anchor="middle", font_weight="bold")
    legend = [
        (draw.WIN, "won for the player to move" + ("" if misere else " (value not 0)")),
        (draw.LOSE, "a P-position: lost for the player to move" + ("" if misere else " (value 0)")),
    ]
    y = pic.legend(MARGIN, graph_top + graph_h + 30, legend)
    pic.text_lines(MARGIN, y, notes, 13)
    return pic.text_doc()


def _query_lines(solved: SolvedPositions) -> list[tuple[bool | None, str]]:
    """The first :data:`MAX_QUERIES` queries: whether the player to move wins, and a line with the
    components and their values; a last line (``None``) counts the queries left out."""
    out: list[tuple[bool | None, str]] = []
    for q, parts in enumerate(solved.starts[:MAX_QUERIES]):
        won = solved.wins(parts)
        verdict = "the player to move wins" if won else "the player to move loses"
        head = f"query {q + 1}: {cut(solved.show_part(solved.queries[q]), 30)}"
        if solved.solution.misere:
            out.append((won, f"{head}: {verdict}"))
            continue
        comps = [f"{solved.show_part(c)} ({v})" for c, v in zip(parts[:MAX_COMPONENTS], solved.values(parts))]
        more = f" + {len(parts) - MAX_COMPONENTS} more" if len(parts) > MAX_COMPONENTS else ""
        listed = " + ".join(comps) + more if parts else "no components"
        out.append((won, f"{head} = {listed}; xor {solved.value(parts)}: {verdict}"))
    if len(solved.starts) > MAX_QUERIES:
        out.append((None, f"... and {len(solved.starts) - MAX_QUERIES} more queries"))
    return out


def _draw_moves(pic: draw.Svg, graph: GameGraph, wins: list[bool], xy: dict[int, tuple[float, float]]) -> None:
    """The moves as arrows from box to box: grey, then the winning ones (won -> lost) in pink on top."""
    pic.open("defs")
    for ident, colour in (("move-arrow", draw.EDGE), ("winning-arrow", draw.PROOF)):
        pic.open("marker", id=ident, viewBox="0 0 10 10", refX="9", refY="5", markerWidth="7", markerHeight="7",
                 orient="auto")
        pic.add("path", d="M0,0 L10,5 L0,10 z", fill=colour)
        pic.close("marker")
    pic.close("defs")
    for winning in (False, True):
        for u, v in graph.moves:
            if (wins[u] and not wins[v]) != winning:
                continue
            (x1, y1), (x2, y2) = xy[u], xy[v]
            ex, ey = clip(x1, y1, x2, y2)
            sx, sy = clip(x2, y2, x1, y1)
            if winning:
                pic.line(sx, sy, ex, ey, stroke=draw.PROOF, stroke_width=2.5, marker_end="url(#winning-arrow)",
                         class_="winning-move")
            else:
                pic.line(sx, sy, ex, ey, stroke=draw.EDGE, stroke_width=1.0, marker_end="url(#move-arrow)",
                         class_="move")


def _notes(graph: GameGraph, misere: bool) -> list[str]:
    notes = [
        "arrows: moves; pink: a winning move (to a position lost for the player to move); thick frame: a query",
        "a node shows the position (components joined by +) and " + ("its outcome" if misere else "its nim value"),
    ]
    if graph.complete:
        notes.append(f"every position reached from the queries is drawn ({len(graph.nodes)})")
    else:
        notes.append(
            f"left out: the positions beyond the first {len(graph.nodes)} reached breadth first, "
            f"and {graph.undrawn_moves} moves from drawn positions to them"
        )
    return notes


class ImpartialPictures(Pictures[list, "ImpartialSolution", None]):
    """``gamecert show --rules FILE INPUT``: the queries' components and values, and the game graph from them."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def draw(self, instance: list, solution: ImpartialSolution, focus: None = None) -> str:
        from gamecert.verify.impartial.play import SolvedPositions

        return impartial_picture(SolvedPositions(self.game, instance, solution), self.game.name)


class ImpartialPositionPictures(PositionPictures):
    """``gamecert show --rules FILE --position TEXT``: one position's game graph."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def draw_position(self, text: str) -> str:
        from gamecert.verify.impartial.play import SolvedPositions
        from gamecert.verify.rules.playing import one_line

        solved = SolvedPositions.certified(self.game, one_line(text), "--position")
        return impartial_picture(solved, self.game.name)
