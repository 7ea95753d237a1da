"""Decide a claiming game by QBF with its first claims split off: many small formulas, solved side by side.

One formula "``side`` wins within ``D``" from the root can be far harder
than all the formulas one or two claims deeper together (the solver must
find the whole strategy at once, the branches share nothing it can learn
from). :class:`SplitOracle` answers the same question by playing the first
``plies`` claims out as an AND/OR tree (``side``'s claims: some child
wins; the opponent's: every child wins) whose leaves are the formulas of
:mod:`gamecert.verify.positional.encoding`, each on its own, at most
``jobs`` at a time. The answer is the QBF route's own: every leaf is a
formula the portfolio decides, the tree only says how their answers
combine; no position past the split is listed.
"""

from __future__ import annotations

import json
import os
import select
import signal
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from gamecert.solvers.positional.board import ClaimBoard
from gamecert.verify.engine.qbf import QbfRun, agreed_verdict, solve_portfolio
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.positional.encoding import claim_formula
from gamecert.verify.positional.qbf import QBF_SOLVERS, QBF_TIME_LIMIT, Query, fewest_claims


def half_turn(board: ClaimBoard) -> tuple[int, ...] | None:
    """The cell map ``i -> n - 1 - i`` when it is a symmetry of ``board`` (Hex's and k-in-a-row's half turn in
    reading order): edges or every player's lines onto themselves, each player's sides onto its sides, each
    player's cells onto its cells. None otherwise.

    >>> half_turn(ClaimBoard.from_lines(range(3), (), (), [(0, 1), (1, 2)], [(0, 2)]))
    (2, 1, 0)
    >>> half_turn(ClaimBoard.from_lines(range(3), (0,), (), [(0, 1), (1, 2)], [(0, 2)])) is None
    True
    """
    n = len(board.cells)
    perm = tuple(n - 1 - i for i in range(n))

    def image(cells) -> frozenset[int]:
        return frozenset(perm[c] for c in cells)

    for p in (0, 1):
        if image(board.held[p]) != frozenset(board.held[p]):
            return None
    if board.lines is not None:
        for p in (0, 1):
            sets = {frozenset(line) for line in board.lines[p]}
            if {image(line) for line in board.lines[p]} != sets:
                return None
        return perm
    if {image(e) for e in board.edges} != {frozenset(e) for e in board.edges}:
        return None
    for p in (0, 1):
        sides = {frozenset(s) for s in board.sides[p]}
        if {image(s) for s in board.sides[p]} != sides:
            return None
    return perm


def _orbits(board: ClaimBoard, cells: Sequence[int]) -> list[int]:
    """``cells`` with one cell per orbit of the board's half turn (all of them when the board is not symmetric)."""
    perm = half_turn(board)
    return list(cells) if perm is None else [c for c in cells if c <= perm[c]]


@dataclass
class _Node:
    parent: int  # -1 at the root
    wants_any: bool  # True: some child must hold ("side" to move); False: every child must
    open: int = 0  # children not yet decided
    value: bool | None = None
    leaf: tuple | None = None  # (board, side, depth) of a leaf's formula
    unknown: bool = False  # a child stayed undecided (a leaf past the time limit)
    cell: int = -1  # the claim leading here from the parent


class SplitOracle:
    """Asks "``side`` wins within ``depth``" about ``board`` by splitting off the first ``plies`` claims.

    The same interface as :class:`gamecert.verify.positional.qbf.Oracle` (``board``, ``ask``, ``queries``),
    so :func:`gamecert.verify.positional.qbf.value_by` finds the value with it.
    """

    def __init__(
        self,
        board: ClaimBoard,
        plies: int = 1,
        jobs: int = 2,
        solvers: Sequence[str] = QBF_SOLVERS,
        time_limit: float | None = QBF_TIME_LIMIT,
    ) -> None:
        self.board = board
        self.plies = plies
        self.jobs = jobs
        self.solvers = tuple(solvers)
        self.time_limit = time_limit
        self.queries: list[Query] = []
        self.known: dict[tuple[int, int, str], bool] = {}
        #: Per true question whose root claim is ``side``'s: a first claim that the leaves show winning.
        self.first_claims: dict[tuple[int, int], int] = {}

    def ask(self, side: int, depth: int, goal: str = "win") -> bool:
        key = (side, depth, goal)
        if key not in self.known:
            self.known[key] = self._decide(side, depth)
        return self.known[key]

    # The tree -----------------------------------------------------------------------------------------

    def _tree(self, side: int, depth: int) -> list[_Node]:
        """The AND/OR tree of the first ``plies`` claims, parents before children, leaves decided where
        the rules alone decide them (a win, a full board, too few claims left to complete a winning set)."""
        nodes = [_Node(-1, side == 0)]
        stack = [(0, self.board, side, depth, 0)]  # node, board (player 0 to move), side, claims left, ply
        while stack:
            i, board, s, left, ply = stack.pop()
            node = nodes[i]
            need = fewest_claims(board, s)
            own = (left + 1) // 2 if s == 0 else left // 2  # claims ``s`` still makes within ``left``
            if need is None or need > own or left <= 0:
                node.value = False
            elif ply == self.plies:
                node.leaf = (board, s, left)
            else:
                cells = _ordered(board, _orbits(board, board.empty))
                for c in cells:
                    child = board.claim(c)
                    nodes.append(_Node(i, (1 - s) == 0, cell=c))
                    node.open += 1
                    j = len(nodes) - 1
                    if child.wins(1, child.held[1]):  # the claimer (now player 1) completed a winning set
                        nodes[j].value = s == 0
                    else:
                        stack.append((j, child, 1 - s, left - 1, ply + 1))
        return nodes

    def _decide(self, side: int, depth: int) -> bool:
        nodes = self._tree(side, depth)

        def report(j: int) -> None:
            """Node ``j`` is decided (or undecided for good): tell its ancestors, walking up."""
            while nodes[j].parent >= 0:
                p = nodes[nodes[j].parent]
                if p.value is not None or p.open == 0:
                    return
                p.open -= 1
                v = nodes[j].value
                if v is None:
                    p.unknown = True
                if v is not None and v == p.wants_any:
                    p.value = v
                elif p.open == 0 and not p.unknown:
                    p.value = not p.wants_any
                elif p.open > 0:
                    return
                j = nodes[j].parent

        for j in range(len(nodes) - 1, 0, -1):  # the leaves the rules decided
            if nodes[j].value is not None and nodes[j].open == 0 and nodes[j].leaf is None:
                report(j)

        def moot(j: int) -> bool:
            while j >= 0:
                if nodes[j].value is not None:
                    return True
                j = nodes[j].parent
            return False

        pending = [j for j, n in enumerate(nodes) if n.leaf is not None]
        pending.reverse()  # popped in tree order
        running: dict[int, tuple[int, int, float]] = {}  # read end -> (node, pid, start)
        buffers: dict[int, bytes] = {}
        try:
            while nodes[0].value is None and (pending or running):
                while pending and len(running) < self.jobs:
                    j = pending.pop()
                    if not moot(nodes[j].parent):
                        fd, pid = self._start(nodes[j].leaf)
                        running[fd] = (j, pid, time.perf_counter())
                        buffers[fd] = b""
                for fd, (j, pid, _) in list(running.items()):  # a leaf whose answer no longer matters
                    if moot(nodes[j].parent):
                        self._stop(pid, fd)
                        del running[fd]
                if not running:
                    continue
                ready, _, _ = select.select(list(running), [], [])
                for fd in ready:
                    chunk = os.read(fd, 1 << 16)
                    buffers[fd] += chunk
                    if chunk and not buffers[fd].endswith(b"\n"):
                        continue
                    j, pid, start = running.pop(fd)
                    os.close(fd)
                    os.waitpid(pid, 0)
                    nodes[j].value = self._record(nodes[j].leaf, buffers.pop(fd), time.perf_counter() - start)
                    report(j)
        finally:
            for fd, (_, pid, _) in running.items():
                self._stop(pid, fd)
        if nodes[0].value is None:
            raise TimeLimitError(f"the split QBF route left 'player {side} wins within {depth}' undecided (a leaf timed out)")
        first = next((n.cell for n in nodes if n.parent == 0 and n.value), None)
        if nodes[0].value and nodes[0].wants_any and first is not None:
            self.first_claims[side, depth] = first
        return nodes[0].value

    # The leaves ---------------------------------------------------------------------------------------

    def _start(self, leaf: tuple) -> tuple[int, int]:
        """Fork a child that asks the portfolio one leaf's formula and writes one JSON line."""
        board, side, depth = leaf
        sys.stdout.flush()
        sys.stderr.flush()
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child; never returns
            code = 0
            try:
                os.close(read_end)
                signal.signal(signal.SIGTERM, _exit_on_term)  # solve_portfolio's finally then ends the solvers
                f = claim_formula(board, side, depth)
                runs = solve_portfolio(f.pcnf(), self.solvers, self.time_limit, race=True)
                reply = {"vars": f.num_vars, "clauses": len(f.clauses), "runs": [r.__dict__ for r in runs]}
                os.write(write_end, (json.dumps(reply) + "\n").encode())
            except BaseException:  # noqa: BLE001 - the parent reads no answer: undecided
                code = 1
            finally:
                os._exit(code)
        os.close(write_end)
        return read_end, pid

    @staticmethod
    def _stop(pid: int, fd: int) -> None:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        os.close(fd)
        os.waitpid(pid, 0)

    def _record(self, leaf: tuple, raw: bytes, seconds: float) -> bool | None:
        board, side, depth = leaf
        try:
            reply = json.loads(raw)
        except ValueError:
            return None
        runs = tuple(QbfRun(**{**r, "model": None if r["model"] is None else tuple(r["model"])}) for r in reply["runs"])
        self.queries.append(Query(side, depth, "win", reply["vars"], reply["clauses"], runs))
        return agreed_verdict(runs, f"a leaf 'player {side} wins within {depth}'")


def _exit_on_term(signum, frame) -> None:
    raise SystemExit(1)


def _ordered(board: ClaimBoard, cells: list[int]) -> list[int]:
    """Cells in the order tried: first those after which the player to move needs the fewest further claims,
    then those leaving the opponent the most to do (cheap guesses of the best claims, tried first)."""

    def score(c: int) -> tuple[int, int]:
        child = board.claim(c)
        mine = fewest_claims(child, 1)
        theirs = fewest_claims(child, 0)
        return (99 if mine is None else mine, -(99 if theirs is None else theirs))

    return sorted(cells, key=score)
