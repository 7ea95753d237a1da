"""A score game's shard of one tier valued from its own moves and its children's values: the backward step of
the tiered solve (:mod:`gamecert.verify.engine.tiers`; the forward step, which both turn kinds share, reads
a score game's moves as ``(position, points)`` through its reader, :class:`~gamecert.solvers.score.moves.ScoreMoves`).

Values are two arrays: the score for the player to move, and the rank (the longest play from there), which
the certificate needs to prove that play ends.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: Below every score: the best over no move valued yet.
_NONE = float("-inf")


def score_retrograde(
    ends: Sequence, heads: np.ndarray, targets: np.ndarray, points: np.ndarray, extra: np.ndarray | None,
    score_of: np.ndarray, rank_of: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """Value ``n`` positions of a score game whose moves reach each other and positions already valued.

    Move ``m`` of position ``i`` (``heads[i] <= m < heads[i + 1]``) scores
    ``points[m]`` and reaches position ``targets[m]`` of these, or, where
    ``targets[m]`` is -1, a position of score ``score_of[m]`` and rank
    ``rank_of[m]`` (a later tier's). ``extra[m]``: the same player moves
    again after it. ``ends[i]``: what ``result`` said (None while the game
    goes on). Returns the score and rank of every position, and, when the
    moves among these positions loop, the positions of one loop in order
    (else ``[]``; the positions on or above it are then not valued).

    Notes
    -----
    Reverse topological order (Kahn) with a counter per position of its
    moves to positions not valued yet; a position's score is the best over
    its moves of the points plus the score reached after an extra move, minus
    it when the turn passes (0 with no move), its rank one more than the
    largest rank reached. ``O(n + M)`` time for ``M`` moves.

    >>> s, r, loop = score_retrograde([None, None], np.array([0, 1, 2]), np.array([1, -1]), np.array([2, 1]), None,
    ...                               np.array([0, 5]), np.array([0, 3]))
    >>> s.tolist(), r.tolist(), loop  # 1 scores 1 - 5; 0 scores 2 - (-4)
    ([6, -4], [5, 4], [])
    """
    n = len(ends)
    first, last = heads[:-1].tolist(), heads[1:].tolist()
    target, point = targets.tolist(), points.tolist()
    extras = extra.tolist() if extra is not None else None
    score: list = [_NONE] * n
    rank = [0] * n
    count = [0] * n
    before: list[list[int]] = [[] for _ in range(n)]  # position -> the moves into it from these positions
    for i in range(n):
        if ends[i] is not None:
            score[i] = ends[i]
            continue
        for m in range(first[i], last[i]):
            t = target[m]
            if t >= 0:
                count[i] += 1
                before[t].append(m)
                continue
            v = int(score_of[m])
            x = point[m] + (v if extras is not None and extras[m] else -v)
            score[i] = max(score[i], x)
            rank[i] = max(rank[i], int(rank_of[m]) + 1)
        if first[i] == last[i]:
            score[i] = 0
    owner = np.repeat(np.arange(n, dtype=np.int64), np.diff(heads)).tolist()
    ready = [i for i in range(n) if not count[i]]
    while ready:
        v = ready.pop()
        value, further = score[v], rank[v] + 1
        for m in before[v]:
            p = owner[m]
            x = point[m] + (value if extras is not None and extras[m] else -value)
            score[p] = max(score[p], x)
            rank[p] = max(rank[p], further)
            count[p] -= 1
            if not count[p]:
                ready.append(p)
    loop: list[int] = []
    left = next((i for i in range(n) if count[i]), None)
    if left is not None:  # every position left has a move to another one left: walk until one repeats
        seen: dict[int, int] = {}
        u = left
        while u not in seen:
            seen[u] = len(loop)
            loop.append(u)
            u = next(target[m] for m in range(first[u], last[u]) if target[m] >= 0 and count[target[m]])
        loop = loop[seen[u]:]
    out = np.asarray([0 if s == _NONE else s for s in score], dtype=np.int64)
    return out, np.asarray(rank, dtype=np.int64), loop
