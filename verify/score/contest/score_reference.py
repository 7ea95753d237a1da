"""The reference solution of a score rules game's contest problem: a standalone Python 3 program.

``gamecert package --rules FILE`` (``KIND = "score"``) writes this file into
the package as ``submissions/accepted/reference.py`` with the rules file's
source in :data:`RULES_SOURCE` (the line marked ``# gamecert:``). It reads one
position per line (the rules' ``parse``) and prints, per line, ``score S``
(the most the player to move can guarantee: own points minus the opponent's
from there on) or the rules' own ``answer("score", S)``.

It shares no code with gamecert's solver (``gamecert.solvers.score``, values in
reverse topological order): memoized minimax by depth-first search over an
explicit stack. A position's value is ``result`` where the game is over, 0
with no move, else the best over its moves ``(q, points)`` of ``points`` plus
the value of ``q`` when the mover moves again (``player`` is the same) or
minus it when the turn passes. A position met again while its own value is
being computed is a loop, which the statement excludes.
"""

import sys

RULES_SOURCE = ""  # gamecert: the rules file's source, written in when the package is made


def load_rules(source):
    """The rules file's names, executed as a module of their own."""
    namespace = {"__name__": "rules"}
    exec(compile(source, "rules.py", "exec"), namespace)
    return namespace


def options(rules, p):
    """``(q, points, again)`` for every move from ``p``; None where ``result`` ends the game (its value)."""
    result, player = rules.get("result"), rules.get("player")
    end = result(p) if result is not None else None
    if end is not None:
        return end
    mover = player(p) if player is not None else None
    return [(q, points, player is not None and player(q) == mover) for q, points in rules["moves"](p)]


def score(rules, root, memo):
    """The value of ``root`` for the player to move; ``memo`` keeps every value found."""
    if root in memo:
        return memo[root]
    # A frame: [position, its moves, next move, best so far]; ``open`` holds the positions on the stack.
    stack, open_ = [[root, options(rules, root), 0, None]], {root}
    while stack:
        top = stack[-1]
        p, found = top[0], top[1]
        if not isinstance(found, list):  # the game is over here
            memo[p] = found
            open_.discard(p)
            stack.pop()
            continue
        waiting = None
        while top[2] < len(found):
            q, points, again = found[top[2]]
            if q not in memo:
                waiting = q
                break
            gain = points + (memo[q] if again else -memo[q])
            top[3] = gain if top[3] is None else max(top[3], gain)
            top[2] += 1
        if waiting is not None:
            if waiting in open_:
                raise ValueError("a loop: a score game must end")
            open_.add(waiting)
            stack.append([waiting, options(rules, waiting), 0, None])
            continue
        memo[p] = 0 if top[3] is None else top[3]
        open_.discard(p)
        stack.pop()
    return memo[root]


def answers(rules, text):
    """The answer line of every input line of ``text``."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    answer = rules.get("answer")
    memo = {}
    out = []
    for line in lines:
        value = score(rules, rules["parse"](line.rstrip("\r")), memo)
        out.append(answer("score", value) if answer is not None else f"score {value}")
    return out


def main():
    rules = load_rules(RULES_SOURCE)
    sys.stdout.write("".join(line + "\n" for line in answers(rules, sys.stdin.read())))


if __name__ == "__main__":
    main()
