"""Pictures of general and score games written as rules: ``gamecert show --rules FILE INPUT`` (or ``--position``).

:func:`turn_picture` draws the position graph reached from the queries,
breadth first, at most :data:`~gamecert.verify.rules.drawing.MAX_NODES`
positions: each node coloured by its certified value for the player to move
(won, lost, drawn; a score by its sign) with the value written in it, the
best moves (the certified strategy's: quickest win, slowest loss, a draw
kept, most points) in pink, and the principal line from the first query,
written with the rules' ``format``. Rows are the breadth-first depth from the
queries (play may loop, so no row order can make every move go down).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamecert.solvers.errors import SolverError
from gamecert.solvers.rules.rules import Guard
from gamecert.solvers.turn.value import Value
from gamecert.verify.capabilities import Pictures, PositionPictures
from gamecert.verify.engine import svg as draw
from gamecert.verify.turn.strategy import TurnGame, best_move
from gamecert.verify.rules.drawing import (
    GAP_X,
    GAP_Y,
    MARGIN,
    MAX_NODES,
    NODE_H,
    NODE_TEXT,
    NODE_W,
    PER_ROW,
    clip,
    cut,
)

if TYPE_CHECKING:
    from gamecert.solvers.turn.graph import Queries

#: Grey: a drawn position (neither player can force a win).
DRAW = "#adb5bd"
#: The most positions of the principal line listed.
LINE_STEPS = 12


@dataclass(frozen=True)
class DrawnGraph:
    """The positions drawn (queries first), their depths, every move among them, each one's best move."""

    nodes: list[Hashable]
    depth: list[int]
    moves: list[tuple[int, int]]
    best: dict[int, int]  # node -> the node its best move reaches, when drawn
    undrawn_moves: int
    complete: bool


def _value(solution: Any, position: Hashable) -> Value:
    v = solution.table[position]
    return v if isinstance(v, Value) else Value("score", v)


def _colour(v: Value) -> str:
    if v.outcome == "score":
        return draw.WIN if (v.number or 0) > 0 else draw.LOSE if (v.number or 0) < 0 else DRAW
    return {"win": draw.WIN, "lose": draw.LOSE}.get(v.outcome, DRAW)


def drawn_graph(game: TurnGame, solution: Any, guard: Guard, limit: int = MAX_NODES) -> DrawnGraph:
    """The positions reached from the queries, breadth first, at most ``limit``, every move among them and the
    best move from each, calling the rules' ``result`` and ``moves`` once per position drawn."""
    rules = game.rules
    index: dict[Hashable, int] = {}
    nodes: list[Hashable] = []
    depth: list[int] = []
    for q in solution.queries:
        if q not in index and len(nodes) < limit:
            index[q] = len(nodes)
            nodes.append(q)
            depth.append(0)
    moves: list[tuple[int, int]] = []
    best: dict[int, int] = {}
    undrawn, complete = 0, len(nodes) == len(set(solution.queries))
    i = 0
    # Invariant: nodes[:i] are expanded; every move from them to a drawn node is in ``moves``.
    while i < len(nodes):
        p = nodes[i]
        after: list[Hashable] = []
        guard.doing = ("result", p)
        if rules.result is None or rules.result(p) is None:
            guard.doing = ("moves", p)
            after = [q for q, _ in game.steps(list(rules.moves(p)))]
        for q in after:
            j = index.get(q)
            if j is None and len(nodes) < limit:
                j = index[q] = len(nodes)
                nodes.append(q)
                depth.append(depth[i] + 1)
            if j is None:
                undrawn += 1
                complete = False
            elif (i, j) not in moves:
                moves.append((i, j))
        chosen = best_move(rules, solution, p, guard)
        if chosen is not None and chosen in index:
            best[i] = index[chosen]
        i += 1
    return DrawnGraph(nodes, depth, moves, best, undrawn, complete)


def principal_line(game: TurnGame, solution: Any, guard: Guard) -> list[tuple[str, Value]]:
    """The first query's principal line: each position's ``format`` and value, following best moves, at most
    :data:`LINE_STEPS` positions (a drawn line that comes back to a position stops there)."""
    if not solution.queries:
        return []
    out, seen = [], set()
    p: Hashable | None = solution.queries[0]
    while p is not None and len(out) < LINE_STEPS and p not in seen:
        seen.add(p)
        out.append((game.rules.show(p, guard), _value(solution, p)))
        p = best_move(game.rules, solution, p, guard)
    return out


def turn_picture(game: TurnGame, solution: Any) -> str:
    """Draw a general or score game's position graph from its queries, with values, best moves and the
    principal line, as SVG.

    >>> from gamecert.solvers.rules.rules import GeneralRules, Limits
    >>> from gamecert.verify.general.game import GeneralRulesGame
    >>> walk = GeneralRulesGame(GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else []), Limits())
    >>> turn_picture(walk, walk.solve(walk.parse("2\\n"))).count('class="position win')
    1
    """
    rules = game.rules
    guard = Guard(rules, game.limits)
    with guard:
        graph = drawn_graph(game, solution, guard)
        values = [_value(solution, p) for p in graph.nodes]
        labels = [rules.show(p, guard) for p in graph.nodes]
        line = principal_line(game, solution, guard)
    rows: list[list[int]] = []
    for d in range(max(graph.depth, default=-1) + 1):
        layer = [v for v in range(len(graph.nodes)) if graph.depth[v] == d]
        rows += [layer[k : k + PER_ROW] for k in range(0, len(layer), PER_ROW)]
    count = f"{len(solution.queries)} quer{'y' if len(solution.queries) == 1 else 'ies'}"
    title = f"{game.name} ({game.kind}): {count}, {len(graph.nodes)} positions drawn"
    steps = [f"{k}. {cut(text, 60)}: {v}" for k, (text, v) in enumerate(line)]
    notes = [
        "a node: the position and its certified value for the player to move; arrows: moves; pink: the best move",
        "thick frame: a query; rows: moves from the queries (breadth first); a move may go up where play loops",
        f"every position reached from the queries is drawn ({len(graph.nodes)})" if graph.complete else
        f"left out: positions beyond the first {len(graph.nodes)} reached, and {graph.undrawn_moves} moves to them",
    ]
    line_top = 70.0
    graph_top = line_top + 20 * (len(steps) + 1) + 40
    graph_h = len(rows) * (NODE_H + GAP_Y)
    height = graph_top + graph_h + 30 + 20 * 3 + 18 * len(notes) + 20
    texts = [(title, 16.0)] + [(t, 13.0) for t in notes + steps]
    width = max(
        760.0,
        2 * MARGIN + max((len(r) for r in rows), default=0) * (NODE_W + GAP_X),
        *(MARGIN * 2 + 20 + draw.text_width(t, size) for t, size in texts),
    )
    pic = draw.Svg(width, height, title)
    pic.text(MARGIN, 26, title, 16, font_weight="bold")
    pic.text(MARGIN, 50, "The principal line from the first query (best moves, each position as the rules format it):", 13,
             font_weight="bold")
    pic.text_lines(MARGIN, line_top + 4, steps, 13, class_="principal-line")
    pic.text(MARGIN, graph_top - 14, "The position graph from the queries", 13, font_weight="bold")
    xy: dict[int, tuple[float, float]] = {}
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            xy[v] = (MARGIN + c * (NODE_W + GAP_X) + NODE_W / 2, graph_top + r * (NODE_H + GAP_Y) + NODE_H / 2)
    pic.open("defs")
    for ident, colour in (("move-arrow", draw.EDGE), ("best-arrow", draw.PROOF)):
        pic.open("marker", id=ident, viewBox="0 0 10 10", refX="9", refY="5", markerWidth="7", markerHeight="7",
                 orient="auto")
        pic.add("path", d="M0,0 L10,5 L0,10 z", fill=colour)
        pic.close("marker")
    pic.close("defs")
    for chosen in (False, True):
        for u, v in graph.moves:
            if (graph.best.get(u) == v) != chosen or u == v:
                continue
            (x1, y1), (x2, y2) = xy[u], xy[v]
            ex, ey = clip(x1, y1, x2, y2)
            sx, sy = clip(x2, y2, x1, y1)
            pic.line(sx, sy, ex, ey, stroke=draw.PROOF if chosen else draw.EDGE, stroke_width=2.5 if chosen else 1.0,
                     marker_end="url(#best-arrow)" if chosen else "url(#move-arrow)",
                     class_="best-move" if chosen else "move")
    for v, p in enumerate(graph.nodes):
        x, y0 = xy[v]
        query = graph.depth[v] == 0
        value = values[v]
        loops = " self-loop" if (v, v) in graph.moves else ""
        pic.rect(x - NODE_W / 2, y0 - NODE_H / 2, NODE_W, NODE_H, fill=_colour(value),
                 stroke=draw.PROOF if query else draw.INK, stroke_width=3 if query else 1, rx="6",
                 class_=f"position {value.outcome}{' query' if query else ''}{loops}",
                 tooltip=f"{labels[v]}: {value} for the player to move")
        pic.text(x, y0 - 3, cut(labels[v], NODE_TEXT), 11, anchor="middle")
        pic.text(x, y0 + 12, str(value) + (" ⟲" if loops else ""), 11, anchor="middle", font_weight="bold")
    legend = [(draw.WIN, "won for the player to move (score: ahead)"), (draw.LOSE, "lost (score: behind)"),
              (DRAW, "drawn: neither player can force a win (score: even)")]
    y = pic.legend(MARGIN, graph_top + graph_h + 30, legend)
    pic.text_lines(MARGIN, y, notes, 13)
    return pic.text_doc()


class TurnPictures(Pictures["Queries", Any, None]):
    """``gamecert show --rules FILE INPUT``: the position graph from the queries, values, best moves."""

    def __init__(self, game: TurnGame) -> None:
        self.game = game

    def draw(self, instance: Queries, solution: Any, focus: None = None) -> str:
        return turn_picture(self.game, solution)


class TurnPositionPictures(PositionPictures):
    """``gamecert show --rules FILE --position TEXT``: one position's graph."""

    def __init__(self, game: TurnGame) -> None:
        self.game = game

    def draw_position(self, text: str) -> str:
        game = self.game
        queries = game.parse_position(text)
        solution = game.solve(queries)
        problems = game.certify(queries, solution)
        if problems:
            raise SolverError(f"the certificate fails: {problems[0]}")
        return turn_picture(game, solution)
