"""Bunny and Egg checked from the board itself, and by ILP and certificates per position.

:func:`board_search` plays the game by its rules alone — pieces, the empty
cell, whose turn — with memoized alternating search and no matching theory.
:func:`ilp_verdicts` asks the ILP for ``ν`` with and without the token's
vertex at every position, and :func:`certify_positions` checks the fast
side's Gallai–Edmonds certificate of every position's graph. The position
graphs here are built from the *current* board (the cells the mover and the
opponent could still enter, by colour and parity), not from the initial
board with deletions as :mod:`solvers.bunny_egg` does.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from solvers.bunny_egg import BunnyEgg, Verdicts, record_mistakes
from solvers.errors import SolverError
from solvers.graph import Graph, graph_from_edges

#: Largest board (cells) :func:`board_search` runs on: see :func:`fits`.
SEARCH_MAX_CELLS = 30
#: Largest board (cells) times positions for :func:`ilp_verdicts` (about 2 s).
ILP_MAX_WORK = 12_000
#: The same for :func:`networkx_verdicts` (about 2 s at the limit on this machine).
NETWORKX_MAX_WORK = 200_000

_PIECE = (b"O"[0], b"X"[0])  # what Bunny (0) and Egg (1) move
_EMPTY = b"."[0]


def fits(game: BunnyEgg, limit: int = SEARCH_MAX_CELLS) -> str | None:
    """Whether :func:`board_search` runs on ``game`` (None) or why not.

    The memo holds one entry per reachable (board, turn), a number that
    grows with the self-avoiding walks of the empty cell, exponentially in
    the number of cells. Measured on this 2-core machine, worst of 120
    random and long games per size: 5×5 0.03 s, 6×5 0.05 s, 6×6 0.4 s;
    hence the default limit of :data:`SEARCH_MAX_CELLS` cells.
    """
    n, m = game.shape
    if n * m > limit:
        return f"{n}x{m} board has {n * m} cells > {limit} (board search limit)"
    return None


@dataclass(frozen=True)
class BoardSearch:
    """Every position of a record decided by game search on the board.

    ``winning_moves[t]`` are the 1-based cells ``(x, y)`` whose piece the
    mover can move at position ``t`` and win; ``finished`` says the player
    to move after the whole record (Bunny) has no legal move.
    """

    wins: tuple[bool, ...]
    winning_moves: tuple[frozenset[tuple[int, int]], ...]
    bunny_mistakes: tuple[int, ...]
    egg_mistakes: tuple[int, ...]
    finished: bool

    def verdicts(self) -> Verdicts:
        return Verdicts(self.wins, self.bunny_mistakes, self.egg_mistakes)


class _Rules:
    """Moves of the board game: a state is (board bytes row-major, player to move)."""

    def __init__(self, n: int, m: int) -> None:
        self.n, self.m = n, m
        self.memo: dict[tuple[bytes, int], bool] = {}

    def moves(self, board: bytes, turn: int) -> Iterator[tuple[int, bytes]]:
        """(cell moved, resulting board) for every legal move of ``turn``."""
        e = board.index(_EMPTY)
        r, c = divmod(e, self.m)
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.n and 0 <= cc < self.m and board[rr * self.m + cc] == _PIECE[turn]:
                x = rr * self.m + cc
                b = bytearray(board)
                b[e], b[x] = b[x], _EMPTY
                yield x, bytes(b)

    def mover_wins(self, board: bytes, turn: int) -> bool:
        """∃ a move after which the opponent (∀ replies …) loses; memoized, no recursion.

        A frame is ``[state, children, next index]``; a child still unknown
        is pushed and the frame looks at the same index again once it is
        decided. A state met again while open would be a cycle of the game,
        which the rules exclude; meeting one is an internal error.
        """
        memo = self.memo
        root = (board, turn)
        if root in memo:
            return memo[root]
        stack = [[root, [(b, 1 - turn) for _, b in self.moves(board, turn)], 0]]
        open_states = {root}
        while stack:
            frame = stack[-1]
            state, children, i = frame
            verdict = None
            while i < len(children):
                child = children[i]
                if child not in memo:
                    break
                if not memo[child]:
                    verdict = True
                    break
                i += 1
            frame[2] = i
            if verdict is None and i < len(children):
                child = children[i]
                if child in open_states:
                    raise SolverError("board search met a position twice on one line of play")
                open_states.add(child)
                stack.append([child, [(b, 1 - child[1]) for _, b in self.moves(*child)], 0])
                continue
            memo[state] = bool(verdict)
            open_states.discard(state)
            stack.pop()
        return memo[root]


def board_search(game: BunnyEgg) -> BoardSearch:
    """Decide every position of a Bunny-and-Egg record by search on the board.

    The mover wins iff some legal move (her colour, next to the empty cell)
    leads to a board where the opponent loses; a player without a legal move
    loses. Bunny's move ``i`` is a mistake iff she wins before it and Egg
    wins after it; Egg's likewise.

    Notes
    -----
    Memoized alternating (∃/∀) search over (board, player to move), one
    shared memo for all positions of the record, explicit stack. Time and
    space proportional to the number of reachable states, exponential in the
    board size in the worst case; see :func:`fits`.

    Examples
    --------
    >>> g = BunnyEgg.from_rows(["XO.OXO"], [(1, 2), (1, 1)])
    >>> board_search(g).bunny_mistakes
    (1,)
    """
    n, m = game.shape
    rules = _Rules(n, m)
    board = bytearray(game.board.tobytes())
    wins, winning = [], []
    moves = game.moves.tolist()
    for t in range(len(moves) + 1):
        turn = t % 2
        state = bytes(board)
        wins.append(rules.mover_wins(state, turn))
        winning.append(
            frozenset(
                (x // m + 1, x % m + 1)
                for x, b in rules.moves(state, turn)
                if not rules.mover_wins(b, 1 - turn)
            )
        )
        if t < len(moves):
            r, c = moves[t]
            e = board.index(_EMPTY)
            x = r * m + c
            board[e], board[x] = board[x], _EMPTY
    finished = next(rules.moves(bytes(board), len(moves) % 2), None) is None
    bunny, egg = record_mistakes(wins, len(moves) // 2)
    return BoardSearch(tuple(wins), tuple(winning), bunny, egg, finished)


def position_graphs(game: BunnyEgg) -> Iterator[tuple[Graph, int, np.ndarray]]:
    """For each position: its graph, the token's vertex, and each vertex's flat cell.

    Built from the board as it stands: the empty cell, the cells at odd
    distance holding the mover's colour and the cells at even distance
    holding the opponent's — exactly the cells the token may still enter.
    """
    n, m = game.shape
    board = game.board.copy()
    moves = game.moves.tolist()
    rr, cc = np.indices((n, m))
    for t in range(len(moves) + 1):
        turn = t % 2
        er, ec = (int(x) for x in np.argwhere(board == _EMPTY)[0])
        odd = ((rr + cc + er + ec) & 1) == 1
        keep = (board == _EMPTY) | (odd & (board == _PIECE[turn])) | (~odd & (board == _PIECE[1 - turn]))
        cells = np.flatnonzero(keep.ravel())
        index = np.full(n * m, -1, dtype=np.int64)
        index[cells] = np.arange(len(cells))
        ids = index.reshape(n, m)
        across = (ids[:, :-1] >= 0) & (ids[:, 1:] >= 0)
        down = (ids[:-1, :] >= 0) & (ids[1:, :] >= 0)
        edges = np.concatenate(
            [
                np.stack([ids[:, :-1][across], ids[:, 1:][across]], axis=1),
                np.stack([ids[:-1, :][down], ids[1:, :][down]], axis=1),
            ]
        )
        graph = graph_from_edges(len(cells), edges, side=odd.ravel()[cells].astype(np.int8))
        yield graph, int(index[er * m + ec]), cells
        if t < len(moves):
            r, c = moves[t]
            board[er, ec], board[r, c] = board[r, c], _EMPTY


def ilp_fits(game: BunnyEgg, limit: int = ILP_MAX_WORK) -> str | None:
    """Whether :func:`ilp_verdicts` runs on ``game``: cells × positions ≤ ``limit``.

    It solves two integer programs per position. Measured on this 2-core
    machine (CBC): 8×8 with k = 25 1.0 s, 10×10 with k = 40 1.4 s. The
    ILP's own graph limits (:func:`verify.ilp.fits`) apply too.
    """
    from .ilp import fits as graph_fits

    n, m = game.shape
    work = n * m * (len(game.moves) + 1)
    if work > limit:
        return f"{n * m} cells x {len(game.moves) + 1} positions = {work} > {limit} (ILP limit)"
    return graph_fits(next(position_graphs(game))[0])


def ilp_verdicts(game: BunnyEgg) -> tuple[Verdicts, tuple[int, ...]]:
    """Each position decided by two ILPs: ``ν(G_t)`` and ``ν(G_t - v_t)``.

    The mover wins iff removing the token's vertex lowers the matching
    number (SPEC §1.1). Returns the verdicts and ``ν(G_t)`` per position.
    """
    from .ilp import ilp_matching_number

    wins, nus = [], []
    for graph, token, _cells in position_graphs(game):
        nu = ilp_matching_number(graph)
        rest = [(u, v) for u, v in graph.edges().tolist() if token not in (u, v)]
        nu_without = ilp_matching_number(graph_from_edges(graph.n, rest, side=graph.side))
        if nu_without not in (nu, nu - 1):
            raise SolverError(f"ILP: ν = {nu} but ν without one vertex = {nu_without}")
        wins.append(nu_without < nu)
        nus.append(nu)
    return Verdicts(tuple(wins), *record_mistakes(wins, len(game.moves) // 2)), tuple(nus)


def certify_positions(game: BunnyEgg, wins: tuple[bool, ...] | None = None) -> list[str]:
    """Check a Gallai–Edmonds certificate of every position's graph.

    The certificate comes from the fast side (:func:`solvers.gallai_edmonds`
    on the position graph built here) and is checked by
    :func:`verify.certificate.check_decomposition`; when ``wins`` is given,
    each position's claimed verdict must match the certified part of the
    token's vertex (``A`` or ``C``: the mover wins; ``D``: she loses).
    """
    from solvers.decomposition import D, gallai_edmonds

    from .certificate import check_decomposition

    problems: list[str] = []
    m = game.shape[1]
    for t, (graph, token, cells) in enumerate(position_graphs(game)):
        dec = gallai_edmonds(graph)

        def name(v: int, cells=cells) -> str:
            r, c = divmod(int(cells[v]), m)
            return f"({r + 1},{c + 1})"

        for p in check_decomposition(graph, dec, name):
            problems.append(f"position {t}: {p}")
        if wins is not None and t < len(wins):
            certified = bool(dec.part[token] != D)
            if certified != bool(wins[t]):
                who = ("Bunny", "Egg")[t % 2]
                problems.append(
                    f"position {t}: claimed {who} {'wins' if wins[t] else 'loses'}, "
                    f"certificate says {'wins' if certified else 'loses'}"
                )
        if len(problems) > 20:
            break
    return problems


def networkx_fits(game: BunnyEgg, limit: int = NETWORKX_MAX_WORK) -> str | None:
    """Whether :func:`networkx_verdicts` runs on ``game``: cells × positions ≤ ``limit``."""
    n, m = game.shape
    work = n * m * (len(game.moves) + 1)
    if work > limit:
        return f"{n * m} cells x {len(game.moves) + 1} positions = {work} > {limit} (networkx limit)"
    return None


def networkx_verdicts(game: BunnyEgg) -> tuple[Verdicts, tuple[int, ...]]:
    """Each position decided by networkx's Hopcroft–Karp: ``ν(G_t)`` and ``ν(G_t - v_t)``.

    An independent implementation of the matching number (networkx's own
    bipartite matching), on the position graphs built here from the board.
    """
    import networkx as nx

    wins, nus = [], []
    for graph, token, _cells in position_graphs(game):
        g = nx.Graph()
        g.add_nodes_from(range(graph.n))
        g.add_edges_from(graph.edges().tolist())
        top = [v for v in range(graph.n) if graph.side[v] == 0]
        nu = len(nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)) // 2
        g.remove_node(token)
        top = [v for v in top if v != token]
        nu_without = len(nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)) // 2
        wins.append(nu_without < nu)
        nus.append(nu)
    return Verdicts(tuple(wins), *record_mistakes(wins, len(game.moves) // 2)), tuple(nus)
