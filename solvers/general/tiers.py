"""A general game's tiers labelled backward: :func:`retrograde` labels one shard (or a whole tier) from its own
moves and the labels of the children in later tiers, which the shards owning them wrote; the forward step
is the turn games' (:mod:`gamecert.solvers.turn.tiers`).

Labels are two arrays: :data:`WIN`, :data:`LOSE` or :data:`DRAW` per position,
and the remoteness (-1 for a draw).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gamecert.solvers.turn.value import Value

#: A position's outcome for the player to move (0: not decided yet).
WIN, LOSE, DRAW = 1, 2, 3
CODES = {"win": WIN, "lose": LOSE, "draw": DRAW}
_WORDS = {WIN: "win", LOSE: "lose"}

def retrograde(
    ends: Sequence, heads: np.ndarray, targets: np.ndarray, extra: np.ndarray | None,
    outcome_of: np.ndarray, remoteness_of: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Label ``n`` positions whose moves reach each other and positions already labelled.

    Move ``m`` of position ``i`` (``heads[i] <= m < heads[i + 1]``) reaches
    position ``targets[m]`` of these, or, where ``targets[m]`` is -1, a
    position labelled ``outcome_of[m]``, ``remoteness_of[m]`` (a later
    tier's). ``extra[m]``: the same player moves again after it. Returns
    the outcome (:data:`WIN`, :data:`LOSE`, :data:`DRAW`) and remoteness
    (-1 for a draw) of every position.

    Notes
    -----
    Retrograde analysis with a counter of undecided moves per position, its
    queue kept in order of remoteness by buckets: the labelled children are
    events at their remoteness; a position decided at ``r`` is one at
    ``r``. A move to a position bad for its mover (lost for it, or won for
    it after an extra move) wins at once, one further; every other decided
    move lowers the counter, and at zero the position is lost, one further
    than its slowest move. What stays undecided is a draw.
    ``O(n + M + R)`` time for ``M`` moves and the largest remoteness ``R``.
    Where no move stays among these positions (every child labelled, as in
    a game whose moves all go to later tiers), the same labels come from
    one vectorized pass over the moves (:func:`_from_children`).

    >>> o, r = retrograde([None, None], np.array([0, 1, 2]), np.array([1, -1]), None, np.array([0, LOSE]), np.array([0, 3]))
    >>> o.tolist(), r.tolist()  # 1 moves to a lost position (lose 3); 0's only move is to 1
    ([2, 1], [5, 4])
    """
    n = len(ends)
    if not np.any(targets >= 0):
        return _from_children(ends, heads, extra, outcome_of, remoteness_of)
    outcome = np.zeros(n, dtype=np.int8)
    remoteness = np.full(n, -1, dtype=np.int64)
    count = np.diff(heads).tolist()
    buckets: dict[int, list] = {}
    # An event: (position decided, -1) or (a labelled child's move, its number m): at the child's remoteness.
    for i, e in enumerate(ends):
        if e is not None:
            outcome[i] = CODES[e]
            if e != "draw":
                remoteness[i] = 0
                buckets.setdefault(0, []).append(i)
        elif not count[i]:
            outcome[i] = LOSE
            remoteness[i] = 0
            buckets.setdefault(0, []).append(i)
    outside = np.flatnonzero((targets < 0) & (outcome_of != DRAW))
    owner = np.repeat(np.arange(n, dtype=np.int64), np.diff(heads))
    for m in outside.tolist():
        buckets.setdefault(int(remoteness_of[m]), []).append(-1 - m)
    inside = np.flatnonzero(targets >= 0)
    order = inside[np.argsort(targets[inside], kind="stable")]
    sources = owner[order].tolist()
    moved = order.tolist()
    starts = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(targets[inside], minlength=n), out=starts[1:])
    starts = starts.tolist()
    out = outcome.tolist()
    rem = remoteness.tolist()
    codes_of = outcome_of.tolist() if len(outside) else []
    owners = owner.tolist() if len(outside) else []
    extras = extra.tolist() if extra is not None else None
    level = 0
    top = max(buckets, default=0)
    while level <= top:
        events = buckets.pop(level, ())
        r = level + 1
        for v in events:
            if v >= 0:
                lost = out[v] == LOSE
                pairs = ((sources[k], moved[k]) for k in range(starts[v], starts[v + 1]))
            else:
                m = -1 - v
                lost = codes_of[m] == LOSE
                pairs = ((owners[m], m),)
            for p, m in pairs:
                if out[p]:
                    continue
                if lost != (extras is not None and extras[m]):
                    out[p] = WIN
                elif count[p] == 1:
                    out[p] = LOSE
                else:
                    count[p] -= 1
                    continue
                rem[p] = r
                buckets.setdefault(r, []).append(p)
                top = max(top, r)
        level += 1
    outcome = np.asarray(out, dtype=np.int8)
    remoteness = np.asarray(rem, dtype=np.int64)
    outcome[outcome == 0] = DRAW
    remoteness[outcome == DRAW] = -1
    return outcome, remoteness


def _from_children(
    ends: Sequence, heads: np.ndarray, extra: np.ndarray | None, outcome_of: np.ndarray, remoteness_of: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`retrograde` where every move reaches a labelled position: a position with a good move (to a
    position lost for its mover, or won after an extra move) wins one further than its quickest good move; else
    one with a move to a draw is a draw; else it loses one further than its slowest move (``lose 0`` with none).

    >>> o, r = _from_children([None, "win", None], np.array([0, 2, 2, 2]), None, np.array([WIN, LOSE]), np.array([1, 4]))
    >>> o.tolist(), r.tolist()
    ([1, 1, 2], [5, 0, 0])
    """
    n = len(ends)
    counts = np.diff(heads)
    outcome = np.full(n, LOSE, dtype=np.int8)
    remoteness = np.zeros(n, dtype=np.int64)
    moving = np.flatnonzero(counts)
    if len(moving):
        far = remoteness_of.astype(np.int64, copy=False)
        draw = outcome_of == DRAW
        good = (outcome_of == LOSE) if extra is None else ((outcome_of == LOSE) != extra)
        good &= ~draw
        bad = ~(good | draw)
        starts = heads[:-1][moving]  # the empty segments of positions without moves lie between these
        wins = np.logical_or.reduceat(good, starts)
        drawn = np.logical_or.reduceat(draw, starts)
        quickest = np.minimum.reduceat(np.where(good, far, np.iinfo(np.int64).max), starts)
        slowest = np.maximum.reduceat(np.where(bad, far, -1), starts)
        outcome[moving] = np.where(wins, WIN, np.where(drawn, DRAW, LOSE))
        remoteness[moving] = np.where(wins, quickest, slowest) + 1
    for i, e in enumerate(ends):
        if e is not None:
            outcome[i] = CODES[e]
            remoteness[i] = 0
    remoteness[outcome == DRAW] = -1
    return outcome, remoteness


def values(outcome: np.ndarray, remoteness: np.ndarray) -> list[Value]:
    """The labels as :class:`~gamecert.solvers.turn.value.Value` s (one object per distinct label).

    >>> [str(v) for v in values(np.array([WIN, DRAW]), np.array([3, -1]))]
    ['win 3', 'draw']
    """
    shared: dict[tuple[int, int], Value] = {}
    out = []
    for o, r in zip(outcome.tolist(), remoteness.tolist()):
        v = shared.get((o, r))
        if v is None:
            v = shared[(o, r)] = Value("draw", None) if o == DRAW else Value(_WORDS[o], r)
        out.append(v)
    return out
