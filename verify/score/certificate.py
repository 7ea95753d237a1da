"""Check the certificate of a score game, trusting nothing but the rules.

The certificate gives every position reached a score and a rank. The
checker calls ``result``, ``moves`` and ``player`` again for every entry and
reads each move's position from the tables (a move to a position missing
from them is a violation). Each entry must hold locally:

- where ``result`` decides, the score is ``result``; with no move and no
  result, 0;
- otherwise the score is the best over the moves of the move's points plus
  the reached score after an extra move (the same player moves again), minus
  it when the turn passes;
- the rank is a non-negative int, and every move reaches a lower rank: so
  every play ends, and the scores are right by induction on the rank.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

from gamecert.solvers.rules.rules import Guard, Limits, ScoreRules
from gamecert.solvers.score.solver import ScoreSolution
from gamecert.solvers.turn.value import Value
from gamecert.verify.turn.certificate import MAX_VIOLATIONS, Calls


def check_score(rules: ScoreRules, solution: ScoreSolution, limits: Limits | None = None) -> list[str]:
    """List what is wrong with a score game's certificate (empty: it holds).

    Notes
    -----
    One pass over the table, calling the rules once per entry (``player``
    once per position) and reading one entry per move: ``O(P + M)`` time
    for ``P`` entries and ``M`` moves, ``O(P)`` extra space (the players).

    >>> from gamecert.solvers.score.solver import score_game
    >>> take = ScoreRules("take", "take.py", int, lambda n: [(n - k, k) for k in (1, 2) if k <= n])
    >>> sol = score_game(take, [2])
    >>> check_score(take, sol)
    []
    >>> sol.table[1] = 2
    >>> check_score(take, sol)
    ['1: the certificate says 2, the best move gives 1']
    """
    with Guard(rules, limits or Limits()) as guard:
        return _check(Calls(rules, guard), solution)[:MAX_VIOLATIONS]


def check_score_entries(rules: ScoreRules, table: Mapping, positions: Iterable[Hashable], limits: Limits | None = None) -> list[str]:
    """List what is wrong with the entries of ``positions`` in ``table`` (position -> ``(score S, rank)``), which
    also holds (at least) the entries of their moves: one shard of a tiered solve.

    Notes
    -----
    The checks of :func:`check_score` on ``positions`` alone; checking every
    position of a game, shard by shard, checks its whole certificate.
    ``O(P + M)`` time for ``P`` positions and their ``M`` moves.

    >>> take = ScoreRules("take", "take.py", int, lambda n: [(n - 1, 1)] if n else [])
    >>> check_score_entries(take, {1: (Value("score", 1), 1), 0: (Value("score", 0), 0)}, [1])
    []
    >>> check_score_entries(take, {1: (Value("score", 1), 0), 0: (Value("score", 0), 0)}, [1])
    ['1: the rank 0 does not fall on the move to 0 (rank 0)']
    """
    scores = {p: e[0].number for p, e in table.items()}
    ranks = {p: e[1] for p, e in table.items()}
    bad: list[str] = []
    with Guard(rules, limits or Limits()) as guard:
        calls = Calls(rules, guard)
        for position in positions:
            if len(bad) >= MAX_VIOLATIONS:
                break
            why = _violation(calls, scores, ranks, position, scores[position])
            if why is not None:
                bad.append(f"{calls.show(position)}: {why}")
    return bad


def _check(calls: Calls, sol: ScoreSolution) -> list[str]:
    table, ranks, bad = sol.table, sol.ranks, []
    for position, score in table.items():
        if len(bad) >= MAX_VIOLATIONS:
            break
        why = _violation(calls, table, ranks, position, score)
        if why is not None:
            bad.append(f"{calls.show(position)}: {why}")
    for position in ranks.keys() - table.keys():
        bad.append(f"{calls.show(position)}: a rank without a score")
    for i, q in enumerate(sol.queries):
        entry = table.get(q)
        if sol.values[i] != Value("score", entry):
            bad.append(f"query {i + 1} ({calls.show(q)}): the answer {sol.values[i]} is not the table's entry {entry}")
    return bad[:MAX_VIOLATIONS]


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _violation(calls: Calls, table: Mapping, ranks: Mapping, position: Hashable, score: object) -> str | None:
    """What is wrong with the entries of ``position`` (its score in ``table``, its rank in ``ranks``), or None."""
    rank = ranks.get(position)
    if not _is_int(score):
        return f"the score {score!r} is not an int"
    if not _is_int(rank) or rank < 0:
        return f"the rank {rank!r} is not a non-negative int"
    says = f"the certificate says {score}"
    ended = calls.result(position)
    if ended is not None:
        return None if ended == score and _is_int(ended) else f"{says}, but result() says {ended!r}"
    best = None
    for move in calls.moves(position):
        q, points = move
        v, r = table.get(q), ranks.get(q)
        if v is None or r is None:
            return f"the move to {calls.show(q)} has no entry"
        if not _is_int(points) or not _is_int(v):
            return f"the move {calls.show(q)} scores {points!r} and reaches {v!r}, expected ints"
        if not (_is_int(r) and r < rank):
            return f"the rank {rank} does not fall on the move to {calls.show(q)} (rank {r!r})"
        s = points + (v if calls.same(position, q) else -v)
        if best is None or s > best:
            best = s
    if best is None:
        return None if score == 0 else f"{says}, but there is no move (0)"
    return None if best == score else f"{says}, the best move gives {best}"
