"""Random small turn games and a naive evaluation of each, written without the solvers' code.

:func:`random_general` and :func:`random_score` build games on positions ``0 .. n-1`` from a seed,
with self-loops, repeated moves, extra moves (a ``player`` function), results that end the game
(terminal draws too) and points. :func:`naive_general` answers by rounds ("won within k moves",
"lost within k moves", k = 0, 1, ... up to the number of positions; what neither reaches is a
draw); :func:`naive_score` by memoized minimax over the game tree.
"""

from __future__ import annotations

import random
from functools import cache

from gamecert.solvers.turn.value import Value
from gamecert.solvers.rules.rules import GeneralRules, ScoreRules


def random_general(seed: int, n: int = 7, players: bool = True) -> GeneralRules:
    """A general game on positions ``0 .. n-1``: random moves (self-loops and repeats allowed), results and players."""
    rng = random.Random(seed)
    moves = {p: [rng.randrange(n) for _ in range(rng.choice((0, 1, 1, 2, 3)))] for p in range(n)}
    ends = {p: rng.choice((None, None, None, "win", "lose", "draw")) for p in range(n)}
    side = {p: rng.choice("ab") for p in range(n)}
    return GeneralRules(
        f"random-{seed}", "random.py", int, lambda p: moves[p], result=lambda p: ends[p],
        player=(lambda p: side[p]) if players else None,
    )


def random_score(seed: int, n: int = 7, players: bool = True) -> ScoreRules:
    """A score game on positions ``0 .. n-1``: moves only to larger positions (so play ends), random points,
    results and players."""
    rng = random.Random(seed)
    moves = {
        p: [(q, rng.randint(-3, 3)) for q in (rng.randrange(p + 1, n) for _ in range(rng.choice((0, 1, 2, 3))))]
        for p in range(n - 1)
    }
    moves[n - 1] = []
    ends = {p: rng.choice((None, None, None, rng.randint(-4, 4))) for p in range(n)}
    side = {p: rng.choice("ab") for p in range(n)}
    return ScoreRules(
        f"random-{seed}", "random.py", int, lambda p: moves[p], result=lambda p: ends[p],
        player=(lambda p: side[p]) if players else None,
    )


def _reached(rules, queries, pairs: bool) -> list:
    seen, order = set(queries), list(queries)
    for p in order:
        if rules.result is not None and rules.result(p) is not None:
            continue
        for m in rules.moves(p):
            q = m[0] if pairs else m
            if q not in seen:
                seen.add(q)
                order.append(q)
    return order


def naive_general(rules: GeneralRules, queries: list) -> dict:
    """Every reached position's value, by rounds: ``won[p]`` / ``lost[p]`` is the least k within which the
    player to move at ``p`` wins / loses against best play."""
    order = _reached(rules, queries, pairs=False)
    ended = {p: (rules.result(p) if rules.result is not None else None) for p in order}
    options = {p: ([] if ended[p] is not None else list(rules.moves(p))) for p in order}

    def same(p, q) -> bool:
        return rules.player is not None and rules.player(p) == rules.player(q)

    won = {p: 0 for p in order if ended[p] == "win"}
    lost = {p: 0 for p in order if ended[p] == "lose" or (ended[p] is None and not options[p])}
    for k in range(1, len(order) + 2):
        new_won, new_lost = {}, {}
        for p in order:
            if p in won or p in lost or ended[p] is not None:
                continue
            # a child's result as the mover at p sees it, from the rounds before k
            good = [q for q in options[p] if (lost if not same(p, q) else won).get(q, k) < k]
            bad = [q for q in options[p] if (won if not same(p, q) else lost).get(q, k) < k]
            if good:
                new_won[p] = k
            elif len(bad) == len(options[p]):
                new_lost[p] = k
        if not new_won and not new_lost:
            break  # the next rounds would see the same and add nothing either
        won |= new_won
        lost |= new_lost
    return {
        p: Value("win", won[p]) if p in won else Value("lose", lost[p]) if p in lost else Value("draw", None)
        for p in order
    }


def naive_score(rules: ScoreRules, queries: list) -> dict:
    """Every reached position's score, by memoized minimax (the game is small and ends)."""

    @cache
    def value(p) -> int:
        if rules.result is not None and rules.result(p) is not None:
            return rules.result(p)
        best = None
        for q, points in rules.moves(p):
            same = rules.player is not None and rules.player(p) == rules.player(q)
            s = points + (value(q) if same else -value(q))
            best = s if best is None else max(best, s)
        return 0 if best is None else best

    return {p: value(p) for p in _reached(rules, queries, pairs=True)}
