"""A claiming game's certificate: one player's strategy, extracted and checked by playing it.

A :class:`Strategy` maps every position its player meets (the cells each
player has claimed) to the cell it claims there. :func:`check_strategy`
plays it from the root against every reply of the opponent, deciding who
has won with nothing but the board's winning sets (read again from the
rules by the caller), and lists what goes wrong: a position with no move, a
move to a taken cell, a loss, a draw or a win too late when the strategy
claims a win within ``depth``. A win is one strategy (``goal="win"``); a
draw is two, one per player (``goal="safe"``: its player never loses).

Strategies come from the QBF route (:func:`qbf_strategy`: at each of its
player's positions a QBF solver's model of the outermost block names the
claim) or from the explicit route's table (:func:`table_strategy`);
neither is trusted by the checker.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gamecert.solvers.errors import GamecertError
from gamecert.solvers.positional.board import ClaimBoard
from gamecert.solvers.positional.explicit import OFFSET, POW3, after_claim
from gamecert.verify.engine.qbf import agreed_verdict, first_model, solve_portfolio
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.positional.encoding import claim_formula
from gamecert.verify.positional.qbf import fewest_claims

#: A position met in play: the cells player 0 and player 1 (of the root) have claimed since the root.
Key = tuple[tuple[int, ...], tuple[int, ...]]
#: Most violations a check lists.
MAX_VIOLATIONS = 10


@dataclass(frozen=True)
class Strategy:
    """One player's strategy from a root position.

    ``player`` is 0 (the player to move at the root) or 1; ``goal``
    ``"win"`` (it wins within ``depth`` claims, whatever the opponent does)
    or ``"safe"`` (it never loses); ``moves`` maps each position where the
    player is to move to the cell index it claims. ``size`` is the number of
    positions with a move.
    """

    player: int
    goal: str
    depth: int
    moves: dict[Key, int]

    @property
    def size(self) -> int:
        return len(self.moves)


@dataclass(frozen=True)
class StrategyCheck:
    """What :func:`check_strategy` found: violations (empty: the strategy holds), positions visited, seconds."""

    violations: tuple[str, ...]
    positions: int
    seconds: float


def node_board(root: ClaimBoard, key: Key) -> ClaimBoard:
    """The position ``key`` from ``root``, as a board whose player 0 is the player to move there."""
    h0 = tuple(sorted((*root.held[0], *key[0])))
    h1 = tuple(sorted((*root.held[1], *key[1])))
    if (len(key[0]) + len(key[1])) % 2 == 0:
        return ClaimBoard(root.cells, (h0, h1), root.lines, root.edges, root.sides)
    lines = None if root.lines is None else (root.lines[1], root.lines[0])
    return ClaimBoard(root.cells, (h1, h0), lines, root.edges, (root.sides[1], root.sides[0]) if root.sides else ())


def _after(key: Key, cell: int) -> Key:
    mover = (len(key[0]) + len(key[1])) % 2
    if mover == 0:
        return (tuple(sorted((*key[0], cell))), key[1])
    return (key[0], tuple(sorted((*key[1], cell))))


def check_strategy(root: ClaimBoard, strategy: Strategy) -> StrategyCheck:
    """Play ``strategy`` from ``root`` against every reply of the opponent; list what goes wrong.

    Parameters
    ----------
    root : the position, as read from the rules again (player 0 to move)
    strategy : the strategy to check

    Notes
    -----
    A depth-first walk of the positions the strategy allows (each met once:
    a position is the pair of claimed sets, whatever the order of claims),
    with an explicit stack. After each claim the claimer's cells are tested
    against its winning sets (:meth:`ClaimBoard.wins`: a line held, or a
    flood fill from one side to the other). ``O(S e W)`` time for ``S``
    positions visited, ``e`` empty cells and ``W`` the cost of one win test.

    >>> b = ClaimBoard.from_lines(range(3), (), (), [(0, 1), (1, 2)], [(0, 2)])
    >>> good = Strategy(0, "win", 3, {((), ()): 1, ((1,), (0,)): 2, ((1,), (2,)): 0})
    >>> check_strategy(b, good).violations
    ()
    >>> check_strategy(b, Strategy(0, "win", 3, {((), ()): 1, ((1,), (0,)): 2})).violations[0]
    'player 0 has no move after 0: 1, 1: 2'
    """
    started = time.perf_counter()
    if root.winner() is not None:
        raise GamecertError("the position is already won")
    empty = set(root.empty)
    p = strategy.player
    violations: list[str] = []
    seen: set[Key] = set()
    stack: list[Key] = [((), ())]
    while stack and len(violations) < MAX_VIOLATIONS:
        key = stack.pop()
        if key in seen:
            continue
        seen.add(key)
        t = len(key[0]) + len(key[1])
        if t:
            last = (t - 1) % 2  # the player who made the last claim
            held = set(root.held[last]) | set(key[last])
            if root.wins(last, held):
                if last != p:
                    violations.append(f"player {last} wins after {_shown(key)}")
                continue
        free = empty - set(key[0]) - set(key[1])
        if not free:
            if strategy.goal == "win":
                violations.append(f"a draw after {_shown(key)}")
            continue
        if strategy.goal == "win" and t >= strategy.depth:
            violations.append(f"not won within {strategy.depth} claims after {_shown(key)}")
            continue
        if t % 2 == p:
            cell = strategy.moves.get(key)
            if cell is None:
                violations.append(f"player {p} has no move after {_shown(key)}")
            elif cell not in free:
                violations.append(f"player {p} claims taken or unknown cell {cell} after {_shown(key)}")
            else:
                stack.append(_after(key, cell))
        else:
            stack.extend(_after(key, c) for c in sorted(free, reverse=True))
    return StrategyCheck(tuple(violations), len(seen), time.perf_counter() - started)


def _shown(key: Key) -> str:
    """The claims of a position, in order of play as far as the sets tell: ``0: 4 2, 1: 7``."""
    if not key[0] and not key[1]:
        return "no claim"
    return ", ".join(f"{p}: {' '.join(map(str, cells))}" for p, cells in enumerate(key) if cells)


def _immediate_win(board: ClaimBoard) -> int | None:
    """A cell that completes a winning set of the player to move, or None."""
    for c in board.empty:
        if board.wins(0, (*board.held[0], c)):
            return c
    return None


def qbf_strategy(
    root: ClaimBoard,
    player: int,
    goal: str,
    depth: int,
    solvers: Sequence[str] = ("depqbf",),
    time_limit: float | None = 600.0,
    deadline: float | None = None,
) -> Strategy:
    """Extract ``player``'s strategy by QBF: at each of its positions, a solver's model names the claim.

    Parameters
    ----------
    root : the position (player 0 to move)
    player : whose strategy (0 or 1)
    goal : ``"win"`` (``player`` wins within ``depth``) or ``"safe"`` (it never loses)
    depth : the claims within which the goal holds at the root (true: the caller decided it)
    solvers : portfolio; only DepQBF gives models, so it must be among them
    time_limit : seconds per formula
    deadline : a ``time.perf_counter()`` past which extraction stops with :class:`TimeLimitError`

    Notes
    -----
    Positions are walked depth first over every reply of the opponent (each
    once). Where ``player`` is to move: a claim completing a winning set if
    there is one; else, for a win, the least remaining depth ``r`` (from
    twice the fewest cells still needed) at which "the player to move wins
    within ``r``" is true, and the first claim of that formula's model: so
    the strategy wins as fast as it can from every position, which keeps it
    small. For ``"safe"``, "the opponent does not win" over the rest of the
    board. Each formula is true by the root's truth (a strategy that wins
    within ``d`` wins within ``d - 2`` after one claim and one reply), so a
    false one, or a model without a claim, is an error of the solver.
    """
    if "depqbf" not in solvers:
        raise GamecertError("extracting a strategy needs DepQBF (the only solver whose model pyqbf reads)")

    def choose(key: Key, free: list[int], size: int) -> int:
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeLimitError(f"strategy extraction stopped after {size} positions (time limit)")
        board = node_board(root, key)
        cell = _immediate_win(board)
        if cell is None:
            cell = _qbf_claim(board, goal, depth - len(key[0]) - len(key[1]), solvers, time_limit)
        return cell

    return Strategy(player, goal, depth, _walk(root, player, choose))


def _walk(root: ClaimBoard, player: int, choose) -> dict[Key, int]:
    """The moves of ``player``'s strategy: ``choose(key, free cells, moves so far)`` at each of its positions,
    every reply of the opponent followed (each position once, an explicit stack, play stopping at a win)."""
    moves: dict[Key, int] = {}
    seen: set[Key] = set()
    stack: list[Key] = [((), ())]
    empty = set(root.empty)
    while stack:
        key = stack.pop()
        if key in seen:
            continue
        seen.add(key)
        t = len(key[0]) + len(key[1])
        if t:
            last = (t - 1) % 2
            if root.wins(last, set(root.held[last]) | set(key[last])):
                continue
        free = sorted(empty - set(key[0]) - set(key[1]))
        if not free:
            continue
        if t % 2 != player:
            stack.extend(_after(key, c) for c in reversed(free))
            continue
        moves[key] = choose(key, free, len(moves))
        stack.append(_after(key, moves[key]))
    return moves


def _qbf_claim(board: ClaimBoard, goal: str, remaining: int, solvers, time_limit) -> int:
    """The first claim of a model of "the player to move wins within the least depth" (or "is safe")."""
    e = len(board.empty)
    if goal == "win":
        need = fewest_claims(board, 0)
        depths = range(max(1, 2 * (need or 1) - 1), min(remaining, e) + 1, 2)
    else:
        depths = range(e, e + 1)
    for d in depths:
        f = claim_formula(board, 0, d, goal)
        runs = solve_portfolio(f.pcnf(), solvers, time_limit, model=True)
        answer = agreed_verdict(runs, f"a strategy position ({goal} within {d})")
        if answer is None:
            raise TimeLimitError(f"no QBF solver decided a strategy position within {time_limit} s")
        if answer:
            model = first_model(runs)
            cell = None if model is None else f.first_claim(model)
            if cell is None:
                raise GamecertError("DepQBF's model names no first claim")
            return cell
    raise GamecertError(f"the strategy's player does not {goal} within {remaining} claims at a position it reached")


def table_strategy(root: ClaimBoard, table: np.ndarray, player: int, goal: str, depth: int) -> Strategy:
    """Read ``player``'s strategy off the explicit solver's table: at its positions, a claim of best value.

    For a win: a claim keeping a win (the least remoteness); for ``"safe"``: a claim
    keeping at least a draw. Positions are walked as in :func:`qbf_strategy`.
    """
    slot = {c: j for j, c in enumerate(root.empty)}

    def code(key: Key) -> int:
        return sum(int(POW3[slot[c]]) for c in key[0]) + sum(2 * int(POW3[slot[c]]) for c in key[1])

    def choose(key: Key, free: list[int], size: int) -> int:
        best, cell = None, None
        for c in free:
            raw = int(table[code(_after(key, c))])
            if raw == 0:
                continue  # never solved: the search stopped at a better claim
            v = after_claim(raw - OFFSET)
            if best is None or v > best:
                best, cell = v, c
        if cell is None or (goal == "win" and best <= 0) or best < 0:
            raise GamecertError(f"the table gives player {player} no {goal} claim after {_shown(key)}")
        return cell

    return Strategy(player, goal, depth, _walk(root, player, choose))


def strategies_for(value_outcome: str, number: int | None, e: int) -> list[tuple[int, str, int]]:
    """The strategies certifying a value: ``(player, goal, depth)`` per strategy.

    >>> strategies_for("win", 5, 9), strategies_for("draw", None, 9)
    ([(0, 'win', 5)], [(0, 'safe', 9), (1, 'safe', 9)])
    """
    if value_outcome == "win":
        return [(0, "win", number)]
    if value_outcome == "lose":
        return [(1, "win", number)]
    return [(0, "safe", e), (1, "safe", e)]

