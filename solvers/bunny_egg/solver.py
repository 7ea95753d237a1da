"""The Bunny and Egg game of NOI2011 (Luogu P1971, BZOJ 2437), move by move.

One cell of the board is empty; Bunny moves a white piece (``O``) next to it
into it, Egg a black one (``X``); whoever cannot move loses. Seen as the
empty cell travelling, this is undirected vertex geography on a bipartite
graph: the start cell, the ``X`` cells of the start's chessboard parity and
the ``O`` cells of the other parity, each cell entered at most once. The
player to move wins iff the token's vertex is in every maximum matching of
the graph without the earlier positions (``docs/theory.md``, *Bunny and Egg*).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gamecert.solvers.bunny_egg import _kernels
from gamecert.solvers.errors import GamecertError, InputError, SolverError
from gamecert.solvers.matching import bipartite
from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.graph import Graph, grid_graph
from gamecert.solvers.matching.types import D
from gamecert.solvers.textinput import TextInput

#: Judge limits: 1 <= n, m <= BOARD_LIMIT and 1 <= k <= ROUNDS_LIMIT.
BOARD_LIMIT = 40
ROUNDS_LIMIT = 1000

EMPTY, WHITE, BLACK = ord("."), ord("O"), ord("X")
PLAYERS = ("Bunny", "Egg")
#: The piece each player moves, by player index (Bunny 0, Egg 1).
PIECE = (WHITE, BLACK)
_COLOUR = {WHITE: "white", BLACK: "black"}


def move_name(j: int) -> str:
    """Record line ``j`` (0-based) as the judge counts it: "Bunny's move 2"."""
    return f"{PLAYERS[j % 2]}'s move {j // 2 + 1}"


def _illegal_move(board: bytearray, m: int, empty: int, j: int, x: int) -> str | None:
    """Why moving the piece at flat cell ``x`` is not legal as record move ``j``.

    ``board`` is the flat board before the move, ``empty`` its empty cell.
    """
    r, c = divmod(x, m)
    er, ec = divmod(empty, m)
    here = f"({r + 1}, {c + 1})"
    if x == empty:
        return f"{move_name(j)}: {here} is the empty cell itself"
    if abs(r - er) + abs(c - ec) != 1:
        return f"{move_name(j)}: {here} is not next to the empty cell ({er + 1}, {ec + 1})"
    piece, want = board[x], PIECE[j % 2]
    if piece != want:
        return (
            f"{move_name(j)}: {here} holds a {_COLOUR[piece]} piece {chr(piece)!r}; "
            f"{PLAYERS[j % 2]} moves {_COLOUR[want]} pieces {chr(want)!r}"
        )
    return None


def _first_illegal(board: np.ndarray, moves: np.ndarray) -> tuple[int, str] | None:
    """The first illegal move of a record (index, reason), or None.

    Fast path: when the empty cell's cells are all distinct, no moved piece
    has been touched before its move, so each move is legal iff it is next
    to the previous cell and holds the mover's colour on the start board.
    Otherwise (or on a failure) the record is replayed move by move.
    """
    n, m = board.shape
    flat = board.ravel()
    start = int(np.flatnonzero(flat == EMPTY)[0])
    cells = np.concatenate([[start], moves[:, 0] * m + moves[:, 1]]).astype(np.int64)
    if len(cells) == 1:
        return None
    if len(np.unique(cells)) == len(cells):
        rows, cols = np.divmod(cells, m)
        steps = np.abs(np.diff(rows)) + np.abs(np.diff(cols))
        want = np.where(np.arange(len(moves)) % 2 == 0, WHITE, BLACK)
        if (steps == 1).all() and (flat[cells[1:]] == want).all():
            return None
    cur = bytearray(flat.tobytes())
    empty = start
    for j, x in enumerate(cells[1:].tolist()):
        why = _illegal_move(cur, m, empty, j, x)
        if why is not None:
            return j, why
        cur[empty], cur[x] = cur[x], EMPTY
        empty = x
    return None


@dataclass(frozen=True, eq=False)
class BunnyEgg:
    """A board and a game record.

    Attributes
    ----------
    board : uint8 array ``(n, m)`` of ASCII ``X``, ``O``, ``.`` (the start)
    moves : int array ``(2k, 2)``, 0-based ``(row, col)`` of the piece moved
        into the empty cell; rows alternate Bunny, Egg

    Construction checks the board and that every move is legal.
    """

    board: np.ndarray
    moves: np.ndarray

    def __post_init__(self) -> None:
        b, mv = self.board, self.moves
        if b.ndim != 2 or b.size == 0 or not np.isin(b, (EMPTY, WHITE, BLACK)).all():
            raise GamecertError("a board is a non-empty 2-d array of 'X', 'O' and '.'")
        if int(np.count_nonzero(b == EMPTY)) != 1:
            raise GamecertError("a board has exactly one empty cell '.'")
        if mv.ndim != 2 or mv.shape[1] != 2 or len(mv) % 2:
            raise GamecertError("moves are rows (row, col), an even number of them (Bunny, Egg, ...)")
        if len(mv) and ((mv.min(axis=0) < 0).any() or (mv.max(axis=0) >= b.shape).any()):
            raise GamecertError("a move is off the board")
        bad = _first_illegal(b, mv)
        if bad is not None:
            raise GamecertError(bad[1])

    @property
    def shape(self) -> tuple[int, int]:
        return self.board.shape

    @property
    def k(self) -> int:
        """The number of rounds (Bunny's moves)."""
        return len(self.moves) // 2

    @property
    def start(self) -> tuple[int, int]:
        r, c = np.argwhere(self.board == EMPTY)[0].tolist()
        return r, c

    def text(self) -> str:
        """The board and record in judge format."""
        n, m = self.shape
        rows = "".join(row.tobytes().decode("ascii") + "\n" for row in self.board)
        moves = "".join(f"{r + 1} {c + 1}\n" for r, c in self.moves.tolist())
        return f"{n} {m}\n{rows}{self.k}\n{moves}"

    @classmethod
    def from_rows(cls, rows: list[str], moves: list[tuple[int, int]] = ()) -> BunnyEgg:
        """From board rows and 1-based ``(x, y)`` moves, as in the judge's input."""
        board = np.array([np.frombuffer(row.encode("ascii"), dtype=np.uint8) for row in rows])
        return cls(board, np.array(moves, dtype=np.int64).reshape(-1, 2) - 1)


#: Bytes an analysis needs per board cell: measured peak memory grows by
#: about 30 per cell (boards of 1 and 4 million cells), rounded up.
CELL_BYTES = 64


def parse_bunny_egg(
    text: str | bytes, source: str = "<stdin>", judge_limits: bool = True, max_memory: int | None = None
) -> BunnyEgg:
    """Read a board and a game record in judge format.

    ``n m``; n rows of m characters ``X``/``O``/``.`` (exactly one ``.``);
    ``k``; then 2k moves ``x y``. Input is read as tokens, so rows may carry
    trailing spaces. Every move must be legal; anything wrong raises
    :class:`~gamecert.solvers.errors.InputError` at its line and column.

    >>> parse_bunny_egg("1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n").moves.tolist()
    [[0, 1], [0, 0]]
    """
    src = TextInput(text, source, max_memory)
    count = len(src)

    def take(i: int, what: str) -> int:
        if i >= count:
            raise src.error_end(f"expected {what}, found end of input")
        return i

    hint = " (judge limit; --no-judge-limits lifts it)" if judge_limits else ""
    hi_board = BOARD_LIMIT if judge_limits else None
    n = src.integer(take(0, "the board size 'n m'"), "the number of rows n", 1, hi_board, hint)
    m = src.integer(take(1, "the number of columns m"), "the number of columns m", 1, hi_board, hint)
    src.require_memory(CELL_BYTES * n * m, 0, f"a {n} x {m} board")
    rows = []
    first_empty: tuple[int, int] | None = None
    for r in range(1, n + 1):
        i = take(1 + r, f"row {r} of the board ({m} characters 'X', 'O' or '.')")
        row = src.text(i)
        start = int(src.starts[i])
        if row.translate(None, b"XO."):
            j = next(j for j, ch in enumerate(row) if ch not in b"XO.")
            raise src.error_at(start + j, f"expected 'X', 'O' or '.', got {src.char_at(start + j)}")
        if len(row) != m:
            raise src.error_at(start + min(len(row), m), f"expected {m} cells in row {r}, found {len(row)}")
        j = row.find(b".")
        if j >= 0:
            if first_empty is not None or row.find(b".", j + 1) >= 0:
                second = j if first_empty is not None else row.find(b".", j + 1)
                at = first_empty or (r, j + 1)
                raise src.error_at(
                    start + second,
                    "expected exactly one empty cell '.', found a second one "
                    f"(the first is at ({at[0]}, {at[1]}))",
                )
            first_empty = (r, j + 1)
        rows.append(row)
    if first_empty is None:
        raise src.error_token(2, "expected exactly one empty cell '.', found none")
    k_at = take(2 + n, "the number of rounds k")
    k = src.integer(k_at, "the number of rounds k", 0, ROUNDS_LIMIT if judge_limits else None, hint)
    k_line = src.line_of(int(src.starts[k_at]))
    if judge_limits and k == 0:  # a record without moves is fine once the limits are lifted
        raise src.error_token(k_at, f"expected the number of rounds k in 1..{ROUNDS_LIMIT}, got 0{hint}")
    board = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(n, m)
    first = k_at + 1
    # Only moves that are present are read (k may promise more than the input holds).
    present = min(2 * k, (count - first) // 2)
    values, ok = src.scan_integers(first, 2 * present)
    moves = values.reshape(present, 2) - 1
    off = (moves[:, 0] < 0) | (moves[:, 0] >= n) | (moves[:, 1] < 0) | (moves[:, 1] >= m)

    def fail(j: int, offset: int, message: str) -> InputError:
        """The error for a problem met at move ``j``, unless an earlier move is illegal."""
        bad = _first_illegal(board, moves[:j])
        if bad is not None:
            return src.error_token(first + 2 * bad[0], bad[1])
        return src.error_at(offset, message)

    # The first problem in reading order: a token that is no integer (x, then y),
    # a move off the board, then too few moves or too many tokens.
    bad_token = int(np.argmin(ok)) if not ok.all() else 2 * present
    bad_move = int(np.argmax(off)) if off.any() else present
    announced = f"k = {k} on line {k_line} announces {2 * k} moves"
    if bad_token // 2 <= bad_move and bad_token < 2 * present:
        j, y = divmod(bad_token, 2)
        what = f"the {'column y' if y else 'row x'} of {move_name(j)}"
        try:
            src.integer(first + bad_token, what)
        except InputError as exc:
            raise fail(j, int(src.starts[first + bad_token]), exc.message) from None
    if bad_move < present:
        j = bad_move
        x, y = (int(v) + 1 for v in moves[j])
        if not 1 <= x <= n:
            raise fail(j, int(src.starts[first + 2 * j]), f"{move_name(j)}: row x = {x} is off the board (rows 1..{n})")
        raise fail(j, int(src.starts[first + 2 * j + 1]), f"{move_name(j)}: column y = {y} is off the board (columns 1..{m})")
    if present < 2 * k:
        j = present
        if first + 2 * j < count:  # a lone x: read it before saying y is missing
            try:
                src.integer(first + 2 * j, f"the row x of {move_name(j)}")
            except InputError as exc:
                raise fail(j, int(src.starts[first + 2 * j]), exc.message) from None
            raise fail(j, src.end_offset(), f"expected the column y of {move_name(j)}, found end of input")
        raise fail(j, src.end_offset(), f"expected {move_name(j)} 'x y', found end of input ({announced}, found {j})")
    extra = first + 2 * present
    if extra < count:
        raise fail(2 * k, int(src.starts[extra]), f"expected end of input after {2 * k} moves ({announced})")
    bad = _first_illegal(board, moves)
    if bad is not None:
        raise src.error_token(first + 2 * bad[0], bad[1])
    return BunnyEgg(board, moves)


def record_mistakes(wins: Sequence[bool], k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Bunny's and Egg's mistakes (moves 1..k) from who wins each position of a record.

    Bunny's move ``i`` leads from position ``2i - 2`` to ``2i - 1``, Egg's
    from ``2i - 1`` to ``2i``; a move is a mistake when its player could win
    before it and the opponent can win after it.

    >>> record_mistakes([True, True, False, True, True], 2)
    ((1,), (2,))
    """
    bunny = tuple(i for i in range(1, k + 1) if wins[2 * i - 2] and wins[2 * i - 1])
    egg = tuple(i for i in range(1, k + 1) if wins[2 * i - 1] and wins[2 * i])
    return bunny, egg


@dataclass(frozen=True)
class Verdicts:
    """The comparable answer for one record: every formulation returns this.

    ``wins[t]`` is True when the player to move at position ``t`` (after
    ``t`` moves of the record; Bunny moves at even ``t``) has a winning
    strategy. Mistakes are numbered as the judge numbers moves, 1..k.
    """

    wins: tuple[bool, ...]
    bunny_mistakes: tuple[int, ...]
    egg_mistakes: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class BunnyEggAnalysis:
    """A record analysed position by position.

    Attributes
    ----------
    game : the board and record
    graph : the reduction's bipartite graph (before any deletion)
    cells : flat cell index ``row * m + col`` of every vertex
    path : the token's vertex at each of the ``2k + 1`` positions
    wins : per position, whether the player to move has a winning strategy
    winning_move : per position, the vertex of a winning move (-1 if none)
    nu : per position, the matching number of the graph without earlier positions
    finished : True when Bunny cannot move at the end (Egg won, as the judge promises)
    bunny_mistakes, egg_mistakes : move numbers 1..k, increasing
    """

    game: BunnyEgg
    graph: Graph
    cells: np.ndarray
    path: np.ndarray
    wins: np.ndarray
    winning_move: np.ndarray
    nu: np.ndarray
    finished: bool
    bunny_mistakes: tuple[int, ...]
    egg_mistakes: tuple[int, ...]

    def cell(self, v: int) -> tuple[int, int]:
        """Vertex ``v``'s cell as 1-based ``(row, col)``."""
        r, c = divmod(int(self.cells[v]), self.game.shape[1])
        return r + 1, c + 1

    def verdicts(self) -> Verdicts:
        return Verdicts(tuple(bool(x) for x in self.wins), self.bunny_mistakes, self.egg_mistakes)

    def table(self) -> list[dict]:
        """One row per position: who moves, from where, the verdict and a winning move."""
        moves = self.game.moves.tolist()
        mistakes = (set(self.bunny_mistakes), set(self.egg_mistakes))
        rows = []
        for t, v in enumerate(self.path.tolist()):
            w = int(self.winning_move[t])
            played = moves[t] if t < len(moves) else None
            rows.append(
                {
                    "position": t,
                    "to_move": PLAYERS[t % 2],
                    "empty": list(self.cell(v)),
                    "mover_wins": bool(self.wins[t]),
                    "winning_move": list(self.cell(w)) if w >= 0 else None,
                    "nu": int(self.nu[t]),
                    "played": [played[0] + 1, played[1] + 1] if played is not None else None,
                    "mistake": played is not None and t // 2 + 1 in mistakes[t % 2],
                }
            )
        return rows


def reduction_graph(game: BunnyEgg) -> tuple[Graph, np.ndarray, np.ndarray]:
    """The reduction's graph, each vertex's flat cell, and the token's vertex path.

    Vertices: the start cell, ``X`` cells of the start's parity and ``O``
    cells of the other parity, row-major; edges join side-adjacent cells.
    """
    n, m = game.shape
    sr, sc = game.start
    parity = (np.add.outer(np.arange(n), np.arange(m)) + sr + sc) & 1
    b = game.board
    free = (b == EMPTY) | ((b == BLACK) & (parity == 0)) | ((b == WHITE) & (parity == 1))
    graph, cells = grid_graph(free)
    vertex = np.full(n * m, -1, dtype=np.int32)
    vertex[cells] = np.arange(len(cells), dtype=np.int32)
    flat = np.concatenate([[sr * m + sc], game.moves[:, 0] * m + game.moves[:, 1]]).astype(np.int64)
    path = vertex[flat]
    if (path < 0).any():  # legal records stay on the graph (docs/theory.md, Bunny and Egg)
        raise SolverError("internal: the token left the reduction graph")
    return graph, cells, path


METHODS = ("incremental", "incremental-forward", "from-scratch")


def _from_scratch(graph: Graph, path: np.ndarray):
    """Per position, a Gallai–Edmonds decomposition of the graph without earlier positions."""
    steps = len(path)
    wins = np.zeros(steps, dtype=bool)
    move = np.full(steps, -1, dtype=np.int32)
    nu = np.empty(steps, dtype=np.int32)
    keep = np.ones(graph.n, dtype=np.bool_)
    for t, v in enumerate(path.tolist()):
        indptr, indices, old = _kernels.induced(graph.indptr, graph.indices, keep)
        dec = gallai_edmonds(Graph(indptr, indices, graph.side[old]))
        local = int(np.searchsorted(old, v))
        nu[t] = dec.nu
        if dec.part[local] != D:
            wins[t] = True
            move[t] = old[dec.matching.mate[local]]
        keep[v] = False
    return wins, move, nu


def bunny_egg(game: BunnyEgg, method: str = "incremental") -> BunnyEggAnalysis:
    """Analyse a Bunny-and-Egg record: each position's winner, winning moves, mistakes.

    Bunny's move ``i`` is a mistake iff she had a winning strategy before it
    and Egg has one after it (the judge's definition); Egg's mistakes are
    defined the same way.

    Parameters
    ----------
    game : BunnyEgg
    method : ``"incremental"`` (one matching kept up to date, each search
        run from both ends), ``"incremental-forward"`` (the same, searching
        from one end only) or ``"from-scratch"`` (a Gallai–Edmonds
        decomposition per position; slow, for cross-checks and benchmarks)

    Returns
    -------
    BunnyEggAnalysis

    Notes
    -----
    Position ``t`` is UVG on ``G_t = G - {v_0..v_{t-1}}`` with the token on
    ``v_t``; the mover wins iff ``v_t`` is in every maximum matching of
    ``G_t``, and then moving to ``v_t``'s mate in any maximum matching wins.
    Incremental method: Hopcroft–Karp once on ``G`` [1]_, then per position
    delete ``v_t``, unmatch its mate ``u`` and search once for an augmenting
    path from ``u`` in ``G_{t+1}``: found means ``v_t`` was avoidable (the
    mover loses) and the matching is maximum again; not found means ``v_t``
    was essential, ``u`` is the winning move and ``ν`` drops by one. Any
    augmenting path must end at ``u``, since otherwise it would augment the
    maximum matching of ``G_t``. The search runs from ``u`` and, in step
    with it, backward from the free vertices of the other side toward ``u``;
    the first to finish decides, so a step costs about twice the smaller
    explored region (a failing search from ``u`` would otherwise sweep all
    it reaches when the matching is nearly perfect). ``O(E sqrt(V) + k E)``
    time, ``O(V + k)`` space, no recursion.

    References
    ----------
    .. [1] J. E. Hopcroft, R. M. Karp, "An n^{5/2} algorithm for maximum
       matchings in bipartite graphs", SIAM J. Comput. 2(4), 1973.
       DOI 10.1137/0202019
    .. [2] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge
       geography", Theoret. Comput. Sci. 112(2), 1993 (also treats the
       vertex version and its matching criterion).

    Examples
    --------
    >>> game = parse_bunny_egg("1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n")
    >>> bunny_egg(game).bunny_mistakes
    (1,)
    """
    if method not in METHODS:
        raise GamecertError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    graph, cells, path = reduction_graph(game)
    if method == "from-scratch":
        wins, move, nu = _from_scratch(graph, path)
    else:
        mate = bipartite.greedy_matching(graph.indptr, graph.indices)
        bipartite.hopcroft_karp(graph.indptr, graph.indices, graph.side, mate)
        if method == "incremental":
            wins, move, nu = _kernels.replay_bidirectional(
                graph.indptr, graph.indices, graph.side, mate, path.astype(np.int32)
            )
        else:
            wins, move, nu = _kernels.replay(graph.indptr, graph.indices, mate, path.astype(np.int32))
    bunny, egg = record_mistakes(wins, game.k)
    last = int(path[-1])
    gone = set(path.tolist())
    finished = all(int(w) in gone for w in graph.neighbors(last))
    return BunnyEggAnalysis(game, graph, cells, path, wins, move, nu, finished, bunny, egg)


def format_bunny_egg_answer(analysis: BunnyEggAnalysis) -> str:
    """Judge output: the number of Bunny's mistakes, then their move numbers."""
    mistakes = analysis.bunny_mistakes
    return "".join(f"{x}\n" for x in (len(mistakes), *mistakes))
