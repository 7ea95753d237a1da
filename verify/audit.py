"""Audit the theorems behind the fast solvers against the literal rules, case by case.

Each audit is a pure function returning an :class:`AuditResult`: how many
cases it covered, how long it took, and the first counterexample found
(``None`` when every case agrees). The fast side is always the code
``gamecert solve`` runs; the other side is a rule search that knows nothing
of matchings or Sprague–Grundy values:

* ``uvg-exhaustive`` / ``uvg-random`` — undirected vertex geography: the
  Gallai–Edmonds route (:func:`solvers.decomposition.gallai_edmonds`, "the
  player to move from ``v`` loses iff some maximum matching avoids ``v``")
  against :func:`verify.search.search_outcomes`, on every labelled graph up to
  6 vertices and on random graphs up to 12;
* ``bunny-exhaustive`` / ``bunny-random`` — the Bunny-and-Egg reduction
  (:func:`solvers.bunny_egg.bunny_egg`) against the board search
  :func:`verify.bunny_search.board_search`, position by position;
* ``cutting-pieces`` / ``cutting-sums`` — Sprague–Grundy tables of both
  rectangle-cutting games (:mod:`solvers.cutting`, including the Cutting
  Game's "never leave a side of length 1" lemma) against
  :func:`verify.cutting_search.rule_search` on the literal rules.

A counterexample is a readable description that carries the input to
reproduce it (judge format for ``gamecert solve``, or a ``--position``).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from solvers import bunny_egg as bunny_module
from solvers import cutting as cutting_module
from solvers import decomposition
from solvers.bunny_egg import BunnyEgg, BunnyEggAnalysis
from solvers.errors import GamecertError
from solvers.graph import graph_from_edges

from .bunny_families import _DOT, _O, _X, long_game, random_game
from .bunny_search import BoardSearch, _Rules, board_search
from .cutting_search import rule_search
from .generators.geography import edge_list_text
from .search import search_outcomes

#: The games ``gamecert audit --game`` accepts, and the audits each one runs.
GAMES: dict[str, tuple[str, ...]] = {
    "uvg": ("uvg-exhaustive", "uvg-random"),
    "bunny-egg": ("bunny-exhaustive", "bunny-random"),
    "cutting": ("cutting-pieces", "cutting-sums"),
}


@dataclass(frozen=True)
class AuditResult:
    """One audit: the claim, the cases it covered, the time, the first counterexample.

    ``cases`` counts the cases checked (on a failure, up to and including the
    failing one); ``covered`` names them, e.g. ``"graphs up to 6 vertices"``.
    """

    name: str
    claim: str
    cases: int
    seconds: float
    counterexample: str | None
    covered: str = "cases"

    @property
    def ok(self) -> bool:
        return self.counterexample is None

    def line(self) -> str:
        """The one-line summary ``gamecert audit`` prints; the time is last, in parentheses."""
        if self.ok:
            return f"{self.name}: {self.cases:,} {self.covered} agree ({self.seconds:.1f} s)"
        return f"{self.name}: FAILED at case {self.cases:,} of {self.covered} ({self.seconds:.1f} s)"

    def report(self) -> str:
        """The summary line, and on a failure the claim and the counterexample, indented."""
        if self.ok:
            return self.line() + "\n"
        body = f"claim: {self.claim}\ncounterexample: {self.counterexample}"
        return self.line() + "\n" + "".join(f"  {row}\n" for row in body.splitlines())


def _indent(text: str) -> str:
    return "".join(f"    {row}\n" for row in text.splitlines())


# ---------------------------------------------------------------------------
# Undirected vertex geography

UVG_CLAIM = (
    "the player to move from v loses iff some maximum matching avoids v "
    "(fast solver: Gallai-Edmonds; reference: rule search)"
)

#: Edge densities drawn for random graphs.
_DENSITIES = (0.1, 0.15, 0.2, 0.3, 0.45, 0.6, 0.8)

Edges = list[tuple[int, int]]


def _neighbour_masks(n: int, edges: Edges) -> list[int]:
    nbr = [0] * n
    for u, v in edges:
        nbr[u] |= 1 << v
        nbr[v] |= 1 << u
    return nbr


def _is_bipartite(nbr: list[int]) -> bool:
    """Two-colour by bitmask BFS; False on the first edge inside one colour class."""
    colour = [-1] * len(nbr)
    for s in range(len(nbr)):
        if colour[s] >= 0:
            continue
        colour[s] = 0
        stack = [s]
        while stack:
            u = stack.pop()
            rest = nbr[u]
            while rest:
                low = rest & -rest
                w = low.bit_length() - 1
                rest ^= low
                if colour[w] < 0:
                    colour[w] = 1 - colour[u]
                    stack.append(w)
                elif colour[w] == colour[u]:
                    return False
    return True


def _fast_losing(graphs: list[tuple[int, Edges]]) -> list[tuple[bool, ...]]:
    """``loses`` per graph, from two decompositions: one of the disjoint union
    of the bipartite graphs (the bipartite route) and one of the others (the
    blossom route). The decomposition of a disjoint union is the union of the
    decompositions, so each graph's slice is its own answer."""
    out: list[tuple[bool, ...] | None] = [None] * len(graphs)
    groups: dict[bool, list[int]] = {True: [], False: []}
    for i, (n, edges) in enumerate(graphs):
        groups[_is_bipartite(_neighbour_masks(n, edges))].append(i)
    for bipartite, members in groups.items():
        if not members:
            continue
        offsets = np.cumsum([0] + [graphs[i][0] for i in members])
        rows = [np.asarray(graphs[i][1], dtype=np.int64).reshape(-1, 2) + off for i, off in zip(members, offsets)]
        union = graph_from_edges(int(offsets[-1]), np.concatenate(rows))
        if (union.side is not None) != bipartite:
            raise GamecertError("internal: the union of bipartite graphs lost its bipartition")
        loses = (decomposition.gallai_edmonds(union).part == decomposition.D).tolist()
        for i, lo, hi in zip(members, offsets[:-1].tolist(), offsets[1:].tolist()):
            out[i] = tuple(loses[lo:hi])
    return out  # type: ignore[return-value]


def _word(loses: bool) -> str:
    return "loses" if loses else "wins"


def _uvg_counterexample(n: int, edges: Edges, v: int, fast: bool, rules: bool) -> str:
    alone = (decomposition.gallai_edmonds(graph_from_edges(n, edges)).part == decomposition.D).tolist()[v]
    where = "" if alone == fast else f" (on this graph alone it says {_word(alone)}: the union changed the answer)"
    return (
        f"a graph of {n} vertices and {len(edges)} edges, start vertex {v + 1}: "
        f"the fast solver says the player to move {_word(fast)}{where}, the rule search says {_word(rules)}\n"
        f"input (gamecert solve geography):\n{_indent(edge_list_text(n, edges))}"
    )


def uvg_agreement(graphs: Iterable[tuple[int, Edges]]) -> tuple[int, str | None]:
    """Compare the fast UVG solver with the rule search on many graphs.

    Returns the number of graphs checked (up to and including a failing one)
    and the first counterexample, or ``None``.

    >>> uvg_agreement([(3, [(0, 1), (1, 2)]), (3, [(0, 1), (1, 2), (2, 0)])])
    (2, None)
    """
    graphs = list(graphs)
    fast = _fast_losing(graphs)
    for i, (n, edges) in enumerate(graphs):
        adjacency: list[list[int]] = [[] for _ in range(n)]
        for u, v in edges:
            adjacency[u].append(v)
            adjacency[v].append(u)
        rules = search_outcomes(adjacency).loses
        if fast[i] != rules:
            v = next(v for v in range(n) if fast[i][v] != rules[v])
            return i + 1, _uvg_counterexample(n, edges, v, fast[i][v], rules[v])
    return len(graphs), None


def labelled_graphs(n: int) -> Iterator[Edges]:
    """Every labelled simple graph on vertices ``0..n-1``, by edge bitmask over the sorted pairs.

    >>> [len(e) for e in labelled_graphs(3)]
    [0, 1, 1, 2, 1, 2, 2, 3]
    """
    pairs = list(itertools.combinations(range(n), 2))
    for mask in range(1 << len(pairs)):
        yield [p for b, p in enumerate(pairs) if mask >> b & 1]


def uvg_exhaustive(max_n: int = 6) -> AuditResult:
    """Audit the UVG theorem on every labelled graph with 1 to ``max_n`` vertices.

    Notes
    -----
    ``sum_n 2^C(n,2)`` graphs (33,867 up to 6 vertices). The fast side
    decomposes two disjoint unions (bipartite graphs, the rest) once each,
    ``O(V E)`` on the union; the rule search decides each graph from every
    start, exponential in ``n`` but about 0.1 ms per graph at ``n = 6``.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge
       geography", Theoret. Comput. Sci. 112(2), 1993, 371–381 (the
       matching criterion audited here).

    >>> uvg_exhaustive(3).line().split(" (")[0]
    'uvg-exhaustive: 11 graphs up to 3 vertices agree'
    """
    t0 = time.perf_counter()
    graphs = [(n, edges) for n in range(1, max_n + 1) for edges in labelled_graphs(n)]
    cases, bad = uvg_agreement(graphs)
    return AuditResult(
        "uvg-exhaustive", UVG_CLAIM, cases, time.perf_counter() - t0, bad, f"graphs up to {max_n} vertices"
    )


def random_graphs(count: int, min_n: int, max_n: int, seed: int) -> list[tuple[int, Edges]]:
    """``count`` random graphs: ``n`` uniform in ``min_n..max_n``, G(n, p) with ``p`` drawn per graph.

    >>> [n for n, _ in random_graphs(3, 7, 12, seed=0)]
    [12, 11, 7]
    """
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        n = int(rng.integers(min_n, max_n + 1))
        p = float(rng.choice(_DENSITIES))
        pairs = list(itertools.combinations(range(n), 2))
        keep = rng.random(len(pairs)) < p
        out.append((n, [e for e, k in zip(pairs, keep.tolist()) if k]))
    return out


def uvg_random(count: int = 2000, min_n: int = 7, max_n: int = 12, seed: int = 0) -> AuditResult:
    """Audit the UVG theorem on ``count`` random graphs of ``min_n`` to ``max_n`` vertices.

    Notes
    -----
    Graphs from :func:`random_graphs` (seeded); compared as in
    :func:`uvg_exhaustive`. The rule search dominates: about 1 ms per graph
    of 12 vertices.

    >>> uvg_random(5, 4, 6, seed=1).cases
    5
    """
    t0 = time.perf_counter()
    cases, bad = uvg_agreement(random_graphs(count, min_n, max_n, seed))
    covered = f"random graphs of {min_n} to {max_n} vertices (seed {seed})"
    return AuditResult("uvg-random", UVG_CLAIM, cases, time.perf_counter() - t0, bad, covered)


# ---------------------------------------------------------------------------
# Bunny and Egg

BUNNY_CLAIM = (
    "the mover wins iff the token's vertex is in every maximum matching of the reduction graph "
    "without earlier positions (fast solver) = board search"
)


def bunny_difference(fast: BunnyEggAnalysis, ref: BoardSearch) -> str | None:
    """Where the fast Bunny-and-Egg analysis and the board search of one record differ, or None.

    Compared: every position's verdict, both players' mistakes, whether the
    record is finished, and that each winning move the fast side names is one
    the board search proves winning (and that it names one exactly when the
    mover wins).
    """
    for t, (a, b) in enumerate(zip(fast.verdicts().wins, ref.wins)):
        if a != b:
            r, c = fast.cell(int(fast.path[t]))
            who = bunny_module.PLAYERS[t % 2]
            return (
                f"position {t} ({who} to move, empty cell ({r}, {c})): the fast solver says {who} "
                f"{'wins' if a else 'loses'}, the board search says {'wins' if b else 'loses'}"
            )
    if len(fast.wins) != len(ref.wins):
        return f"{len(fast.wins)} positions from the fast solver, {len(ref.wins)} from the board search"
    if fast.bunny_mistakes != ref.bunny_mistakes or fast.egg_mistakes != ref.egg_mistakes:
        return (
            f"mistakes differ: fast Bunny {fast.bunny_mistakes} Egg {fast.egg_mistakes}, "
            f"board search Bunny {ref.bunny_mistakes} Egg {ref.egg_mistakes}"
        )
    if fast.finished != ref.finished:
        return f"finished: fast solver {fast.finished}, board search {ref.finished}"
    for t, w in enumerate(fast.winning_move.tolist()):
        proven = ref.winning_moves[t]
        if (w >= 0) != bool(proven):
            return f"position {t}: the fast solver {'names' if w >= 0 else 'names no'} winning move, the board search proves {sorted(proven)}"
        if w >= 0 and fast.cell(w) not in proven:
            r, c = fast.cell(w)
            return f"position {t}: the fast solver's winning move ({r}, {c}) is not among the board search's {sorted(proven)}"
    return None


def bunny_agreement(games: Iterable[BunnyEgg]) -> tuple[int, int, str | None]:
    """Compare the fast analysis with the board search on many records.

    Returns (records checked, positions checked, first counterexample or None).

    >>> bunny_agreement([BunnyEgg.from_rows(["XO.OXO"], [(1, 2), (1, 1)])])
    (1, 3, None)
    """
    records = positions = 0
    for game in games:
        records += 1
        positions += len(game.moves) + 1
        bad = bunny_difference(bunny_module.bunny_egg(game), board_search(game))
        if bad is not None:
            text = (
                f"{bad}\ninput (gamecert solve bunny-egg --no-judge-limits):\n{_indent(game.text())}"
            )
            return records, positions, text
    return records, positions, None


def _full_records(board: np.ndarray) -> list[np.ndarray]:
    """Every play of the board to its end, as 0-based move rows; a play that
    ends with Egg stuck drops Bunny's last move (records have whole rounds).
    Distinct records, in depth-first order. Moves are the rule search's own."""
    n, m = board.shape
    rules = _Rules(n, m)
    seen: dict[tuple[int, ...], None] = {}
    stack = [(board.tobytes(), ())]
    while stack:
        cur, moves = stack.pop()
        legal = list(rules.moves(cur, len(moves) % 2))
        if not legal:
            seen[moves[: len(moves) - len(moves) % 2]] = None
        for x, nxt in reversed(legal):
            stack.append((nxt, moves + (x,)))
    return [np.array([divmod(x, m) for x in rec], dtype=np.int64).reshape(-1, 2) for rec in seen]


def all_boards(max_cells: int) -> Iterator[np.ndarray]:
    """Every board of at most ``max_cells`` cells up to what the game sees.

    Shapes by cells then rows; for each start cell every other cell is either
    enterable (``X`` on the start's parity, ``O`` on the other) or not (the
    other colour). Nothing else about a cell matters to the game: a
    non-enterable piece can never be moved, since it never touches the empty
    cell on its mover's turn.

    >>> sum(1 for _ in all_boards(2))  # 1x1; 1x2 and 2x1: 2 starts x 2
    9
    """
    for cells in range(1, max_cells + 1):
        for n in range(1, cells + 1):
            if cells % n:
                continue
            m = cells // n
            r, c = np.divmod(np.arange(cells), m)
            for s in range(cells):
                even = ((r + c + s // m + s % m) & 1) == 0
                others = [i for i in range(cells) if i != s]
                for mask in range(1 << (cells - 1)):
                    enter = np.zeros(cells, dtype=bool)
                    enter[[i for b, i in enumerate(others) if mask >> b & 1]] = True
                    board = np.where(enter == even, _X, _O).astype(np.uint8)
                    board[s] = _DOT
                    yield board.reshape(n, m)


def bunny_exhaustive(max_cells: int = 9) -> AuditResult:
    """Audit the Bunny-and-Egg reduction on every board up to ``max_cells`` cells, every full record.

    Notes
    -----
    Every board of :func:`all_boards` and every play of it to the end (each
    record checks all its positions). ``sum over shapes of cells · 2^(cells-1)``
    boards (12,961 up to 9 cells); the fast side is ``O(E sqrt V + k E)`` per
    record, the board search exponential but tiny here.

    >>> bunny_exhaustive(2).line().split(" (")[0]
    'bunny-exhaustive: 9 records on every board up to 2 cells'
    """
    t0 = time.perf_counter()
    boards = 0

    def records() -> Iterator[BunnyEgg]:
        nonlocal boards
        for board in all_boards(max_cells):
            boards += 1
            for moves in _full_records(board):
                yield BunnyEgg(board, moves)

    cases, positions, bad = bunny_agreement(records())
    covered = f"records on every board up to {max_cells} cells ({boards:,} boards, {positions:,} positions)"
    return AuditResult("bunny-exhaustive", BUNNY_CLAIM, cases, time.perf_counter() - t0, bad, covered)


def random_records(count: int, min_cells: int, max_cells: int, seed: int) -> Iterator[BunnyEgg]:
    """``count`` legal records on random boards of ``min_cells`` to ``max_cells`` cells (sides 1..6).

    Alternately :func:`~verify.bunny_families.random_game` (enterable
    fraction drawn from 0.6..1) and :func:`~verify.bunny_families.long_game`
    (a random number of rounds between half the most the board allows and
    the most).

    >>> [g.shape for g in random_records(2, 10, 12, seed=0)]
    [(2, 5), (2, 5)]
    """
    rng = np.random.default_rng(seed)
    for i in range(count):
        while True:
            n, m = (int(x) for x in rng.integers(1, 7, size=2))
            if min_cells <= n * m <= max_cells:
                break
        sub = int(rng.integers(1 << 31))
        if i % 2 == 0:
            yield random_game(n, m, sub, enterable=float(rng.choice([0.6, 0.8, 0.9, 1.0])))
        else:
            most = (n * m - 1) // 2
            yield long_game(n, m, int(rng.integers(most // 2, most + 1)), sub)


def bunny_random(count: int = 1000, min_cells: int = 10, max_cells: int = 30, seed: int = 0) -> AuditResult:
    """Audit the Bunny-and-Egg reduction on ``count`` random records on boards of ``min_cells`` to ``max_cells`` cells.

    Notes
    -----
    Records from :func:`random_records` (seeded), compared position by
    position as in :func:`bunny_exhaustive`. The board search dominates:
    at most about 0.05 s per record at 30 cells.

    >>> bunny_random(4, 6, 9, seed=0).cases
    4
    """
    t0 = time.perf_counter()
    cases, positions, bad = bunny_agreement(random_records(count, min_cells, max_cells, seed))
    covered = f"random records on boards of {min_cells} to {max_cells} cells ({positions:,} positions, seed {seed})"
    return AuditResult("bunny-random", BUNNY_CLAIM, cases, time.perf_counter() - t0, bad, covered)


# ---------------------------------------------------------------------------
# Rectangle-cutting games

CUTTING_CLAIM = (
    "the player to move wins iff the xor of the pieces' Sprague-Grundy values is non-zero "
    "(Cutting Game: by the side-length-1 lemma), and the named move wins = rule search on the literal rules"
)


def _pieces_text(pieces: Iterable[tuple[int, int]]) -> str:
    return " ".join(f"{a}x{b}" for a, b in pieces)


def pieces_up_to(rule: str, max_area: int) -> list[tuple[int, int]]:
    """Every piece ``rows x cols`` of a rule's game with area at most ``max_area``, by area.

    >>> pieces_up_to("split", 4)
    [(1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (2, 2), (4, 1)]
    """
    low = cutting_module.MIN_SIDE[rule]
    out = [(a, b) for a in range(low, max_area + 1) for b in range(low, max_area + 1) if 1 < a * b <= max_area]
    return sorted(out, key=lambda p: (p[0] * p[1], p[0]))


#: Default area limits of the cutting audits, per rule (single pieces; sums of pieces).
PIECE_AREA = {"split": 48, "cutting": 96}
SUM_AREA = {"split": 40, "cutting": 80}


def cutting_pieces(max_area: dict[str, int] | None = None) -> AuditResult:
    """Audit the Sprague–Grundy tables of both cutting games on every single piece up to an area.

    Notes
    -----
    The fast side answers all pieces of a rule with one table
    (:func:`solvers.cutting.cutting_queries`); the rule search runs with
    one memo per rule, smallest pieces first, so larger pieces reuse their
    parts. Its cost grows with the number of multisets of rectangles of the
    given total area: area 48 (Split) and 96 (Cutting) take about 2 s each.

    References
    ----------
    .. [1] R. Sprague, "Über mathematische Kampfspiele", Tohoku Math. J. 41,
       1935; P. M. Grundy, "Mathematics and games", Eureka 2, 1939.

    >>> cutting_pieces({"split": 6, "cutting": 8}).cases  # 13 split pieces, 5 cutting pieces
    18
    """
    limits = PIECE_AREA if max_area is None else max_area
    t0 = time.perf_counter()
    cases = 0
    bad = None
    for rule, area in limits.items():
        pieces = pieces_up_to(rule, area)
        if not pieces:
            continue
        answers = cutting_module.cutting_queries(tuple(cutting_module.Piece(a, b) for a, b in pieces), rule)
        memo: dict = {}
        for (a, b), value in zip(pieces, answers.values.tolist()):
            cases += 1
            wins = rule_search([(a, b)], rule, memo)
            if (value != 0) != wins:
                bad = (
                    f"{rule} game, piece {a}x{b}: the fast solver says the player to move "
                    f"{'wins' if value else 'loses'} (Sprague-Grundy value {value}), "
                    f"the rule search says {'wins' if wins else 'loses'}\n"
                    f"position (gamecert solve {rule} --position): {a}x{b}"
                )
                break
        if bad is not None:
            break
    covered = "pieces (" + ", ".join(f"{rule} up to area {area}" for rule, area in limits.items()) + ")"
    return AuditResult("cutting-pieces", CUTTING_CLAIM, cases, time.perf_counter() - t0, bad, covered)


def _is_cut(piece: tuple[int, int], parts: tuple[tuple[int, int], tuple[int, int]]) -> bool:
    """Whether ``parts`` are the two pieces of a cut of ``piece`` along a grid line."""
    (a, b), ((p, q), (r, s)) = piece, parts
    return (q == s == b and p + r == a) or (p == r == a and q + s == b)


def sum_difference(pieces: list[tuple[int, int]], rule: str, memo: dict | None = None) -> str | None:
    """Where the fast solution of a sum of pieces disagrees with the literal rules, or None.

    Checks the verdict against :func:`~verify.cutting_search.rule_search`,
    and a named winning move: it must be a cut of one piece along a grid
    line, must not cut out a ``1 x 1`` (a loss in the Split Game; in the
    Cutting Game it would win at once, but the fast side never needs it), and
    must leave a position the rule search says the opponent loses.

    >>> sum_difference([(3, 5), (1, 6)], "split") is None
    True
    """
    memo = {} if memo is None else memo
    sol = cutting_module.cutting_position(tuple(cutting_module.Piece(a, b) for a, b in pieces), rule)
    wins = rule_search(pieces, rule, memo)
    if sol.first_player_wins != wins:
        return (
            f"{rule} game: the fast solver says the player to move {'wins' if sol.first_player_wins else 'loses'} "
            f"(values {' '.join(map(str, sol.values))}, xor {sol.value}), "
            f"the rule search says {'wins' if wins else 'loses'}"
        )
    if sol.move is None:
        return None
    i = sol.move.piece
    parts = tuple((p.rows, p.cols) for p in sol.move.parts)
    after = pieces[:i] + pieces[i + 1 :] + list(parts)
    if not 0 <= i < len(pieces) or not _is_cut(pieces[i], parts) or (1, 1) in parts:
        return f"{rule} game: the fast solver's move '{sol.move}' is not a legal cut"
    if rule_search(after, rule, memo):
        return (
            f"{rule} game: the fast solver's move '{sol.move}' leaves {_pieces_text(after)}, "
            f"which the rule search says the opponent wins"
        )
    return None


#: Sums: pieces drawn with sides up to this, total area up to the budget.
_SUM_SIDE = {"split": 7, "cutting": 9}


def random_sums(count: int, max_area: dict[str, int], seed: int) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """``count`` random sums of 2 to 4 pieces, rules alternating, within each rule's total area.

    >>> [rule for rule, _ in random_sums(2, {"split": 30, "cutting": 60}, seed=0)]
    ['split', 'cutting']
    """
    rng = np.random.default_rng(seed)
    rules = list(max_area)
    for i in range(count):
        rule = rules[i % len(rules)]
        low, top = cutting_module.MIN_SIDE[rule], _SUM_SIDE[rule]
        while True:
            k = int(rng.integers(2, 5))
            pieces = [tuple(int(x) for x in rng.integers(low, top + 1, size=2)) for _ in range(k)]
            if all(a * b > 1 for a, b in pieces) and sum(a * b for a, b in pieces) <= max_area[rule]:
                yield rule, pieces
                break


def cutting_sums(count: int = 600, max_area: dict[str, int] | None = None, seed: int = 0) -> AuditResult:
    """Audit the Sprague–Grundy sum rule and the named winning moves on random sums of pieces.

    Notes
    -----
    Sums from :func:`random_sums` (seeded), each checked by
    :func:`sum_difference`: the xor's verdict and, when the mover wins, the
    fast side's move replayed under the literal rules. One rule-search memo
    per rule for the whole audit.

    >>> cutting_sums(6, {"split": 20, "cutting": 40}).cases
    6
    """
    limits = SUM_AREA if max_area is None else max_area
    t0 = time.perf_counter()
    memo: dict[str, dict] = {rule: {} for rule in limits}
    cases = 0
    bad = None
    for rule, pieces in random_sums(count, limits, seed):
        cases += 1
        diff = sum_difference(pieces, rule, memo[rule])
        if diff is not None:
            bad = f"{diff}\nposition (gamecert solve {rule} --position): {_pieces_text(pieces)}"
            break
    covered = (
        "random sums of 2-4 pieces ("
        + ", ".join(f"{rule} total area <= {area}" for rule, area in limits.items())
        + f", seed {seed})"
    )
    return AuditResult("cutting-sums", CUTTING_CLAIM, cases, time.perf_counter() - t0, bad, covered)


# ---------------------------------------------------------------------------
# Running a selection

#: Parameters of ``--quick``; the full run takes each audit's defaults.
QUICK: dict[str, dict] = {
    "uvg-exhaustive": {"max_n": 5},
    "uvg-random": {"count": 100, "min_n": 7, "max_n": 12},
    "bunny-exhaustive": {"max_cells": 6},
    "bunny-random": {"count": 30, "min_cells": 7, "max_cells": 16},
    "cutting-pieces": {"max_area": {"split": 24, "cutting": 48}},
    "cutting-sums": {"count": 60, "max_area": {"split": 24, "cutting": 48}},
}

AUDITS: dict[str, Callable[..., AuditResult]] = {
    "uvg-exhaustive": uvg_exhaustive,
    "uvg-random": uvg_random,
    "bunny-exhaustive": bunny_exhaustive,
    "bunny-random": bunny_random,
    "cutting-pieces": cutting_pieces,
    "cutting-sums": cutting_sums,
}
_SEEDED = ("uvg-random", "bunny-random", "cutting-sums")


def selected_audits(games: Iterable[str] = ()) -> list[str]:
    """The audits of the given games (all when empty), in :data:`GAMES` order.

    >>> selected_audits(["cutting", "uvg"])
    ['uvg-exhaustive', 'uvg-random', 'cutting-pieces', 'cutting-sums']
    """
    chosen = set(games) or set(GAMES)
    unknown = chosen - set(GAMES)
    if unknown:
        raise GamecertError(f"unknown audit game {sorted(unknown)[0]!r}; choose from {', '.join(GAMES)}")
    return [name for game, names in GAMES.items() if game in chosen for name in names]


def run_audit(name: str, seed: int = 0, quick: bool = False) -> AuditResult:
    """Run one audit by name with its default parameters (or those of :data:`QUICK`)."""
    kwargs = dict(QUICK[name]) if quick else {}
    if name in _SEEDED:
        kwargs["seed"] = seed
    return AUDITS[name](**kwargs)


def run_audits(games: Iterable[str] = (), seed: int = 0, quick: bool = False) -> Iterator[AuditResult]:
    """Run the audits of the given games (all when empty), in :data:`GAMES` order.

    >>> [r.ok for r in run_audits(["cutting"], quick=True)]
    [True, True]
    """
    for name in selected_audits(games):
        yield run_audit(name, seed, quick)
