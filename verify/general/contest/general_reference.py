"""The reference solution of a general rules game's contest problem: a standalone Python 3 program.

``gamecert package --rules FILE`` (``KIND = "general"``) writes this file into
the package as ``submissions/accepted/reference.py`` with the rules file's
source in :data:`RULES_SOURCE` (the line marked ``# gamecert:``). It reads one
position per line (the rules' ``parse``) and prints, per line, ``win N``,
``lose N`` (N the remoteness) or ``draw``, or the rules' own
``answer(outcome, number)``. The interactive problem's jury and reference
embed this program and play from its table (:func:`solve`).

It shares no code with gamecert's solver (``gamecert.solvers.general``): a
second retrograde analysis over the positions reached from the input. A
search from every query lists the positions and each one's moves (none where
``result`` ends the game) and the reverse edges; each position counts its
moves not yet known to be bad for its mover. Values are settled level by
level of remoteness: the positions where the game is over first (``result``,
or no move: lost), then a position with a move to a position good for the
mover (lost for its mover when the turn passes, won when the mover moves
again: ``player`` is the same) is won at one more than the first such level,
and a position whose counter reaches zero is lost at one more than its last
child's level. What no level settles is a draw. :func:`best_move` is the
strategy the interactive problem's jury and reference play from that table.
"""

import sys

RULES_SOURCE = ""  # gamecert: the rules file's source, written in when the package is made


def load_rules(source):
    """The rules file's names, executed as a module of their own."""
    namespace = {"__name__": "rules"}
    exec(compile(source, "rules.py", "exec"), namespace)
    return namespace


def explore(rules, roots):
    """Every position reached from ``roots``: ``(order, moves, ends)``, ``moves[p]`` the list of ``(q, again)``
    (``again``: the mover of ``p`` moves again at ``q``), ``ends[p]`` what ``result`` said (None while the game goes on)."""
    result, player = rules.get("result"), rules.get("player")
    moves, ends, order = {}, {}, []
    stack = [r for r in roots]
    while stack:
        p = stack.pop()
        if p in moves:
            continue
        end = result(p) if result is not None else None
        found = [] if end is not None else list(rules["moves"](p))
        mover = player(p) if player is not None else None
        moves[p] = [(q, player is not None and player(q) == mover) for q in found]
        ends[p] = end
        order.append(p)
        stack.extend(q for q in found if q not in moves)
    return order, moves, ends


def solve(rules, roots):
    """The value of every position reached from ``roots``: ``("win", n)``, ``("lose", n)`` or ``("draw", None)``."""
    order, moves, ends = explore(rules, roots)
    parents = {p: [] for p in order}
    for p in order:
        for q, again in moves[p]:
            parents[q].append((p, again))
    value, left, levels = {}, {}, [[]]
    for p in order:
        left[p] = len(moves[p])
        if ends[p] is not None:
            value[p] = (ends[p], None if ends[p] == "draw" else 0)
            if ends[p] != "draw":
                levels[0].append(p)
        elif not moves[p]:
            value[p] = ("lose", 0)
            levels[0].append(p)
    n = 0
    while n < len(levels):
        for q in levels[n]:
            outcome = value[q][0]
            for p, again in parents[q]:
                if p in value:
                    continue
                if (outcome == "lose") != again:  # a move good for p's mover
                    value[p] = ("win", n + 1)
                else:
                    left[p] -= 1
                    if left[p]:
                        continue
                    value[p] = ("lose", n + 1)
                if len(levels) == n + 1:
                    levels.append([])
                levels[n + 1].append(p)
        n += 1
    for p in order:
        value.setdefault(p, ("draw", None))
    return value


def best_move(rules, value, p):
    """A best move from ``p`` by ``value`` (a :func:`solve` table holding ``p``): the quickest win, else a draw
    kept, else the slowest loss; None where the game is over or no move is left."""
    result, player = rules.get("result"), rules.get("player")
    if result is not None and result(p) is not None:
        return None
    best, key = None, None
    for q in rules["moves"](p):
        outcome, number = value[q]
        again = player is not None and player(q) == player(p)
        if outcome == "draw":
            rank = (1, 0)
        elif (outcome == "lose") != again:  # good for the mover
            rank = (2, -number)
        else:
            rank = (0, number)
        if key is None or rank > key:
            best, key = q, rank
    return best


def answers(rules, text):
    """The answer line of every input line of ``text``."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    queries = [rules["parse"](line.rstrip("\r")) for line in lines]
    value = solve(rules, queries)
    answer = rules.get("answer")
    out = []
    for q in queries:
        outcome, number = value[q]
        if answer is not None:
            out.append(answer(outcome, number))
        else:
            out.append("draw" if outcome == "draw" else f"{outcome} {number}")
    return out


def main():
    rules = load_rules(RULES_SOURCE)
    sys.stdout.write("".join(line + "\n" for line in answers(rules, sys.stdin.read())))


if __name__ == "__main__":
    main()
