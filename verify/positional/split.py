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
import math
import os
import resource
import select
import signal
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from gamecert.solvers.errors import GamecertError
from gamecert.solvers.positional.board import ClaimBoard
from gamecert.verify.engine.qbf import QbfRun, agreed_verdict, solve_portfolio
from gamecert.verify.errors import TimeLimitError
from gamecert.verify.positional.encoding import claim_formula, exclusive_links
from gamecert.verify.positional.qbf import QBF_SOLVERS, QBF_TIME_LIMIT, Query, fewest_claims

#: A leaf's wall-clock limit, per second of its CPU limit (the machine may be shared).
WALL_PER_CPU = 20
#: Signals sent to a leaf's child to stop it (the last one SIGKILL), half a second apart.
STOP_ATTEMPTS = 6


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


def one_per_orbit(board: ClaimBoard, cells: Sequence[int]) -> list[int]:
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
    ply: int = 0


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
        time_limit: float | None = QBF_TIME_LIMIT,  # CPU seconds per leaf formula and solver
        most_plies: int | None = None,
        log=None,
    ) -> None:
        self.log = log
        self.board = board
        if board.is_links:
            exclusive_links(board)  # cached here, before the leaves are forked, so none of them decides it again
        self.plies = plies
        self.most_plies = plies if most_plies is None else most_plies
        self.jobs = jobs
        self.solvers = tuple(solvers)
        self.time_limit = time_limit
        self.queries: list[Query] = []
        self.known: dict[tuple[int, int, str], bool] = {}
        #: Per leaf position and side: the deepest depth found false and the shallowest found true.
        self.leaves: dict[tuple, tuple[int, int]] = {}
        #: Per true question whose root claim is ``side``'s: a first claim that the leaves show winning.
        self.first_claims: dict[tuple[int, int], int] = {}

    def ask(self, side: int, depth: int, goal: str = "win") -> bool:
        if goal != "win":
            raise GamecertError(f"the split route asks wins only, not {goal!r}")
        key = (side, depth, goal)
        if key not in self.known:
            self.known[key] = self._decide(side, depth)
        return self.known[key]

    # The tree -----------------------------------------------------------------------------------------

    def _expand(self, nodes: list[_Node], i: int, board: ClaimBoard, s: int, left: int, ply: int) -> list[int]:
        """Give node ``i`` (``board``, player 0 to move, ``s`` to win within ``left``) its children, one per
        claim up to the half turn; decide those the rules decide (a win, too few claims left to complete a
        winning set); the others become leaves. The new leaves, in the order to try them."""
        leaves = []
        for c in _ordered(board, one_per_orbit(board, board.empty)):
            child = board.claim(c)
            node = _Node(i, (1 - s) == 0, cell=c, ply=ply + 1)
            nodes[i].open += 1
            nodes.append(node)
            need = fewest_claims(child, 1 - s)
            own = left // 2 if s == 1 else (left - 1) // 2  # claims ``s`` still makes after this one
            if child.wins(1, child.held[1]):  # the claimer (now player 1) completed a winning set
                node.value = s == 0
            elif need is None or need > own or left - 1 <= 0:
                node.value = False
            else:
                node.leaf = (child, 1 - s, left - 1)
                leaves.append(len(nodes) - 1)
        return leaves

    def _tree(self, side: int, depth: int) -> tuple[list[_Node], list[int]]:
        """The AND/OR tree of the first ``plies`` claims, parents before children; its leaves in order."""
        nodes = [_Node(-1, side == 0)]
        need = fewest_claims(self.board, side)
        own = (depth + 1) // 2 if side == 0 else depth // 2
        if need is None or need > own:
            nodes[0].value = False
            return nodes, []
        nodes[0].leaf = (self.board, side, depth)
        leaves = [0]
        done: list[int] = []
        while leaves:
            i = leaves.pop(0)
            if nodes[i].ply == self.plies:
                done.append(i)
                continue
            board, s, left = nodes[i].leaf
            nodes[i].leaf = None
            leaves.extend(self._expand(nodes, i, board, s, left, nodes[i].ply))
        return nodes, done

    def _decide(self, side: int, depth: int) -> bool:
        nodes, pending = self._tree(side, depth)

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

        def settled_children(j: int, since: int) -> None:
            for k in range(since, len(nodes)):
                if nodes[k].parent == j and nodes[k].value is not None:
                    report(k)

        for j in [j for j in range(1, len(nodes)) if nodes[j].value is not None]:  # the claims the rules decided
            report(j)

        def moot(j: int) -> bool:
            while j >= 0:
                if nodes[j].value is not None:
                    return True
                j = nodes[j].parent
            return False

        pending.reverse()  # popped in tree order
        running: dict[int, tuple[int, int]] = {}  # read end -> (node, pid)
        buffers: dict[int, bytes] = {}
        try:
            while nodes[0].value is None and (pending or running):
                while pending and len(running) < self.jobs:
                    j = pending.pop()
                    if moot(j):
                        continue
                    known = self._known(nodes[j].leaf)
                    if known is not None:
                        nodes[j].value = known
                        report(j)
                    else:
                        fd, pid = self._start(nodes[j].leaf)
                        running[fd] = (j, pid)
                        buffers[fd] = b""
                for fd, (j, pid) in list(running.items()):  # a leaf whose answer no longer matters
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
                    j, pid = running.pop(fd)
                    os.close(fd)
                    os.waitpid(pid, 0)
                    value = self._record(nodes[j].leaf, buffers.pop(fd), self._path(nodes, j))
                    if value is None and nodes[j].ply < self.most_plies:  # past the cap: split it one claim further
                        board, s, left = nodes[j].leaf
                        nodes[j].leaf = None
                        since = len(nodes)
                        pending.extend(reversed(self._expand(nodes, j, board, s, left, nodes[j].ply)))
                        settled_children(j, since)
                        continue
                    nodes[j].value = value
                    report(j)
        finally:
            for fd, (_, pid) in running.items():
                self._stop(pid, fd)
        if nodes[0].value is None:
            raise TimeLimitError(f"the split QBF route left 'player {side} wins within {depth}' undecided (a leaf timed out)")
        first = next((n.cell for n in nodes if n.parent == 0 and n.value), None)
        if nodes[0].value and nodes[0].wants_any and first is not None:
            self.first_claims[side, depth] = first
        return nodes[0].value

    def _path(self, nodes: list[_Node], j: int) -> str:
        """The claims from the root to node ``j``, as cell names."""
        cells = []
        while j > 0:
            cells.append(self.board.cells[nodes[j].cell])
            j = nodes[j].parent
        return " ".join(map(str, reversed(cells))).replace(" ", "") or "root"

    def _known(self, leaf: tuple) -> bool | None:
        """A leaf's answer from an earlier one at the same position: a win within ``d`` is a win within
        ``d + 2``; no win within ``d`` is none within ``d - 2``."""
        board, side, depth = leaf
        low, high = self.leaves.get(_leaf_key(board, side), (0, 1 << 30))
        return True if depth >= high else False if depth <= low else None

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
                quiet = os.open(os.devnull, os.O_WRONLY)
                os.dup2(quiet, 2)
                signal.signal(signal.SIGTERM, _exit_on_term)  # solve_portfolio's finally then ends the solvers
                f = claim_formula(board, side, depth)
                if self.time_limit is not None and self.time_limit <= 0:  # no time at all: every leaf is split
                    os.write(write_end, (json.dumps({"vars": f.num_vars, "clauses": len(f.clauses), "runs": []}) + "\n").encode())
                    os._exit(0)
                wall = None
                if self.time_limit is not None:  # a CPU limit per solver (inherited by its process), load or not
                    cap = max(1, math.ceil(self.time_limit))
                    resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 1))
                    wall = WALL_PER_CPU * cap
                runs = solve_portfolio(f.pcnf(), self.solvers, wall, race=True)
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
        """End a leaf's child (its solvers with it): SIGTERM until it exits (one that lands where Python
        ignores the exception is sent again), SIGKILL after a few seconds (its solvers then end at their
        CPU limit)."""
        os.close(fd)
        for attempt in range(STOP_ATTEMPTS):
            try:
                os.kill(pid, signal.SIGTERM if attempt < STOP_ATTEMPTS - 1 else signal.SIGKILL)
            except ProcessLookupError:
                pass
            for _ in range(10):
                if os.waitpid(pid, os.WNOHANG) != (0, 0):
                    return
                time.sleep(0.05)
        os.waitpid(pid, 0)

    def _record(self, leaf: tuple, raw: bytes, path: str = "") -> bool | None:
        board, side, depth = leaf
        try:
            reply = json.loads(raw)
        except ValueError:
            return None
        runs = tuple(QbfRun(**{**r, "model": None if r["model"] is None else tuple(r["model"])}) for r in reply["runs"])
        if runs:
            self.queries.append(Query(side, depth, "win", reply["vars"], reply["clauses"], runs))
        answer = agreed_verdict(runs, f"a leaf 'player {side} wins within {depth}'")
        if answer is not None:
            low, high = self.leaves.get(_leaf_key(board, side), (0, 1 << 30))
            self.leaves[_leaf_key(board, side)] = (max(low, depth), high) if not answer else (low, min(high, depth))
        if self.log is not None:
            cpu = sum(r.cpu or 0.0 for r in runs)
            self.log(f"leaf {path}: player {side} within {depth}: {answer} ({cpu:.1f} s cpu)")
        return answer


def _leaf_key(board: ClaimBoard, side: int) -> tuple:
    return (board.held, side)


def _exit_on_term(signum, frame) -> None:
    raise SystemExit(1)


def _ordered(board: ClaimBoard, cells: list[int]) -> list[int]:
    """Cells in the order tried: first those after which the player to move needs the fewest further claims,
    then those leaving the opponent the most to do (cheap guesses of the best claims, tried first)."""

    def score(c: int) -> tuple[int, int, int]:
        child = board.claim(c)
        mine = fewest_claims(child, 1)
        theirs = fewest_claims(child, 0)
        return (99 if mine is None else mine, -(99 if theirs is None else theirs), -centrality[c])

    centrality = _centrality(board)

    return sorted(cells, key=score)


def _centrality(board: ClaimBoard) -> list[int]:
    """Per cell, how central it is: the winning lines through it, or (links) minus its summed breadth-first
    distance to every cell (an explicit queue per cell)."""
    n = len(board.cells)
    if board.lines is not None:
        return [sum(c in line for p in (0, 1) for line in board.lines[p]) for c in range(n)]
    nbrs = board.neighbours
    out = []
    for c in range(n):
        dist = {c: 0}
        queue = [c]
        for x in queue:
            for y in nbrs[x]:
                if y not in dist:
                    dist[y] = dist[x] + 1
                    queue.append(y)
        out.append(-sum(dist.values()))
    return out
